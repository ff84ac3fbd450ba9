// Which query parameters each public page reads. The page cache keys a page by
// its path and these alone (ssr/page-cache.ts): any other parameter (a tracking
// tag, a crawler's random one, `/?r=<random>` to force a render) changes nothing
// on the page, so it is served the cached page instead of a render and a
// compression per request. A page that starts reading a parameter adds it here.
import { BLOG_PARAMS, BLOG_PATH } from "#web/site/blog/blog-query.ts";
import { GALLERY_PARAMS, GALLERY_PATH } from "#web/site/cases/gallery-query.ts";

const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  [GALLERY_PATH]: GALLERY_PARAMS,
  [BLOG_PATH]: BLOG_PARAMS,
  // The category filter buttons (services.route.tsx).
  "/services": ["category"],
  // The prefill of 000 §5 and the thank-you panel (contact.route.tsx; the page is not cached, the key stays honest).
  "/contact": ["service", "message", "source", "sent"],
};

/** The parameters `pathname` reads; none for every other page. */
export function queryParamsOf(pathname: string): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGE_QUERY_PARAMS[path] ?? [];
}
