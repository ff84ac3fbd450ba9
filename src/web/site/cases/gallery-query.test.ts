import { describe, expect, it } from "vitest";
import { galleryHref, galleryQueryOf, isFiltered, openCaseOf, SEARCH_MAX_LENGTH } from "./gallery-query.ts";

const query = (text: string) => galleryQueryOf(new URLSearchParams(text));

describe("the gallery's address", () => {
  it("reads the keyword, the service type, the page and the open case", () => {
    expect(query("search=%20水塔%20&category=water-tower&page=2&case=7")).toEqual({ search: "水塔", category: "water-tower", page: 2, caseId: 7 });
    expect(query("")).toEqual({ search: "", category: "", page: 1, caseId: null });
  });

  it("leaves out what it cannot read instead of refusing the page", () => {
    expect(query("page=0&case=-3")).toMatchObject({ page: 1, caseId: null });
    expect(query("page=2.5&case=abc")).toMatchObject({ page: 1, caseId: null });
    expect(query("page=99999999999999999999")).toMatchObject({ page: 1 });
    expect(query(`search=${"字".repeat(150)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("writes one address per list: empty parameters and page 1 left out, the other parameters kept with a case", () => {
    expect(galleryHref({ search: "", category: "", page: 1 })).toBe("/portfolio");
    expect(galleryHref({ search: "大樓 外牆", category: "", page: 1 })).toBe("/portfolio?search=%E5%A4%A7%E6%A8%93+%E5%A4%96%E7%89%86");
    expect(galleryHref({ search: "", category: "floor", page: 3 }, { caseId: 12 })).toBe("/portfolio?category=floor&page=3&case=12");
    expect(galleryHref({ search: "", category: "", page: 2 }, { hash: "all-cases" })).toBe("/portfolio?page=2#all-cases");
    const written = galleryHref({ search: "a&b=c", category: "x y", page: 2 }, { caseId: 5 });
    expect(query(written.slice(written.indexOf("?") + 1))).toEqual({ search: "a&b=c", category: "x y", page: 2, caseId: 5 });
  });

  it("knows the case a browser address has open, and whether the list is narrowed", () => {
    expect(openCaseOf("?page=2&case=4")).toBe(4);
    expect(openCaseOf("?page=2")).toBeNull();
    expect(isFiltered({ search: "", category: "", page: 3 })).toBe(false);
    expect(isFiltered({ search: "", category: "floor", page: 1 })).toBe(true);
  });
});
