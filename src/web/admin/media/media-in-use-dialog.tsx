// The library's answer to 刪除 on a file something shows (decision 042): where
// it is used, in the words the library already has, before anything is asked,
// and no way to delete it from here: the places must let go of it first.
import { useRef } from "react";
import type { MediaFile } from "#contract/media.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { usageLines } from "./media-deletes.ts";
import { displayName } from "./media-files.ts";
import { MediaThumbnail } from "./media-grid.tsx";

export function MediaInUseDialog({ file, onClose }: { file: MediaFile | null; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <AdminDialog open={file !== null} title="這個檔案正在使用中" onClose={onClose} initialFocus={close}>
      {file ? (
        <div data-testid="media-in-use-dialog">
          <div className="flex items-start gap-3">
            <MediaThumbnail file={file} className="h-16 w-16 shrink-0 rounded-lg" />
            <p className="text-gray-800" data-testid="media-in-use-message">
              「{displayName(file)}」正在下列地方使用，刪除會讓這些地方少了它，所以不能刪除。請先到這些地方換掉或移除這個檔案，再回來刪除。
            </p>
          </div>
          <ul className="mt-3 max-h-48 list-disc space-y-1 overflow-y-auto rounded-lg bg-gray-50 py-2 pr-3 pl-8 text-sm text-gray-800" data-testid="media-in-use-items">
            {usageLines(file).map((line) => (
              <li key={line} className="break-all">
                {line}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-end">
            <button ref={close} type="button" onClick={onClose} className={`min-h-11 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
              知道了
            </button>
          </div>
        </div>
      ) : null}
    </AdminDialog>
  );
}
