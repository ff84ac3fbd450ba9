// Hero banners, read: the public carousel reads the active ones in sort_order;
// the banners screen reads all of them. Their writes are operations
// (banners.operations.ts).
import type { Banner, HeroSlides } from "#contract/banner.ts";
import { NO_VIDEO_PROCESSING, type ResponsivePicture, type VideoProcessing } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import { requireById } from "#server/lib/entity-input.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { videoProcessingOf } from "#server/modules/media/media-files.ts";
import { bannersRepo } from "./banners.repo.ts";

type BannerRow = NonNullable<Awaited<ReturnType<typeof bannersRepo.findById>>>;

/** The processing of a video banner's video: its library file's, or "none" (played as given) for any other address. */
function videoOf(row: BannerRow): VideoProcessing {
  if (row.media_type !== "video" || !row.video_url) return NO_VIDEO_PROCESSING;
  if (row.video_mime === null) return { ...NO_VIDEO_PROCESSING, play_url: row.video_url };
  return videoProcessingOf({
    file_path: row.video_url,
    mime_type: row.video_mime,
    video_status: row.video_status ?? "",
    video_progress: row.video_progress,
    video_error: row.video_error ?? "",
    poster_path: row.poster_path ?? "",
    playable_path: row.playable_path ?? "",
  });
}

export function toBanner(joined: BannerRow): Banner {
  // The joined file's columns become `video`; the rest is the banner as stored.
  const { video_mime: _mime, video_status: _status, video_progress: _progress, video_error: _error, poster_path: _poster, playable_path: _playable, ...row } = joined;
  return {
    ...row,
    media_type: row.media_type as Banner["media_type"],
    button_style: row.button_style as Banner["button_style"],
    text_color: row.text_color as Banner["text_color"],
    overlay_opacity: Number(row.overlay_opacity),
    height: Number(row.height),
    sort_order: Number(row.sort_order),
    is_active: Boolean(Number(row.is_active)),
    video: videoOf(joined),
  };
}

/**
 * A banner as visitors get it: a video banner's video_url is the MP4 every
 * browser plays, empty while it is being made (the poster shows meanwhile); a
 * video that could not be read is left out rather than shown as a broken slide.
 */
function forVisitors(banner: Banner): Banner[] {
  if (banner.media_type !== "video") return [banner];
  if (banner.video.status === "error") return [];
  return [{ ...banner, video_url: banner.video.play_url }];
}

export interface BannersDeps {
  db: ReadDb;
  cache: PublicCache;
  picturesOf: (paths: string[]) => Promise<Record<string, ResponsivePicture>>;
}

/** A banner by the id its address names; 404 when there is none. */
export const requireBanner = async (db: ReadDb, id: unknown): Promise<Banner> =>
  toBanner(await requireById(id, (found) => bannersRepo.findById(db, found), "找不到這個橫幅"));

export function createBannersService(deps: BannersDeps) {
  const { db, cache, picturesOf } = deps;
  // The slides show the pictures' descriptions and variants, and the videos' processing: the media library's tag too.
  const tags = [cacheTags.banners, cacheTags.media];

  const listActive = () => cache.remember("banners:active", tags, async () => (await bannersRepo.list(db, { activeOnly: true })).map(toBanner).flatMap(forVisitors));

  /** The carousel's slides with the responsive variants of their images, for the server-rendered home page. */
  const heroSlides = (): Promise<HeroSlides> =>
    cache.remember("banners:slides", tags, async () => {
      const banners = await listActive();
      return { banners, pictures: await picturesOf(banners.map((banner) => banner.image_url)) };
    });

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { heroSlides },

    dashboard: { stats: async () => ({ active_banners: await bannersRepo.count(db, { activeOnly: true }) }) },

    /** GET /api.php/hero-banners for visitors, serialised once per change. */
    listActiveJson: () => cache.remember("banners:active:json", tags, async () => cachedJson({ success: true, data: await listActive() })),

    /** The banners screen: every banner, inactive ones included. */
    listAll: async (): Promise<Banner[]> => (await bannersRepo.list(db, { activeOnly: false })).map(toBanner),
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
