// The video element's dialog: where the video comes from (上傳的影片 from the
// media library, with its processing state; 影片網址 of an MP4 / WebM; or
// YouTube), a poster and a title.
// The schema accepts a video without a title (the page then says 影片); the
// dialog asks for one, as people who cannot see the picture hear it. The
// findings flag an untitled video made elsewhere (an older page parsed back).
import { Video } from "lucide-react";
import { VIDEO_SOURCE_LABELS, VIDEO_SOURCES, videoElement } from "#contract/page-builder/elements/video.ts";
import { VIDEO_MESSAGES } from "#contract/media.ts";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import { youtubeIdFrom } from "#contract/youtube.ts";
import { VideoStateBadge } from "#web/admin/media/media-grid.tsx";
import { videoStateLabel } from "#web/admin/media/media-files.ts";
import { useMediaFiles } from "#web/admin/media/use-media-files.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { ChoiceField } from "./choice-fields.tsx";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { MediaField } from "./media-field.tsx";
import { shortLine } from "./plain-text.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-video");
export const VIDEO_TITLE_REQUIRED = "請輸入影片標題，讓看不到畫面的訪客知道這是什麼影片";

type VideoValues = Pick<ElementOf<"video">, "source" | "src" | "youtube" | "poster" | "title">;

export const videoDialogRules = (values: VideoValues): FieldErrors => (values.title.trim() === "" ? { title: VIDEO_TITLE_REQUIRED } : {});

/**
 * The chosen library file as the server stands with it (decision 029): 處理中（N%） while it is made
 * playable (the page can be published meanwhile), or why it cannot be used. The library's list is
 * asked again while a video is processing (use-media-files.ts), so this follows the job.
 */
function ChosenVideoState({ address }: { address: string }) {
  const files = useMediaFiles().data;
  const file = files?.find((entry) => entry.file_path === address);
  const state = file ? videoStateLabel(file.video) : null;
  if (!file || !state) return null;
  const busy = state.tone === "busy";
  return (
    <p className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${busy ? "border-blue-200 bg-blue-50 text-blue-900" : "border-red-200 bg-red-50 text-red-800"}`} data-testid="pb-video-state">
      <VideoStateBadge file={file} className="shrink-0" />
      <span>{busy ? "影片正在轉換成各種瀏覽器都能播放的格式。可以先發布，完成後頁面會自動播放，轉換期間先顯示封面。" : `${file.video.error || VIDEO_MESSAGES.failed}。頁面上不會顯示這部影片。`}</span>
    </p>
  );
}

function VideoEditor(props: ElementEditorProps<"video">) {
  const form = useElementForm(props, {
    valuesOf: ({ source, src, youtube, poster, title }): VideoValues => ({ source, src, youtube, poster, title }),
    // Only the chosen source's address is kept: a YouTube video keeps no file, a file no YouTube address.
    toElement: (values, element) => ({ ...element, ...values, src: values.source === "youtube" ? "" : values.src, youtube: values.source === "youtube" ? values.youtube : "" }),
    dialogRules: videoDialogRules,
  });
  const { values, set, errors } = form;
  const youtubeId = values.source === "youtube" ? youtubeIdFrom(values.youtube) : null;
  return (
    <ElementDialog title={dialogTitle(props.isNew, videoElement.label)} form={form} onCancel={props.onCancel} testId="pb-video-form">
      {(pick) => (
        <>
          <ChoiceField ids={ids} field="source" legend="影片來源" value={values.source} options={VIDEO_SOURCES.map((source) => ({ value: source, label: VIDEO_SOURCE_LABELS[source] }))} errors={errors} onChange={(source) => set("source", source)} />
          {values.source === "upload" ? (
            <>
              <MediaField ids={ids} field="src" label="影片" kind="video" required value={values.src} errors={errors} help="從媒體庫選擇或上傳影片（MP4、WebM、MOV、MPEG、AVI）" onChange={(src) => set("src", src)} pick={pick} />
              {values.src.trim().startsWith("/uploads/") ? <ChosenVideoState address={values.src.trim()} /> : null}
            </>
          ) : values.source === "url" ? (
            <TextField ids={ids} field="src" label="影片網址" required value={values.src} errors={errors} placeholder="https://…/video.mp4" help="MP4 或 WebM 影片檔的 https:// 網址" onChange={(src) => set("src", src)} />
          ) : (
            <div>
              <TextField
                ids={ids}
                field="youtube"
                label="YouTube 網址或影片 ID"
                required
                value={values.youtube}
                errors={errors}
                placeholder="https://www.youtube.com/watch?v=…"
                help="貼上 YouTube 影片的網址，或只填影片 ID"
                onChange={(youtube) => set("youtube", youtube)}
              />
              <p className="mt-1 text-sm text-gray-700" aria-live="polite" data-testid="youtube-recognised">
                {youtubeId ? `已辨識影片 ID：${youtubeId}` : ""}
              </p>
            </div>
          )}
          <TextField ids={ids} field="title" label="影片標題" required value={values.title} errors={errors} help="看不到畫面的訪客會聽到這個標題，例如「水塔清洗過程」" onChange={(title) => set("title", title)} />
          <MediaField
            ids={ids}
            field="poster"
            label="影片封面"
            optional
            kind="image"
            value={values.poster}
            errors={errors}
            help={values.source === "youtube" ? "播放前顯示的圖片；留空則使用 YouTube 的縮圖" : "播放前顯示的圖片"}
            onChange={(poster) => set("poster", poster)}
            pick={pick}
          />
          <p className="text-sm text-gray-600">訪客按下播放前，頁面不會載入影片。</p>
        </>
      )}
    </ElementDialog>
  );
}

export const videoEditor: ElementEditorModule<"video"> = {
  type: "video",
  icon: Video,
  // No video yet: the schema refuses it, so the editor opens the dialog at once.
  create: (id) => ({ id, type: "video", source: "youtube", src: "", youtube: "", poster: "", title: "" }),
  summary: (element) => (element.title.trim() ? shortLine(element.title) : "影片（缺少標題）"),
  Editor: VideoEditor,
};
