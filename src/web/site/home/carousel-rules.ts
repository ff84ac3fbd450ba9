// The rules of the home hero slider and the banner carousel (autoplay 5000 and
// 6000 ms, a 100 ms progress tick, a 700 ms lock, wrapping; 000 §2, §4, §9),
// kept apart from the component so that they can be tested without a browser.
import type { Banner } from "#contract/banner.ts";

export interface CarouselTiming {
  /** Time a slide stays before the next one while playing. */
  autoplayMs: number;
  /** A fixed section height; without it the tallest slide's own height is used. */
  height?: number;
}

/** The service home's hero slider: 5000 ms per slide, each slide's own height. */
export const HOME_SLIDER: CarouselTiming = { autoplayMs: 5000 };
/** The banner carousel of the other home layouts: 6000 ms, a 500 px section. */
export const BANNER_CAROUSEL: CarouselTiming = { autoplayMs: 6000, height: 500 };
/** The progress bar advances this often. */
export const PROGRESS_TICK_MS = 100;
/** No other slide change is taken while a transition runs. */
export const TRANSITION_LOCK_MS = 700;

export const BANNER_ERRORS = {
  /** The answer held no banner list. */
  unusable: "無法載入橫幅資料",
  /** The call itself failed. */
  failed: "載入橫幅時發生錯誤",
} as const;

/** The index after moving from `index` by `step`, wrapping at both ends. */
export const wrapIndex = (index: number, count: number) => (count === 0 ? 0 : ((index % count) + count) % count);

/** Percent of a slide's time one progress tick adds. */
export const progressStep = (autoplayMs: number) => (100 * PROGRESS_TICK_MS) / autoplayMs;

/** The section's height: fixed, or the tallest slide so that changing slides never moves the page. */
export function sectionHeight(banners: readonly Pick<Banner, "height">[], timing: CarouselTiming): number {
  return timing.height ?? Math.max(...banners.map((banner) => banner.height));
}

/** A slide with something to play that has a sound track: video files and YouTube. */
export const hasSound = (banner: Pick<Banner, "media_type" | "video_url" | "youtube_id">) =>
  (banner.media_type === "video" && banner.video_url !== "") || (banner.media_type === "youtube" && banner.youtube_id !== "");

/**
 * The element id a button link scrolls to on this page: `#id`, or `/path#id`
 * when `/path` is the current page. Anything else navigates.
 */
export function scrollTargetOf(link: string, currentPath: string): string | null {
  const hash = link.indexOf("#");
  if (hash < 0 || hash === link.length - 1) return null;
  const path = link.slice(0, hash);
  if (path !== "" && path !== currentPath) return null;
  const id = link.slice(hash + 1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** A site path is followed inside the app; anything else is an ordinary external link. */
export const isSitePath = (link: string) => link.startsWith("/") && !link.startsWith("//");

/** The YouTube player, loaded only once a visitor presses play; sound follows the mute toggle. */
export const youtubeEmbedUrl = (id: string, muted: boolean) =>
  `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=${muted ? 1 : 0}&playsinline=1&rel=0&enablejsapi=1`;
