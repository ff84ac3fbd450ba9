// A page of a searched list: the records whose title holds the search first, then the
// others, each part in the list's own order (full-text.ts). Each part is asked only for
// the rows the page needs: a page within the titles never touches the rest.

export interface PageRange {
  limit: number;
  offset: number;
}

/**
 * `pageOf(part, range)` reads a page of one part; `countTitles(cap)` counts the title
 * part up to `cap` (asked only when the page starts past the titles' end, unseen).
 */
export async function tieredPage<Row>(
  range: PageRange,
  pageOf: (part: "title" | "body", range: PageRange) => Promise<Row[]>,
  countTitles: (cap: number) => Promise<number>,
): Promise<Row[]> {
  const titled = await pageOf("title", range);
  if (titled.length === range.limit) return titled;
  // The titles end within this page (or before it): how many there are, then the bodies after them.
  const titles = titled.length > 0 || range.offset === 0 ? range.offset + titled.length : await countTitles(range.offset);
  const rest = await pageOf("body", { limit: range.limit - titled.length, offset: Math.max(0, range.offset - titles) });
  return [...titled, ...rest];
}
