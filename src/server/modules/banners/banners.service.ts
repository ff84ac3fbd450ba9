// Hero banners, read: the public carousel reads the active ones in sort_order;
// the banners screen reads all of them. Their writes are operations
// (banners.operations.ts).
import type { Banner, HeroSlides } from "#contract/banner.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import { requireById } from "#server/lib/entity-input.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { bannersRepo } from "./banners.repo.ts";

type BannerRow = NonNullable<Awaited<ReturnType<typeof bannersRepo.findById>>>;

export const toBanner = (row: BannerRow): Banner => ({
  ...row,
  media_type: row.media_type as Banner["media_type"],
  button_style: row.button_style as Banner["button_style"],
  text_color: row.text_color as Banner["text_color"],
  overlay_opacity: Number(row.overlay_opacity),
  height: Number(row.height),
  sort_order: Number(row.sort_order),
  is_active: Boolean(Number(row.is_active)),
});

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
  // The slides show the pictures' descriptions and variants: the media library's tag too.
  const tags = [cacheTags.banners, cacheTags.media];

  const listActive = () => cache.remember("banners:active", [cacheTags.banners], async () => (await bannersRepo.list(db, { activeOnly: true })).map(toBanner));

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
    listActiveJson: () => cache.remember("banners:active:json", [cacheTags.banners], async () => cachedJson({ success: true, data: await listActive() })),

    /** The banners screen: every banner, inactive ones included. */
    listAll: async (): Promise<Banner[]> => (await bannersRepo.list(db, { activeOnly: false })).map(toBanner),
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
