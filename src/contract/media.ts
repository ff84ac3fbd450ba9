// Uploaded files: the media library and the picker (images and videos only)
// and every upload endpoint, each with its own limits (UPLOAD_RULES: settings
// images 5 MB, banner videos 100 MB) (002 §2.8, §2.9, §3, §7; 001 §5).

export interface MediaVariant {
  width: number;
  format: "webp" | "avif";
  url: string;
}

/**
 * What a page needs to show an uploaded image responsively: its intrinsic
 * size (no layout shift), a blurred placeholder and one srcset per format.
 */
export interface ResponsivePicture {
  width: number;
  height: number;
  placeholder: string;
  alt: string;
  /** "url 640w, url 1024w" — empty when the pipeline made no variant of that format. */
  avif: string;
  webp: string;
}

/** How many places a file's record names (a picture shared by a thousand cases is not a thousand lines). */
export const MEDIA_USAGES_LISTED = 5;

/** Where a file is shown; a file with usages cannot be deleted. */
export interface MediaUsage {
  owner_type: string;
  owner_id: string;
  field: string;
  /** Human description in Traditional Chinese, e.g. 網站設定：頁首 Logo */
  label: string;
}

export interface MediaFile {
  id: number;
  filename: string;
  original_name: string;
  /** Site path, e.g. /uploads/2026/11/3f9a….jpg */
  file_path: string;
  file_url: string;
  file_size: number;
  mime_type: string;
  width: number | null;
  height: number | null;
  alt_text: string;
  /** A tiny blurred image as a data: URL, for images only. */
  placeholder: string;
  variants: MediaVariant[];
  /** Where it is shown: in the library's list, the first MEDIA_USAGES_LISTED of them (usage_count says how many in all). */
  usages: MediaUsage[];
  usage_count: number;
  created_at: string;
  /** A video's processing (decision 029); "none" for other files. */
  video: VideoProcessing;
}

export const VIDEO_STATUSES = ["none", "processing", "ready", "error"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * An uploaded video is made playable everywhere in the background: an MP4
 * (H.264 / AAC, at most 1080p) unless it already was one, and a WebP poster.
 */
export interface VideoProcessing {
  status: VideoStatus;
  /** 0–100 while FFmpeg reports how far it is; null when it does not (yet). */
  progress: number | null;
  /** Why the video cannot be used, in words (status "error"). */
  error: string;
  /** The poster picture's site path; "" until made. */
  poster_url: string;
  /** The MP4 browsers play; "" until ready. */
  play_url: string;
}

export const NO_VIDEO_PROCESSING: VideoProcessing = { status: "none", progress: null, error: "", poster_url: "", play_url: "" };

/** What staff read when FFmpeg cannot read the file they uploaded. */
export const VIDEO_MESSAGES = {
  unreadable: "這個影片檔無法讀取，請換一個檔案再上傳",
  tooLong: "這個影片處理太久，請剪短或降低解析度後再上傳",
  failed: "影片處理失敗，請重新上傳",
} as const;

/** GET /admin-api.php/media/trash: a file cleanup moved to the trash, kept TRASH_DAYS days before it is purged. */
export interface TrashedMediaFile extends MediaFile {
  trashed_at: string;
  /** When the daily purge removes it for good (trashed_at + TRASH_DAYS). */
  purge_at: string;
}

/** How long the trash keeps a file before the daily purge removes it (decision 024). */
export const TRASH_DAYS = 30;

/** DELETE /admin-api.php/media/{id}'s answers: a library file goes to the trash, a trashed one is deleted for good. */
export const MEDIA_DELETE_MESSAGES = {
  trashed: `檔案已移到回收桶，${TRASH_DAYS} 天內可以還原`,
  deleted: "檔案已永久刪除",
  alreadyTrashed: "這個檔案剛剛已移到回收桶",
} as const;

/**
 * The most files one cleanup takes (its `files`) and one answer lists in
 * `unused_files`: a preview of more lists these and counts the rest, so the
 * screen never offers a list the move would refuse.
 */
export const MAX_CLEANUP_FILES = 10_000;

/**
 * POST /admin-api.php/media/cleanup-unused {delete: true}. The spec's shape is
 * kept; "deleted" now means moved to the trash (restorable for TRASH_DAYS days).
 * `unused_count` counts every unused file; a preview (`delete: false`) lists at
 * most MAX_CLEANUP_FILES of them in `unused_files` and says how many more there
 * are in `unused_more_count` (0 after a move, whose lists are what it moved).
 */
export interface CleanupResult {
  deleted_count: number;
  unused_count: number;
  total_files_before: number;
  total_files_after: number;
  error_count: number;
  deleted_files: string[];
  unused_files: string[];
  unused_more_count: number;
  errors: string[];
}

/** The unused files a preview leaves out of its list, in words (the answer's message, the dialog's note). */
export const cleanupMoreWords = (more: number) => `另外還有 ${more} 個未使用的檔案沒有列出，這次清理後可以再清理一次`;

export const MB = 1024 * 1024;

/** Upload rules per place (size limits of the spec; types decided by the file's bytes). */
export const UPLOAD_RULES = {
  /** /admin/media and the picker: images and videos. */
  library: { kinds: ["image", "video"], maxImageBytes: 20 * MB, maxVideoBytes: 100 * MB },
  /** /admin/settings logo and favicon uploads (001 §5): images, 5 MB. */
  settingsImage: { kinds: ["image"], maxImageBytes: 5 * MB, maxVideoBytes: 0 },
  /** Banner image or video (002 §5): 100 MB videos (MP4, WebM, QuickTime, MPEG, AVI; all but H.264 MP4 are transcoded). */
  banner: { kinds: ["image", "video"], maxImageBytes: 20 * MB, maxVideoBytes: 100 * MB },
} as const;

export const MAX_IMAGE_PIXELS = 20_000_000;
/**
 * The widths the pipeline makes of every picture. 768 is for a card as wide as a phone at a
 * density of 1.75–2 (about 660 pixels: without it the browser fetched the 1024, half again the
 * bytes; docs/decisions/047-light-to-parse.md).
 */
export const VARIANT_WIDTHS = [320, 640, 768, 1024, 1600] as const;

export const isImage = (file: Pick<MediaFile, "mime_type">) => file.mime_type.startsWith("image/");
export const isVideo = (file: Pick<MediaFile, "mime_type">) => file.mime_type.startsWith("video/");
