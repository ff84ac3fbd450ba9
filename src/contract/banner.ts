// Hero banners (002 §2.2, §3, §5, §7; the "hero slide" of 000 §3): the entity,
// the slides the home page renders from, and the input rules shared by the
// banners screen and the server (title, button text and button link required,
// height 200–800 in steps of 50, overlay opacity 0–100; YouTube links are read
// by youtube.ts).
import { z } from "zod";
import type { ResponsivePicture, VideoProcessing } from "./media.ts";
import { youtubeIdFrom } from "./youtube.ts";

export const BANNER_MEDIA_TYPES = ["image", "video", "youtube"] as const;
export type BannerMediaType = (typeof BANNER_MEDIA_TYPES)[number];
export const BANNER_BUTTON_STYLES = ["primary", "secondary"] as const;
export const BANNER_TEXT_COLORS = ["white", "dark"] as const;

export const BANNER_DEFAULTS = {
  button_text: "立即諮詢",
  button_link: "/contact",
  overlay_opacity: 20,
  height: 400,
} as const;
export const BANNER_HEIGHT = { min: 200, max: 800, step: 50 } as const;

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  media_type: BannerMediaType;
  image_url: string;
  video_url: string;
  youtube_id: string;
  button_text: string;
  button_link: string;
  button_style: (typeof BANNER_BUTTON_STYLES)[number];
  text_color: (typeof BANNER_TEXT_COLORS)[number];
  overlay_opacity: number;
  height: number;
  is_active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /**
   * An uploaded video's processing (decision 029): 處理中 with its progress, ready with the
   * MP4 and poster, or the error in words. For visitors video_url is already the playable MP4.
   */
  video: VideoProcessing;
}

/**
 * What the home page's carousel renders from: the active banners in order and,
 * for the uploaded images among them, their sizes and responsive variants.
 */
export interface HeroSlides {
  banners: Banner[];
  pictures: Record<string, ResponsivePicture>;
}

/** A site path (not `//host`), a `#id` anchor, or an http(s) URL; never javascript: and friends. */
export function isSafeButtonLink(link: string): boolean {
  if (/[\s\u0000-\u001f\u007f\\]/.test(link)) return false;
  if (link.startsWith("/")) return !link.startsWith("//");
  if (link.startsWith("#")) return link.length > 1;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An uploaded file (/uploads/…) or an https URL; empty means none. */
function isMediaUrl(value: string): boolean {
  if (value.startsWith("/uploads/")) return !value.includes("..") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !/\s/.test(value);
  } catch {
    return false;
  }
}

// Form sliders and checkboxes may send strings; empty or null means "not given".
const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);
const numeric = (value: unknown) => {
  const given = blankToUndefined(value);
  return typeof given === "string" && /^-?\d+(\.\d+)?$/.test(given.trim()) ? Number(given) : given;
};
const booleanish = (value: unknown) => {
  const given = blankToUndefined(value);
  if (given === 1 || given === "1" || given === "true") return true;
  if (given === 0 || given === "0" || given === "false") return false;
  return given;
};
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`),
  );
const mediaUrl = (label: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z
      .string({ error: `${label}必須是文字` })
      .trim()
      .max(2048, `${label}過長`)
      .refine((value) => value === "" || isMediaUrl(value), `${label}必須是上傳的檔案路徑（/uploads/…）或 https 網址`),
  );
const requiredText = (emptyMessage: string, label: string, max: number, fallback: string) =>
  z.preprocess(
    (value) => (value === undefined ? fallback : value === null ? "" : value),
    z.string({ error: `${label}必須是文字` }).trim().min(1, emptyMessage).max(max, `${label}不能超過 ${max} 個字元`),
  );

const bannerFields = {
  title: z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z.string({ error: "標題必須是文字" }).trim().min(1, "請輸入標題").max(100, "標題不能超過 100 個字元"),
  ),
  subtitle: optionalText("副標題", 200),
  description: optionalText("描述", 1000),
  media_type: z.preprocess(blankToUndefined, z.enum(BANNER_MEDIA_TYPES, { error: "媒體類型必須是圖片、影片或 YouTube" }).default("image")),
  image_url: mediaUrl("圖片網址"),
  video_url: mediaUrl("影片網址"),
  /** A bare id or any YouTube link form; stored as the 11-character id. */
  youtube_id: z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z.string({ error: "YouTube 網址必須是文字" }).trim().max(500, "YouTube 網址過長"),
  ),
  /** The screen's "YouTube URL" field, when it sends the link itself. */
  youtube_url: z.preprocess(blankToUndefined, z.string({ error: "YouTube 網址必須是文字" }).trim().max(500, "YouTube 網址過長").optional()),
  button_text: requiredText("請輸入按鈕文字", "按鈕文字", 40, BANNER_DEFAULTS.button_text),
  button_link: requiredText("請輸入按鈕連結", "按鈕連結", 500, BANNER_DEFAULTS.button_link).refine(
    isSafeButtonLink,
    "按鈕連結必須是站內路徑（/…）、#錨點或 http(s) 網址",
  ),
  button_style: z.preprocess(blankToUndefined, z.enum(BANNER_BUTTON_STYLES, { error: "按鈕樣式必須是主要或次要" }).default("primary")),
  text_color: z.preprocess(blankToUndefined, z.enum(BANNER_TEXT_COLORS, { error: "文字顏色必須是白色或深色" }).default("white")),
  overlay_opacity: z.preprocess(
    numeric,
    z
      .number({ error: "遮罩透明度必須是數字" })
      .int("遮罩透明度必須是整數")
      .min(0, "遮罩透明度必須介於 0 到 100")
      .max(100, "遮罩透明度必須介於 0 到 100")
      .default(BANNER_DEFAULTS.overlay_opacity),
  ),
  height: z.preprocess(
    numeric,
    z
      .number({ error: "高度必須是數字" })
      .int("高度必須是整數")
      .min(BANNER_HEIGHT.min, "高度必須介於 200 到 800 像素")
      .max(BANNER_HEIGHT.max, "高度必須介於 200 到 800 像素")
      .multipleOf(BANNER_HEIGHT.step, "高度必須以 50 像素為單位")
      .default(BANNER_DEFAULTS.height),
  ),
  is_active: z.preprocess(booleanish, z.boolean({ error: "啟用狀態必須是是或否" }).default(true)),
  sort_order: z.preprocess(
    numeric,
    z.number({ error: "排序必須是數字" }).int("排序必須是整數").min(0, "排序不能小於 0").max(1_000_000, "排序過大").optional(),
  ),
};

/**
 * POST and PUT /api.php/hero-banners: the screen sends the banner fields plus
 * sort_order. Unknown keys (id, timestamps of the banner being edited) are
 * dropped rather than refused, since the edit form sends the loaded banner back.
 */
export const bannerInputSchema = z
  .object(bannerFields, { error: "橫幅資料格式不正確" })
  .transform((input, ctx) => {
    const { youtube_url, ...banner } = input;
    const given = youtube_url ?? banner.youtube_id;
    let youtubeId = "";
    if (given !== "") {
      const parsed = youtubeIdFrom(given);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", path: [youtube_url === undefined ? "youtube_id" : "youtube_url"], message: "無法辨識 YouTube 影片網址或 ID" });
        return z.NEVER;
      }
      youtubeId = parsed;
    }
    if (banner.media_type === "youtube" && youtubeId === "") {
      ctx.addIssue({ code: "custom", path: ["youtube_id"], message: "請輸入 YouTube 影片網址" });
      return z.NEVER;
    }
    return { ...banner, youtube_id: youtubeId };
  });

export type BannerInput = z.output<typeof bannerInputSchema>;
