// Beside the publish button: what the autosave is doing (已儲存 / 儲存中... /
// 儲存失敗, announced politely), why a save failed and a way to try again;
// and, when the editor opened an autosaved draft, a notice with its time and
// 放棄草稿.
import { RotateCcw } from "lucide-react";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { smallButton } from "./editor-fields.tsx";
import { AUTOSAVE_LABELS, type AutosaveState } from "./page-autosave.ts";

export function AutosaveStatus({ state, onRetry }: { state: AutosaveState; onRetry(): void }) {
  const failed = state.status === "failed" || state.status === "conflict";
  return (
    <div className="flex items-center gap-2">
      <p
        role="status"
        className={`text-sm md:min-w-20 ${failed ? "font-semibold text-red-700" : state.status === "pending" ? "text-amber-800" : "text-gray-700"}`}
        data-testid="autosave-status"
        data-state={state.status}
      >
        {AUTOSAVE_LABELS[state.status]}
      </p>
      {state.failure ? (
        <p className="text-sm text-red-700" data-testid="autosave-failure">
          {state.failure}
        </p>
      ) : null}
      {failed ? (
        <button type="button" onClick={onRetry} className={smallButton} data-testid="autosave-retry">
          <RotateCcw aria-hidden size={16} />
          重試儲存
        </button>
      ) : null}
    </div>
  );
}

/** The page opened on its draft: autosaved work, or an earlier version restored (decision 032); neither is on the site until published. */
export function DraftNotice({ savedAt, restoredFrom, busy, onDiscard }: { savedAt: string | null; restoredFrom: string | null; busy: boolean; onDiscard(): void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-4" data-testid="page-draft-notice">
      <p className="flex-1 basis-64">
        {restoredFrom ? (
          <>
            正在編輯從 <time dateTime={restoredFrom}>{formatDateTime(restoredFrom)}</time> 的版本還原的草稿，尚未發布。發布後訪客才會看到這個版本。
          </>
        ) : (
          <>
            正在編輯 <time dateTime={savedAt ?? undefined}>{formatDateTime(savedAt)}</time> 自動儲存的草稿，尚未發布。發布後訪客才會看到這些變更。
          </>
        )}
      </p>
      <button type="button" onClick={onDiscard} disabled={busy} className={smallButton} data-testid="discard-draft">
        放棄草稿
      </button>
    </div>
  );
}
