// /blog, 最新消息 (000 §2, §4, §5, §7, §8, §9): the news list, rendered by the
// server from the blog module (public posts only: published, and their time
// come): ?search=, ?category=<slug>, ?tag=<name>, ?page=. When the list cannot
// be read the page says 載入資料失敗 and is answered 503 and not kept, so the
// next visitor gets a fresh try.
import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { BLOG_MESSAGES, type BlogListPage } from "#contract/blog.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { requestLogContext, siteServicesContext } from "#web/site/shell/site-services.ts";
import { BlogList } from "./blog-list.tsx";
import { blogHref, blogQueryOf, FEED_PATH, isFiltered } from "./blog-query.ts";
import { listHeading, listTitle } from "./list-title.ts";

const DESCRIPTION = "公司最新消息、清潔知識與服務公告。";
const LEAD = "公司公告、清潔小知識與服務消息。";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const query = blogQueryOf(new URL(request.url).searchParams);
  const showFeatured = !isFiltered(query) && query.page === 1;
  const texts = { listFailed: BLOG_MESSAGES.listFailed, noResults: BLOG_MESSAGES.noResults };
  let listing: BlogListPage;
  let pictures: Record<string, ResponsivePicture>;
  try {
    listing = await site.blog.listPage(query);
    const shown = [...(showFeatured ? listing.featured : []), ...listing.posts];
    pictures = await site.media.pictures(shown.map((post) => post.featured_image).filter(Boolean));
  } catch (error) {
    context.get(requestLogContext).error({ err: error }, "the news list could not be read; answering 載入資料失敗");
    return data({ query, listing: null, showFeatured, pictures: {}, texts }, { status: 503, ...NOT_CACHED });
  }
  return { query, listing, showFeatured, pictures, texts };
}

export const headers = passLoaderHeaders;

export const meta = ({ matches, loaderData }: MetaArgs<typeof loader>) => {
  const query = loaderData?.query ?? blogQueryOf(new URLSearchParams());
  const category = loaderData?.listing?.category ?? null;
  const tags = buildPageMeta(siteFromMatches(matches), {
    title: listTitle(query, category?.name ?? null),
    description: category ? `${category.name}：${DESCRIPTION}` : DESCRIPTION,
    // A search is a view of its list: the list is the address to index; a search's results are not.
    path: blogHref({ ...query, search: "" }),
    noindex: query.search !== "" || (query.category !== "" && category === null),
  });
  return [...tags, { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "最新消息", href: FEED_PATH }];
};

export default function BlogPage() {
  const { query, listing, showFeatured, pictures, texts } = useLoaderData<typeof loader>();
  const category = listing?.category ?? null;
  return (
    <>
      <PageIntro title={listHeading(query, category?.name ?? null)} lead={category ? `「${category.name}」分類的文章。` : LEAD} />
      <BlogList query={query} listing={listing} showFeatured={showFeatured} pictures={pictures} texts={texts} />
    </>
  );
}
