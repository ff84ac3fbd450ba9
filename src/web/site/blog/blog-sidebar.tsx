// Beside the news list (000 §2): the categories with their number of public
// posts, the eight most used tags, and the feed. Each is a plain link to the
// list it names; the one the list shows is marked as current.
import { Rss } from "lucide-react";
import type { BlogCategory, BlogTag } from "#contract/blog.ts";
import { blogHref, FEED_PATH, type BlogQuery } from "./blog-query.ts";

const rowClass = "flex min-h-11 items-center justify-between gap-3 rounded-theme px-3 hover:bg-primary-50";
const currentClass = "bg-primary-50 font-semibold text-primary-800";

export function BlogSidebar({ query, categories, tags }: { query: BlogQuery; categories: BlogCategory[]; tags: BlogTag[] }) {
  // A category without public posts leads to an empty list: left out, unless the list shows it.
  const shown = categories.filter((category) => category.post_count > 0 || category.slug === query.category);
  return (
    <aside aria-label="文章分類與標籤" className="space-y-8">
      <section aria-labelledby="blog-categories-title" className="rounded-theme bg-card p-5 shadow-sm ring-1 ring-line">
        <h2 id="blog-categories-title" className="text-lg font-bold text-ink">
          文章分類
        </h2>
        <ul className="mt-3 space-y-1" data-testid="blog-categories">
          <li>
            <a href={blogHref()} aria-current={query.category ? undefined : "true"} className={`${rowClass} ${query.category ? "text-ink" : currentClass}`}>
              全部文章
            </a>
          </li>
          {shown.map((category) => {
            const current = category.slug === query.category;
            return (
              <li key={category.id}>
                <a href={blogHref({ category: category.slug })} aria-current={current ? "true" : undefined} className={`${rowClass} ${current ? currentClass : "text-ink"}`}>
                  <span>{category.name}</span>
                  <span className="rounded-full bg-surface-muted px-2 text-sm text-ink-muted ring-1 ring-line">
                    {category.post_count}
                    <span className="sr-only"> 篇</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </section>

      {tags.length > 0 ? (
        <section aria-labelledby="blog-tags-title" className="rounded-theme bg-card p-5 shadow-sm ring-1 ring-line">
          <h2 id="blog-tags-title" className="text-lg font-bold text-ink">
            熱門標籤
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="blog-tags">
            {tags.map((tag) => {
              const current = tag.name === query.tag;
              return (
                <li key={tag.id}>
                  <a
                    href={blogHref({ tag: tag.name })}
                    aria-current={current ? "true" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm ring-1 ${current ? "bg-primary-600 font-semibold text-white ring-primary-600" : "bg-surface-muted text-ink ring-line hover:bg-primary-50"}`}
                  >
                    #{tag.name}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <a href={FEED_PATH} className="inline-flex min-h-11 items-center gap-2 font-medium text-primary-700 hover:underline">
        <Rss aria-hidden size={18} />
        以 RSS 訂閱最新消息
      </a>
    </aside>
  );
}
