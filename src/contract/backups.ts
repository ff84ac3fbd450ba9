// 備份與還原 (issue 26): the backups the product made (by the backup_frequency
// schedule or 立即備份) and the archives `npm run backup` left in BACKUP_DIR,
// the schedule, and the restore of an uploaded archive, which runs on the server
// after the upload (its run is followed by a link of its own). Sizes are bytes;
// times ISO-8601.

export const BACKUP_FREQUENCIES = ["daily", "weekly", "monthly", "never"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const backupFrequencyLabels: Record<BackupFrequency, string> = { daily: "每天", weekly: "每週", monthly: "每月", never: "不備份" };

/**
 * schedule: the backup_frequency setting; manual: 立即備份 on the back office; command: `npm run backup`
 * on the server (no record, found in the folder); restore: a restore from an uploaded archive (no archive of its own).
 */
export type BackupTrigger = "schedule" | "manual" | "command" | "restore";
export const backupTriggerLabels: Record<BackupTrigger, string> = { schedule: "自動備份", manual: "手動備份", command: "手動備份（伺服器指令）", restore: "從備份檔還原" };

export type BackupStatus = "running" | "succeeded" | "failed";
export const backupStatusLabels: Record<BackupStatus, string> = { running: "備份中…", succeeded: "成功", failed: "失敗" };

/** A run's state in words: a restore that runs says 還原中…. */
export const runStatusLabel = (entry: Pick<BackupEntry, "trigger" | "status">): string =>
  entry.trigger === "restore" && entry.status === "running" ? "還原中…" : backupStatusLabels[entry.status];

export interface BackupEntry {
  /** null for an archive `npm run backup` wrote (it has no record). */
  id: number | null;
  trigger: BackupTrigger;
  status: BackupStatus;
  started_at: string;
  finished_at: string | null;
  /** The archive's file name in BACKUP_DIR; '' when the backup failed or is still running, and for a restore. */
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
  /** The latest finished backup (made by the product), succeeded or failed; null before the first. Never a restore. */
  last: BackupEntry | null;
  /** The backup, or the restore, running now, if one is (one at a time). */
  running: BackupEntry | null;
}

/** GET /admin-api.php/backups/latest: what the dashboard shows. */
export type BackupSummary = Pick<BackupsOverview, "schedule" | "last" | "running">;

/**
 * POST /admin-api.php/backups/restore answers this (202) once the archive is uploaded and the
 * password checked; the restore then runs on the server. A restore signs everyone out (sessions are
 * never restored), so its progress is read at `status_url`, which needs no sign-in: the address
 * carries a ticket of its own, valid for a day.
 */
export interface RestoreStarted {
  id: number;
  status_url: string;
}

/** GET status_url: the restore's run. */
export interface RestoreProgress {
  status: BackupStatus;
  /** Why it failed, in words (whether the site was changed included); '' otherwise. */
  error: string;
  finished_at: string | null;
}

/** Where a restore's progress is read (public, with the ticket its start answered). */
export const restoreStatusPath = (id: number, ticket: string) => `/admin-api.php/backups/restores/${id}?${BACKUP_TICKET_PARAM}=${encodeURIComponent(ticket)}`;

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
  restoreStarted: "已收到備份檔，正在還原網站…",
  passwordNeeded: "請輸入您的登入密碼",
  passwordWrong: "密碼錯誤，網站沒有被還原",
  passwordLocked: (time: string, minutes: number) => `密碼錯誤的次數過多，為保護網站已暫停還原，請於 ${time} 後再試（約 ${minutes} 分鐘）`,
  fileNeeded: "請選擇要還原的備份檔",
  tooLarge: "備份檔超過 2 GB，無法上傳還原",
  busyRestoring: "備份進行中，請等備份完成後再還原",
  restoreRunning: "網站正在從備份檔還原，請等還原完成後再試",
  restoreNotFound: "找不到這次還原的紀錄",
  linkNeeded: "請從後台的備份與還原下載備份檔",
  linkExpired: "下載連結已失效，請回到備份與還原重新下載",
  interrupted: "備份沒有完成：執行備份的伺服器中途停止（例如重新啟動），請再備份一次",
} as const;

/** How a restore ended, when it did not succeed; each says whether the site was changed. */
export const RESTORE_FAILURES = {
  /** A refused archive: its own reason (archive-format.ts), then this. */
  unchanged: "網站沒有被變更。",
  diskFull: "還原失敗：伺服器的磁碟空間不足。網站沒有被變更，請清出空間後再試。",
  unexpected: "還原失敗：伺服器發生未預期的錯誤，詳細原因記錄在伺服器日誌。網站沒有被變更。",
  filesUnfinished: "還原沒有完成：網站的資料和檔案已經換成備份檔的內容，但原本網站有些備份裡沒有的檔案沒能刪除。請再用同一個備份檔還原一次。",
  timeLimit: (limit: string) => `還原超過 ${limit}仍未完成，已停止。網站沒有被變更。請確認這是本網站做出的備份；網站很大時，請在伺服器上用指令還原。`,
  interrupted: "還原沒有完成：執行還原的伺服器中途停止（例如重新啟動），無法確定網站是否已被部分還原。請再用同一個備份檔還原一次。",
} as const;

/** What a restore replaces, said before it starts. */
export const RESTORE_REPLACES = ["所有網站內容（頁面、服務、案例、最新消息、橫幅）", "網站設定與風格", "管理員帳號與密碼", "聯絡表單與 LINE 客服紀錄", "上傳的圖片、影片與檔案"] as const;
