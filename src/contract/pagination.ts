// Paged lists (contacts, cases, later posts): the page and limit of a query,
// read from the address, and the pagination block of the answer (the spec's
// current_page and total_pages, plus the total and the page size).
import { z } from "zod";

export interface Pagination {
  current_page: number;
  total_pages: number;
  total: number;
  per_page: number;
}

export const pageParam = z.coerce.number({ error: "頁碼必須是數字" }).int("頁碼必須是整數").min(1, "頁碼從 1 開始").default(1);

export const limitParam = (defaultLimit: number, max = 100) =>
  z.coerce.number({ error: "每頁筆數必須是數字" }).int("每頁筆數必須是整數").min(1, "每頁至少 1 筆").max(max, `每頁最多 ${max} 筆`).default(defaultLimit);

export function paginationOf(page: number, perPage: number, total: number): Pagination {
  return { current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}
