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

/** `backup-2026-11-26T1405Z.tar.gz` (UTC); a second archive in the same minute gets `-2`, `-3`… */
export const BACKUP_FILE_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{4}Z(?:-\d+)?\.tar\.gz$/;

export function backupFileName(at: Date, attempt = 1): string {
  const minute = at.toISOString().slice(0, 16).replace(":", "");
  return `backup-${minute}Z${attempt > 1 ? `-${attempt}` : ""}.tar.gz`;
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

/** A part in words: 「最新消息文章」的資料, 檔案「報價單.pdf」. */
export function partInWords(part: Pick<ManifestPart, "path" | "download_name">): string {
  const name = parsePartPath(part.path);
  if (name?.kind === "table") return `「${TABLE_WORDS[name.table] ?? "其他網站資料"}」的資料`;
  if (name?.kind === "file") return `檔案「${part.download_name ?? name.key}」`;
  return "其中一部分";
}
