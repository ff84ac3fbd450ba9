// 版本紀錄 (decision 017): the versions kept by each save of a record (a page,
// a news post), newest first, with when, its status and who saved the version
// that replaced it; 還原 hands one to the screen, which asks in our
// confirmation dialog before putting it back.
import { useQuery } from "@tanstack/react-query";
import { History, RotateCcw } from "lucide-react";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { AdminDialog } from "./admin-dialog.tsx";
import { AdminLoading } from "./admin-loading.tsx";
import { focusRing, LoadError, RetryButton } from "./admin-notice.tsx";
import { errorMessage } from "./api-client.ts";

/** What every kept version has. */
export interface RevisionEntry {
  id: number;
  title: string;
  /** Who saved the version that replaced this one. */
  saved_by: string;
  created_at: string;
}

interface RevisionsPanelProps<R extends RevisionEntry> {
  open: boolean;
  /** The record's versions in the query cache (a restore refreshes them). */
  queryKey: readonly unknown[];
  load(signal: AbortSignal): Promise<R[]>;
  /** False while the record was never saved: it has no versions yet. */
  stored: boolean;
  /** What to say before the first save, e.g. 這篇文章還沒有儲存過… */
  notStoredText: string;
  /** The version's status in words (已發布, 草稿…). */
  statusOf(revision: R): string;
  busyId: number | null;
  onClose(): void;
  onRestore(revision: R): void;
}

const restoreButton = `inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export function RevisionsPanel<R extends RevisionEntry>({ open, onClose, ...props }: RevisionsPanelProps<R>) {
  return (
    <AdminDialog open={open} title="版本紀錄" onClose={onClose} size="lg">
      {open ? <RevisionList {...props} /> : null}
    </AdminDialog>
  );
}

function RevisionList<R extends RevisionEntry>({ queryKey, load, stored, notStoredText, statusOf, busyId, onRestore }: Omit<RevisionsPanelProps<R>, "open" | "onClose">) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled: stored });
  if (!stored) return <p className="text-gray-700">{notStoredText}</p>;
  if (query.isPending) return <AdminLoading label="載入版本紀錄中..." />;
  if (query.isError) return <LoadError message={errorMessage(query.error, "載入版本紀錄失敗")} testId="revisions-error" action={<RetryButton onRetry={() => void query.refetch()} />} />;
  const revisions = query.data;
  return (
    <div className="space-y-3" data-testid="revisions-panel">
      <p className="text-sm text-gray-600">每次儲存都會保留被取代的版本（最多 50 個），還原後目前的內容也會留在紀錄中。</p>
      {revisions.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-gray-50 p-4 text-gray-700" data-testid="revisions-empty">
          <History aria-hidden size={18} />
          尚無較早的版本
        </p>
      ) : (
        <ol className="max-h-[60vh] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
          {revisions.map((revision) => {
            const when = formatDateTime(revision.created_at);
            return (
              <li key={revision.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="revision-row">
                <div className="min-w-0 flex-1">
                  <div className="font-medium text-gray-900" data-testid="revision-time">
                    {when}
                  </div>
                  <div className="text-sm text-gray-600">
                    <span data-testid="revision-title">{revision.title}</span>・<span data-testid="revision-status">{statusOf(revision)}</span>
                    {revision.saved_by ? `・由 ${revision.saved_by} 儲存新版本時保留` : ""}
                  </div>
                </div>
                <button type="button" onClick={() => onRestore(revision)} disabled={busyId !== null} aria-label={`還原 ${when} 的版本`} className={restoreButton}>
                  <RotateCcw aria-hidden size={16} />
                  {busyId === revision.id ? "還原中..." : "還原"}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
