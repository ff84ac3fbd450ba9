// The news list's address (000 §2 /blog, §5): the search, the category (its
// slug), the tag (its name) and the page are in the query, so each list has
// its own address (the page cache keys by URL, a category or a search can be
// shared from LINE, the search form works without JavaScript). An article's
// address is /blog/<slug>, encoded: a slug may keep Chinese characters. No zod
// here: the article's island uses these addresses too.

export const BLOG_PATH = "/blog";
/** Every query parameter the list reads (the page cache keys it by these alone). */
export const BLOG_PARAMS = ["search", "category", "tag", "page"] as const;
/** The Atom feed of the newest public posts (served by the blog module). */
export const FEED_PATH = "/blog/feed.xml";

/** What the contract's public list query accepts (src/contract/blog.ts); longer values are cut, not refused. */
export const SEARCH_MAX_LENGTH = 100;
const CATEGORY_MAX_LENGTH = 200;
const TAG_MAX_LENGTH = 50;

export interface BlogQuery {
  search: string;
  /** A category's slug; empty for every category. */
  category: string;
  /** A tag's name; empty for every tag. */
  tag: string;
  page: number;
}

const positiveInteger = (value: string | null): number | null => {
  const number = Number(value);
  return value !== null && /^\d+$/.test(value.trim()) && Number.isSafeInteger(number) && number > 0 ? number : null;
};

const textParam = (params: URLSearchParams, name: string, max: number) => [...(params.get(name) ?? "").trim()].slice(0, max).join("").trim();

/** What the address asks for; anything unreadable is left out (page 1) rather than refused. */
export function blogQueryOf(params: URLSearchParams): BlogQuery {
  return {
    search: textParam(params, "search", SEARCH_MAX_LENGTH),
    category: textParam(params, "category", CATEGORY_MAX_LENGTH),
    tag: textParam(params, "tag", TAG_MAX_LENGTH),
    page: positiveInteger(params.get("page")) ?? 1,
  };
}

/** True when the list is narrowed by a search, a category or a tag. */
export const isFiltered = (query: BlogQuery) => query.search !== "" || query.category !== "" || query.tag !== "";

/** The list's address for this query; empty parameters and page 1 are left out, so one list has one address. */
export function blogHref(query: Partial<BlogQuery> = {}, hash = ""): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.category) params.set("category", query.category);
  if (query.tag) params.set("tag", query.tag);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${BLOG_PATH}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** An article's address. */
export const postPath = (slug: string) => `${BLOG_PATH}/${encodeURIComponent(slug)}`;
