// Services management (002 §2.10, §3, §4, §5, §7, §8, §9) and the public
// service detail (000 §3 "Service (detail)", §7 GET /api.php/services/{id}):
// categories, items and each item's case images, with the input rules shared
// by the services screen and the server.
import { z } from "zod";
import { activeFlag, imagePath, integerOrZero, lineList, text } from "./input-rules.ts";

export const SERVICE_MESSAGES = {
  itemCreated: "新增服務項目成功",
  itemUpdated: "更新服務項目成功",
  itemDeleted: "刪除服務項目成功",
  categoryCreated: "新增服務類別成功",
  categoryUpdated: "更新服務類別成功",
  categoryDeleted: "刪除服務類別成功",
  imageAdded: "圖片已新增",
  imageDeleted: "圖片已刪除",
  itemNotFound: "服務項目不存在",
  itemNotFoundDetail: "抱歉，您要查看的服務項目不存在或已下線。",
  categoryNotFound: "找不到這個服務類別",
  imageNotFound: "找不到這張圖片",
  // The spec's alert without its 「或確保服務項目 ID 有效」: staff read no ids (docs/product/services.md).
  saveItemFirst: "請先保存服務項目再新增圖片",
  staleOrder: "清單已有變更，請重新整理後再調整順序",
} as const;

/** A service item's price unit when none is given (002 §9). */
export const DEFAULT_ITEM_PRICE_UNIT = "次";

export interface ServiceCategory {
  id: number;
  name: string;
  description: string;
  display_order: number;
  is_active: 0 | 1;
  /** How many items it holds (the screen says so before a delete). */
  item_count: number;
  created_at: string;
  updated_at: string;
}

export interface ServiceImage {
  id: number;
  service_id: number;
  image_path: string;
  title: string;
  description: string;
  display_order: number;
  is_active: 0 | 1;
  created_at: string;
}

export interface ServiceItem {
  id: number;
  category_id: number | null;
  category_name: string;
  name: string;
  description: string;
  features: string[];
  /** 實績亮點 on the detail page. */
  references: string[];
  main_image: string;
  price: number | null;
  price_unit: string;
  display_order: number;
  is_active: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** GET /api.php/services/{id}: an active item with its active images. */
export interface ServiceDetail extends ServiceItem {
  images: ServiceImage[];
}

/** A price as a decimal; empty means none (null); 0 or less shows no price chip. */
const price = z
  .union([z.number(), z.string(), z.null()], { error: "價格必須是數字" })
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const parsed = typeof value === "number" ? value : Number(value.replace(/,/g, ""));
    if (!Number.isFinite(parsed)) {
      ctx.addIssue({ code: "custom", message: "價格必須是數字，例如 1200" });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(z.number().min(0, "價格不能是負數").max(100_000_000, "價格太大了").nullable());

export const serviceCategoryInputSchema = z.object({
  name: text(60, "類別名稱").min(1, "請輸入類別名稱"),
  description: text(500, "類別說明").optional().default(""),
  display_order: integerOrZero("顯示順序").optional().default(0),
  is_active: activeFlag.optional().default(1),
});
export type ServiceCategoryInput = z.input<typeof serviceCategoryInputSchema>;

export const serviceItemInputSchema = z.object({
  category_id: z
    .union([z.number(), z.string(), z.null()], { error: "服務類別不正確" })
    .transform((value) => {
      const parsed = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
      return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
    })
    .optional()
    .default(null),
  name: text(100, "服務名稱").min(1, "請輸入服務名稱"),
  description: text(2000, "服務說明").optional().default(""),
  features: lineList("服務特色").optional().default([]),
  references: lineList("實績亮點").optional().default([]),
  main_image: imagePath("主要圖片").optional().default(""),
  price: price.optional().default(null),
  price_unit: text(20, "價格單位").optional().default(DEFAULT_ITEM_PRICE_UNIT).transform((unit) => unit || DEFAULT_ITEM_PRICE_UNIT),
  display_order: integerOrZero("顯示順序").optional().default(0),
  is_active: activeFlag.optional().default(1),
});
export type ServiceItemInput = z.input<typeof serviceItemInputSchema>;

export const serviceImageInputSchema = z.object({
  service_id: z.coerce.number({ error: SERVICE_MESSAGES.saveItemFirst }).int(SERVICE_MESSAGES.saveItemFirst).positive(SERVICE_MESSAGES.saveItemFirst),
  image_path: imagePath("圖片路徑").refine((value) => value !== "", "沒有有效的圖片路徑，請檢查上傳狀態"),
  title: text(100, "圖片標題").optional().default(""),
  description: text(500, "圖片說明").optional().default(""),
  display_order: integerOrZero("顯示順序").optional().default(0),
  is_active: activeFlag.optional().default(1),
});
export type ServiceImageInput = z.input<typeof serviceImageInputSchema>;

/** NT$ 1,200 / 坪: only for a price above 0 (000 §5). */
export function priceChip(price: number | null, unit: string, fallbackUnit = "專案"): string | null {
  if (price === null || !(price > 0)) return null;
  return `NT$ ${price.toLocaleString("en-US", { maximumFractionDigits: 2 })} / ${unit || fallbackUnit}`;
}
