// Input rules several forms share (services, cases, categories): how the
// screens' values (checkbox flags, number fields, one-per-line lists, picked
// images) are read, with the Traditional Chinese message of each refusal.
import { z } from "zod";

/** 1/0, true/false, "1"/"0", "true"/"false": the screens send all of these. */
export const activeFlag = z
  .union([z.boolean(), z.number(), z.string()], { error: "啟用狀態必須是開啟或關閉" })
  .transform((value) => (value === true || value === 1 || value === "1" || value === "true" ? 1 : 0) as 0 | 1);

/** Parsed as an integer, falling back to 0 (002 §5). */
export const integerOrZero = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label}必須是數字` })
    .transform((value) => {
      const parsed = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
      return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
    })
    .pipe(z.number().int().min(0, `${label}不能小於 0`).max(1_000_000, `${label}太大了`));

export const text = (max: number, label: string) => z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`);

/** Feature and reference lists: a list, or text one per line; trimmed, blanks and repeats dropped (002 §5). */
export const lineList = (label: string) =>
  z
    .union([z.array(z.string({ error: `${label}的每一項必須是文字` })), z.string()], { error: `${label}必須是清單` })
    .transform((value) => {
      const lines = (Array.isArray(value) ? value : value.split(/\r?\n/)).map((line) => line.trim()).filter(Boolean);
      return [...new Set(lines)];
    })
    .pipe(z.array(z.string().max(200, `${label}的每一項不能超過 200 個字元`)).max(50, `${label}最多 50 項`));

/** An uploaded file (/uploads/…), a path of this site or a web address; empty means none. `//host/…` is another site's, not a path. */
export const imagePath = (label: string) =>
  text(500, label).refine((value) => value === "" || (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\//.test(value), `${label}必須是上傳的圖片或網址`);

