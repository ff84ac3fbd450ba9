import type { MetaArgs } from "react-router";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "服務項目", description: "水塔清洗、地板打蠟、石材晶化、駐點清潔、高空外牆與病媒防治等專業清潔維護服務。", path: location.pathname });

// Service cards, categories and prices arrive with the services issue.
export default function Services() {
  return (
    <PageIntro title="服務項目" lead="水塔清洗、地板清潔、駐點維護、高空作業與病媒防治等專業服務。">
      <ContactCallToAction text="洽詢服務內容" />
    </PageIntro>
  );
}
