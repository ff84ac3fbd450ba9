// The case gallery's address (000 §2, §5): the keyword, the service type and
// the page are in the query, so each filtered list has its own address (the
// page cache keys by URL, a search can be shared, the form works without
// JavaScript), and ?case=<id> is the same list with that case's detail open.
// Shared by the loader and the island; no zod here (it would reach the
// island's script).

/** The contract's list query refuses a longer search (src/contract/portfolios.ts). */
export const SEARCH_MAX_LENGTH = 100;
const CATEGORY_MAX_LENGTH = 60;

export const GALLERY_PATH = "/portfolio";
/** Every query parameter the gallery reads (the page cache keys it by these alone). */
export const GALLERY_PARAMS = ["search", "category", "page", "case"] as const;

export interface GalleryQuery {
  search: string;
  category: string;
  page: number;
}

const positiveInteger = (value: string | null): number | null => {
  const number = Number(value);
  return value !== null && /^\d+$/.test(value.trim()) && Number.isSafeInteger(number) && number > 0 ? number : null;
};

/** What the address asks for; anything unreadable is left out (page 1, no case) rather than refused. */
export function galleryQueryOf(params: URLSearchParams): GalleryQuery & { caseId: number | null } {
  return {
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    category: (params.get("category") ?? "").trim().slice(0, CATEGORY_MAX_LENGTH),
    page: positiveInteger(params.get("page")) ?? 1,
    caseId: positiveInteger(params.get("case")),
  };
}

/** The case a browser address has open (?case=<id>), if any. */
export const openCaseOf = (search: string): number | null => positiveInteger(new URLSearchParams(search).get("case"));

/** True when the list is narrowed by a keyword or a service type. */
export const isFiltered = (query: GalleryQuery) => query.search !== "" || query.category !== "";

/**
 * The gallery's address for this query, with a case open or a place on the
 * page to scroll to; empty parameters and page 1 are left out, so one list has one address.
 */
export function galleryHref(query: GalleryQuery, extra: { caseId?: number; hash?: string } = {}): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.category) params.set("category", query.category);
  if (query.page > 1) params.set("page", String(query.page));
  if (extra.caseId !== undefined) params.set("case", String(extra.caseId));
  const search = params.toString();
  return `${GALLERY_PATH}${search ? `?${search}` : ""}${extra.hash ? `#${extra.hash}` : ""}`;
}
