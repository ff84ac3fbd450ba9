// 版本紀錄 (decisions 017, 032): the versions kept by each save of a record (a
// page, a news post), newest first, each with when it was made, by what change
// and by whom; 查看 shows one read-only in this dialog before anything changes,
// and 還原 hands it to the screen, which asks in our confirmation dialog and
// makes it a draft to publish (never a live change).
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Eye, History, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { VersionOrigin } from "#contract/version-origin.ts";
import { AdminDialog } from "./admin-dialog.tsx";
import { AdminLoading } from "./admin-loading.tsx";
import { focusRing, LoadError, RetryButton } from "./admin-notice.tsx";
import { errorMessage } from "./api-client.ts";
import { versionWords } from "./version-labels.ts";

/** What every kept version has. */
export interface RevisionEntry extends VersionOrigin {
  id: number;
  title: string;
  /** Who saved the version that replaced this one. */
  saved_by: string;
  /** When it was replaced. */
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
  /** What a save by hand did to it, in the record's words (發布, 儲存草稿…). */
  savedAs(revision: R): string;
  /** What restoring does, said above the list (to a draft, into the editor…). */
  restoreNote: string;
  /** The version read-only, as staff look at it before restoring. */
  renderPreview(revision: R): ReactNode;
  busyId: number | null;
  onClose(): void;
  onRestore(revision: R): void;
}

const rowButton = `inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;
const primaryButton = `inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export function RevisionsPanel<R extends RevisionEntry>({ open, onClose, ...props }: RevisionsPanelProps<R>) {
  return (
    <AdminDialog open={open} title="版本紀錄" onClose={onClose} size="lg">
      {open ? <RevisionList {...props} /> : null}
    </AdminDialog>
  );
}

/** "2026/11/26 10:05:09・發布・由 王小明" and the version's title and status. */
function wordsOf<R extends RevisionEntry>(revision: R, statusOf: (revision: R) => string, savedAs: (revision: R) => string) {
  const words = versionWords(revision, savedAs(revision));
  return { ...words, detail: [words.change, words.by].filter(Boolean).join("・"), status: statusOf(revision) };
}

function RevisionList<R extends RevisionEntry>({ queryKey, load, stored, notStoredText, statusOf, savedAs, restoreNote, renderPreview, busyId, onRestore }: Omit<RevisionsPanelProps<R>, "open" | "onClose">) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled: stored });
  const [viewing, setViewing] = useState<R | null>(null);
  const viewHeading = useRef<HTMLHeadingElement>(null);
  // Back from a preview, the focus returns to the row's 查看 it left from.
  const returnTo = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (viewing) viewHeading.current?.focus();
    else if (returnTo.current !== null) list.current?.querySelector<HTMLButtonElement>(`[data-view="${returnTo.current}"]`)?.focus();
  }, [viewing]);

  if (!stored) return <p className="text-gray-700">{notStoredText}</p>;
  if (query.isPending) return <AdminLoading label="載入版本紀錄中..." />;
  if (query.isError) return <LoadError message={errorMessage(query.error, "載入版本紀錄失敗")} testId="revisions-error" action={<RetryButton onRetry={() => void query.refetch()} />} />;
  const revisions = query.data;

  if (viewing) {
    const shown = wordsOf(viewing, statusOf, savedAs);
    return (
      <div className="space-y-3" data-testid="revision-preview">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1">
            <h3 ref={viewHeading} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
              {shown.when} 的版本
            </h3>
            <p className="text-sm text-gray-600">{[shown.detail, shown.status].filter(Boolean).join("・")}</p>
          </div>
          <button type="button" onClick={() => setViewing(null)} className={rowButton}>
            <ArrowLeft aria-hidden size={16} />
            返回版本列表
          </button>
          <button type="button" onClick={() => onRestore(viewing)} disabled={busyId !== null} className={primaryButton} data-testid="restore-viewed-revision">
            <RotateCcw aria-hidden size={16} />
            {busyId === viewing.id ? "還原中..." : "還原這個版本"}
          </button>
        </div>
        <p className="text-sm text-gray-600">{restoreNote}</p>
        <div className="rounded-lg border border-gray-200">{renderPreview(viewing)}</div>
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="revisions-panel">
      <p className="text-sm text-gray-600">每次儲存都會保留被取代的版本（最多 50 個）。可以先「查看」內容再決定是否還原；{restoreNote}</p>
      {revisions.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-gray-50 p-4 text-gray-700" data-testid="revisions-empty">
          <History aria-hidden size={18} />
          尚無較早的版本
        </p>
      ) : (
        <ol ref={list} className="max-h-[60vh] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
          {revisions.map((revision) => {
            const shown = wordsOf(revision, statusOf, savedAs);
            return (
              <li key={revision.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="revision-row">
                <div className="min-w-0 flex-1 basis-56">
                  <div className="font-medium text-gray-900">
                    <span data-testid="revision-time">{shown.when}</span>
                    {shown.detail ? (
                      <span className="font-normal text-gray-700" data-testid="revision-change">
                        ・{shown.detail}
                      </span>
                    ) : null}
                  </div>
                  <div className="text-sm text-gray-600">
                    <span data-testid="revision-title">{revision.title}</span>・<span data-testid="revision-status">{shown.status}</span>
                  </div>
                </div>
                <button
                  type="button"
                  data-view={revision.id}
                  onClick={() => {
                    returnTo.current = revision.id;
                    setViewing(revision);
                  }}
                  aria-label={`查看 ${shown.when} 的版本`}
                  className={rowButton}
                >
                  <Eye aria-hidden size={16} />
                  查看
                </button>
                <button type="button" onClick={() => onRestore(revision)} disabled={busyId !== null} aria-label={`還原 ${shown.when} 的版本`} className={rowButton}>
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
