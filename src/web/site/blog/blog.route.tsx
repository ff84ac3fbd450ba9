import type { MetaArgs } from "react-router";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "最新消息", description: "公司最新消息、清潔知識與服務公告。", path: location.pathname });

// The news list arrives with the blog issue.
export default function Blog() {
  return (
    <PageIntro title="最新消息" lead="公司公告與清潔小知識。">
      <ContactCallToAction text="與我們聯絡" />
    </PageIntro>
  );
}
