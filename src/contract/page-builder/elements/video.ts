// A video element: an uploaded file, an https address of an MP4 / WebM, or a
// YouTube video; a poster and a title. Nothing is fetched or played until a
// visitor presses play: a file is a <video preload="none">, YouTube is a link
// with its thumbnail that the small player island swaps for the player. An
// uploaded file plays as the MP4 the video job made of it (decision 029).
import { z } from "zod";
import { youtubeIdFrom, youtubeThumbnail } from "../../youtube.ts";
import { escapeHtml, mediaAddress, nodeId, words } from "../element-fields.ts";
import { defineElementKind, type ViewContext } from "../element-kind.ts";
import { inPicture } from "./image.ts";

export const VIDEO_SOURCES = ["upload", "url", "youtube"] as const;
export const VIDEO_SOURCE_LABELS: Record<(typeof VIDEO_SOURCES)[number], string> = { upload: "上傳的影片", url: "影片網址", youtube: "YouTube" };

export const videoElementSchema = z
  .object({
    id: nodeId,
    type: z.literal("video"),
    source: z.enum(VIDEO_SOURCES, { error: "請選擇影片來源" }),
    /** The uploaded file or the https address of an MP4 / WebM. */
    src: mediaAddress("影片").default(""),
    youtube: words("YouTube 網址", 300).default(""),
    poster: mediaAddress("影片封面").default(""),
    title: words("影片標題", 200).default(""),
  })
  .superRefine((video, ctx) => {
    if (video.source === "youtube" && youtubeIdFrom(video.youtube) === null) ctx.addIssue({ code: "custom", path: ["youtube"], message: "無法辨識 YouTube 影片網址或 ID" });
    if (video.source !== "youtube" && video.src === "") ctx.addIssue({ code: "custom", path: ["src"], message: "請選擇或輸入影片" });
  });

type VideoElement = z.output<typeof videoElementSchema>;

function videoView(element: VideoElement, context: ViewContext): string {
  const title = element.title || "影片";
  if (element.source === "youtube") {
    const id = youtubeIdFrom(element.youtube) ?? "";
    const poster = element.poster || youtubeThumbnail(id);
    // An uploaded poster comes in the media library's smaller variants (a phone photo would weigh megabytes).
    const thumbnail = inPicture(context.pictures[poster], context.columnWidth, `<img src="${escapeHtml(poster)}" alt="" loading="lazy" decoding="async" width="480" height="360">`);
    return (
      `<div class="pb-video pb-youtube" data-youtube="${escapeHtml(id)}" data-title="${escapeHtml(title)}">` +
      `<a class="pb-youtube-link" href="https://www.youtube.com/watch?v=${escapeHtml(id)}">` +
      thumbnail +
      `<span class="pb-play">播放影片：${escapeHtml(title)}</span></a></div>`
    );
  }
  // An uploaded file as the library has made it (decision 029): its MP4 once ready, with the file's poster
  // unless the element has its own; its poster alone while processing; nothing when it cannot be played.
  const file = context.videos?.[element.src];
  if (file?.status === "error") return "";
  const posterPath = element.poster || file?.poster_url || "";
  if (file?.status === "processing") {
    if (!posterPath) return "";
    const still = inPicture(context.pictures[posterPath], context.columnWidth, `<img src="${escapeHtml(posterPath)}" alt="${escapeHtml(title)}" loading="lazy" decoding="async">`);
    return `<div class="pb-video pb-video-pending">${still}</div>`;
  }
  const src = file?.play_url || element.src;
  const poster = posterPath ? ` poster="${escapeHtml(posterPath)}"` : "";
  const type = /\.webm(\?|$)/i.test(src) ? "video/webm" : "video/mp4";
  return `<div class="pb-video"><video controls preload="none"${poster} aria-label="${escapeHtml(title)}"><source src="${escapeHtml(src)}" type="${type}"></video></div>`;
}

/** The uploaded video files a tree plays (the media library's addresses), to read their processing when the page is served. */
export const uploadedVideoPaths = (elements: readonly { type: string; source?: string; src?: string }[]): string[] => [
  ...new Set(elements.flatMap((element) => (element.type === "video" && element.source !== "youtube" && element.src?.startsWith("/uploads/") ? [element.src] : []))),
];

export const videoElement = defineElementKind({ type: "video", label: "影片", schema: videoElementSchema, view: videoView });

/** A page with a YouTube element takes the player island; nothing else on a built page runs a script. */
export const isYoutubeVideo = (element: { type: string; source?: string }) => element.type === "video" && element.source === "youtube";
