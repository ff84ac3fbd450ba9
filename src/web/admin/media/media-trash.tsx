// 回收桶: the files 刪除 and 清理未使用檔案 moved out of the library (decisions 024, 042). Each
// can be put back (還原) or deleted for good (永久刪除, in our own confirmation
// dialog naming the file); what stays 30 days is purged by the daily job.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Trash, Trash2 } from "lucide-react";
import { TRASH_DAYS, type TrashedMediaFile } from "#contract/media.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { focusRing, LoadError, RetryButton, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { formatDate, formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { fetchTrash, MEDIA_QUERY_KEY, purgeMediaFile, restoreMediaFile, TRASH_QUERY_KEY } from "./media-api.ts";
import { displayName, fileKindLabel } from "./media-files.ts";
import { MediaThumbnail } from "./media-grid.tsx";

export function useTrash() {
  return useQuery({ queryKey: TRASH_QUERY_KEY, queryFn: ({ signal }) => fetchTrash(signal), retry: false, staleTime: 0 });
}

const actionButton = `inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ${focusRing}`;

export function MediaTrash({ onNotice }: { onNotice(notice: Notice): void }) {
  const trash = useTrash();
  const client = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: TRASH_QUERY_KEY }), client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY, exact: true })]);

  const restore = useMutation({
    mutationFn: (file: TrashedMediaFile) => restoreMediaFile(file.id),
    onSuccess: (_answer, file) => onNotice({ tone: "success", text: `已還原「${displayName(file)}」到媒體庫` }),
    onError: (error) => onNotice({ tone: "error", text: errorMessage(error, "還原失敗，請稍後再試") }),
    onSettled: () => void refresh(),
  });
  const purge = useMutation({
    mutationFn: (file: TrashedMediaFile) => purgeMediaFile(file.id),
    onSuccess: (_answer, file) => onNotice({ tone: "success", text: `已永久刪除「${displayName(file)}」` }),
    onError: (error) => onNotice({ tone: "error", text: errorMessage(error, "刪除失敗，請稍後再試") }),
    onSettled: () => void refresh(),
  });

  async function askPurge(file: TrashedMediaFile) {
    const confirmed = await confirm({
      title: "永久刪除檔案",
      message: "檔案會從伺服器刪除，無法再還原。確定要永久刪除嗎？",
      items: [displayName(file)],
      confirmLabel: "永久刪除",
      tone: "danger",
    });
    if (confirmed) purge.mutate(file);
  }

  if (trash.isPending) return <AdminLoading label="載入回收桶中..." />;
  if (trash.error) return <LoadError message={errorMessage(trash.error, "載入回收桶失敗")} action={<RetryButton onRetry={() => void trash.refetch()} />} testId="trash-load-error" />;

  const files = trash.data;
  return (
    <section aria-labelledby="trash-heading" className="rounded-2xl bg-white p-4 text-gray-900 shadow-sm" data-testid="media-trash">
      <h2 id="trash-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Trash aria-hidden size={20} />
        回收桶
      </h2>
      <p className="mt-1 text-sm text-gray-600">刪除的檔案和清理未使用檔案時移到這裡的檔案，{TRASH_DAYS} 天內可以還原，之後會自動永久刪除。</p>
      {files.length === 0 ? (
        <p className="mt-6 rounded-lg bg-gray-50 p-8 text-center text-gray-600" data-testid="trash-empty">
          回收桶是空的
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="trash-item">
              <MediaThumbnail file={file} className="h-16 w-16 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" data-testid="trash-name">
                  {displayName(file)}
                </p>
                <p className="text-sm text-gray-600">
                  {fileKindLabel(file)}・{formatFileSize(file.file_size)}・移到回收桶：{formatDateTime(file.trashed_at)}
                </p>
                <p className="text-sm text-gray-600">將於 {formatDate(file.purge_at)} 永久刪除</p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => restore.mutate(file)}
                  disabled={restore.isPending}
                  aria-label={`還原 ${displayName(file)}`}
                  className={`${actionButton} border border-gray-300 text-gray-800 hover:bg-gray-50 disabled:opacity-60`}
                >
                  <RotateCcw aria-hidden size={16} />
                  還原
                </button>
                <button
                  type="button"
                  onClick={() => void askPurge(file)}
                  disabled={purge.isPending}
                  aria-label={`永久刪除 ${displayName(file)}`}
                  className={`${actionButton} border border-red-300 text-red-700 hover:bg-red-50 disabled:opacity-60`}
                >
                  <Trash2 aria-hidden size={16} />
                  永久刪除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
