// Paged lists (contacts, cases, later posts): the page and limit of a query,
// read from the address, and the pagination block of the answer (the spec's
// current_page and total_pages, plus the total and the page size).
import { z } from "zod";

export interface Pagination {
  current_page: number;
  total_pages: number;
  total: number;
  per_page: number;
  /**
   * Set when the list holds more than `total` (COUNT_CAP): a search or filter over
   * years of records is counted no further; the screen says 比 1,000 筆還多.
   */
  total_capped?: true;
}

/** How far a search or a filter of a long list (contacts, LINE customers) is counted: past a thousand matches, people narrow the search rather than page. */
export const COUNT_CAP = 1_000;

export const pageParam = z.coerce.number({ error: "頁碼必須是數字" }).int("頁碼必須是整數").min(1, "頁碼從 1 開始").default(1);

/**
 * A page size above the list's maximum is served at the maximum (the answer's
 * pagination says the size used) rather than refused: clients ask for "all of
 * them" with a large limit, and a 400 for that breaks them for no gain. Nonsense
 * (not a whole number, below 1) is still refused.
 */
export const limitParam = (defaultLimit: number, max = 100) =>
  z.coerce
    .number({ error: "每頁筆數必須是數字" })
    .int("每頁筆數必須是整數")
    .min(1, "每頁至少 1 筆")
    .transform((limit) => Math.min(limit, max))
    .default(defaultLimit);

export function paginationOf(page: number, perPage: number, total: number): Pagination {
  return { current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}

/** The pagination of a list counted up to COUNT_CAP + 1 (lib/bounded-count.ts): capped when there are more. */
export function cappedPaginationOf(page: number, perPage: number, counted: number): Pagination {
  if (counted <= COUNT_CAP) return paginationOf(page, perPage, counted);
  return { ...paginationOf(page, perPage, COUNT_CAP), total_capped: true };
}
