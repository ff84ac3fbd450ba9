import { describe, expect, it } from "vitest";
import { productSummary, summaryDetail } from "./products-summary.ts";

const items = (...flags: Array<0 | 1>) => flags.map((is_active) => ({ is_active }));

describe("productSummary", () => {
  it("counts every item and the active ones", () => {
    expect(productSummary(items(1, 0, 1, 1))).toEqual({ total: 4, shown: 3 });
    expect(productSummary([])).toEqual({ total: 0, shown: 0 });
  });
});

describe("summaryDetail", () => {
  it("says where to add the first item when there is none", () => {
    expect(summaryDetail({ total: 0, shown: 0 })).toBe("目前還沒有服務項目，到「服務管理」新增第一個");
  });

  it("says whether visitors see all, none or some of them", () => {
    expect(summaryDetail({ total: 12, shown: 12 })).toBe("全部都在網站上顯示");
    expect(summaryDetail({ total: 2, shown: 0 })).toBe("目前都已停用，網站上不會顯示");
    expect(summaryDetail({ total: 12, shown: 10 })).toBe("其中 10 個在網站上顯示，2 個已停用");
  });
});
