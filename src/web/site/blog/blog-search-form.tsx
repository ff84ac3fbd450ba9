// The news search (000 §2 /blog?search=): a GET form, so a search has its own
// address and works without JavaScript. A search within a category or a tag
// keeps it (hidden fields); the filters above the list say so and undo it.
import { Search } from "lucide-react";
import { BLOG_PATH, SEARCH_MAX_LENGTH, type BlogQuery } from "./blog-query.ts";

/** Where the list starts: a search and the page links land there, past the page's heading. */
export const LIST_ANCHOR = "blog-list";

export function BlogSearchForm({ query }: { query: BlogQuery }) {
  return (
    <form
      method="get"
      action={`${BLOG_PATH}#${LIST_ANCHOR}`}
      role="search"
      aria-label="搜尋文章"
      className="flex items-end gap-3 rounded-theme bg-card p-3 shadow-sm ring-1 ring-line sm:p-4"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="blog-search" className="font-medium text-ink max-md:sr-only">
          關鍵字
        </label>
        <input
          id="blog-search"
          type="search"
          name="search"
          defaultValue={query.search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="搜尋文章標題或內容"
          className="block min-h-12 w-full rounded-theme border border-line bg-card px-3 text-base text-ink shadow-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/40 md:mt-1"
        />
      </div>
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      {query.tag ? <input type="hidden" name="tag" value={query.tag} /> : null}
      <button type="submit" className="inline-flex min-h-12 shrink-0 items-center gap-2 rounded-theme bg-primary-600 px-5 font-semibold text-white shadow-sm hover:bg-primary-700">
        <Search aria-hidden size={18} />
        搜尋
      </button>
    </form>
  );
}
