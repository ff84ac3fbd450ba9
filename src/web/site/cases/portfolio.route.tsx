import type { MetaArgs } from "react-router";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "清潔案例展示", description: "清潔前後對比照片與施工實績。", path: location.pathname });

// The case gallery with before/after photos arrives with the portfolio issue.
export default function Portfolio() {
  return (
    <PageIntro title="清潔案例展示" lead="清潔前後的實際成果。">
      <ContactCallToAction text="洽詢清潔服務" />
    </PageIntro>
  );
}
