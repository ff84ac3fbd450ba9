// The field rules the element types share (ids, words, colours, addresses,
// links), each refusing in words: the server answers 400 with them per field
// and the editor's dialogs show the same sentences.
import { z } from "zod";
import { isSafeButtonLink } from "../banner.ts";

const ID = /^[a-z0-9]{6,24}$/;
/** A node's id: stable for its life (it keeps it when moved), unique in the page. */
export const nodeId = z.string({ error: "項目編號不正確" }).regex(ID, "項目編號不正確");

export const words = (label: string, max: number) => z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`);

export const colour = (label: string) => z.string({ error: `請選擇${label}` }).regex(/^#[0-9a-fA-F]{6}$/, `${label}必須是 #RRGGBB 格式的顏色`);

export const wholeNumber = (label: string, min: number, max: number, unit = "像素") =>
  z.number({ error: `${label}必須是數字` }).int(`${label}必須是整數`).min(min, `${label}至少 ${min} ${unit}`).max(max, `${label}最多 ${max} ${unit}`);

/** An uploaded file (/uploads/…) or an https URL; empty means none. */
export function isMediaAddress(value: string): boolean {
  if (value === "") return true;
  if (value.startsWith("/uploads/")) return !value.includes("..") && !/[\s\\"'<>]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !/[\s"'<>]/.test(value);
  } catch {
    return false;
  }
}

export const mediaAddress = (label: string) => words(label, 1000).refine(isMediaAddress, `${label}必須是上傳的檔案或 https:// 開頭的網址`);

export const pageLink = words("連結", 1000).refine((value) => value === "" || isSafeButtonLink(value), "連結必須是以 / 開頭的網站路徑或 http(s):// 網址");

/** How an element's content sits in its column (a service card, a button). */
export const ALIGNMENTS = ["left", "center", "right"] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
export const ALIGNMENT_LABELS: Record<Alignment, string> = { left: "靠左", center: "置中", right: "靠右" };
export const alignment = z.enum(ALIGNMENTS, { error: "請選擇對齊方式" }).default("left");

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text a person typed, safe inside HTML text and quoted attributes. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
