import { describe, expect, it } from "vitest";
import type { ServiceCategory, ServiceItem } from "#contract/services.ts";
import { ApiError } from "#web/admin/shared/api-client.ts";
import { addImages, categoryConfirmItem, categoryOptionLabel, categoryPayload, EMPTY_CATEGORY_FORM, EMPTY_ITEM_FORM, featureSummary, formFromCategory, formFromItem, imageLabel, itemCategoryLabel, itemCountLabel, itemPayload, itemPriceChip, linesOf, pickedPath, pricePreview, renumbered, tabFromSearch, uploadOutcome, validateCategory, validateItem } from "./services-form.ts";
import { actionFailure, fieldErrorsOf, loadFailure, moveItem } from "#web/admin/shared/dialog-form.ts";

const item = (extra: Partial<ServiceItem> = {}): ServiceItem => ({
  id: 7,
  category_id: 2,
  category_name: "深度清潔",
  name: "水塔清洗消毒",
  description: "定期清洗水塔",
  features: ["排水", "刷洗", "消毒", "檢測"],
  references: ["社區大樓"],
  main_image: "/uploads/2026/11/a.jpg",
  price: 1200,
  price_unit: "坪",
  display_order: 3,
  is_active: 1,
  created_at: "",
  updated_at: "",
  ...extra,
});

const category = (extra: Partial<ServiceCategory> = {}): ServiceCategory => ({
  id: 2,
  name: "深度清潔",
  description: "",
  display_order: 1,
  is_active: 1,
  item_count: 0,
  created_at: "",
  updated_at: "",
  ...extra,
});

describe("the tabs", () => {
  it("open on the items unless the address names the categories", () => {
    expect(tabFromSearch(null)).toBe("items");
    expect(tabFromSearch("categories")).toBe("categories");
    expect(tabFromSearch("whatever")).toBe("items");
  });
});

describe("the item list", () => {
  it("shows at most three features, then 等 N 項 with the whole count", () => {
    expect(featureSummary(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: "等 5 項" });
    expect(featureSummary(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: null });
    expect(featureSummary([])).toEqual({ shown: [], more: null });
  });
  it("shows a price chip only above 0, in the item's unit or 次", () => {
    expect(itemPriceChip({ price: 1200, price_unit: "次" })).toBe("NT$ 1,200 / 次");
    expect(itemPriceChip({ price: 1500.5, price_unit: "" })).toBe("NT$ 1,500.5 / 次");
    expect(itemPriceChip({ price: 0, price_unit: "次" })).toBeNull();
    expect(itemPriceChip({ price: null, price_unit: "次" })).toBeNull();
  });
  it("names things in people's words", () => {
    expect(itemCategoryLabel({ category_name: "" })).toBe("未分類");
    expect(itemCategoryLabel({ category_name: "景觀維護" })).toBe("景觀維護");
    expect(categoryOptionLabel(category({ is_active: 0 }))).toBe("深度清潔（停用）");
    expect(itemCountLabel(0)).toBe("沒有服務項目");
    expect(itemCountLabel(3)).toBe("3 個服務項目");
    expect(imageLabel({ title: "  " }, 1)).toBe("第 2 張圖片");
    expect(imageLabel({ title: "清洗前" }, 0)).toBe("清洗前");
    expect(categoryConfirmItem(category({ item_count: 2 }))).toBe("深度清潔（目前有 2 個服務項目）");
    expect(categoryConfirmItem(category())).toBe("深度清潔");
  });
});

describe("moving an entry", () => {
  const list = ["a", "b", "c", "d"];
  it("moves it to the new place, the others closing up", () => {
    expect(moveItem(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(list, 0, 2)).toEqual(["b", "c", "a", "d"]);
  });
  it("does nothing for the first up, the last down, or a place outside the list", () => {
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 3, 4)).toEqual(list);
    expect(moveItem(list, 1, 1)).toEqual(list);
  });
  it("numbers the new order from 1", () => {
    expect(renumbered([{ id: 5, display_order: 9 }, { id: 2, display_order: 0 }])).toEqual([
      { id: 5, display_order: 1 },
      { id: 2, display_order: 2 },
    ]);
  });
});

describe("the item form", () => {
  it("starts with the spec's defaults: unit 次, active, display order 0, no price", () => {
    expect(EMPTY_ITEM_FORM).toMatchObject({ price_unit: "次", is_active: true, display_order: "0", price: "", category_id: "" });
  });
  it("loads an item back, lists one per line", () => {
    expect(formFromItem(item())).toMatchObject({ category_id: "2", features: "排水\n刷洗\n消毒\n檢測", references: "社區大樓", price: "1200", display_order: "3", is_active: true });
    expect(formFromItem(item({ price: null, category_id: null, is_active: 0 }))).toMatchObject({ price: "", category_id: "", is_active: false });
  });
  it("sends lists trimmed without blanks or repeats, 未分類 as null, an empty unit as 次", () => {
    const body = itemPayload({ ...EMPTY_ITEM_FORM, name: "  冷氣清洗 ", features: " 拆洗\n\n除菌\n拆洗\n", references: "住家\r\n辦公室", price: " 1,200.5 ", price_unit: " " });
    expect(body).toEqual({
      category_id: null,
      name: "冷氣清洗",
      description: "",
      features: ["拆洗", "除菌"],
      references: ["住家", "辦公室"],
      main_image: "",
      price: "1,200.5",
      price_unit: "次",
      display_order: "0",
      is_active: 1,
    });
    expect(linesOf("a\n a \nb")).toEqual(["a", "b"]);
  });
  it("is checked with the contract's rules: a name is needed, a price must be a number", () => {
    expect(validateItem(itemPayload({ ...EMPTY_ITEM_FORM, name: "冷氣清洗", price: "1200" }))).toEqual({});
    expect(validateItem(itemPayload({ ...EMPTY_ITEM_FORM, name: "冷氣清洗", price: "" }))).toEqual({});
    expect(validateItem(itemPayload({ ...EMPTY_ITEM_FORM, name: " ", price: "abc" }))).toEqual({ name: "請輸入服務名稱", price: "價格必須是數字，例如 1200" });
    expect(validateItem(itemPayload({ ...EMPTY_ITEM_FORM, name: "x", price: "-5" }))).toEqual({ price: "價格不能是負數" });
  });
  it("previews the price as the site will show it", () => {
    expect(pricePreview("", "次")).toBe("網站上不顯示價格");
    expect(pricePreview("1,200", "坪")).toBe("網站上顯示：NT$ 1,200 / 坪");
    expect(pricePreview("800", "")).toBe("網站上顯示：NT$ 800 / 次");
    expect(pricePreview("0", "次")).toBe("價格為 0 時網站上不顯示價格");
    expect(pricePreview("abc", "次")).toBe("請輸入數字，例如 1200");
    expect(pricePreview("-1", "次")).toBe("價格不能是負數");
  });
});

describe("the category form", () => {
  it("starts active at order 0 and loads a category back", () => {
    expect(EMPTY_CATEGORY_FORM).toEqual({ name: "", description: "", display_order: "0", is_active: true });
    expect(formFromCategory(category({ description: "說明", display_order: 4, is_active: 0 }))).toEqual({ name: "深度清潔", description: "說明", display_order: "4", is_active: false });
  });
  it("sends trimmed text and 1/0, and needs a name", () => {
    expect(categoryPayload({ name: " 景觀 ", description: " 庭園 ", display_order: "2", is_active: false })).toEqual({ name: "景觀", description: "庭園", display_order: "2", is_active: 0 });
    expect(validateCategory(categoryPayload(EMPTY_CATEGORY_FORM))).toEqual({ name: "請輸入類別名稱" });
    expect(validateCategory(categoryPayload({ ...EMPTY_CATEGORY_FORM, name: "景觀" }))).toEqual({});
  });
});

describe("messages for failed calls", () => {
  it("a load names the list, and says when no answer came", () => {
    expect(loadFailure(new ApiError(500, "boom"), "載入服務項目失敗")).toBe("載入服務項目失敗");
    expect(loadFailure(new ApiError(0, ""), "載入服務類別失敗")).toBe("載入服務類別失敗：連線錯誤，請稍後再試");
  });
  it("a save or delete shows the server's words, else the screen's", () => {
    expect(actionFailure(new ApiError(409, "「景觀」還有 2 個服務項目"), "刪除服務類別失敗")).toBe("「景觀」還有 2 個服務項目");
    expect(actionFailure(new ApiError(500, ""), "保存服務項目失敗")).toBe("保存服務項目失敗");
    expect(actionFailure(new Error("x"), "刪除圖片失敗")).toBe("刪除圖片失敗");
    expect(actionFailure(new ApiError(0, ""), "保存服務類別失敗")).toBe("保存服務類別失敗：連線錯誤，請稍後再試");
    expect(fieldErrorsOf(new ApiError(409, "dup", { name: "已有名為「景觀」的服務類別" }))).toEqual({ name: "已有名為「景觀」的服務類別" });
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });
});

describe("uploads", () => {
  const ok = (data: unknown) => JSON.stringify({ success: true, data });
  it("answer the stored file's path", () => {
    expect(uploadOutcome("a.jpg", 200, ok({ id: 1, file_path: "/uploads/2026/11/a.jpg", file_url: "/uploads/2026/11/a.jpg" }))).toEqual({ ok: true, path: "/uploads/2026/11/a.jpg" });
    expect(uploadOutcome("a.jpg", 200, ok({ id: 1, file_path: "", file_url: "/uploads/x.jpg" }))).toEqual({ ok: true, path: "/uploads/x.jpg" });
  });
  it("word each failure as the spec does", () => {
    expect(uploadOutcome("a.jpg", 200, ok({ id: 1 }))).toEqual({ ok: false, message: "上傳 a.jpg 成功但未取得檔案路徑" });
    expect(uploadOutcome("a.jpg", 415, JSON.stringify({ success: false, message: "不支援的檔案格式" }))).toEqual({ ok: false, message: "上傳 a.jpg 失敗: 不支援的檔案格式" });
    expect(uploadOutcome("a.jpg", 502, "<html>Bad gateway</html>")).toEqual({ ok: false, message: "上傳 a.jpg 失敗: HTTP 502" });
    expect(uploadOutcome("a.jpg", 0, "")).toEqual({ ok: false, message: "上傳 a.jpg 失敗: 連線錯誤，請稍後再試" });
  });
  it("take a picked file's path only when it has one", () => {
    expect(pickedPath({ file_path: "/uploads/a.jpg", file_url: "" })).toBe("/uploads/a.jpg");
    expect(pickedPath({ file_path: "", file_url: " " })).toBeNull();
  });
});

describe("adding case images", () => {
  const fake = (refuse: (path: string) => Error | null = () => null) => {
    const added: string[] = [];
    return {
      added,
      deps: {
        add: async (path: string) => {
          const error = refuse(path);
          if (error) throw error;
          added.push(path);
        },
      },
    };
  };

  it("adds each path in order and counts the uploads", async () => {
    const { added, deps } = fake();
    expect(await addImages(["/uploads/a.jpg", "/uploads/b.jpg"], [], "upload", deps)).toEqual({ tone: "success", text: "成功上傳 2 張圖片" });
    expect(added).toEqual(["/uploads/a.jpg", "/uploads/b.jpg"]);
  });
  it("says so for images from the library", async () => {
    expect(await addImages(["/uploads/a.jpg"], [], "library", fake().deps)).toEqual({ tone: "success", text: "圖片已新增" });
    expect(await addImages(["/uploads/a.jpg", "/uploads/b.jpg"], [], "library", fake().deps)).toEqual({ tone: "success", text: "已新增 2 張圖片" });
  });
  it("lists the files that failed beside those that went", async () => {
    expect(await addImages(["/uploads/a.jpg"], ["上傳 b.jpg 失敗: HTTP 413"], "upload", fake().deps)).toEqual({ tone: "error", text: "成功上傳 1 張圖片；上傳 b.jpg 失敗: HTTP 413" });
  });
  it("says when every upload failed, or when there is no path to add", async () => {
    const { added, deps } = fake();
    expect(await addImages([], ["上傳 a.jpg 失敗: HTTP 500", "上傳 b.jpg 失敗: HTTP 500"], "upload", deps)).toEqual({
      tone: "error",
      text: "所有檔案上傳失敗，請檢查檔案格式和網路連線；上傳 a.jpg 失敗: HTTP 500；上傳 b.jpg 失敗: HTTP 500",
    });
    expect(await addImages([" "], ["圖片路徑錯誤，請重新選擇"], "library", deps)).toEqual({ tone: "error", text: "沒有有效的圖片路徑，請檢查上傳狀態；圖片路徑錯誤，請重新選擇" });
    expect(added).toEqual([]);
  });
  it("says when no image could be added, with the server's reason once", async () => {
    const refusal = () => new ApiError(400, "請先保存服務項目再新增圖片");
    expect(await addImages(["/uploads/a.jpg", "/uploads/b.jpg"], [], "upload", fake(refusal).deps)).toEqual({
      tone: "error",
      text: "所有圖片新增失敗，請檢查網路連線和伺服器狀態；請先保存服務項目再新增圖片",
    });
    expect(await addImages(["/uploads/a.jpg"], [], "upload", fake(() => new Error("x")).deps)).toEqual({ tone: "error", text: "所有圖片新增失敗，請檢查網路連線和伺服器狀態" });
  });
  it("counts the images that could not be added when others were", async () => {
    const { added, deps } = fake((path) => (path.endsWith("b.jpg") ? new Error("x") : null));
    expect(await addImages(["/uploads/a.jpg", "/uploads/b.jpg"], [], "upload", deps)).toEqual({ tone: "error", text: "成功上傳 1 張圖片；1 張新增圖片失敗" });
    expect(added).toEqual(["/uploads/a.jpg"]);
  });
});
