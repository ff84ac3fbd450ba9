// Hero banners: the public carousel reads the active ones in sort_order; the
// banners screen reads and edits all of them. Every write drops the public
// cache (pages render the carousel) and re-registers the files a banner shows
// with the media library, so that a file in use cannot be deleted.
import { z } from "zod";
import { bannerIdSchema, bannerInputSchema, type Banner, type BannerInput, type HeroSlides } from "#contract/banner.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import type { Db } from "#server/db/database.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import type { CacheBus } from "#server/lib/cache-bus.ts";
import { notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
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
  db: Db;
  cache: PublicCache;
  bus: CacheBus;
  activity: ActivityService;
  syncFileReferences: (bannerId: number, fields: Record<string, string[]>) => Promise<void>;
  picturesOf: (paths: string[]) => Promise<Record<string, ResponsivePicture>>;
  clock?: () => Date;
}

export function createBannersService(deps: BannersDeps) {
  const { db, cache, bus, activity, syncFileReferences, picturesOf } = deps;
  const clock = deps.clock ?? (() => new Date());

  const listActive = () =>
    cache.remember("banners:active", async () => (await bannersRepo.list(db, { activeOnly: true })).map(toBanner));

  async function get(idInput: unknown): Promise<Banner> {
    const { id } = parseInput(z.object({ id: bannerIdSchema }), { id: idInput });
    const row = await bannersRepo.findById(db, id);
    if (!row) throw notFound("找不到這個橫幅");
    return toBanner(row);
  }

  const toColumns = (input: BannerInput) => {
    const { is_active, sort_order: _sortOrder, ...rest } = input;
    return { ...rest, is_active: is_active ? 1 : 0 };
  };
  const mediaFields = (input: Pick<BannerInput, "image_url" | "video_url">) => ({ image_url: [input.image_url], video_url: [input.video_url] });

  /** Writes reach the public carousel on every instance. */
  const published = async () => bus.publish();

  return {
    /** The carousel's slides: active banners in sort_order (cached until a write). */
    listActive,

    /** The same with the responsive variants of their images, for the server-rendered home page. */
    listSlides: (): Promise<HeroSlides> =>
      cache.remember("banners:slides", async () => {
        const banners = await listActive();
        return { banners, pictures: await picturesOf(banners.map((banner) => banner.image_url)) };
      }),

    /** The same, serialised once for GET /api.php/hero-banners without an admin token. */
    listActiveJson: () => cache.remember("banners:active:json", async () => cachedJson({ success: true, data: await listActive() })),

    /** The banners screen: every banner, inactive ones included. */
    listAll: async (): Promise<Banner[]> => (await bannersRepo.list(db, { activeOnly: false })).map(toBanner),

    get,

    async create(input: unknown, adminId: number): Promise<Banner> {
      const banner = parseInput(bannerInputSchema, input);
      const now = clock().toISOString();
      // 002 section 5: a new banner goes last (count + 1) unless the screen says otherwise.
      const sortOrder = banner.sort_order ?? (await bannersRepo.count(db)) + 1;
      const id = await bannersRepo.insert(db, { ...toColumns(banner), sort_order: sortOrder, created_at: now, updated_at: now });
      await syncFileReferences(id, mediaFields(banner));
      await published();
      await activity.record({ adminId, action: "banner.create", entityType: "banner", entityId: id, summary: `新增橫幅「${banner.title}」` });
      return get(id);
    },

    /** The screen sends the whole form; fields it leaves out keep their stored values. */
    async update(idInput: unknown, input: unknown, adminId: number): Promise<Banner> {
      const existing = await get(idInput);
      const { id: _id, created_at: _created, updated_at: _updated, ...stored } = existing;
      const isObject = input !== null && typeof input === "object" && !Array.isArray(input);
      const merged = isObject ? { ...stored, ...(input as Record<string, unknown>) } : input;
      const banner = parseInput(bannerInputSchema, merged);
      await bannersRepo.update(db, existing.id, {
        ...toColumns(banner),
        sort_order: banner.sort_order ?? existing.sort_order,
        updated_at: clock().toISOString(),
      });
      await syncFileReferences(existing.id, mediaFields(banner));
      await published();
      await activity.record({ adminId, action: "banner.update", entityType: "banner", entityId: existing.id, summary: `更新橫幅「${banner.title}」` });
      return get(existing.id);
    },

    async remove(idInput: unknown, adminId: number): Promise<{ id: number }> {
      const existing = await get(idInput);
      await bannersRepo.delete(db, existing.id);
      await syncFileReferences(existing.id, {});
      await published();
      await activity.record({ adminId, action: "banner.delete", entityType: "banner", entityId: existing.id, summary: `刪除橫幅「${existing.title}」` });
      return { id: existing.id };
    },

    async toggle(idInput: unknown, adminId: number): Promise<Banner> {
      const existing = await get(idInput);
      const isActive = !existing.is_active;
      await bannersRepo.update(db, existing.id, { is_active: isActive ? 1 : 0, updated_at: clock().toISOString() });
      await published();
      await activity.record({
        adminId,
        action: "banner.toggle",
        entityType: "banner",
        entityId: existing.id,
        summary: `${isActive ? "啟用" : "停用"}橫幅「${existing.title}」`,
      });
      return get(existing.id);
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
