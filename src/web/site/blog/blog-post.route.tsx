import { ArrowLeft } from "lucide-react";
import { Link, type MetaArgs } from "react-router";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

// Kept out of search results until the blog issue renders real articles.
export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "最新消息", path: location.pathname, noindex: true });

export default function BlogPost() {
  return (
    <PageIntro title="最新消息" lead="文章內容即將上線。">
      <Link to="/blog" className="mt-8 inline-flex min-h-11 items-center gap-1 text-primary-700 hover:underline">
        <ArrowLeft aria-hidden size={16} />
        返回最新消息
      </Link>
    </PageIntro>
  );
}
