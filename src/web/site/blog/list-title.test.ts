import { describe, expect, it } from "vitest";
import { blogQueryOf } from "./blog-query.ts";
import { listHeading, listTitle } from "./list-title.ts";

const query = (text: string) => blogQueryOf(new URLSearchParams(text));

describe("what a news list is called", () => {
  it("the plain list is 最新消息; a category page names the category, a tag page the tag", () => {
    expect(listHeading(query(""), null)).toBe("最新消息");
    expect(listTitle(query(""), null)).toBe("最新消息");
    expect(listHeading(query("category=tips"), "居家清潔")).toBe("居家清潔");
    expect(listTitle(query("category=tips"), "居家清潔")).toBe("居家清潔 - 最新消息");
    expect(listHeading(query("tag=消毒"), null)).toBe("標籤「消毒」");
    expect(listTitle(query("tag=消毒"), null)).toBe("標籤「消毒」 - 最新消息");
  });

  it("a later page and a search are named in the title, so no two pages share one", () => {
    expect(listTitle(query("page=2"), null)).toBe("最新消息 - 第 2 頁");
    expect(listTitle(query("search=水塔&category=tips&page=3"), "居家清潔")).toBe("搜尋「水塔」 - 居家清潔 - 最新消息 - 第 3 頁");
    // An unknown category's slug is not a name to show.
    expect(listHeading(query("category=no-such"), null)).toBe("最新消息");
  });
});
