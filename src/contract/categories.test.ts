import { describe, expect, it } from "vitest";
import { categoryInputSchema, movedSortOrder } from "./categories.ts";

describe("product categories (001 §4, §5, §9)", () => {
  it("move one step up or down, never below 0", () => {
    expect(movedSortOrder(3, "up")).toBe(2);
    expect(movedSortOrder(0, "up")).toBe(0);
    expect(movedSortOrder(0, "down")).toBe(1);
  });

  it("require a name and default to order 0, active", () => {
    expect(categoryInputSchema.safeParse({ name: "" }).success).toBe(false);
    expect(categoryInputSchema.parse({ name: "清潔用品" })).toEqual({ name: "清潔用品", description: "", sort_order: 0, status: "active" });
    expect(categoryInputSchema.safeParse({ name: "A", sort_order: -1 }).success).toBe(false);
  });
});
