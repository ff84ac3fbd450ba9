// The media endpoints' answers turned into what the screens show, each failure
// in the spec's exact words (MEDIA_MESSAGES; 002 §8). Pure: status and body
// text in, data or a message out, so every branch is tested without a server.
import { TRASH_DAYS, type CleanupResult, type MediaFile } from "#contract/media.ts";
import { normaliseMediaFile } from "./media-files.ts";

export const MEDIA_MESSAGES = {
  noToken: "請先登入後台管理系統",
  /** What the picker says instead when there is no token (002 §5). */
  pickerNoToken: "登入憑證無效",
  expired: "登入已過期，請重新登入",
  loadFailed: "載入媒體檔案失敗",
  network: "網路連線錯誤，請檢查網路後重試",
  // The spec writes 剪貼板 (mainland usage); staff in Taiwan say 剪貼簿.
  copied: "已複製到剪貼簿",
  copyFailed: "無法複製，請手動選取網址複製",
  altSaved: "已儲存替代文字",
  altFailed: "替代文字儲存失敗",
  // The spec's question, and where the file goes (decision 042).
  deleteConfirm: `確定要刪除這個檔案嗎？刪除後會移到回收桶，${TRASH_DAYS} 天內可以還原。`,
  cleanupNotJson: "伺服器回應非 JSON",
  cleanupException: "清理過程中發生錯誤，請稍後再試",
  cleanupPermissions: "請檢查伺服器檔案權限",
  uploadNoPath: "上傳成功但未取得檔案路徑",
  uploadNetwork: "網路連線錯誤，上傳失敗",
  uploadAborted: "已取消上傳",
  skipped: "不支援的檔案類型，已略過（僅接受圖片與影片）",
} as const;

export const loadFailedStatus = (status: number) => `載入失敗 (${status})`;
export const cleanupFailedStatus = (status: number) => `清理失敗 (${status})`;
export const uploadFailedStatus = (status: number) => `上傳失敗 (HTTP ${status})`;

/** Why the list could not be shown; each kind has its own message and way out. */
export type MediaLoadKind = "no-token" | "expired" | "failed" | "network";

export class MediaLoadError extends Error {
  readonly kind: MediaLoadKind;
  constructor(kind: MediaLoadKind, message: string) {
    super(message);
    this.name = "MediaLoadError";
    this.kind = kind;
  }
}

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

function parseJson(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

const serverMessage = (body: Envelope | null) => (body && typeof body.message === "string" ? body.message.trim() : "");
const isOk = (status: number) => status >= 200 && status < 300;

function isMediaRecord(value: unknown): value is Partial<MediaFile> & { id: number } {
  return Boolean(value) && typeof value === "object" && typeof (value as { id?: unknown }).id === "number";
}

/**
 * GET /admin-api.php/media, in the order of 002 §8: 401, then any
 * other error status, then an answer that does not succeed.
 */
export function parseMediaListAnswer(status: number, text: string): MediaFile[] {
  if (status === 401) throw new MediaLoadError("expired", MEDIA_MESSAGES.expired);
  if (!isOk(status)) throw new MediaLoadError("failed", loadFailedStatus(status));
  const body = parseJson(text);
  if (!body || body.success !== true) throw new MediaLoadError("failed", serverMessage(body) || MEDIA_MESSAGES.loadFailed);
  if (!Array.isArray(body.data)) throw new MediaLoadError("failed", MEDIA_MESSAGES.loadFailed);
  return body.data.filter(isMediaRecord).map(normaliseMediaFile);
}

/** The message a screen shows for a failed load; the picker words the missing token its own way. */
export function loadErrorMessage(error: unknown, screen: "library" | "picker" = "library"): string {
  if (error instanceof MediaLoadError) {
    if (error.kind === "no-token" && screen === "picker") return MEDIA_MESSAGES.pickerNoToken;
    return error.message;
  }
  return MEDIA_MESSAGES.loadFailed;
}

export type UploadOutcome = { ok: true; file: MediaFile } | { ok: false; status: number; message: string };

/**
 * POST /admin-api.php/media as XMLHttpRequest reports it (status 0: no
 * answer). A refusal shows the server's own words (413 too large, 415 wrong
 * type); a proxy's bare error page shows the status.
 */
export function parseUploadAnswer(status: number, text: string): UploadOutcome {
  if (status === 0) return { ok: false, status, message: MEDIA_MESSAGES.uploadNetwork };
  const body = parseJson(text);
  if (isOk(status) && body?.success === true) {
    if (!isMediaRecord(body.data)) return { ok: false, status, message: MEDIA_MESSAGES.uploadNoPath };
    const file = normaliseMediaFile(body.data);
    if (!file.file_url) return { ok: false, status, message: MEDIA_MESSAGES.uploadNoPath };
    return { ok: true, file };
  }
  const message = serverMessage(body);
  if (message) return { ok: false, status, message };
  if (status === 401) return { ok: false, status, message: MEDIA_MESSAGES.expired };
  return { ok: false, status, message: uploadFailedStatus(status) };
}

export type CleanupOutcome = { ok: true; result: CleanupResult } | { ok: false; message: string };

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

/** POST /admin-api.php/media/cleanup-unused (002 §8: non-JSON, then failure). */
export function parseCleanupAnswer(status: number, text: string): CleanupOutcome {
  const body = parseJson(text);
  if (!body) return { ok: false, message: MEDIA_MESSAGES.cleanupNotJson };
  if (!isOk(status) || body.success !== true) return { ok: false, message: serverMessage(body) || cleanupFailedStatus(status) };
  const data = (body.data && typeof body.data === "object" ? body.data : {}) as Partial<Record<keyof CleanupResult, unknown>>;
  const errors = texts(data.errors);
  const unusedFiles = texts(data.unused_files);
  const unusedCount = count(data.unused_count);
  return {
    ok: true,
    result: {
      deleted_count: count(data.deleted_count),
      unused_count: unusedCount,
      total_files_before: count(data.total_files_before),
      total_files_after: count(data.total_files_after),
      error_count: typeof data.error_count === "number" ? data.error_count : errors.length,
      deleted_files: texts(data.deleted_files),
      unused_files: unusedFiles,
      // Absent: what the count holds beyond the list.
      unused_more_count: typeof data.unused_more_count === "number" ? data.unused_more_count : Math.max(0, unusedCount - unusedFiles.length),
      errors,
    },
  };
}

/** A delete refused or failed: the server's message (a 409 names where the file is used). */
export function deleteFailureMessage(status: number, text: string): string {
  const message = serverMessage(parseJson(text));
  if (message) return message;
  return status === 409 ? "此檔案正在使用中，無法刪除" : `刪除失敗 (${status})`;
}
