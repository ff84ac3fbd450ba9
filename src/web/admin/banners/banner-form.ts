// The banners screen without a browser (002 §2.2, §4, §5, §8): the form's
// values and what it sends, the preview's slides, the sort orders a drag
// changes, and the screen's messages.
import { BANNER_DEFAULTS, type Banner, type BannerMediaType } from "#contract/banner.ts";
import { VIDEO_MESSAGES, type VideoProcessing } from "#contract/media.ts";
import { youtubeIdFrom, youtubeThumbnail } from "#contract/youtube.ts";
import { ApiError } from "#web/admin/shared/api-client.ts";

export const BANNERS_PATH = "/api.php/hero-banners";
export const BANNERS_QUERY_KEY = ["admin", "hero-banners"] as const;
/** 002 §9: the preview shows each active banner for 5 s. */
export const PREVIEW_ROTATION_MS = 5_000;
export const DELETE_CONFIRM = "確定要刪除此橫幅嗎？";

export const MEDIA_TYPE_LABELS: Record<BannerMediaType, string> = { image: "圖片", video: "影片", youtube: "YouTube" };

/** 002 §8: the server's message when it gave one, else the fallback; the exception wording when no answer came. */
export const BANNER_MESSAGES = {
  load: { failed: "載入橫幅失敗", exception: "載入橫幅時發生錯誤" },
  save: { failed: "儲存失敗", exception: "儲存時發生錯誤" },
  remove: { failed: "刪除失敗", exception: "刪除時發生錯誤" },
  toggle: { failed: "狀態切換失敗", exception: "切換狀態時發生錯誤" },
  upload: { failed: "檔案上傳失敗", exception: "檔案上傳時發生錯誤" },
} as const;

export function bannerErrorMessage(error: unknown, action: keyof typeof BANNER_MESSAGES): string {
  const messages = BANNER_MESSAGES[action];
  if (error instanceof ApiError && !error.isNetworkError) return error.message || messages.failed;
  return messages.exception;
}

export interface BannerFormValues {
  title: string;
  subtitle: string;
  description: string;
  media_type: BannerMediaType;
  image_url: string;
  video_url: string;
  /** What the YouTube field holds: a link in any form or a bare id. */
  youtube: string;
  button_text: string;
  button_link: string;
  button_style: Banner["button_style"];
  text_color: Banner["text_color"];
  overlay_opacity: number;
  height: number;
  is_active: boolean;
}

export const EMPTY_BANNER_FORM: BannerFormValues = {
  title: "",
  subtitle: "",
  description: "",
  media_type: "image",
  image_url: "",
  video_url: "",
  youtube: "",
  button_text: BANNER_DEFAULTS.button_text,
  button_link: BANNER_DEFAULTS.button_link,
  button_style: "primary",
  text_color: "white",
  overlay_opacity: BANNER_DEFAULTS.overlay_opacity,
  height: BANNER_DEFAULTS.height,
  is_active: true,
};

export function formFromBanner(banner: Banner): BannerFormValues {
  return {
    title: banner.title,
    subtitle: banner.subtitle,
    description: banner.description,
    media_type: banner.media_type,
    image_url: banner.image_url,
    video_url: banner.video_url,
    youtube: banner.youtube_id ? `https://www.youtube.com/watch?v=${banner.youtube_id}` : "",
    button_text: banner.button_text,
    button_link: banner.button_link,
    button_style: banner.button_style,
    text_color: banner.text_color,
    overlay_opacity: banner.overlay_opacity,
    height: banner.height,
    is_active: banner.is_active,
  };
}

/**
 * The body of POST / PUT: the fields of the chosen media type only (the
 * others are emptied), and sort_order: the banner's own, or the count of
 * banners plus one for a new one (002 §5).
 */
export function bannerPayload(values: BannerFormValues, sortOrder: number) {
  const { youtube, ...fields } = values;
  return {
    ...fields,
    image_url: values.media_type === "image" ? values.image_url.trim() : "",
    video_url: values.media_type === "video" ? values.video_url.trim() : "",
    youtube_id: values.media_type === "youtube" ? youtube.trim() : "",
    sort_order: sortOrder,
  };
}

export const nextSortOrder = (banners: readonly Banner[]) => banners.length + 1;

export const bySortOrder = (banners: readonly Banner[]) => [...banners].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);

/** The preview's slides: the active banners in their order. */
export const activeSlides = (banners: readonly Banner[]) => bySortOrder(banners).filter((banner) => banner.is_active);

/** What stands for a banner's media in a small picture: its image, a YouTube thumbnail or a video's poster; null when there is none (yet). */
export function bannerPicture(banner: Pick<Banner, "media_type" | "image_url" | "youtube_id" | "video">): string | null {
  if (banner.media_type === "youtube") return banner.youtube_id ? youtubeThumbnail(banner.youtube_id) : null;
  if (banner.media_type === "image") return banner.image_url || null;
  return banner.video.poster_url || null;
}

/**
 * What the screen says about an uploaded video while it is made playable
 * (decision 029): 處理中 with FFmpeg's progress when it reports one, or the
 * reason it cannot be used; null when there is nothing to say.
 */
export function videoStatusText(video: VideoProcessing): { tone: "busy" | "error"; text: string } | null {
  if (video.status === "processing") return { tone: "busy", text: video.progress === null ? "處理中" : `處理中 ${video.progress}%` };
  if (video.status === "error") return { tone: "error", text: video.error || VIDEO_MESSAGES.failed };
  return null;
}

/** While any banner's video is being made playable, the screen asks again this often. */
export const VIDEO_POLL_MS = 3_000;
export const anyVideoProcessing = (banners: readonly Pick<Banner, "media_type" | "video">[]) =>
  banners.some((banner) => banner.media_type === "video" && banner.video.status === "processing");

export const recognisedYoutubeId = (text: string) => (text.trim() === "" ? null : youtubeIdFrom(text));

/** Moves the item at `from` to `to` (both indices of the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** After a move, the list numbered 1..n in its new order: what the screen shows until the server answers. */
export const renumber = (ordered: readonly Banner[]): Banner[] => ordered.map((banner, index) => ({ ...banner, sort_order: index + 1 }));
