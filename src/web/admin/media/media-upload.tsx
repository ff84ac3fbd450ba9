// The upload pieces shared by the library and the picker: the button (a
// hidden file input, several files at once), the drop zone, and one row per
// file with its progress bar and, on failure, the server's message.
import { CircleAlert, CircleCheck, LoaderCircle, Upload, UploadCloud, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { formatFileSize } from "#contract/file-sizes.ts";
import { DROP_ZONE_TYPES, UPLOAD_ACCEPT, type MediaAccept } from "./media-files.ts";
import { isFinished, STATUS_LABELS, type UploadEntry } from "./media-upload-queue.ts";

export function UploadButton({ accept, onFiles, label = "上傳檔案" }: { accept: MediaAccept; onFiles(files: File[]): void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <Upload aria-hidden size={18} />
        {label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT[accept]}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="media-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Picking the same file again must fire change again.
          event.target.value = "";
          onFiles(files);
        }}
      />
    </>
  );
}

/** Takes files dragged from the desktop; the content stays usable while nothing is dragged over it. */
export function MediaDropZone({
  accept,
  onFiles,
  children,
  className = "",
}: {
  accept: MediaAccept;
  onFiles(files: File[]): void;
  children?: ReactNode;
  className?: string;
}) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  return (
    <section
      aria-describedby={hintId}
      data-testid="media-drop-zone"
      data-drag-over={over || undefined}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
      className={`rounded-2xl border-2 border-dashed transition-colors ${over ? "border-blue-500 bg-blue-50/80" : "border-current/25"} ${className}`}
    >
      <p id={hintId} className={`flex items-center justify-center gap-2 px-4 py-3 text-center text-sm ${over ? "text-blue-700" : "opacity-75"}`}>
        <UploadCloud aria-hidden size={18} />
        拖曳檔案到此處上傳（{DROP_ZONE_TYPES[accept]}）
      </p>
      {children}
    </section>
  );
}

export function UploadProgressList({ entries, onClear }: { entries: readonly UploadEntry[]; onClear(): void }) {
  if (entries.length === 0) return null;
  const finished = entries.some(isFinished);
  return (
    <section aria-label="上傳進度" className="rounded-2xl bg-white p-4 text-gray-900 shadow-sm" data-testid="upload-list">
      <ul className="space-y-3">
        {entries.map((entry) => (
          <UploadRow key={entry.key} entry={entry} />
        ))}
      </ul>
      {finished ? (
        <div className="mt-3 flex justify-end">
          <button
            type="button"
            onClick={onClear}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <X aria-hidden size={14} />
            清除已完成項目
          </button>
        </div>
      ) : null}
    </section>
  );
}

function UploadRow({ entry }: { entry: UploadEntry }) {
  const failed = entry.status === "error" || entry.status === "skipped";
  const active = entry.status === "uploading" || entry.status === "processing" || entry.status === "waiting";
  const labelId = useId();
  return (
    <li data-testid="upload-entry" data-status={entry.status}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="flex min-w-0 items-center gap-2">
          {entry.status === "done" ? <CircleCheck aria-hidden size={16} className="shrink-0 text-green-600" /> : null}
          {failed ? <CircleAlert aria-hidden size={16} className="shrink-0 text-red-600" /> : null}
          {active ? <LoaderCircle aria-hidden size={16} className="shrink-0 animate-spin text-blue-600" /> : null}
          <span className="truncate font-medium">{entry.name}</span>
          {entry.storedSize === null ? null : (
            <span className="shrink-0 text-gray-500" data-testid="upload-size">
              {formatFileSize(entry.storedSize)}
            </span>
          )}
        </span>
        <span className={`shrink-0 ${failed ? "text-red-700" : "text-gray-600"}`} data-testid="upload-status">
          {STATUS_LABELS[entry.status]}
          {entry.status === "uploading" ? ` ${entry.percent}%` : ""}
        </span>
      </div>
      {entry.status !== "skipped" ? (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={entry.percent}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className={`h-full rounded-full transition-[width] ${entry.status === "error" ? "bg-red-500" : entry.status === "done" ? "bg-green-500" : "bg-blue-600"}`}
            style={{ width: `${entry.status === "error" ? 100 : entry.percent}%` }}
          />
        </div>
      ) : null}
      {failed && entry.message ? (
        <p role="alert" className="mt-1 text-sm text-red-700" data-testid="upload-error">
          {entry.message}
        </p>
      ) : null}
    </li>
  );
}
