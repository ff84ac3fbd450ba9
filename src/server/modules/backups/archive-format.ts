// The backup archive: one .tar.gz that holds the whole site in a form either
// engine can load back.
//
//   database/<table>.ndjson   one JSON object per row, column name → value, in
//                             primary-key order (the portable schema keeps
//                             values to text, integers, reals and NULL)
//   files/<key>               every stored file, byte for byte
//   manifest.json             written last, once every part's size and SHA-256
//                             are known: format and versions, the engine it
//                             came from, and per part its path, bytes, sha256
//                             (rows for a table, the download name for a file)
//
// A restore checks every part against the manifest before it changes anything.
import { z } from "zod";
import { formatFileSize } from "#contract/file-sizes.ts";
import { STORAGE_KEY_SHAPE } from "#server/integrations/storage.ts";

export const ARCHIVE_FORMAT = "keelung-clean-site-backup";
/** Raised when the layout changes in a way an older product could not read. */
export const FORMAT_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";

const TABLE_PART = /^database\/([a-z][a-z0-9_]*)\.ndjson$/;
/**
 * A stored file: exactly the keys the storage accepts (nothing climbs out), so that an archive
 * naming any other is refused with the rest of its checks, before anything changes.
 */
const FILE_PART = new RegExp(`^files/(${STORAGE_KEY_SHAPE})$`);

export const tablePart = (table: string) => `database/${table}.ndjson`;
export const filePart = (key: string) => `files/${key}`;

export type PartName = { kind: "table"; table: string } | { kind: "file"; key: string };

/** What a part's path names, or undefined for a path no archive of ours holds. */
export function parsePartPath(partPath: string): PartName | undefined {
  const table = TABLE_PART.exec(partPath);
  if (table) return { kind: "table", table: table[1]! };
  const file = FILE_PART.exec(partPath);
  return file ? { kind: "file", key: file[1]! } : undefined;
}

const partSchema = z.object({
  path: z.string().refine((value) => parsePartPath(value) !== undefined),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Tables: how many rows the part holds. */
  rows: z.number().int().min(0).optional(),
  /** Files: the name a download is saved under (a LINE customer's own file name). */
  download_name: z.string().optional(),
});

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().int().min(1),
  product_version: z.string().min(1),
  /** The name of the last migration applied to the database it was made from. */
  schema_version: z.string().min(1),
  created_at: z.string().min(1),
  engine: z.enum(["sqlite", "postgres"]),
  parts: z.array(partSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestPart = z.infer<typeof partSchema>;

/** Taiwan keeps UTC+8 all year (no daylight saving): the clock the staff read. */
export const TAIWAN_OFFSET_MS = 8 * 60 * 60_000;
/** `at` as Taiwan's wall clock, `2026-12-02T10:15:00.000` (the ISO form of that moment moved by the offset). */
const taiwanClock = (at: Date) => new Date(at.getTime() + TAIWAN_OFFSET_MS).toISOString().slice(0, 23);

/**
 * `backup-2026-12-02-1015+0800.tar.gz`: the minute it was made, in Taiwan (the time the screen
 * shows beside it); a second archive in the same minute gets `_2`, `_3`… (sorting after the
 * first). Archives named before, in UTC (`backup-2026-11-26T1405Z.tar.gz`, `-2`…), are still ours.
 */
export const BACKUP_FILE_NAME = /^backup-\d{4}-\d{2}-\d{2}(?:-\d{4}\+0800(?:_\d+)?|T\d{4}Z(?:-\d+)?)\.tar\.gz$/;

export function backupFileName(at: Date, attempt = 1): string {
  const [day, time] = taiwanClock(at).split("T") as [string, string];
  return `backup-${day}-${time.slice(0, 5).replace(":", "")}+0800${attempt > 1 ? `_${attempt}` : ""}.tar.gz`;
}

/** Refused archives, with a message for the people who chose the file (the back office shows it as it is). */
export class BackupArchiveError extends Error {
  override name = "BackupArchiveError";
}

export const ARCHIVE_MESSAGES = {
  notABackup: "這個檔案不是本網站的備份，或已經損毀。",
  partChanged: (part: string) => `這個備份已經損毀：${part}和備份當時的內容不一樣，無法還原。`,
  partMissing: (part: string) => `這個備份不完整：少了${part}，無法還原。`,
  newerSchema: (productVersion: string) => `這個備份來自較新版本的網站（${productVersion}），請先把網站更新到這個版本或更新的版本，再還原。`,
  rowTooLong: (part: string, maxBytes: number) =>
    `這個備份無法還原：${part}裡有一筆超過 ${formatFileSize(maxBytes)}，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。`,
  fieldTooLong: (table: string, record: string, refusal: string) => `這個備份有資料超過網站允許的長度，無法還原：${table}中${record}：${refusal}。`,
  tooManyRows: (rows: number) => `這個備份無法還原：資料超過 ${rows.toLocaleString("zh-TW")} 筆，比網站能保存的還多，不是本網站做出的備份。`,
  tooManyParts: (parts: number) => `這個備份無法還原：裡面的檔案超過 ${parts.toLocaleString("zh-TW")} 個，比網站能保存的還多，不是本網站做出的備份。`,
  unpackedTooLarge: (bytes: number) => `這個備份無法還原：解壓縮後超過 ${formatFileSize(bytes)}，遠大於本網站的備份會有的大小，可能是刻意做成的壓縮檔。`,
  partTooCompressed: (part: string, ratio: number) => `這個備份無法還原：${part}解壓縮後比壓縮時大了 ${ratio} 倍以上，不像本網站做出的備份，可能是刻意做成的壓縮檔。`,
} as const;

/** What a table holds, in the staff's words (the part a checksum names). */
const TABLE_WORDS: Record<string, string> = {
  app_meta: "網站的基本紀錄",
  settings: "網站設定",
  themes: "佈景主題",
  admin_users: "管理員帳號",
  login_attempts: "登入紀錄",
  admin_totp: "兩步驟驗證設定",
  admin_recovery_codes: "兩步驟驗證的備用碼",
  activity_log: "操作紀錄",
  hero_banners: "首頁橫幅",
  pages: "頁面內容",
  page_revisions: "頁面的舊版本",
  service_categories: "服務分類",
  service_items: "服務項目",
  service_images: "服務圖片",
  service_types: "案例的服務類型",
  portfolios: "清潔案例",
  portfolio_photo_groups: "案例照片",
  categories: "產品分類",
  blog_categories: "最新消息分類",
  blog_tags: "最新消息標籤",
  blog_posts: "最新消息文章",
  blog_post_tags: "文章的標籤",
  blog_post_revisions: "文章的舊版本",
  blog_moved_slugs: "文章的舊網址",
  contacts: "聯絡表單留言",
  line_customers: "LINE 客戶",
  line_messages: "LINE 對話訊息",
  line_canned_replies: "LINE 快速回覆",
  line_webhook_events: "LINE 已收到的事件",
  notification_deliveries: "通知發送紀錄",
  media_files: "媒體庫的檔案清單",
  media_references: "檔案的使用位置",
  jobs: "排程工作（例如排程發布的文章）",
};

/** A table in words: 「最新消息文章」. */
export const tableInWords = (table: string) => `「${TABLE_WORDS[table] ?? "其他網站資料"}」`;

/** What a row is called (its title or name) and when it was made, for people to find it. */
const NAMING_COLUMNS = ["title", "name", "display_name", "label", "original_name"];
const NAME_SHOWN = 20;

/** A row in words: 「林小姐」（2026-01-01 08:00）那一筆, or 有一筆 when it has neither a name nor a time. */
export function rowInWords(row: Record<string, unknown>): string {
  const named = NAMING_COLUMNS.map((column) => row[column]).find((value): value is string => typeof value === "string" && value.trim() !== "");
  const characters = named === undefined ? [] : [...named.replace(/\s+/g, " ").trim()];
  const made = typeof row.created_at === "string" && !Number.isNaN(Date.parse(row.created_at)) ? taiwanClock(new Date(row.created_at)).slice(0, 16).replace("T", " ") : "";
  if (characters.length === 0 && made === "") return "有一筆";
  const called = characters.length === 0 ? "" : `「${characters.slice(0, NAME_SHOWN).join("")}${characters.length > NAME_SHOWN ? "…" : ""}」`;
  return `${called}${made ? `（${made}）` : ""}那一筆`;
}

/** A part in words: 「最新消息文章」的資料, 檔案「報價單.pdf」. */
export function partInWords(part: Pick<ManifestPart, "path" | "download_name">): string {
  const name = parsePartPath(part.path);
  if (name?.kind === "table") return `${tableInWords(name.table)}的資料`;
  if (name?.kind === "file") return `檔案「${part.download_name ?? name.key}」`;
  return "其中一部分";
}
