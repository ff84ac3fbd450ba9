import { describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "#contract/blog.ts";
import { deleteTermItem, postCountLabel, termBody, valuesOf } from "./taxonomy.ts";

const category = { id: 1, name: "居家清潔", slug: "home", post_count: 3 };
const tag = { id: 2, name: "收納", post_count: 1 };

describe("deleteTermItem", () => {
  it("names the category and says its posts become uncategorised", () => {
    expect(deleteTermItem("category", category)).toBe("居家清潔（3 篇文章使用中，刪除後這些文章會變成未分類）");
    expect(deleteTermItem("category", { ...category, post_count: 0 })).toBe("居家清潔（沒有文章使用）");
  });
  it("names the tag and says it leaves its posts", () => {
    expect(deleteTermItem("tag", tag)).toBe("收納（1 篇文章使用中，刪除後會從這些文章移除）");
  });
  it("counts the posts in words", () => {
    expect(postCountLabel(category)).toBe("3 篇文章");
    expect(postCountLabel({ post_count: 0 })).toBe("沒有文章使用");
  });
});

describe("termBody", () => {
  it("refuses an empty name with the contract's words", () => {
    expect(termBody("category", { name: " ", slug: "" })).toEqual({ ok: false, errors: { name: BLOG_MESSAGES.categoryNameRequired } });
    expect(termBody("tag", { name: "", slug: "" })).toEqual({ ok: false, errors: { name: BLOG_MESSAGES.tagNameRequired } });
    expect(termBody("tag", { name: "收納,廚房", slug: "" })).toEqual({ ok: false, errors: { name: "標籤名稱不能包含逗號" } });
  });
  it("sends a category's name and slug, a tag's name alone, trimmed", () => {
    expect(termBody("category", { name: " 居家清潔 ", slug: "home" })).toEqual({ ok: true, body: { name: "居家清潔", slug: "home" } });
    expect(termBody("tag", { name: " 收納 ", slug: "ignored" })).toEqual({ ok: true, body: { name: "收納" } });
  });
  it("starts a rename from the stored name and slug", () => {
    expect(valuesOf(category)).toEqual({ name: "居家清潔", slug: "home" });
    expect(valuesOf(tag)).toEqual({ name: "收納", slug: "" });
    expect(valuesOf(null)).toEqual({ name: "", slug: "" });
  });
});
