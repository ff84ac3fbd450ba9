import { describe, expect, it } from "vitest";
import { parseBuilderContent } from "#contract/page-builder/content.ts";
import { PAGE_MESSAGES } from "#contract/pages.ts";
import { EMPTY_NEW_PAGE, newPageAddress, newPagePayload, suggestedPageKey, validateNewPage, withTitle } from "./new-page.ts";

describe("a new free page", () => {
  it("starts as an empty built page, not published", () => {
    const payload = newPagePayload({ page_key: " spring-sale ", title: " 春季優惠 " });
    expect(payload).toMatchObject({ page_key: "spring-sale", title: "春季優惠", is_active: 0 });
    expect(parseBuilderContent(payload.content)?.builder).toEqual({ version: 1, containers: [] });
  });

  it("takes an address in Chinese, and one typed with the slash the form shows", () => {
    expect(validateNewPage({ page_key: "年終大掃除", title: "年終大掃除" })).toEqual({});
    expect(validateNewPage({ page_key: "2026-年終-sale_a", title: "年終" })).toEqual({});
    expect(newPagePayload({ page_key: "/年終大掃除", title: "年終" }).page_key).toBe("年終大掃除");
  });

  it("refuses an address the site already uses, a malformed one and an empty title, by field", () => {
    expect(validateNewPage({ page_key: "blog", title: "部落格" })).toEqual({ page_key: PAGE_MESSAGES.reservedKey("blog") });
    expect(validateNewPage({ page_key: "Spring Sale", title: "" })).toEqual({ page_key: "網址只能用中文、小寫英文、數字、底線和連字號", title: "請輸入頁面標題" });
    expect(validateNewPage({ page_key: "年終！大掃除", title: "年終" })).toEqual({ page_key: "網址只能用中文、小寫英文、數字、底線和連字號" });
    expect(validateNewPage({ page_key: "", title: "年終" })).toEqual({ page_key: "請輸入網址" });
  });

  it("suggests the address from the title, as the news slugs do, until the person writes their own", () => {
    expect(suggestedPageKey("2026 年終大掃除！")).toBe("2026-年終大掃除");
    expect(suggestedPageKey("Spring Sale")).toBe("spring-sale");
    expect(suggestedPageKey("！！")).toBe("");
    let values = withTitle(EMPTY_NEW_PAGE, "年終");
    values = withTitle(values, "年終大掃除");
    expect(values).toEqual({ title: "年終大掃除", page_key: "年終大掃除" });
    values = withTitle({ ...values, page_key: "year-end" }, "年終大掃除優惠");
    expect(values).toEqual({ title: "年終大掃除優惠", page_key: "year-end" });
  });

  it("shows the address the key gives, as people read it", () => {
    expect(newPageAddress("spring-sale")).toBe("/spring-sale");
    expect(newPageAddress("年終大掃除")).toBe("/年終大掃除");
    expect(newPageAddress("  ")).toBe("/（網址）");
  });
});
