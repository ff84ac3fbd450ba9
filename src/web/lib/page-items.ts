// Which page numbers a list's pagination shows: the first, the last and those
// within `around` of the current one; a gap of one page is shown as that page,
// a longer one as an ellipsis. The public site shows 1 either side (000 §5),
// the back office 2.

export type PageItem = number | "gap";

export function pageItems(current: number, total: number, around: number): PageItem[] {
  if (total <= 1) return [];
  return withGaps(new Set([1, total, ...pagesAround(current, total, around)]));
}

/**
 * The page numbers of a list counted only so far (pagination.total_capped): the first
 * and those within `around` of the current one that are known to exist (up to
 * `knownPages`, or the current one), then an ellipsis — never a last page.
 */
export function openEndedPageItems(current: number, knownPages: number, around: number): PageItem[] {
  return [...withGaps(new Set([1, ...pagesAround(current, Math.max(knownPages, current), around)])), "gap"];
}

function pagesAround(current: number, last: number, around: number): number[] {
  const pages: number[] = [];
  for (let page = current - around; page <= current + around; page += 1) if (page >= 1 && page <= last) pages.push(page);
  return pages;
}

function withGaps(pages: Set<number>): PageItem[] {
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}

/** After a delete: the page before when the last row of a page other than the first went. */
export const pageAfterDelete = (page: number, shownOnPage: number) => (shownOnPage <= 1 && page > 1 ? page - 1 : page);
