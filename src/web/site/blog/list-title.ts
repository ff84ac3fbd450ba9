// What a news list is called: its heading names the category or the tag it
// shows, and its document title names everything that narrows it and the page
// (a category page is found by its name; two pages of one list never share a title).
import type { BlogQuery } from "./blog-query.ts";

export const BLOG_TITLE = "最新消息";

/** The page's heading (h1). */
export function listHeading(query: BlogQuery, categoryName: string | null): string {
  if (categoryName) return categoryName;
  if (query.tag) return `標籤「${query.tag}」`;
  return BLOG_TITLE;
}

/** The document's title, before the site's name. */
export function listTitle(query: BlogQuery, categoryName: string | null): string {
  return [
    query.search ? `搜尋「${query.search}」` : "",
    categoryName ?? "",
    query.tag ? `標籤「${query.tag}」` : "",
    BLOG_TITLE,
    query.page > 1 ? `第 ${query.page} 頁` : "",
  ]
    .filter(Boolean)
    .join(" - ");
}
