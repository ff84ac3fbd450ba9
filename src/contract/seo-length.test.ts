import { describe, expect, it } from "vitest";
import { SEO_DESCRIPTION_LENGTH, SEO_TITLE_LENGTH, seoLength, shownLength } from "./seo-length.ts";

describe("seo lengths in the characters Google shows for Chinese", () => {
  it("counts a Chinese character as one and a Latin letter, digit or space as half", () => {
    expect(shownLength("基隆水塔清洗")).toBe(6);
    expect(shownLength("LINE 預約")).toBe(5);
    expect(shownLength("  abc  ")).toBe(2);
    expect(shownLength("")).toBe(0);
  });

  it("recommends a title of about 30 and a description of 80–100, saying so", () => {
    expect(seoLength("水".repeat(25), SEO_TITLE_LENGTH)).toMatchObject({ count: 25, state: "ok" });
    expect(seoLength("水".repeat(31), SEO_TITLE_LENGTH).state).toBe("long");
    expect(seoLength("水".repeat(10), SEO_TITLE_LENGTH).state).toBe("short");
    expect(seoLength("水".repeat(90), SEO_DESCRIPTION_LENGTH)).toMatchObject({ count: 90, state: "ok" });
    expect(seoLength("", SEO_TITLE_LENGTH, "留白時使用頁面標題")).toEqual({
      count: 0,
      state: "empty",
      help: "Google 約顯示 30 個中文字，建議 20–30 個字（英文、數字兩個算一個字），目前約 0 個字（留白時使用頁面標題）",
    });
  });
});
