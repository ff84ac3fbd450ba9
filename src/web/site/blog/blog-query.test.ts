import { describe, expect, it } from "vitest";
import { blogHref, blogQueryOf, isFiltered, postPath, SEARCH_MAX_LENGTH } from "./blog-query.ts";

const query = (text: string) => blogQueryOf(new URLSearchParams(text));

describe("the news list's address", () => {
  it("reads the search, the category's slug, the tag's name and the page", () => {
    expect(query("search=%20水塔%20&category=home-cleaning&tag=消毒&page=3")).toEqual({ search: "水塔", category: "home-cleaning", tag: "消毒", page: 3 });
    expect(query("")).toEqual({ search: "", category: "", tag: "", page: 1 });
  });

  it("leaves out what it cannot read and cuts what is too long, instead of refusing the page", () => {
    expect(query("page=0").page).toBe(1);
    expect(query("page=-2").page).toBe(1);
    expect(query("page=2.5").page).toBe(1);
    expect(query("page=abc").page).toBe(1);
    expect(query("page=99999999999999999999").page).toBe(1);
    expect([...query(`search=${"字".repeat(150)}`).search]).toHaveLength(SEARCH_MAX_LENGTH);
    expect([...query(`tag=${"標".repeat(80)}`).tag]).toHaveLength(50);
    // Cut by characters, never inside one (an emoji is two UTF-16 units).
    expect(query(`search=${"😀".repeat(120)}`).search).toBe("😀".repeat(SEARCH_MAX_LENGTH));
  });

  it("writes one address per list: empty parameters and page 1 left out", () => {
    expect(blogHref()).toBe("/blog");
    expect(blogHref({ search: "", category: "", tag: "", page: 1 })).toBe("/blog");
    expect(blogHref({ category: "tips", page: 2 }, "blog-list")).toBe("/blog?category=tips&page=2#blog-list");
    expect(blogHref({ tag: "居家 清潔" })).toBe("/blog?tag=%E5%B1%85%E5%AE%B6+%E6%B8%85%E6%BD%94");
    const written = blogHref({ search: "a&b=c", category: "x y", tag: "#1", page: 4 });
    expect(query(written.slice(written.indexOf("?") + 1))).toEqual({ search: "a&b=c", category: "x y", tag: "#1", page: 4 });
  });

  it("knows whether the list is narrowed", () => {
    expect(isFiltered(query("page=3"))).toBe(false);
    expect(isFiltered(query("search=水塔"))).toBe(true);
    expect(isFiltered(query("category=tips"))).toBe(true);
    expect(isFiltered(query("tag=消毒"))).toBe(true);
  });

  it("encodes an article's slug, Chinese or with characters an address reserves", () => {
    expect(postPath("spring-cleaning-tips")).toBe("/blog/spring-cleaning-tips");
    expect(postPath("居家清潔小技巧")).toBe("/blog/%E5%B1%85%E5%AE%B6%E6%B8%85%E6%BD%94%E5%B0%8F%E6%8A%80%E5%B7%A7");
    expect(postPath("a/b?c")).toBe("/blog/a%2Fb%3Fc");
  });
});
