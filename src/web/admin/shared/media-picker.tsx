// The media picker dialog (002 §2.9), for any screen that needs a file
// from the library (banners, services, portfolios, pages, blog): upload
// inside, search, grid or list (3/4/6 columns), one file or several, the
// count of chosen files, cancel and confirm. It closes itself after confirm.
//
//   <MediaPicker open={open} onClose={() => setOpen(false)} accept="image"
//     onConfirm={([file]) => setImage(file.file_url)} />
import { CircleAlert, FolderOpen, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import type { MediaFile } from "#contract/media.ts";
import { loadErrorMessage, MEDIA_MESSAGES } from "#web/admin/media/media-answers.ts";
import { filterMediaFiles, type MediaAccept } from "#web/admin/media/media-files.ts";
import { addToSelection, selectedFiles, selectionLabel, toggleSelection } from "#web/admin/media/media-selection.ts";
import { useMediaFiles } from "#web/admin/media/use-media-files.ts";
import { useMediaUpload } from "#web/admin/media/use-media-upload.ts";
import { AdminDialog } from "./admin-dialog.tsx";
import { AdminLoading } from "./admin-loading.tsx";

/** What a form asks of the picker, which opens beside its dialog (a service's gallery, a case's photo groups). */
export interface PickRequest {
  multiple: boolean;
  title: string;
  onConfirm(files: MediaFile[]): void;
}
import { MediaCollection, type MediaView } from "#web/admin/media/media-grid.tsx";
import { MediaToolbar } from "#web/admin/media/media-toolbar.tsx";
import { MediaDropZone, UploadButton, UploadProgressList } from "#web/admin/media/media-upload.tsx";

export interface MediaPickerProps {
  open: boolean;
  onClose(): void;
  /** The chosen files in the order chosen (one in single mode); the picker then closes. */
  onConfirm(files: MediaFile[]): void;
  multiple?: boolean;
  accept?: MediaAccept;
  title?: string;
}

const DEFAULT_TITLES: Record<MediaAccept, string> = { image: "選擇圖片", video: "選擇影片", all: "選擇媒體檔案" };

export function MediaPicker({ open, onClose, onConfirm, multiple = false, accept = "all", title }: MediaPickerProps) {
  return (
    <AdminDialog open={open} title={title ?? DEFAULT_TITLES[accept]} onClose={onClose} size="xl">
      {/* Mounted only while open: every opening starts with a fresh list and no selection. */}
      {open ? <PickerBody onClose={onClose} onConfirm={onConfirm} multiple={multiple} accept={accept} /> : null}
    </AdminDialog>
  );
}

function PickerBody({ onClose, onConfirm, multiple, accept }: Required<Omit<MediaPickerProps, "open" | "title">>) {
  const media = useMediaFiles();
  const [query, setQuery] = useState("");
  const [view, setView] = useState<MediaView>("grid");
  const [selected, setSelected] = useState<number[]>([]);
  const uploads = useMediaUpload({
    accept,
    noTokenMessage: MEDIA_MESSAGES.pickerNoToken,
    onUploaded: (file) => setSelected((current) => addToSelection(current, file.id, multiple)),
  });

  const files = media.data ?? [];
  const available = useMemo(() => filterMediaFiles(files, "", accept), [files, accept]);
  const shown = useMemo(() => filterMediaFiles(files, query, accept), [files, query, accept]);
  const chosen = selectedFiles(available, selected);

  function confirm() {
    if (chosen.length === 0) return;
    onConfirm(chosen);
    onClose();
  }

  return (
    <div className="space-y-4" data-testid="media-picker">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <MediaToolbar query={query} onQuery={setQuery} view={view} onView={setView} />
        </div>
        <UploadButton accept={accept} onFiles={uploads.upload} />
      </div>

      {media.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="picker-error">
          <CircleAlert aria-hidden size={18} className="shrink-0" />
          <span className="flex-1">{loadErrorMessage(media.error, "picker")}</span>
          <button
            type="button"
            onClick={() => void media.refetch()}
            className="inline-flex items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            <RefreshCw aria-hidden size={14} />
            重新載入
          </button>
        </div>
      ) : null}

      <UploadProgressList entries={uploads.entries} onClear={uploads.clearFinished} />

      <MediaDropZone accept={accept} onFiles={uploads.upload} className="max-h-[55vh] overflow-y-auto p-3">
        {media.isPending ? (
          <AdminLoading label="載入媒體檔案中..." />
        ) : media.error ? null : available.length === 0 ? (
          <div className="p-8 text-center text-gray-600" data-testid="picker-empty">
            <FolderOpen aria-hidden size={40} className="mx-auto text-gray-400" />
            <p className="mt-3">尚無檔案，拖曳檔案或使用上傳按鈕</p>
          </div>
        ) : shown.length === 0 ? (
          <p className="p-8 text-center text-gray-600">找不到符合「{query.trim()}」的檔案</p>
        ) : (
          <MediaCollection
            files={shown}
            view={view}
            layout="picker"
            selected={selected}
            onActivate={(file) => setSelected((current) => toggleSelection(current, file.id, multiple))}
          />
        )}
      </MediaDropZone>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <p className="text-sm text-gray-600" aria-live="polite" data-testid="picker-count">
          {selectionLabel(chosen.length)}
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-gray-300 px-5 py-2 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            取消
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={chosen.length === 0}
            className="rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
          >
            確定
          </button>
        </div>
      </div>
    </div>
  );
}
