import { ArrowLeft } from "lucide-react";
import { Link, type MetaArgs } from "react-router";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

// Kept out of search results until the services issue renders real detail pages.
export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "服務介紹", path: location.pathname, noindex: true });

export default function ServiceDetail() {
  return (
    <PageIntro title="服務介紹" lead="歡迎與我們聯絡，了解這項服務的內容與報價。">
      <div className="flex flex-wrap items-center gap-4">
        <ContactCallToAction text="預約諮詢" />
        <Link to="/services" className="mt-8 inline-flex min-h-11 items-center gap-1 text-primary-700 hover:underline">
          <ArrowLeft aria-hidden size={16} />
          返回服務列表
        </Link>
      </div>
    </PageIntro>
  );
}
