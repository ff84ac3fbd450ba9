// 還原… : what a restore replaces, said in words before anything is chosen; the
// archive and the administrator's password again; the upload's progress, then
// 還原中… while the server restores (the screen asks how it goes every two
// seconds, at the address the upload was answered with), then the way to sign
// in again, or why it failed, in words that say whether the site changed.
// A refusal of the upload (wrong password, too large, a backup running) names
// its field and takes the cursor there: nothing was started. An upload whose
// answer never came (the connection dropped, a proxy gave up) may have started
// the restore all the same: the screen says it cannot tell, and where to look.
import { useMutation, useQuery } from "@tanstack/react-query";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { BACKUP_MESSAGES, RESTORE_MAX_BYTES, RESTORE_REPLACES } from "#contract/backups.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { ApiError } from "#web/admin/shared/api-client.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import { fetchRestoreProgress, restoreBackup, RUNNING_POLL_MS } from "./backups-api.ts";

/** The upload's answer never came, or was not ours: the restore may be running or done. */
export const RESTORE_UNKNOWN =
  "無法確定還原是否已經開始：連線在上傳備份檔的途中或之後中斷了，網站可能正在或已經從備份檔還原。請稍候幾分鐘後重新整理這個頁面，在備份清單中查看「從備份檔還原」的紀錄（若需要重新登入，表示還原已經完成）。確認之前，請不要再次還原。";
/** Asking how the restore goes failed for a moment: it goes on regardless. */
const PROGRESS_LOST = "暫時無法取得還原的進度（連線中斷），正在重試。還原仍在伺服器上進行，請不要關閉這個頁面。";

/** Answers that refused the upload before anything started, each with its reason in words. */
const REFUSALS = new Set([400, 401, 409, 413, 415, 429]);

interface Errors {
  file?: string;
  password?: string;
}

export interface RestoreDialogProps {
  open: boolean;
  onClose(): void;
  /** The server has the archive and restores it: nothing on the screen may ask with the session meanwhile (it ends with the restore). */
  onStarted(): void;
  /** The restore succeeded: everyone signs in again. */
  onRestored(message: string): void;
}

export function RestoreDialog({ open, onClose, onStarted, onRestored }: RestoreDialogProps) {
  // Escape or the close button while the archive is on its way or being restored would hide a restore that goes on.
  const [busy, setBusy] = useState(false);
  return (
    <AdminDialog open={open} title="從備份檔還原網站" onClose={() => (busy ? undefined : onClose())} size="lg">
      {open ? <RestoreForm onClose={onClose} onStarted={onStarted} onRestored={onRestored} onBusy={setBusy} /> : null}
    </AdminDialog>
  );
}

function RestoreForm({ onClose, onStarted, onRestored, onBusy }: Omit<RestoreDialogProps, "open"> & { onBusy(busy: boolean): void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState("");
  const [unknown, setUnknown] = useState(false);
  const [percent, setPercent] = useState(0);
  const [statusUrl, setStatusUrl] = useState<string | null>(null);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();

  const upload = useMutation({
    mutationFn: (chosen: File) => restoreBackup(chosen, password, (progress) => setPercent(progress.percent)),
    onSuccess: ({ data }) => {
      setStatusUrl(data.status_url);
      onStarted();
    },
    onError: (error) => {
      setPercent(0);
      if (error instanceof ApiError && REFUSALS.has(error.status) && (error.message || error.status === 413)) {
        const fields = error.errors as Errors;
        setErrors({ file: fields.file, password: fields.password });
        setFailure(error.message || BACKUP_MESSAGES.tooLarge);
        focusFirstError();
        return;
      }
      setUnknown(true);
    },
  });

  const progress = useQuery({
    queryKey: ["admin", "backups", "restore", statusUrl],
    queryFn: ({ signal }) => fetchRestoreProgress(statusUrl!, signal),
    enabled: statusUrl !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "running" ? false : RUNNING_POLL_MS),
    retry: false,
    staleTime: 0,
  });
  const ended = progress.data && progress.data.status !== "running" ? progress.data : null;

  useEffect(() => {
    if (!ended) return;
    if (ended.status === "succeeded") {
      onRestored(BACKUP_MESSAGES.restored);
      return;
    }
    setStatusUrl(null);
    setFailure(ended.error);
  }, [ended, onRestored]);

  const restoring = statusUrl !== null;
  const busy = upload.isPending || restoring;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!file) found.file = BACKUP_MESSAGES.fileNeeded;
    else if (file.size > RESTORE_MAX_BYTES) found.file = BACKUP_MESSAGES.tooLarge;
    if (!password) found.password = BACKUP_MESSAGES.passwordNeeded;
    setErrors(found);
    setFailure("");
    if (found.file || found.password || !file) return focusFirstError();
    upload.mutate(file);
  }

  if (unknown) {
    return (
      <div className="space-y-5">
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950" data-testid="restore-unknown">
          {RESTORE_UNKNOWN}
        </p>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={`min-h-11 rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
            關閉
          </button>
        </div>
      </div>
    );
  }

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-5" data-testid="restore-form">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="restore-warning">
        <p className="flex items-start gap-2 font-semibold">
          <TriangleAlert aria-hidden size={20} className="mt-0.5 shrink-0" />
          還原會用備份檔的內容取代目前網站的全部資料：
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-8 text-sm">
          {RESTORE_REPLACES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-2 text-sm">備份之後才做的變更都會消失，無法復原。建議先按「立即備份」保留目前的網站。還原後若您的帳號不在備份檔中，或密碼與當時不同，需要用備份當時的帳號密碼重新登入。</p>
      </div>

      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="restore-error">
          {failure}
        </p>
      ) : null}

      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-gray-700">
          備份檔
        </label>
        <input
          id={fileId}
          name="file"
          type="file"
          accept=".gz,.tar.gz,application/gzip"
          disabled={busy}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className={`mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:font-medium ${focusRing}`}
        />
        <p id={`${fileId}-hint`} className="mt-1 text-xs text-gray-600">
          由本網站下載的備份檔（檔名像 backup-2026-12-02-1015+0800.tar.gz），最大 2 GB
        </p>
        {errors.file ? (
          <p id={`${fileId}-error`} className="mt-1 text-sm text-red-600">
            {errors.file}
          </p>
        ) : null}
      </div>

      <PasswordField
        label="您的登入密碼"
        name="password"
        autoComplete="current-password"
        hint="為了確認是您本人要還原網站"
        disabled={busy}
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />

      {busy ? (
        <div role="status" className="space-y-1 text-sm font-medium text-blue-800" data-testid="restore-progress">
          <p className="flex items-center gap-2">
            <LoaderCircle aria-hidden size={18} className="animate-spin" />
            {restoring ? "還原中…請不要關閉這個頁面" : percent < 100 ? `上傳備份檔中…（${percent}%）` : "上傳完成，正在確認密碼…"}
          </p>
          {restoring && progress.isError ? <p className="text-amber-800">{PROGRESS_LOST}</p> : null}
        </div>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className={`min-h-11 rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60 ${focusRing}`}
        >
          取消
        </button>
        <button type="submit" disabled={busy} className={`min-h-11 rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60 ${focusRing}`}>
          {busy ? "還原中…" : "還原網站"}
        </button>
      </div>
    </form>
  );
}
