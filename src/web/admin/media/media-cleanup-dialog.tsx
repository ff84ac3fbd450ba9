// 清理未使用檔案's question (decision 042): the files it will move, by name and
// thumbnail with their count, found by a dry run before anything is asked;
// confirming moves exactly those (the server skips any that became used
// meanwhile). While the dry run runs the dialog says so; with nothing to
// clean it says that, with nothing to confirm. With more unused files than
// one cleanup takes (MAX_CLEANUP_FILES) it lists those and says how many
// more remain for the next one.
import { FileQuestion, LoaderCircle } from "lucide-react";
import { useId, useRef } from "react";
import { cleanupMoreWords } from "#contract/media.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { formatFileSize } from "#contract/file-sizes.ts";
import { cleanupQuestion, type CleanupCandidate } from "./media-deletes.ts";
import { fileKindLabel } from "./media-files.ts";
import { MediaThumbnail } from "./media-grid.tsx";

/** `more`: the unused files the preview did not list (beyond what one cleanup takes). */
export type CleanupPreview = { state: "checking" } | { state: "ready"; candidates: readonly CleanupCandidate[]; more: number };

const button = `min-h-11 rounded-lg px-4 py-2 font-semibold ${focusRing}`;

export function MediaCleanupDialog({ preview, onCancel, onConfirm }: { preview: CleanupPreview | null; onCancel(): void; onConfirm(paths: string[]): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const listLabel = useId();
  const candidates = preview?.state === "ready" ? preview.candidates : null;
  const more = preview?.state === "ready" ? preview.more : 0;
  const nothing = candidates !== null && candidates.length === 0;
  return (
    <AdminDialog open={preview !== null} title="清理未使用檔案" onClose={onCancel} initialFocus={cancel} size="lg">
      <div data-testid="cleanup-dialog" data-state={preview?.state}>
        {candidates === null ? (
          <p role="status" className="flex items-center gap-2 text-gray-800">
            <LoaderCircle aria-hidden size={18} className="animate-spin motion-reduce:animate-none" />
            正在找出沒有被任何內容使用的檔案...
          </p>
        ) : nothing ? (
          <p className="text-gray-800" data-testid="cleanup-nothing">
            目前沒有未被使用的檔案，不需要清理。
          </p>
        ) : (
          <>
            <p id={listLabel} className="text-gray-800" data-testid="cleanup-question">
              {cleanupQuestion(candidates.length, more)}
            </p>
            {/* Focusable so that a keyboard can scroll a long list. */}
            <ul
              tabIndex={0}
              aria-labelledby={listLabel}
              className={`mt-3 max-h-[50vh] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 ${focusRing}`}
              data-testid="cleanup-files"
            >
              {candidates.map((candidate) => (
                <li key={candidate.path} className="flex items-center gap-3 p-2" data-testid="cleanup-file">
                  {candidate.file ? (
                    <MediaThumbnail file={candidate.file} className="h-12 w-12 shrink-0 rounded-md" />
                  ) : (
                    <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-500">
                      <FileQuestion aria-hidden size={22} />
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium" data-testid="cleanup-file-name">
                      {candidate.name}
                    </span>
                    {candidate.file ? (
                      <span className="block text-sm text-gray-600">
                        {fileKindLabel(candidate.file)}・{formatFileSize(candidate.file.file_size)}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <p className="mt-3 text-gray-800" data-testid="cleanup-more">
                {cleanupMoreWords(more)}。
              </p>
            ) : null}
          </>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button ref={cancel} type="button" onClick={onCancel} className={`${button} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}>
            {nothing ? "知道了" : "取消"}
          </button>
          {nothing ? null : (
            <button
              type="button"
              disabled={candidates === null}
              onClick={() => candidates && onConfirm(candidates.map((candidate) => candidate.path))}
              className={`${button} bg-red-600 text-white hover:bg-red-700 disabled:opacity-60`}
            >
              {candidates ? `移到回收桶（${candidates.length} 個）` : "移到回收桶"}
            </button>
          )}
        </div>
      </div>
    </AdminDialog>
  );
}
