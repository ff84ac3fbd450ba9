import type { MetaArgs } from "react-router";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "關於我們", description: "認識我們的清潔維護團隊：服務基隆、台北、新北地區的住家、社區大樓與企業。", path: location.pathname });

// The company story (about_company page) replaces this intro when the pages issue lands.
export default function About() {
  return (
    <PageIntro title="關於我們" lead="深耕基隆、台北與新北的專業清潔維護團隊。">
      <ContactCallToAction text="與我們聯絡" />
    </PageIntro>
  );
}
