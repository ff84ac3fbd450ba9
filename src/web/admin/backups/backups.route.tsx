// /admin/backups 備份與還原 (issue 26): the last result and the schedule, 立即備份
// (備份中… until the job ends, then its result as a toast), every archive with
// 下載 and 刪除 (in our confirmation, naming it), restores in the list as
// 從備份檔還原, and 還原… from an archive the person chooses, which says
// beforehand what it replaces. A restore signs everyone out: after it, the
// screen says so and leads to the sign-in.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArchiveRestore, DatabaseBackup, Download, LoaderCircle, LogIn, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { backupTriggerLabels, BACKUP_MESSAGES, RESTORE_REPLACES, runStatusLabel, type BackupEntry } from "#contract/backups.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { clearSession } from "#web/admin/shared/session.ts";
import { useNotifications } from "#web/admin/shell/notifications-provider.tsx";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { BackupStatus } from "./backup-status.tsx";
import { BACKUPS_QUERY_KEY, deleteBackup, downloadBackup, fetchBackups, RUNNING_POLL_MS, startBackup } from "./backups-api.ts";
import { RestoreDialog } from "./restore-dialog.tsx";

export const meta = () => adminMeta("備份與還原");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const card = "rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6";
const button = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold disabled:opacity-60 ${focusRing}`;
const rowButton = `inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium disabled:opacity-60 ${focusRing}`;

export default function Backups() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { stopPolling } = useNotifications();
  const [notice, setNotice] = useNotice();
  const [restoring, setRestoring] = useState(false);
  // From the moment the server has the archive: the session ends with the restore, so nothing here asks with it.
  const [restoreStarted, setRestoreStarted] = useState(false);
  const [signedOut, setSignedOut] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const backups = useQuery({
    queryKey: BACKUPS_QUERY_KEY,
    queryFn: ({ signal }) => fetchBackups(signal),
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_POLL_MS : false),
    staleTime: 0,
    retry: false,
    enabled: signedOut === null && !restoreStarted,
  });
  const data = backups.data;
  const refresh = () => client.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });

  // A backup that ends while the screen is open says how it ended.
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    if (data.running?.trigger === "restore") return;
    if (data.running) {
      watched.current = data.running.id;
      return;
    }
    if (watched.current === null) return;
    const ended = data.backups.find((entry) => entry.id === watched.current);
    watched.current = null;
    if (ended?.status === "succeeded") setNotice({ tone: "success", text: `備份完成（${formatFileSize(ended.size)}）` });
    else if (ended?.status === "failed") setNotice({ tone: "error", text: ended.error || "備份失敗" });
  }, [data, setNotice]);

  const start = useMutation({
    mutationFn: startBackup,
    onSuccess: ({ data: started, message }) => {
      watched.current = started.id;
      setNotice({ tone: "success", text: message || BACKUP_MESSAGES.started });
    },
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "無法開始備份，請稍後再試") }),
    onSettled: () => void refresh(),
  });

  const remove = useMutation({
    mutationFn: (entry: BackupEntry) => deleteBackup(entry.file_name),
    onSuccess: (_answer, entry) => setNotice({ tone: "success", text: `已刪除備份檔「${entry.file_name}」` }),
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "刪除失敗，請稍後再試") }),
    onSettled: () => void refresh(),
  });

  async function askRemove(entry: BackupEntry) {
    const confirmed = await confirm({
      title: "刪除備份檔",
      message: "備份檔會從伺服器刪除，之後就不能用它還原網站。確定要刪除嗎？",
      items: [`${entry.file_name}（${formatFileSize(entry.size)}）`],
      confirmLabel: "刪除",
    });
    if (confirmed) remove.mutate(entry);
  }

  async function download(entry: BackupEntry) {
    setDownloading(entry.file_name);
    try {
      await downloadBackup(entry.file_name);
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, "下載失敗，請稍後再試") });
    } finally {
      setDownloading(null);
    }
  }

  function restoreStartedOnServer() {
    setRestoreStarted(true);
    // No more polling either, whose 401 once the restore ends would leave before its result is read.
    stopPolling();
  }

  function closeRestore() {
    setRestoring(false);
    setRestoreStarted(false);
    // A restore may have run (or be running): the list says so.
    void refresh();
  }

  if (signedOut !== null) {
    return (
      <>
        <AdminPageHeader title="備份與還原" />
        <div role="status" className={`${card} space-y-4`} data-testid="restore-signed-out">
          <p className="text-lg font-semibold">{signedOut}</p>
          <p>還原後所有人的登入都已結束，需要重新登入。請用備份當時的帳號與密碼登入。</p>
          <button
            type="button"
            onClick={() => {
              clearSession();
              void navigate("/admin/login", { replace: true });
            }}
            className={`${button} bg-blue-600 text-white hover:bg-blue-700`}
          >
            <LogIn aria-hidden size={18} />
            重新登入
          </button>
        </div>
      </>
    );
  }

  const running = data?.running ?? null;
  const busyStarting = start.isPending || running !== null || restoreStarted;

  return (
    <>
      <AdminPageHeader
        title="備份與還原"
        description="備份整個網站（內容、設定、帳號與上傳的檔案），下載保存，需要時從備份檔還原"
        actions={
          <button type="button" onClick={() => start.mutate()} disabled={busyStarting || !data} className={`${button} bg-blue-600 text-white hover:bg-blue-700`} data-testid="backup-now">
            {busyStarting ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <DatabaseBackup aria-hidden size={18} />}
            {running ? runStatusLabel(running) : restoreStarted ? "還原中…" : "立即備份"}
          </button>
        }
      />
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="backup-notice" errorTestId="backup-error" />

      {backups.isPending ? (
        <AdminLoading label="載入備份中..." />
      ) : !data ? (
        <LoadError message={errorMessage(backups.error, "載入備份資料失敗")} testId="backups-load-error" action={<RetryButton onRetry={() => void backups.refetch()} />} />
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="backup-result-heading" className={card}>
            <h2 id="backup-result-heading" className="mb-4 text-lg font-semibold">
              最近一次備份
            </h2>
            <BackupStatus summary={data} />
            <p className="mt-4 text-sm text-gray-700">
              自動備份的頻率與保留份數，請到
              <Link to="/admin/settings?tab=others" className={`mx-1 inline-flex min-h-11 items-center font-medium text-blue-700 underline ${focusRing}`}>
                網站設定的「其他設定」
              </Link>
              調整。
            </p>
          </section>

          <section aria-labelledby="backup-list-heading" className={card}>
            <h2 id="backup-list-heading" className="text-lg font-semibold">
              備份檔
            </h2>
            {data.backups.length === 0 ? (
              <p className="mt-4 rounded-lg bg-gray-50 p-6 text-center text-gray-700" data-testid="backups-empty">
                還沒有任何備份。按「立即備份」建立第一份備份。
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-gray-200" data-testid="backup-list">
                {data.backups.map((entry) => (
                  <BackupRow
                    key={entry.id ?? entry.file_name}
                    entry={entry}
                    downloading={downloading === entry.file_name}
                    removing={remove.isPending && remove.variables?.file_name === entry.file_name}
                    onDownload={() => void download(entry)}
                    onRemove={() => void askRemove(entry)}
                  />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="restore-heading" className={card}>
            <h2 id="restore-heading" className="flex items-center gap-2 text-lg font-semibold">
              <ArchiveRestore aria-hidden size={20} className="text-blue-600" />
              從備份檔還原
            </h2>
            <p className="mt-2 text-gray-800">還原會用備份檔的內容取代目前網站的全部資料：{RESTORE_REPLACES.join("、")}。還原前會再次確認您的密碼。</p>
            <button type="button" onClick={() => setRestoring(true)} className={`${button} mt-4 border border-red-300 bg-white text-red-700 hover:bg-red-50`} data-testid="restore-open">
              <ArchiveRestore aria-hidden size={18} />
              還原…
            </button>
          </section>
        </div>
      )}

      <RestoreDialog open={restoring} onClose={closeRestore} onStarted={restoreStartedOnServer} onRestored={setSignedOut} />
    </>
  );
}

function BackupRow({ entry, downloading, removing, onDownload, onRemove }: { entry: BackupEntry; downloading: boolean; removing: boolean; onDownload(): void; onRemove(): void }) {
  const tone = entry.status === "failed" ? "bg-red-50 text-red-800" : entry.status === "running" ? "bg-blue-50 text-blue-800" : "bg-green-50 text-green-800";
  const label = entry.file_name || "（沒有產生備份檔）";
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="backup-row" data-file-name={entry.file_name}>
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex flex-wrap items-center gap-2">
          <time dateTime={entry.started_at} className="font-semibold">
            {formatDateTime(entry.finished_at ?? entry.started_at)}
          </time>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="backup-row-status">
            {runStatusLabel(entry)}
          </span>
        </p>
        <p className="text-sm text-gray-700">
          {backupTriggerLabels[entry.trigger]}
          {entry.status === "succeeded" ? `・${formatFileSize(entry.size)}` : ""}
          {entry.file_name ? <span className="block break-all text-gray-600">{entry.file_name}</span> : null}
        </p>
        {entry.status === "failed" && entry.error ? <p className="text-sm text-red-700">{entry.error}</p> : null}
        {entry.status === "succeeded" && !entry.available ? <p className="text-sm text-amber-800">備份檔已不在伺服器的備份資料夾中</p> : null}
      </div>
      {entry.status === "succeeded" && entry.available ? (
        <div className="flex gap-2">
          <button type="button" onClick={onDownload} disabled={downloading} aria-label={`下載 ${label}`} className={`${rowButton} border-gray-300 text-gray-800 hover:bg-gray-50`}>
            {downloading ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : <Download aria-hidden size={16} />}
            {downloading ? "下載中…" : "下載"}
          </button>
          <button type="button" onClick={onRemove} disabled={removing} aria-label={`刪除 ${label}`} className={`${rowButton} border-red-300 text-red-700 hover:bg-red-50`}>
            <Trash2 aria-hidden size={16} />
            刪除
          </button>
        </div>
      ) : null}
    </li>
  );
}
