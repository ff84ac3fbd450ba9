// 版本紀錄 (decision 017): the versions kept by each save of a page, newest
// first, with when and by whom; 還原 puts one back after our confirmation.
import { useQuery } from "@tanstack/react-query";
import { History, RotateCcw } from "lucide-react";
import type { Page, PageRevision } from "#contract/pages.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { LoadError, RetryButton } from "#web/admin/shared/admin-notice.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { smallButton } from "./editor-fields.tsx";
import { PAGES_QUERY_KEY } from "./page-content.ts";
import { fetchRevisions } from "./pages-api.ts";

export const revisionsQueryKey = (key: string) => [...PAGES_QUERY_KEY, key, "revisions"] as const;

interface Props {
  open: boolean;
  page: Page;
  busyId: number | null;
  onClose(): void;
  onRestore(revision: PageRevision): void;
}

export function RevisionsPanel({ open, page, busyId, onClose, onRestore }: Props) {
  return (
    <AdminDialog open={open} title="版本紀錄" onClose={onClose} size="lg">
      {open ? <RevisionList page={page} busyId={busyId} onRestore={onRestore} /> : null}
    </AdminDialog>
  );
}

function RevisionList({ page, busyId, onRestore }: Omit<Props, "open" | "onClose">) {
  const query = useQuery({ queryKey: revisionsQueryKey(page.page_key), queryFn: ({ signal }) => fetchRevisions(page.page_key, signal), enabled: page.id > 0 });
  if (page.id === 0) return <p className="text-gray-700">這個頁面還沒有儲存過，儲存後每次變更都會留下版本紀錄。</p>;
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
                    <span data-testid="revision-title">{revision.title}</span>・{revision.is_active ? "已發布" : "草稿"}
                    {revision.saved_by ? `・由 ${revision.saved_by} 儲存新版本時保留` : ""}
                  </div>
                </div>
                <button type="button" onClick={() => onRestore(revision)} disabled={busyId !== null} aria-label={`還原 ${when} 的版本`} className={smallButton}>
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
