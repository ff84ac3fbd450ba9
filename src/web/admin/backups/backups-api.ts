// The calls of 備份與還原 (issue 26). A download asks for a short-lived link
// (a plain link could not send the session's bearer token) and lets the
// browser download it by itself, straight to disk: an archive can be
// gigabytes, too much to hold in the page. A restore is an upload with the
// password sent before the archive, so a wrong password is answered before
// the archive is sent on; it is answered once the archive is in, and the
// restore is then followed at its own address, without the session (a
// restore signs everyone out).
import { backupFilePath, type BackupDownloadLink, type BackupsOverview, type BackupSummary, type RestoreProgress, type RestoreStarted } from "#contract/backups.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { uploadFile, type UploadProgress } from "#web/admin/shared/upload-client.ts";

export const BACKUPS_QUERY_KEY = ["admin", "backups"] as const;
export const BACKUP_SUMMARY_QUERY_KEY = ["admin", "backups", "latest"] as const;
/** While a backup or a restore runs, it is asked about again this often until it ends. */
export const RUNNING_POLL_MS = 2_000;

const BACKUPS = "/admin-api.php/backups";

export const fetchBackups = (signal?: AbortSignal) => apiGet<BackupsOverview>(BACKUPS, signal);
export const fetchBackupSummary = (signal?: AbortSignal) => apiGet<BackupSummary>(`${BACKUPS}/latest`, signal);
export const startBackup = () => apiRequest<{ id: number }>(BACKUPS, { method: "POST" });
export const deleteBackup = (name: string) => apiRequest<null>(backupFilePath(name), { method: "DELETE" });

/** Starts saving an archive under its own name; rejects with the server's words (找不到這個備份檔) or a network error. */
export async function downloadBackup(name: string): Promise<void> {
  const { data } = await apiRequest<BackupDownloadLink>(`${backupFilePath(name)}/download-link`, { method: "POST" });
  const link = document.createElement("a");
  link.href = data.url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export const restoreBackup = (file: File, password: string, onProgress: (progress: UploadProgress) => void) =>
  uploadFile<RestoreStarted>(`${BACKUPS}/restore`, file, { field: "file", fields: { password }, onProgress, unauthorized: "report" });

/** A restore's progress, by the address its start answered (no session: it may be over already). */
export const fetchRestoreProgress = async (statusUrl: string, signal?: AbortSignal) => (await apiRequest<RestoreProgress>(statusUrl, { auth: false, signal })).data;
