import { describe, expect, it } from "vitest";
import { parseBuilderContent } from "#contract/page-builder/content.ts";
import { PAGE_MESSAGES } from "#contract/pages.ts";
import { newPageAddress, newPagePayload, validateNewPage } from "./new-page.ts";

describe("a new free page", () => {
  it("starts as an empty built page, not published", () => {
    const payload = newPagePayload({ page_key: " spring-sale ", title: " 春季優惠 " });
    expect(payload).toMatchObject({ page_key: "spring-sale", title: "春季優惠", is_active: 0 });
    expect(parseBuilderContent(payload.content)?.builder).toEqual({ version: 1, containers: [] });
  });

  it("refuses a key the site already uses, a malformed key and an empty title, by field", () => {
    expect(validateNewPage({ page_key: "blog", title: "部落格" })).toEqual({ page_key: PAGE_MESSAGES.reservedKey("blog") });
    expect(validateNewPage({ page_key: "Spring Sale", title: "" })).toEqual({ page_key: "頁面代碼只能用小寫英文、數字、底線和連字號", title: "請輸入頁面標題" });
    expect(validateNewPage({ page_key: "spring-sale", title: "春季優惠" })).toEqual({});
  });

  it("shows the address the key gives", () => {
    expect(newPageAddress("spring-sale")).toBe("/spring-sale");
    expect(newPageAddress("  ")).toBe("/（頁面代碼）");
  });
});
