import { describe, expect, it } from "vitest";
import type { Category } from "#contract/categories.ts";
import { canMove, categoryPayload, EMPTY_CATEGORY_FORM, formFromCategory, moveBody, movedMessage, validateCategory } from "./category-form.ts";

const category = (fields: Partial<Category> = {}): Category => ({
  id: 7,
  name: "居家清潔",
  description: "住家定期打掃",
  sort_order: 2,
  status: "inactive",
  created_at: "2025-03-04T06:05:09.000Z",
  updated_at: "2025-03-04T06:05:09.000Z",
  ...fields,
});

describe("the category form", () => {
  it("starts a new category at sort order 0, active (001 §9)", () => {
    expect(EMPTY_CATEGORY_FORM).toEqual({ name: "", description: "", sort_order: "0", status: "active" });
  });

  it("opens a stored category with its values and sends them trimmed", () => {
    const values = formFromCategory(category());
    expect(values).toEqual({ name: "居家清潔", description: "住家定期打掃", sort_order: "2", status: "inactive" });
    expect(categoryPayload({ ...values, name: "  辦公室清潔 ", description: " 每週一次\n", sort_order: " 3 " })).toEqual({
      name: "辦公室清潔",
      description: "每週一次",
      sort_order: "3",
      status: "inactive",
    });
  });

  it("refuses a blank name and a negative sort order in the contract's words", () => {
    expect(validateCategory(categoryPayload({ ...EMPTY_CATEGORY_FORM, name: "   " }))).toEqual({ name: "請輸入類別名稱" });
    expect(validateCategory(categoryPayload({ ...EMPTY_CATEGORY_FORM, name: "地毯", sort_order: "-1" }))).toEqual({ sort_order: "排序不能小於 0" });
    expect(validateCategory(categoryPayload({ ...EMPTY_CATEGORY_FORM, name: "地毯" }))).toEqual({});
  });

  it("treats an emptied sort order as 0, as the server does", () => {
    expect(validateCategory(categoryPayload({ ...EMPTY_CATEGORY_FORM, name: "地毯", sort_order: "" }))).toEqual({});
  });
});

describe("moving a category", () => {
  it("goes up by one, never below 0, where 上移 cannot act (001 §4)", () => {
    expect(moveBody(category({ sort_order: 2 }), "up")).toEqual({ sort_order: 1 });
    expect(canMove(category({ sort_order: 1 }), "up")).toBe(true);
    expect(canMove(category({ sort_order: 0 }), "up")).toBe(false);
    expect(moveBody(category({ sort_order: 0 }), "up")).toEqual({ sort_order: 0 });
  });

  it("goes down by one, always", () => {
    expect(canMove(category({ sort_order: 0 }), "down")).toBe(true);
    expect(moveBody(category({ sort_order: 0 }), "down")).toEqual({ sort_order: 1 });
  });

  it("says which category moved and its new number", () => {
    expect(movedMessage("居家清潔", 3)).toBe("已將「居家清潔」的排序改為 3");
  });
});
