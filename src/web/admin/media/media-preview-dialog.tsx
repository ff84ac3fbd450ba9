// The library's preview (002 §2.8): the picture or video, its size,
// type, upload time, dimensions, URL (with copy) and where it is used; the
// alt text, editable for images (issue 4); delete to the trash, or for a file
// in use, in its place, what must happen before it can be (decision 042).
import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Copy, ImageOff, Save, Trash2 } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { isImage, isVideo, type MediaFile } from "#contract/media.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { copyText } from "#web/admin/shared/clipboard.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { MEDIA_MESSAGES } from "./media-answers.ts";
import { saveAltText } from "./media-api.ts";
import { absoluteUrl, dimensionsLabel, displayName, fileKindLabel, previewSource } from "./media-files.ts";
import { isInUse } from "./media-deletes.ts";
import { useReloadMediaFiles, type DeleteResult } from "./use-media-files.ts";
import { AdminDialog, useUnsavedInDialog } from "#web/admin/shared/admin-dialog.tsx";

type Notice = { tone: "success" | "error"; text: string } | null;

const NOTICE_MS = 3_000;

interface PreviewProps {
  onClose(): void;
  /** The library's delete (it asks first); the preview closes once the file is in the trash. */
  onDelete(file: MediaFile): Promise<DeleteResult>;
  onTrashed(file: MediaFile): void;
}

export function MediaPreviewDialog({ file, ...props }: PreviewProps & { file: MediaFile | null }) {
  return (
    <AdminDialog open={file !== null} title={file ? displayName(file) : "檔案預覽"} onClose={props.onClose} size="lg">
      {file ? <PreviewBody key={file.id} file={file} {...props} /> : null}
    </AdminDialog>
  );
}

function PreviewBody({ file, onClose, onDelete, onTrashed }: PreviewProps & { file: MediaFile }) {
  const [notice, setNotice] = useState<Notice>(null);
  const [altText, setAltText] = useState(file.alt_text);
  // The description as last stored: typed but not saved, the dialog asks before closing.
  const [storedAlt, setStoredAlt] = useState(file.alt_text);
  useUnsavedInDialog(altText.trim() !== storedAlt);
  const [deleting, setDeleting] = useState(false);
  const reload = useReloadMediaFiles();
  const altId = useId();
  const url = absoluteUrl(file.file_url, window.location.origin);

  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const save = useMutation({
    mutationFn: (text: string) => saveAltText(file.id, text),
    onSuccess: (_result, text) => {
      setStoredAlt(text);
      setNotice({ tone: "success", text: MEDIA_MESSAGES.altSaved });
      void reload();
    },
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, MEDIA_MESSAGES.altFailed) }),
  });

  async function copy() {
    const copied = await copyText(url);
    setNotice(copied ? { tone: "success", text: MEDIA_MESSAGES.copied } : { tone: "error", text: MEDIA_MESSAGES.copyFailed });
  }

  async function remove() {
    setDeleting(true);
    const result = await onDelete(file);
    setDeleting(false);
    if (result.status === "trashed") {
      onTrashed(file);
      onClose();
    } else if (result.status === "refused") setNotice({ tone: "error", text: result.message });
  }

  function submitAlt(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate(altText.trim());
  }

  const details: Array<[label: string, value: string, testId: string]> = [
    ["檔案大小", formatFileSize(file.file_size), "preview-size"],
    ["檔案類型", fileKindLabel(file), "preview-type"],
    ["上傳時間", formatDateTime(file.created_at), "preview-time"],
  ];
  const dimensions = dimensionsLabel(file);
  if (dimensions) details.push(["尺寸", dimensions, "preview-dimensions"]);

  return (
    <div className="space-y-5" data-testid="media-preview">
      <Preview file={file} />

      <div role="status" aria-live="polite">
        {notice?.tone === "success" ? (
          <p className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="preview-notice">
            <CircleCheck aria-hidden size={16} />
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.tone === "error" ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="preview-error">
          <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
          {notice.text}
        </p>
      ) : null}

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {details.map(([label, value, testId]) => (
          <div key={label}>
            <dt className="text-gray-500">{label}</dt>
            <dd className="mt-0.5 font-medium" data-testid={testId}>
              {label === "上傳時間" ? <time dateTime={file.created_at}>{value}</time> : value}
            </dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="text-gray-500">使用位置</dt>
          <dd className="mt-0.5" data-testid="preview-usages">
            {file.usages.length === 0 ? (
              <span className="text-gray-600">未被使用</span>
            ) : (
              <ul className="list-disc pl-5">
                {file.usages.map((usage) => (
                  <li key={`${usage.owner_type}:${usage.owner_id}:${usage.field}`}>{usage.label}</li>
                ))}
                {file.usage_count > file.usages.length ? <li>以及另外 {file.usage_count - file.usages.length} 處</li> : null}
              </ul>
            )}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-gray-500">網址</dt>
          <dd className="mt-1 flex gap-2">
            <input
              readOnly
              value={url}
              aria-label="檔案網址"
              data-testid="preview-url"
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs"
            />
            <button
              type="button"
              onClick={() => void copy()}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <Copy aria-hidden size={16} />
              複製網址
            </button>
          </dd>
        </div>
      </dl>

      {isImage(file) ? (
        <form onSubmit={submitAlt} className="space-y-2">
          <label htmlFor={altId} className="block text-sm font-medium text-gray-700">
            替代文字（alt）
          </label>
          <div className="flex gap-2">
            <input
              id={altId}
              value={altText}
              maxLength={300}
              onChange={(event) => setAltText(event.target.value)}
              placeholder="描述圖片內容，供螢幕閱讀器與搜尋引擎使用"
              className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
            />
            <button
              type="submit"
              disabled={save.isPending}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
            >
              <Save aria-hidden size={16} />
              {save.isPending ? "儲存中..." : "儲存替代文字"}
            </button>
          </div>
        </form>
      ) : null}

      <div className="flex items-center justify-between gap-3 border-t border-gray-100 pt-4">
        {isInUse(file) ? (
          <p className="text-sm text-gray-700" data-testid="preview-in-use-note">
            這個檔案正在上面列出的地方使用，不能刪除；要刪除，請先到那些地方換掉或移除它。
          </p>
        ) : (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={deleting}
            className="inline-flex items-center gap-1.5 rounded-lg border border-red-200 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-60"
          >
            <Trash2 aria-hidden size={16} />
            {deleting ? "刪除中..." : "刪除檔案"}
          </button>
        )}
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          關閉
        </button>
      </div>
    </div>
  );
}

function Preview({ file }: { file: MediaFile }) {
  const [broken, setBroken] = useState(false);
  if (isVideo(file)) {
    return <video src={file.file_url} controls preload="metadata" playsInline className="max-h-[50vh] w-full rounded-lg bg-black" />;
  }
  if (!isImage(file) || broken) {
    return (
      <div className="flex h-48 items-center justify-center rounded-lg bg-gray-100 text-gray-400">
        <ImageOff aria-hidden size={40} />
        <span className="sr-only">圖片無法顯示</span>
      </div>
    );
  }
  const source = previewSource(file);
  return (
    <div className="flex justify-center rounded-lg bg-gray-100">
      <img
        src={source.src}
        width={source.width}
        height={source.height}
        alt={file.alt_text}
        onError={() => setBroken(true)}
        className="max-h-[50vh] w-auto max-w-full bg-cover bg-center object-contain"
        style={file.placeholder ? { backgroundImage: `url("${file.placeholder}")` } : undefined}
      />
    </div>
  );
}
