// The banner form in a modal (002 §2.2, §3, §5): texts (title, button text and
// link required), media type (image / video / YouTube) with upload and progress
// or the media library, button, colours, overlay (0–100) and height (200–800,
// step 50) sliders, active; the server's field errors under their fields.
import { CircleAlert, FolderOpen, LoaderCircle, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { BANNER_HEIGHT, BANNER_MEDIA_TYPES, type Banner } from "#contract/banner.ts";
import type { MediaFile, VideoProcessing } from "#contract/media.ts";
import { uploadBannerFile, type UploadedBannerFile } from "./banner-api.ts";
import { bannerErrorMessage, EMPTY_BANNER_FORM, formFromBanner, MEDIA_TYPE_LABELS, recognisedYoutubeId, videoStatusText, type BannerFormValues } from "./banner-form.ts";
import { UPLOAD_ACCEPT } from "#web/admin/media/media-files.ts";
import { AdminDialog, useUnsavedValuesInDialog } from "#web/admin/shared/admin-dialog.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";

export type BannerSaveOutcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

interface BannerFormDialogProps {
  open: boolean;
  /** The banner being edited; null for a new one. */
  banner: Banner | null;
  onClose(): void;
  onSave(values: BannerFormValues): Promise<BannerSaveOutcome>;
}

export function BannerFormDialog({ open, banner, onClose, onSave }: BannerFormDialogProps) {
  const [picker, setPicker] = useState<"image" | "video" | null>(null);
  const [picked, setPicked] = useState<{ kind: "image" | "video"; file: MediaFile } | null>(null);
  return (
    <>
      <AdminDialog open={open} title={banner ? "編輯橫幅" : "新增橫幅"} onClose={onClose} size="lg">
        {open ? (
          <BannerForm
            key={banner?.id ?? "new"}
            banner={banner}
            onClose={onClose}
            onSave={onSave}
            onPick={setPicker}
            picked={picked}
            onPickedUsed={() => setPicked(null)}
          />
        ) : null}
      </AdminDialog>
      <MediaPicker
        open={picker !== null}
        accept={picker ?? "image"}
        onClose={() => setPicker(null)}
        onConfirm={([file]) => {
          if (file && picker) setPicked({ kind: picker, file });
        }}
      />
    </>
  );
}

const inputClass =
  "mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:outline-2 focus:outline-blue-500/30 aria-invalid:border-red-500";
const secondaryButton =
  "inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50";

interface FormProps {
  banner: Banner | null;
  onClose(): void;
  onSave: BannerFormDialogProps["onSave"];
  onPick(kind: "image" | "video"): void;
  picked: { kind: "image" | "video"; file: MediaFile } | null;
  onPickedUsed(): void;
}

function BannerForm({ banner, onClose, onSave, onPick, picked, onPickedUsed }: FormProps) {
  const [values, setValues] = useState<BannerFormValues>(() => (banner ? formFromBanner(banner) : EMPTY_BANNER_FORM));
  useUnsavedValuesInDialog(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [saving, setSaving] = useState(false);
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  // What the server said about the video at this address (the banner's, an upload's or a library file's).
  const [knownVideo, setKnownVideo] = useState<{ url: string; video: VideoProcessing } | null>(() => (banner?.video_url ? { url: banner.video_url, video: banner.video } : null));

  // A file chosen in the media library becomes the image or the video.
  useEffect(() => {
    if (!picked) return;
    setValues((current) => ({ ...current, [picked.kind === "image" ? "image_url" : "video_url"]: picked.file.file_path }));
    if (picked.kind === "video") setKnownVideo({ url: picked.file.file_path, video: picked.file.video });
    onPickedUsed();
  }, [picked, onPickedUsed]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setMessage("");
    setErrors({});
    const outcome = await onSave(values);
    setSaving(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      setErrors(outcome.errors);
      focusFirstError();
    }
  }

  const youtubeId = recognisedYoutubeId(values.youtube);
  const youtubeError = errors.youtube_id ?? errors.youtube_url;

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="space-y-5 text-gray-900" data-testid="banner-form">
      {message ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="banner-form-error">
          <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
          {message}
        </p>
      ) : null}

      <Field label="標題" required error={errors.title}>
        {(props) => <input {...props} type="text" value={values.title} onChange={(event) => set("title", event.target.value)} className={inputClass} />}
      </Field>
      <Field label="副標題" error={errors.subtitle}>
        {(props) => <input {...props} type="text" value={values.subtitle} onChange={(event) => set("subtitle", event.target.value)} className={inputClass} />}
      </Field>
      <Field label="描述" error={errors.description}>
        {(props) => <textarea {...props} rows={3} value={values.description} onChange={(event) => set("description", event.target.value)} className={inputClass} />}
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-gray-700">媒體類型</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {BANNER_MEDIA_TYPES.map((type) => (
            <label key={type} className="inline-flex items-center gap-2">
              <input type="radio" name="media_type" value={type} checked={values.media_type === type} onChange={() => set("media_type", type)} className="h-4 w-4 accent-blue-600" />
              {MEDIA_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>

      {values.media_type === "image" ? (
        <div className="space-y-3 rounded-xl bg-gray-50 p-4" data-testid="banner-image-section">
          <p className="text-sm font-medium text-gray-700">橫幅圖片</p>
          <MediaUpload kind="image" onUploaded={({ path }) => set("image_url", path)} onPick={() => onPick("image")} />
          {values.image_url ? (
            <img src={values.image_url} alt="橫幅圖片預覽" className="max-h-48 rounded-lg object-cover" data-testid="banner-image-preview" />
          ) : (
            <p className="text-sm text-gray-500">尚未選擇圖片</p>
          )}
          <FieldError id="image_url-error" error={errors.image_url} />
        </div>
      ) : null}

      {values.media_type === "video" ? (
        <div className="space-y-3 rounded-xl bg-gray-50 p-4" data-testid="banner-video-section">
          <p className="text-sm font-medium text-gray-700">橫幅影片</p>
          <MediaUpload
            kind="video"
            onUploaded={({ path, video }) => {
              set("video_url", path);
              setKnownVideo({ url: path, video });
            }}
            onPick={() => onPick("video")}
          />
          <p className="text-sm text-gray-500">支援 MP4、WebM、MOV、MPEG、AVI，最大 100MB</p>
          <Field label="影片網址" error={errors.video_url}>
            {(props) => (
              <input {...props} type="text" inputMode="url" placeholder="/uploads/… 或 https://…" value={values.video_url} onChange={(event) => set("video_url", event.target.value)} className={inputClass} />
            )}
          </Field>
          {values.video_url ? <VideoState url={values.video_url.trim()} video={knownVideo?.url === values.video_url.trim() ? knownVideo.video : null} /> : null}
        </div>
      ) : null}

      {values.media_type === "youtube" ? (
        <div className="space-y-2 rounded-xl bg-gray-50 p-4" data-testid="banner-youtube-section">
          <Field label="YouTube 網址" error={youtubeError}>
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v=…"
                value={values.youtube}
                onChange={(event) => set("youtube", event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <p className={`text-sm ${youtubeId ? "text-green-700" : "text-gray-500"}`} aria-live="polite" data-testid="banner-youtube-id">
            {youtubeId ? `已辨識影片 ID：${youtubeId}` : "請輸入 YouTube 影片網址（watch、embed 或 youtu.be 短網址）或 11 碼影片 ID"}
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="按鈕文字" required error={errors.button_text}>
          {(props) => <input {...props} type="text" value={values.button_text} onChange={(event) => set("button_text", event.target.value)} className={inputClass} />}
        </Field>
        <Field label="按鈕連結" required error={errors.button_link}>
          {(props) => <input {...props} type="text" value={values.button_link} onChange={(event) => set("button_link", event.target.value)} className={inputClass} />}
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <RadioGroup
          legend="按鈕樣式"
          name="button_style"
          value={values.button_style}
          options={[
            ["primary", "主要"],
            ["secondary", "次要"],
          ]}
          onChange={(value) => set("button_style", value)}
        />
        <RadioGroup
          legend="文字顏色"
          name="text_color"
          value={values.text_color}
          options={[
            ["white", "白色"],
            ["dark", "深色"],
          ]}
          onChange={(value) => set("text_color", value)}
        />
      </div>

      <Slider label="遮罩透明度" unit="%" min={0} max={100} step={1} value={values.overlay_opacity} onChange={(value) => set("overlay_opacity", value)} error={errors.overlay_opacity} testId="banner-overlay" />
      <Slider label="高度" unit="px" min={BANNER_HEIGHT.min} max={BANNER_HEIGHT.max} step={BANNER_HEIGHT.step} value={values.height} onChange={(value) => set("height", value)} error={errors.height} testId="banner-height" />

      <label className="inline-flex items-center gap-2">
        <input type="checkbox" checked={values.is_active} onChange={(event) => set("is_active", event.target.checked)} className="h-4 w-4 accent-blue-600" />
        啟用
      </label>

      <div className="flex justify-end gap-3 border-t border-gray-100 pt-4">
        <button type="button" onClick={onClose} className="rounded-lg border border-gray-300 px-5 py-2 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
          取消
        </button>
        <button
          type="submit"
          disabled={saving}
          className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
        >
          {saving ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : null}
          {saving ? "儲存中..." : "儲存"}
        </button>
      </div>
    </form>
  );
}

type FieldProps = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string; "aria-required"?: boolean };

function Field({ label, required = false, error, children }: { label: string; required?: boolean; error?: string; children(props: FieldProps): ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined, "aria-required": required || undefined })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700" data-testid="field-error">
      {error}
    </p>
  ) : null;
}

function RadioGroup<T extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: T; options: Array<[T, string]>; onChange(value: T): void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-2 flex gap-4">
        {options.map(([option, label]) => (
          <label key={option} className="inline-flex items-center gap-2">
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className="h-4 w-4 accent-blue-600" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Slider(props: { label: string; unit: string; min: number; max: number; step: number; value: number; onChange(value: number): void; error?: string; testId: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between text-sm font-medium text-gray-700">
        <label htmlFor={id}>{props.label}</label>
        <output htmlFor={id} data-testid={`${props.testId}-value`}>
          {props.value}
          {props.unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className="mt-2 w-full accent-blue-600"
        data-testid={props.testId}
      />
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/**
 * The chosen video as it stands: 處理中 (the banner can be saved meanwhile; the
 * site shows the poster until the MP4 is ready), the reason it cannot be used,
 * or a preview of what visitors will play. `video` is null for an address the
 * server has not described (typed in): previewed as it is.
 */
function VideoState({ url, video }: { url: string; video: VideoProcessing | null }) {
  const status = video ? videoStatusText(video) : null;
  if (status?.tone === "error") {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="banner-video-status">
        <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
        {status.text}
      </p>
    );
  }
  if (status) {
    return (
      <div className="space-y-2">
        <p role="status" className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="banner-video-status">
          <LoaderCircle aria-hidden size={18} className="mt-0.5 shrink-0 animate-spin motion-reduce:animate-none" />
          <span>
            <strong className="font-semibold">{status.text}</strong>：影片正在轉換成各種瀏覽器都能播放的格式。可以先儲存，完成後網站會自動播放，轉換期間先顯示封面。
          </span>
        </p>
        {video?.poster_url ? <img src={video.poster_url} alt="影片封面預覽" className="max-h-48 rounded-lg object-cover" data-testid="banner-video-poster" /> : null}
      </div>
    );
  }
  return <video src={video?.play_url || url} poster={video?.poster_url || undefined} muted controls preload="metadata" className="max-h-48 rounded-lg" data-testid="banner-video-preview" />;
}

/** Upload with a progress bar through POST /api.php/upload, or the media library. */
function MediaUpload({ kind, onUploaded, onPick }: { kind: "image" | "video"; onUploaded(uploaded: UploadedBannerFile): void; onPick(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState("");
  const abort = useRef<AbortController | null>(null);
  const labelId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError("");
    setPercent(0);
    try {
      onUploaded(await uploadBannerFile(file, setPercent, controller.signal));
    } catch (caught) {
      if (controller.signal.aborted) return;
      console.warn("橫幅檔案上傳失敗", caught);
      setError(bannerErrorMessage(caught, "upload"));
    } finally {
      if (!controller.signal.aborted) setPercent(null);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => input.current?.click()} disabled={percent !== null} className={secondaryButton}>
          <Upload aria-hidden size={16} />
          {kind === "image" ? "上傳圖片" : "上傳影片"}
        </button>
        <button type="button" onClick={onPick} className={secondaryButton}>
          <FolderOpen aria-hidden size={16} />
          從媒體庫選擇
        </button>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT[kind]}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="banner-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
      </div>
      {percent !== null ? (
        <div data-testid="banner-upload-progress">
          <p id={labelId} className="text-sm text-gray-600">
            上傳中... {percent}%
          </p>
          <div role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200">
            <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="banner-upload-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
