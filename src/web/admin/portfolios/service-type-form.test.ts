import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import { caseCountLabel, deleteConfirmItem, serviceTypeFailure, serviceTypeOptions, validateNewType, validateRename } from "./service-type-form.ts";

describe("a new service type (001 §5)", () => {
  it("needs a code and a name, spaces alone not counting", () => {
    expect(validateNewType({ value: " ", label: "" })).toEqual({ value: "請輸入服務類型代碼", label: "請輸入服務類型名稱" });
    expect(validateNewType({ value: "aircon", label: " 冷氣清洗 " })).toEqual({});
  });

  it("a rename needs a name", () => {
    expect(validateRename("  ")).toBe("請輸入服務類型名稱");
    expect(validateRename("冷氣保養")).toBe("");
  });
});

describe("what a row says", () => {
  it("counts the cases that use a type, and names them in the delete confirmation", () => {
    expect(caseCountLabel({ case_count: 0 })).toBe("尚無案例使用");
    expect(caseCountLabel({ case_count: 3 })).toBe("3 個案例使用中");
    expect(deleteConfirmItem({ label: "冷氣清洗", case_count: 0 })).toBe("冷氣清洗");
    expect(deleteConfirmItem({ label: "冷氣清洗", case_count: 2 })).toBe("冷氣清洗（2 個案例使用中）");
  });
});

describe("the case form's dropdown", () => {
  const types = [
    { value: "water_tank_service", label: "水塔清洗" },
    { value: "aircon", label: "冷氣清洗" },
  ];

  it("prompts first, then lists the types in the server's order", () => {
    expect(serviceTypeOptions(types, "", "")).toEqual([{ value: "", label: "請選擇服務類型" }, ...types]);
  });

  it("still shows a case's type that is no longer listed, by the name the case carries", () => {
    expect(serviceTypeOptions(types, "gone", "舊類型").at(-1)).toEqual({ value: "gone", label: "舊類型" });
    expect(serviceTypeOptions(types, "gone", "").at(-1)).toEqual({ value: "gone", label: "（已刪除的服務類型）" });
    expect(serviceTypeOptions(types, "aircon", "冷氣清洗")).toHaveLength(3);
  });
});

describe("failures (001 §8)", () => {
  it("says the server's words (a duplicate, a type in use), else the spec's", () => {
    expect(serviceTypeFailure(new ApiError(409, "還有 2 個案例使用這個服務類型"), "刪除服務類型失敗")).toBe("還有 2 個案例使用這個服務類型");
    expect(serviceTypeFailure(new ApiError(500, ""), "刪除服務類型失敗")).toBe("刪除服務類型失敗");
    expect(serviceTypeFailure(new ApiError(0, NETWORK_ERROR_MESSAGE), "新增服務類型失敗")).toBe(`新增服務類型失敗：${NETWORK_ERROR_MESSAGE}`);
    expect(serviceTypeFailure(new Error("boom"), "更新服務類型失敗")).toBe("更新服務類型失敗");
  });
});
