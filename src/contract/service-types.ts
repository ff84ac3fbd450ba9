// Service types (001 §3, §4, §5, §8, §9; 000 §3 "service type option"): the
// kinds of work a cleaning case belongs to. Automatic ones follow the services
// page (key, title, order, icon) and are read-only; staff add manual ones.
import { z } from "zod";
import { text } from "./input-rules.ts";

export const SERVICE_TYPE_MESSAGES = {
  created: "服務類型已新增",
  updated: "服務類型已更新",
  deleted: "服務類型已刪除",
  duplicate: "服務類型代碼或名稱已存在",
  addFailed: "新增服務類型失敗",
  updateFailed: "更新服務類型失敗",
  deleteFailed: "刪除服務類型失敗",
  notFound: "找不到這個服務類型",
  automaticReadOnly: "這個服務類型由服務項目頁面自動同步，請到「服務管理」修改這個服務項目",
  inUse: (cases: number) => `還有 ${cases} 個案例使用這個服務類型，請先把案例改為其他類型再刪除`,
} as const;

/** What the public gallery's dropdown needs (GET /admin-api.php/service-types with Bearer public). */
export interface ServiceTypeOption {
  value: string;
  label: string;
}

/** What the back office sees (the same call with an administrator's token). */
export interface ServiceType extends ServiceTypeOption {
  id: number;
  icon: string;
  sort_order: number;
  /** Synced from the services page: neither editable nor deletable here. */
  is_auto: boolean;
  /** How many cases use it: one that is used cannot be deleted. */
  case_count: number;
}

export const serviceTypeInputSchema = z.object({
  value: text(60, "服務類型代碼").min(1, "請輸入服務類型代碼"),
  label: text(60, "服務類型名稱").min(1, "請輸入服務類型名稱"),
});
export type ServiceTypeInput = z.input<typeof serviceTypeInputSchema>;

/** An edit changes the name only (001 §4). */
export const serviceTypeUpdateSchema = z.object({
  label: text(60, "服務類型名稱").min(1, "請輸入服務類型名稱"),
});

const traditionalChinese = new Intl.Collator("zh-Hant-TW");

/** Automatic types first by their order, then manual ones by name in Traditional Chinese collation (001 §9). */
export function sortServiceTypes<T extends { is_auto: boolean; sort_order: number; label: string }>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => {
    if (a.is_auto !== b.is_auto) return a.is_auto ? -1 : 1;
    if (a.is_auto) return a.sort_order - b.sort_order || traditionalChinese.compare(a.label, b.label);
    return traditionalChinese.compare(a.label, b.label);
  });
}
