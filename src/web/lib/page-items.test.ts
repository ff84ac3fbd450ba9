import { describe, expect, it } from "vitest";
import { openEndedPageItems, pageAfterDelete, pageItems } from "./page-items.ts";

describe("page links", () => {
  it("show nothing for a single page and every page of a short list", () => {
    expect(pageItems(1, 1, 1)).toEqual([]);
    expect(pageItems(1, 3, 1)).toEqual([1, 2, 3]);
    expect(pageItems(2, 5, 2)).toEqual([1, 2, 3, 4, 5]);
  });

  it("on the public site: the first, the last and one either side of the current page, an ellipsis for longer gaps (000 §5)", () => {
    expect(pageItems(1, 10, 1)).toEqual([1, 2, "gap", 10]);
    expect(pageItems(5, 10, 1)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageItems(4, 10, 1)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pageItems(10, 10, 1)).toEqual([1, "gap", 9, 10]);
  });

  it("in the back office: two either side", () => {
    expect(pageItems(1, 20, 2)).toEqual([1, 2, 3, "gap", 20]);
    expect(pageItems(10, 20, 2)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageItems(5, 8, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("from a page past the end, still link back to the others", () => {
    expect(pageItems(12, 3, 1)).toEqual([1, 2, 3]);
  });

  it("for a list counted only up to its cap: no last page, an ellipsis for the pages beyond, the pages already passed kept", () => {
    expect(openEndedPageItems(1, 1000, 2)).toEqual([1, 2, 3, "gap"]);
    expect(openEndedPageItems(10, 1000, 2)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap"]);
    expect(openEndedPageItems(1000, 1000, 2)).toEqual([1, "gap", 998, 999, 1000, "gap"]);
    // Past the pages counted (reached by 下一頁): the current page is known to exist, the next ones are not.
    expect(openEndedPageItems(1003, 1000, 2)).toEqual([1, "gap", 1001, 1002, 1003, "gap"]);
  });

  it("go back a page after deleting the last row of a page", () => {
    expect(pageAfterDelete(2, 1)).toBe(1);
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});
