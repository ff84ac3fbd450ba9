// Product categories (001 §2 "Categories management", §3, §4, §5, §7, §8, §9):
// a name, a description, a sort order moved up or down one step at a time
// (never below 0) and a status. The screen and the server share these rules.
import { z } from "zod";
import { integerOrZero, text } from "./input-rules.ts";

export const CATEGORY_MESSAGES = {
  created: "類別新增成功",
  updated: "類別更新成功",
  deleted: "類別已刪除",
  operationFailed: "操作失敗",
  deleteFailed: "刪除失敗",
  notFound: "找不到這個類別",
  empty: "目前還沒有類別",
} as const;

export const CATEGORY_STATUSES = ["active", "inactive"] as const;
export type CategoryStatus = (typeof CATEGORY_STATUSES)[number];
export const categoryStatusLabels: Record<CategoryStatus, string> = { active: "啟用", inactive: "停用" };

export interface Category {
  id: number;
  name: string;
  description: string;
  sort_order: number;
  status: CategoryStatus;
  created_at: string;
  updated_at: string;
}

/** POST and PUT /admin-api.php/categories[/{id}]: name, description, sort_order, status. */
export const categoryInputSchema = z.object({
  name: text(60, "類別名稱").min(1, "請輸入類別名稱"),
  description: text(500, "類別說明").optional().default(""),
  sort_order: integerOrZero("排序").optional().default(0),
  status: z.enum(CATEGORY_STATUSES, { error: "狀態只能是啟用或停用" }).optional().default("active"),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** The up and down buttons: one step, never below 0 (001 §4). */
export function movedSortOrder(current: number, direction: "up" | "down"): number {
  return direction === "up" ? Math.max(0, current - 1) : current + 1;
}
