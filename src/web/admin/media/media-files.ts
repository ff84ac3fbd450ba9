// What the media library and the picker do with a list of files, without a
// browser: which files a screen accepts, the search by file name, which
// picked files may be uploaded (image/ and video/ types only), and which
// stored image to show (002 §2.8, §2.9, §4, §5).
import { isImage, isVideo, NO_VIDEO_PROCESSING, type MediaFile, type MediaVariant, type VideoProcessing } from "#contract/media.ts";

/** The kinds of file a screen works with; the picker is told by its caller. */
export type MediaAccept = "image" | "video" | "all";

/**
 * The upload input's accept list: the spec's JPG, PNG, GIF, WebP, MP4, WebM (002 §9), plus AVIF (issue 4)
 * and the videos phones and cameras record, QuickTime, MPEG and AVI (002 §5; the server makes them playable),
 * also by extension, since systems name their types differently.
 */
const VIDEO_ACCEPT = "video/mp4,video/webm,video/quicktime,video/mpeg,video/x-msvideo,video/avi,.mov,.mpg,.mpeg,.avi";
export const UPLOAD_ACCEPT: Record<MediaAccept, string> = {
  image: "image/jpeg,image/png,image/gif,image/webp,image/avif",
  video: VIDEO_ACCEPT,
  all: `image/jpeg,image/png,image/gif,image/webp,image/avif,${VIDEO_ACCEPT}`,
};

/** What the drop zone says it takes: the spec's JPG, PNG, GIF, WebP, MP4, WebM (002 §2.8, §9) and MOV, MPEG, AVI, narrowed to the screen's kind. */
export const DROP_ZONE_TYPES: Record<MediaAccept, string> = {
  image: "JPG、PNG、GIF、WebP、AVIF",
  video: "MP4、WebM、MOV、MPEG、AVI",
  all: "JPG、PNG、GIF、WebP、AVIF、MP4、WebM、MOV、MPEG、AVI",
};

export const displayName = (file: Pick<MediaFile, "original_name" | "filename">) => file.original_name || file.filename;

const FILE_KINDS: Record<string, string> = {
  "image/jpeg": "JPG 圖片",
  "image/png": "PNG 圖片",
  "image/gif": "GIF 圖片",
  "image/webp": "WebP 圖片",
  "image/avif": "AVIF 圖片",
  "video/mp4": "MP4 影片",
  "video/webm": "WebM 影片",
  "video/quicktime": "MOV 影片",
  "video/mpeg": "MPEG 影片",
  "video/x-msvideo": "AVI 影片",
  "application/pdf": "PDF 文件",
};

/** A file's type as staff name it (JPG 圖片, MP4 影片), never the MIME type. */
export function fileKindLabel(file: Pick<MediaFile, "mime_type">): string {
  const known = FILE_KINDS[file.mime_type];
  if (known) return known;
  if (isImage(file)) return "圖片";
  if (isVideo(file)) return "影片";
  return "檔案";
}

/**
 * What the library, the picker and the page builder say of a video while the
 * server makes it playable (decision 029): 處理中 with FFmpeg's percentage when
 * it reports one, or 無法讀取 (the reason in words is the file's `error`);
 * null for a file that plays, or any other file.
 */
export function videoStateLabel(video: Pick<VideoProcessing, "status" | "progress">): { tone: "busy" | "error"; text: string } | null {
  if (video.status === "processing") return { tone: "busy", text: video.progress === null ? "處理中" : `處理中（${Math.round(video.progress)}%）` };
  if (video.status === "error") return { tone: "error", text: "無法讀取" };
  return null;
}

/** While any file is being made playable, the library and the picker ask the server again this often. */
export const VIDEO_POLL_MS = 3_000;
export const anyVideoProcessing = (files: readonly Pick<MediaFile, "video">[] | undefined) => (files ?? []).some((file) => file.video.status === "processing");

export function acceptsFile(file: Pick<MediaFile, "mime_type">, accept: MediaAccept): boolean {
  if (accept === "image") return isImage(file);
  if (accept === "video") return isVideo(file);
  return isImage(file) || isVideo(file);
}

/**
 * The files of the accepted kinds whose original or stored name contains the
 * query (case-insensitive, surrounding spaces ignored), in the server's order.
 */
export function filterMediaFiles(files: readonly MediaFile[], query: string, accept: MediaAccept = "all"): MediaFile[] {
  const needle = query.trim().toLocaleLowerCase("zh-TW");
  return files.filter(
    (file) =>
      acceptsFile(file, accept) &&
      (needle === "" || file.original_name.toLocaleLowerCase("zh-TW").includes(needle) || file.filename.toLocaleLowerCase("zh-TW").includes(needle)),
  );
}

/**
 * Splits picked or dropped files into those to upload and those skipped:
 * only image/ and video/ types are sent (002 §4, §5), narrowed
 * further when the screen accepts one kind. The server still decides by the
 * bytes; this only spares a pointless upload.
 */
export function partitionUploads<T extends { type: string }>(files: readonly T[], accept: MediaAccept = "all"): { accepted: T[]; skipped: T[] } {
  const accepted: T[] = [];
  const skipped: T[] = [];
  for (const file of files) {
    const type = file.type.toLowerCase();
    const ok = accept === "image" ? type.startsWith("image/") : accept === "video" ? type.startsWith("video/") : type.startsWith("image/") || type.startsWith("video/");
    (ok ? accepted : skipped).push(file);
  }
  return { accepted, skipped };
}

export interface ImageSource {
  src: string;
  width: number | undefined;
  height: number | undefined;
}

const heightAt = (file: Pick<MediaFile, "width" | "height">, width: number) =>
  file.width && file.height ? Math.max(1, Math.round((width * file.height) / file.width)) : undefined;

function webpVariants(file: Pick<MediaFile, "variants">): MediaVariant[] {
  return file.variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
}

/** The smallest WebP variant for a thumbnail, else the original (a small image has no variants). */
export function thumbnailSource(file: Pick<MediaFile, "file_url" | "width" | "height" | "variants">): ImageSource {
  const [smallest] = webpVariants(file);
  if (smallest) return { src: smallest.url, width: smallest.width, height: heightAt(file, smallest.width) };
  return { src: file.file_url, width: file.width ?? undefined, height: file.height ?? undefined };
}

/** For the preview: the widest WebP variant up to `maxWidth`, else the original. */
export function previewSource(file: Pick<MediaFile, "file_url" | "width" | "height" | "variants">, maxWidth = 1024): ImageSource {
  const fitting = webpVariants(file).filter((variant) => variant.width <= maxWidth);
  const widest = fitting[fitting.length - 1];
  if (widest) return { src: widest.url, width: widest.width, height: heightAt(file, widest.width) };
  return { src: file.file_url, width: file.width ?? undefined, height: file.height ?? undefined };
}

/** "1200 × 800", or empty when the server did not measure the file (videos). */
export function dimensionsLabel(file: Pick<MediaFile, "width" | "height">): string {
  return file.width && file.height ? `${file.width} × ${file.height}` : "";
}

/** The address to copy: absolute, so that it works pasted anywhere. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/**
 * A record as the screens use it: the fields added by issue 4 (alt text,
 * variants, usages, placeholder) default to empty rather than crash a screen
 * when an older answer lacks them.
 */
export function normaliseMediaFile(raw: Partial<MediaFile> & { id: number }): MediaFile {
  return {
    id: raw.id,
    filename: raw.filename ?? "",
    original_name: raw.original_name ?? "",
    file_path: raw.file_path ?? raw.file_url ?? "",
    file_url: raw.file_url ?? raw.file_path ?? "",
    file_size: typeof raw.file_size === "number" ? raw.file_size : Number(raw.file_size) || 0,
    mime_type: raw.mime_type ?? "",
    width: raw.width ?? null,
    height: raw.height ?? null,
    alt_text: raw.alt_text ?? "",
    placeholder: raw.placeholder ?? "",
    variants: Array.isArray(raw.variants) ? raw.variants : [],
    usages: Array.isArray(raw.usages) ? raw.usages : [],
    usage_count: typeof raw.usage_count === "number" ? raw.usage_count : Array.isArray(raw.usages) ? raw.usages.length : 0,
    created_at: raw.created_at ?? "",
    video: raw.video ?? NO_VIDEO_PROCESSING,
  };
}
