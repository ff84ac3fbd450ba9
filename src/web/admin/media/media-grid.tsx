// Files as a grid of cards or as a list, for the library (2/4/6 columns) and
// the picker (3/4/6 columns, 002 §9). A card opens the file (library)
// or toggles its selection (picker); the library adds its own action buttons.
import { CircleAlert, CircleCheck, FileVideo, ImageOff, LoaderCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { isImage, isVideo, type MediaFile } from "#contract/media.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { displayName, fileKindLabel, thumbnailSource, videoStateLabel } from "./media-files.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

export type MediaView = "grid" | "list";

// Whole class names, so that Tailwind finds them in the source.
const GRID_COLUMNS = {
  library: "grid-cols-2 md:grid-cols-4 xl:grid-cols-6",
  picker: "grid-cols-3 md:grid-cols-4 xl:grid-cols-6",
} as const;

/**
 * A video's 處理中（N%） or 無法讀取 while the server makes it playable (decision 029), in the
 * library, the picker and the page builder; nothing for a video that plays or another file.
 */
export function VideoStateBadge({ file, className = "" }: { file: Pick<MediaFile, "video">; className?: string }) {
  const state = videoStateLabel(file.video);
  if (!state) return null;
  const tone = state.tone === "busy" ? "bg-blue-50 text-blue-900" : "bg-red-50 text-red-800";
  const Icon = state.tone === "busy" ? LoaderCircle : CircleAlert;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${tone} ${className}`} data-testid="media-video-state" data-state={file.video.status}>
      <Icon aria-hidden size={14} className={state.tone === "busy" ? "animate-spin motion-reduce:animate-none" : ""} />
      {state.text}
    </span>
  );
}

/** A file's small picture: the smallest variant, lazily, over its blurred placeholder; a placeholder icon when it cannot load. */
export function MediaThumbnail({ file, className = "" }: { file: MediaFile; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (isVideo(file)) {
    // The poster the server made: a QuickTime or AVI file would show no frame in a <video>.
    return (
      <span className={`relative flex items-center justify-center overflow-hidden bg-gray-900 ${className}`}>
        {file.video.poster_url ? (
          <img src={file.video.poster_url} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : (
          <video src={file.video.play_url || file.file_url} preload="metadata" muted playsInline className="h-full w-full object-cover" aria-hidden tabIndex={-1} />
        )}
        <FileVideo aria-hidden size={28} className="absolute text-white drop-shadow" />
      </span>
    );
  }
  if (!isImage(file) || broken) {
    return (
      <span className={`flex items-center justify-center bg-gray-100 text-gray-400 ${className}`} data-testid="media-broken">
        <ImageOff aria-hidden size={28} />
        <span className="sr-only">圖片無法顯示</span>
      </span>
    );
  }
  const thumb = thumbnailSource(file);
  return (
    <span className={`block overflow-hidden bg-gray-100 ${className}`}>
      <img
        src={thumb.src}
        width={thumb.width}
        height={thumb.height}
        alt={file.alt_text}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="h-full w-full bg-cover bg-center object-cover"
        style={file.placeholder ? { backgroundImage: `url("${file.placeholder}")` } : undefined}
      />
    </span>
  );
}

interface MediaCollectionProps {
  files: readonly MediaFile[];
  view: MediaView;
  layout: keyof typeof GRID_COLUMNS;
  /** Library: open the preview. Picker: toggle the file's selection. */
  onActivate(file: MediaFile): void;
  /** The picker's chosen ids; when given, each card is a toggle button. */
  selected?: readonly number[];
  /** Extra buttons per file (the library's copy and delete). */
  actions?(file: MediaFile): ReactNode;
}


export function MediaCollection({ files, view, layout, onActivate, selected, actions }: MediaCollectionProps) {
  const selectable = selected !== undefined;
  const buttonProps = (file: MediaFile) => (selectable ? { "aria-pressed": selected.includes(file.id) } : {});
  // A card is named by what it shows, after what it does: "預覽 a.jpg 120 KB …".
  // A shorter aria-label would leave out visible words (the size, the date), which
  // a voice user may read out to press it (WCAG 2.5.3). The picture comes last in
  // the document, shown first by `order-first`, so the file's name comes before
  // the picture's alt text.
  const verb = <span className="sr-only">{selectable ? "選擇" : "預覽"} </span>;

  if (view === "list") {
    return (
      <ul className="divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white text-gray-900 shadow-sm" data-testid="media-list" data-view="list">
        {files.map((file) => {
          const chosen = selectable && selected.includes(file.id);
          return (
            <li key={file.id} data-testid="media-item" data-media-id={file.id} className={`flex items-center gap-3 p-3 ${chosen ? "bg-blue-50" : ""}`}>
              <button type="button" onClick={() => onActivate(file)} {...buttonProps(file)} className={`flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left ${focusRing}`}>
                {verb}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium" data-testid="media-name">
                    {displayName(file)}
                  </span>
                  <span className="block text-sm text-gray-500">
                    {fileKindLabel(file)} · <span data-testid="media-size">{formatFileSize(file.file_size)}</span>
                  </span>
                  <VideoStateBadge file={file} className="mt-1" />
                </span>
                <time dateTime={file.created_at} className="hidden shrink-0 text-sm text-gray-500 sm:block">
                  {formatDateTime(file.created_at)}
                </time>
                <span className="relative order-first shrink-0">
                  <MediaThumbnail file={file} className="h-14 w-14 rounded-lg" />
                  {chosen ? <CircleCheck aria-hidden size={20} className="absolute -right-1 -top-1 rounded-full bg-white text-blue-600" /> : null}
                </span>
              </button>
              {actions ? <span className="flex shrink-0 gap-1">{actions(file)}</span> : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ul className={`grid gap-4 ${GRID_COLUMNS[layout]}`} data-testid="media-grid" data-view="grid">
      {files.map((file) => {
        const chosen = selectable && selected.includes(file.id);
        return (
          <li
            key={file.id}
            data-testid="media-item"
            data-media-id={file.id}
            className={`relative overflow-hidden rounded-xl bg-white text-gray-900 shadow-sm ${chosen ? "ring-4 ring-blue-500" : ""}`}
          >
            <button type="button" onClick={() => onActivate(file)} {...buttonProps(file)} className={`flex w-full flex-col text-left ${focusRing}`}>
              {verb}
              <span className="block truncate px-2 pt-2 text-sm font-medium" data-testid="media-name">
                {displayName(file)}
              </span>
              <span className="block px-2 pb-2 text-xs text-gray-500" data-testid="media-size">
                {formatFileSize(file.file_size)}
              </span>
              <VideoStateBadge file={file} className="mx-2 mb-2 self-start" />
              <MediaThumbnail file={file} className="order-first aspect-square w-full" />
            </button>
            {chosen ? <CircleCheck aria-hidden size={24} className="absolute right-2 top-2 rounded-full bg-white text-blue-600" /> : null}
            {actions ? <span className="flex justify-end gap-1 border-t border-gray-100 px-1 py-1">{actions(file)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
