// The news list (000 §2 /blog, §4, §5, §8, §9), rendered by the server as
// static HTML: the search form, three featured posts on the unfiltered first
// page, the page's six posts with their page links, the categories and tags.
// Nothing on it needs a script: links and a GET form.
import { AlertCircle, X } from "lucide-react";
import type { BlogCategory, BlogListPage } from "#contract/blog.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { blogHref, isFiltered, type BlogQuery } from "./blog-query.ts";
import { BlogSearchForm, LIST_ANCHOR } from "./blog-search-form.tsx";
import { BlogSidebar } from "./blog-sidebar.tsx";
import { PageLinks } from "#web/site/shell/page-links.tsx";
import { PostCard } from "./post-card.tsx";

export interface BlogListProps {
  query: BlogQuery;
  /** Null when the list could not be read. */
  listing: BlogListPage | null;
  /** Shown only on the unfiltered first page. */
  showFeatured: boolean;
  pictures: Record<string, ResponsivePicture>;
  /** The contract's texts (BLOG_MESSAGES): 載入資料失敗, 沒有找到相關文章. */
  texts: { listFailed: string; noResults: string };
}

const gridClass = "grid gap-6 sm:grid-cols-2";

export function BlogList({ query, listing, showFeatured, pictures, texts }: BlogListProps) {
  const featured = showFeatured ? (listing?.featured ?? []) : [];
  // The page's first picture is fetched at once, the others as they near the screen.
  const firstPicture = [...featured, ...(listing?.posts ?? [])].find((post) => post.featured_image)?.id;
  const firstPictureFeatured = featured.some((post) => post.id === firstPicture);
  return (
    <div className="container-site space-y-12 py-10 md:py-14">
      <BlogSearchForm query={query} />

      {featured.length > 0 ? (
        <section aria-labelledby="featured-posts-title" data-testid="featured-posts">
          <h2 id="featured-posts-title" className="text-2xl font-bold text-ink">
            精選文章
          </h2>
          <ul className={`mt-6 ${gridClass} lg:grid-cols-3`}>
            {featured.map((post) => (
              <li key={post.id}>
                <PostCard post={post} picture={pictures[post.featured_image]} priority={post.id === firstPicture} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section id={LIST_ANCHOR} aria-labelledby="blog-list-title" className="scroll-mt-24" data-testid="blog-list">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="blog-list-title" className="text-2xl font-bold text-ink">
              {query.search ? "搜尋結果" : "最新文章"}
            </h2>
            {listing && listing.pagination.total > 0 ? <p className="text-ink-muted">共 {listing.pagination.total} 篇文章</p> : null}
          </div>
          <ActiveFilters query={query} category={listing?.category ?? null} />
          {listing === null ? (
            <p className="mt-6 flex items-center gap-2 rounded-theme bg-danger-surface p-6 font-medium text-danger ring-1 ring-danger/25" data-testid="blog-error">
              <AlertCircle aria-hidden size={20} className="shrink-0" />
              {texts.listFailed}
            </p>
          ) : listing.posts.length === 0 ? (
            <p className="mt-6 rounded-theme bg-surface-muted p-10 text-center text-ink-muted" data-testid="blog-empty">
              {texts.noResults}
            </p>
          ) : (
            <ul className={`mt-6 ${gridClass}`}>
              {listing.posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} picture={pictures[post.featured_image]} priority={!firstPictureFeatured && post.id === firstPicture} search={query.search} />
                </li>
              ))}
            </ul>
          )}
          {listing ? (
            <PageLinks current={query.page} totalPages={listing.pagination.total_pages} hrefOf={(page) => blogHref({ ...query, page }, LIST_ANCHOR)} label="文章分頁" />
          ) : null}
        </section>

        {listing ? <BlogSidebar query={query} categories={listing.categories} tags={listing.tags} /> : null}
      </div>
    </div>
  );
}

/** What narrows the list, each with a link that takes it off (and back to the first page). */
function ActiveFilters({ query, category }: { query: BlogQuery; category: BlogCategory | null }) {
  if (!isFiltered(query)) return null;
  const filters = [
    query.search ? { label: `搜尋：${query.search}`, without: { ...query, search: "" } } : null,
    query.category ? { label: `分類：${category?.name ?? query.category}`, without: { ...query, category: "" } } : null,
    query.tag ? { label: `標籤：${query.tag}`, without: { ...query, tag: "" } } : null,
  ].filter((filter) => filter !== null);
  return (
    <ul aria-label="篩選條件" className="mt-3 flex flex-wrap items-center gap-2" data-testid="blog-filters">
      {filters.map(({ label, without }) => (
        <li key={label}>
          <a
            href={blogHref({ ...without, page: 1 }, LIST_ANCHOR)}
            aria-label={`移除「${label}」`}
            className="inline-flex min-h-11 items-center gap-1 rounded-full bg-primary-50 px-4 text-sm font-medium text-primary-800 ring-1 ring-primary-200 hover:bg-primary-100"
          >
            {label}
            <X aria-hidden size={16} />
          </a>
        </li>
      ))}
      {filters.length > 1 ? (
        <li>
          <a href={`${blogHref()}#${LIST_ANCHOR}`} className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-primary-700 hover:underline">
            清除全部條件
          </a>
        </li>
      ) : null}
    </ul>
  );
}
