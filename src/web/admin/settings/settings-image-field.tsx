// An image setting (logos, favicon, OG image): a preview at the size the
// site will show it (a logo keeps its aspect ratio inside the height and
// maximum width), upload checked before sending (an image of at most 5 MB,
// 001 §5), a pick from the media library, the path itself, and remove.
import { ImageOff, ImagePlus, FolderOpen, LoaderCircle, Trash2, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MediaFile } from "#contract/media.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import { uploadSettingsImage } from "./settings-api.ts";
import { imageFileProblem, SETTINGS_MESSAGES, type FieldSpec } from "./settings-form.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { describedBy, FieldError, FieldHelp, fieldId, inputClass, type FieldContext } from "./settings-field-parts.tsx";

export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return `${SETTINGS_MESSAGES.uploadFailed}：${NETWORK_ERROR_MESSAGE}`;
    if (error.message) return `${SETTINGS_MESSAGES.uploadFailed}：${error.message}`;
  }
  return SETTINGS_MESSAGES.uploadFailed;
}

/** Picks, checks and uploads one image; `onDone` receives the stored path. */
export function useSettingsUpload(onDone: (path: string) => void, onProblem: (message: string | undefined) => void) {
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState("");
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => setUploaded(""), 3_000);
    return () => clearTimeout(timer);
  }, [uploaded]);

  async function upload(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setUploaded("");
      onProblem(problem);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    onProblem(undefined);
    try {
      const { path, message } = await uploadSettingsImage(file, controller.signal);
      onDone(path);
      setUploaded(message || SETTINGS_MESSAGES.uploaded);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn(`上傳 ${file.name} 失敗`, error);
      onProblem(uploadFailure(error));
    } finally {
      if (!controller.signal.aborted) setUploading(false);
    }
  }
  return { upload, uploading, uploaded };
}

export function UploadControls({ label, uploading, uploaded, onFile, onPick, testId }: { label: string; uploading: boolean; uploaded: string; onFile(file: File | undefined): void; onPick(): void; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const button = `inline-flex items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60 ${focusRing}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => input.current?.click()} disabled={uploading} className={button}>
        {uploading ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : <ImagePlus aria-hidden size={16} />}
        {uploading ? "上傳中..." : "上傳圖片"}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={`上傳${label}`}
        data-testid={`${testId}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          onFile(file);
        }}
      />
      <button type="button" onClick={onPick} disabled={uploading} className={button}>
        <FolderOpen aria-hidden size={16} />
        從媒體庫選擇
      </button>
      {uploaded ? (
        <span role="status" className="inline-flex items-center gap-1 text-sm text-green-700" data-testid={`${testId}-uploaded`}>
          <CircleCheck aria-hidden size={16} />
          {uploaded}
        </span>
      ) : null}
    </div>
  );
}

const pickedPath = (file: MediaFile) => file.file_path || file.file_url;

/** The media library's picker for one image setting; answers the chosen file's site path. */
export function SettingsMediaPicker({ open, label, onClose, onPick }: { open: boolean; label: string; onClose(): void; onPick(path: string): void }) {
  return (
    <MediaPicker
      open={open}
      accept="image"
      title={`選擇${label}`}
      onClose={onClose}
      onConfirm={([file]) => {
        if (file) onPick(pickedPath(file));
      }}
    />
  );
}

export function SettingsImageField({ spec, context }: { spec: Extract<FieldSpec, { kind: "image" }>; context: FieldContext }) {
  const { values, errors, set, setError } = context;
  const value = values[spec.key];
  const error = errors[spec.key];
  const [picking, setPicking] = useState(false);
  const [broken, setBroken] = useState("");
  const { upload, uploading, uploaded } = useSettingsUpload(
    (path) => set(spec.key, path),
    (message) => setError(spec.key, message),
  );

  const size = spec.size ? { height: Number(values[spec.size.height]) || 48, maxWidth: Number(values[spec.size.maxWidth]) || 200 } : null;
  const og = spec.key === "og_image";

  return (
    <div data-testid={`field-${spec.key}`} className="space-y-2">
      <label htmlFor={fieldId(spec.key)} className="text-sm font-medium text-gray-700">
        {spec.label}
      </label>
      <div
        className={`flex items-center justify-center overflow-hidden rounded-lg border border-dashed border-gray-300 bg-[repeating-conic-gradient(#f3f4f6_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4 ${og ? "aspect-[1200/630] max-w-md" : "min-h-24"}`}
        data-testid={`image-preview-${spec.key}`}
      >
        {value && broken !== value ? (
          <img
            src={value}
            alt={`${spec.label}預覽`}
            onError={() => setBroken(value)}
            style={size ? { height: size.height, maxWidth: size.maxWidth, width: "auto" } : undefined}
            className={`object-contain ${og ? "h-full w-full object-cover" : size ? "" : "max-h-16 max-w-16"}`}
          />
        ) : value ? (
          <span className="inline-flex items-center gap-2 text-sm text-amber-700">
            <ImageOff aria-hidden size={18} />
            無法載入圖片
          </span>
        ) : (
          <span className="text-sm text-gray-500">尚未設定</span>
        )}
      </div>
      <UploadControls label={spec.label} uploading={uploading} uploaded={uploaded} onFile={(file) => void upload(file)} onPick={() => setPicking(true)} testId={`upload-${spec.key}`} />
      <div className="flex items-center gap-2">
        <input
          id={fieldId(spec.key)}
          name={spec.key}
          type="text"
          value={value}
          placeholder="/uploads/… 或 https://…"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(spec.key, error, spec.help)}
          onChange={(event) => set(spec.key, event.target.value)}
          className={`${inputClass} mt-0 font-mono text-sm`}
          spellCheck={false}
        />
        {value ? (
          <button
            type="button"
            onClick={() => set(spec.key, "")}
            aria-label={`移除${spec.label}`}
            className={`inline-flex shrink-0 items-center gap-1 rounded-lg border border-red-200 px-2.5 py-2 text-sm text-red-700 hover:bg-red-50 ${focusRing}`}
          >
            <Trash2 aria-hidden size={14} />
            移除
          </button>
        ) : null}
      </div>
      <FieldError field={spec.key} error={error} />
      <FieldHelp field={spec.key} help={spec.help} />
      <SettingsMediaPicker
        open={picking}
        label={spec.label}
        onClose={() => setPicking(false)}
        onPick={(path) => {
          setError(spec.key, undefined);
          set(spec.key, path);
        }}
      />
    </div>
  );
}
