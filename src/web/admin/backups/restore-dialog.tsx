// 還原… : what a restore replaces, said in words before anything is chosen; the
// archive and the administrator's password again; the upload's progress, then
// 還原中…. A refusal (wrong password, a damaged archive) names its field and
// takes the cursor there; nothing was changed.
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BACKUP_MESSAGES, RESTORE_MAX_BYTES, RESTORE_REPLACES, type RestoreResult } from "#contract/backups.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import { restoreBackup } from "./backups-api.ts";

const FAILED = "還原失敗，網站沒有被變更，請稍後再試";

interface Errors {
  file?: string;
  password?: string;
}

export function RestoreDialog({ open, onClose, onRestored }: { open: boolean; onClose(): void; onRestored(result: RestoreResult, message: string): void }) {
  // Escape or the close button while the archive is on its way would hide a restore that goes on.
  const [busy, setBusy] = useState(false);
  return (
    <AdminDialog open={open} title="從備份檔還原網站" onClose={() => (busy ? undefined : onClose())} size="lg">
      {open ? <RestoreForm onClose={onClose} onRestored={onRestored} onBusy={setBusy} /> : null}
    </AdminDialog>
  );
}

function RestoreForm({ onClose, onRestored, onBusy }: { onClose(): void; onRestored(result: RestoreResult, message: string): void; onBusy(busy: boolean): void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState("");
  const [percent, setPercent] = useState(0);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();

  const restore = useMutation({
    mutationFn: (chosen: File) => restoreBackup(chosen, password, (progress) => setPercent(progress.percent)),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: ({ data, message }) => onRestored(data, message || BACKUP_MESSAGES.restored),
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.errors as Errors) : {};
      setErrors({ file: fields.file, password: fields.password });
      setFailure(errorMessage(error, FAILED));
      setPercent(0);
      focusFirstError();
    },
  });
  const busy = restore.isPending;

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
    restore.mutate(file);
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
          由本網站下載的備份檔（檔名像 backup-2026-11-26T1405Z.tar.gz），最大 2 GB
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
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-blue-800" data-testid="restore-progress">
          <LoaderCircle aria-hidden size={18} className="animate-spin" />
          {percent < 100 ? `上傳備份檔中…（${percent}%）` : "還原中…請不要關閉這個頁面"}
        </p>
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
