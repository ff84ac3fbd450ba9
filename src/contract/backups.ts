// 備份與還原 (issue 26): the backups the product made (by the backup_frequency
// schedule or 立即備份) and the archives `npm run backup` left in BACKUP_DIR,
// the schedule, and the restore of an uploaded archive. Sizes are bytes; times
// ISO-8601.

export const BACKUP_FREQUENCIES = ["daily", "weekly", "monthly", "never"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const backupFrequencyLabels: Record<BackupFrequency, string> = { daily: "每天", weekly: "每週", monthly: "每月", never: "不備份" };

/** schedule: the backup_frequency setting; manual: 立即備份 on the back office; command: `npm run backup` on the server (no record, found in the folder). */
export type BackupTrigger = "schedule" | "manual" | "command";
export const backupTriggerLabels: Record<BackupTrigger, string> = { schedule: "自動備份", manual: "手動備份", command: "手動備份（伺服器指令）" };

export type BackupStatus = "running" | "succeeded" | "failed";
export const backupStatusLabels: Record<BackupStatus, string> = { running: "備份中…", succeeded: "成功", failed: "失敗" };

export interface BackupEntry {
  /** null for an archive `npm run backup` wrote (it has no record). */
  id: number | null;
  trigger: BackupTrigger;
  status: BackupStatus;
  started_at: string;
  finished_at: string | null;
  /** The archive's file name in BACKUP_DIR; '' when the backup failed or is still running. */
  file_name: string;
  size: number;
  /** Why it failed, in words; '' otherwise. */
  error: string;
  /** The archive is in the backup folder and can be downloaded. */
  available: boolean;
}

export interface BackupSchedule {
  frequency: BackupFrequency;
  /** How many of the latest backups are kept (backup_keep). */
  keep: number;
  /** When the next automatic backup runs; null when they are off. */
  next_run_at: string | null;
}

/** GET /admin-api.php/backups */
export interface BackupsOverview {
  /** Newest first. */
  backups: BackupEntry[];
  schedule: BackupSchedule;
  /** The latest finished backup (made by the product), succeeded or failed; null before the first. */
  last: BackupEntry | null;
  /** The backup running now, if one is. */
  running: BackupEntry | null;
}

/** GET /admin-api.php/backups/latest: what the dashboard shows. */
export type BackupSummary = Pick<BackupsOverview, "schedule" | "last" | "running">;

/** POST /admin-api.php/backups/restore answers this. */
export interface RestoreResult {
  tables: number;
  files: number;
  /** The session that restored is gone (the archive's accounts replaced it): sign in again. */
  signed_out: boolean;
}

/** Where an archive is downloaded (GET, with a ticket) and deleted (DELETE, as an administrator). */
export const backupFilePath = (name: string) => `/admin-api.php/backups/files/${encodeURIComponent(name)}`;

/** The query parameter that carries a download link's ticket. */
export const BACKUP_TICKET_PARAM = "ticket";

/**
 * POST /admin-api.php/backups/files/{name}/download-link: an address the browser downloads
 * the archive from by itself (no bearer token), once, for about a minute.
 */
export interface BackupDownloadLink {
  url: string;
  expires_at: string;
}

/** An uploaded archive larger than this is refused (413) while it streams in. */
export const RESTORE_MAX_BYTES = 2 * 1024 ** 3;

export const BACKUP_MESSAGES = {
  started: "已開始備份，完成後會顯示在清單中",
  alreadyRunning: "已有備份正在進行，請等它完成後再試",
  deleted: "備份檔已刪除",
  notFound: "找不到這個備份檔",
  restored: "網站已從備份檔還原",
  passwordNeeded: "請輸入您的登入密碼",
  passwordWrong: "密碼錯誤，網站沒有被還原",
  fileNeeded: "請選擇要還原的備份檔",
  tooLarge: "備份檔超過 2 GB，無法上傳還原",
  busyRestoring: "備份進行中，請等備份完成後再還原",
  linkNeeded: "請從後台的備份與還原下載備份檔",
  linkExpired: "下載連結已失效，請回到備份與還原重新下載",
  interrupted: "備份沒有完成：執行備份的伺服器中途停止（例如重新啟動），請再備份一次",
} as const;

/** What a restore replaces, said before it starts. */
export const RESTORE_REPLACES = ["所有網站內容（頁面、服務、案例、最新消息、橫幅）", "網站設定與風格", "管理員帳號與密碼", "聯絡表單與 LINE 客服紀錄", "上傳的圖片、影片與檔案"] as const;

/** Bytes in the units people read: KB, MB, GB. */
export function formatBackupSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} 位元組`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number.parseFloat(value.toFixed(1))} ${units[unit]}`;
}
