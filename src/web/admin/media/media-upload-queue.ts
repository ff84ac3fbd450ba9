// The rows under an upload button: one per picked file, with its progress and
// its outcome. Pure transitions; the hook (use-media-upload.ts) owns the state.
import { MEDIA_MESSAGES } from "./media-answers.ts";

export type UploadStatus = "waiting" | "uploading" | "processing" | "done" | "error" | "skipped";

export interface UploadEntry {
  key: string;
  name: string;
  /**
   * The stored original's size once the server has it (null before): the one figure the
   * grid and the details show too. It differs from the picked file's, which still holds
   * its EXIF and was encoded by the camera (the pipeline re-encodes it: decision 009).
   */
  storedSize: number | null;
  /** 0-100, whole numbers. */
  percent: number;
  status: UploadStatus;
  /** The error text (server message) for error and skipped rows. */
  message: string;
}

export const isFinished = (entry: UploadEntry) => entry.status === "done" || entry.status === "error" || entry.status === "skipped";

export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

export function newEntries(files: ReadonlyArray<{ name: string }>, status: "waiting" | "skipped", nextKey: () => string): UploadEntry[] {
  return files.map((file) => ({
    key: nextKey(),
    name: file.name,
    storedSize: null,
    percent: 0,
    status,
    message: status === "skipped" ? MEDIA_MESSAGES.skipped : "",
  }));
}

function update(entries: readonly UploadEntry[], key: string, change: (entry: UploadEntry) => UploadEntry): UploadEntry[] {
  return entries.map((entry) => (entry.key === key ? change(entry) : entry));
}

/** Bytes sent; once all are sent the server is still storing and resizing: 處理中. */
export function withProgress(entries: readonly UploadEntry[], key: string, loaded: number, total: number): UploadEntry[] {
  const percent = uploadPercent(loaded, total);
  return update(entries, key, (entry) => ({ ...entry, percent, status: percent >= 100 ? "processing" : "uploading" }));
}

export function withStatus(entries: readonly UploadEntry[], key: string, status: Exclude<UploadStatus, "done">, message = ""): UploadEntry[] {
  return update(entries, key, (entry) => ({ ...entry, status, message }));
}

/** Stored: done, with the size of what the server keeps. */
export function withStored(entries: readonly UploadEntry[], key: string, storedSize: number): UploadEntry[] {
  return update(entries, key, (entry) => ({ ...entry, status: "done", message: "", percent: 100, storedSize }));
}

export const withoutFinished = (entries: readonly UploadEntry[]) => entries.filter((entry) => !isFinished(entry));

export const STATUS_LABELS: Record<UploadStatus, string> = {
  waiting: "等待上傳",
  uploading: "上傳中",
  processing: "處理中...",
  done: "上傳完成",
  error: "上傳失敗",
  skipped: "已略過",
};
