// Hero banners: the public carousel reads the active ones in sort_order; the
// banners screen reads and edits all of them. Every write re-registers the files
// a banner shows with the media library (a file in use cannot be deleted) and
// records the activity in the banner's own transaction, then drops the public
// cache (pages render the carousel) once committed.
import { z } from "zod";
import { bannerIdSchema, bannerInputSchema, type Banner, type BannerInput, type HeroSlides } from "#contract/banner.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import type { Db } from "#server/db/database.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import { notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { applyOrder, parseReorder } from "#server/lib/apply-order.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
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
  write: WriteRunner;
  activity: ActivityService;
  /** Registers the files a banner shows with the media library, in the banner's own transaction. */
  syncFileReferences: (handle: Db, bannerId: number, fields: Record<string, string[]>) => Promise<void>;
  picturesOf: (paths: string[]) => Promise<Record<string, ResponsivePicture>>;
  clock?: () => Date;
}

export function createBannersService(deps: BannersDeps) {
  const { db, cache, write, activity, syncFileReferences, picturesOf } = deps;
  const clock = deps.clock ?? (() => new Date());

  const listActive = () =>
    cache.remember("banners:active", async () => (await bannersRepo.list(db, { activeOnly: true })).map(toBanner));

  async function find(handle: Db, idInput: unknown): Promise<Banner> {
    const { id } = parseInput(z.object({ id: bannerIdSchema }), { id: idInput });
    const row = await bannersRepo.findById(handle, id);
    if (!row) throw notFound("找不到這個橫幅");
    return toBanner(row);
  }
  const get = (idInput: unknown) => find(db, idInput);

  const toColumns = (input: BannerInput) => {
    const { is_active, sort_order: _sortOrder, ...rest } = input;
    return { ...rest, is_active: is_active ? 1 : 0 };
  };
  const mediaFields = (input: Pick<BannerInput, "image_url" | "video_url">) => ({ image_url: [input.image_url], video_url: [input.video_url] });

  /** The carousel's slides with the responsive variants of their images, for the server-rendered home page. */
  const heroSlides = (): Promise<HeroSlides> =>
    cache.remember("banners:slides", async () => {
      const banners = await listActive();
      return { banners, pictures: await picturesOf(banners.map((banner) => banner.image_url)) };
    });

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { heroSlides },

    dashboard: { stats: async () => ({ active_banners: await bannersRepo.count(db, { activeOnly: true }) }) },

    /** The carousel's slides: active banners in sort_order (cached until a write). */
    listActive,

    /** GET /api.php/hero-banners for visitors, serialised once per change. */
    listActiveJson: () => cache.remember("banners:active:json", async () => cachedJson({ success: true, data: await listActive() })),

    /** The banners screen: every banner, inactive ones included. */
    listAll: async (): Promise<Banner[]> => (await bannersRepo.list(db, { activeOnly: false })).map(toBanner),

    get,

    async create(input: unknown, adminId: number): Promise<Banner> {
      const banner = parseInput(bannerInputSchema, input);
      const now = clock().toISOString();
      const id = await write(async (tx) => {
        // A new banner goes last (count + 1) unless the screen says otherwise.
        const sortOrder = banner.sort_order ?? (await bannersRepo.count(tx.db)) + 1;
        const id = await bannersRepo.insert(tx.db, { ...toColumns(banner), sort_order: sortOrder, created_at: now, updated_at: now });
        await syncFileReferences(tx.db, id, mediaFields(banner));
        await activity.record(tx.db, { adminId, action: "banner.create", entityType: "banner", entityId: id, summary: `新增橫幅「${banner.title}」` });
        tx.invalidatePublicCache();
        return id;
      });
      return get(id);
    },

    /** The screen sends the whole form; fields it leaves out keep their stored values. */
    async update(idInput: unknown, input: unknown, adminId: number): Promise<Banner> {
      const id = await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, ...stored } = existing;
        const isObject = input !== null && typeof input === "object" && !Array.isArray(input);
        const merged = isObject ? { ...stored, ...(input as Record<string, unknown>) } : input;
        const banner = parseInput(bannerInputSchema, merged);
        await bannersRepo.update(tx.db, existing.id, {
          ...toColumns(banner),
          sort_order: banner.sort_order ?? existing.sort_order,
          updated_at: clock().toISOString(),
        });
        await syncFileReferences(tx.db, existing.id, mediaFields(banner));
        await activity.record(tx.db, { adminId, action: "banner.update", entityType: "banner", entityId: existing.id, summary: `更新橫幅「${banner.title}」` });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return get(id);
    },

    remove: (idInput: unknown, adminId: number): Promise<{ id: number }> =>
      write(async (tx) => {
        const existing = await find(tx.db, idInput);
        await bannersRepo.delete(tx.db, existing.id);
        // Its files are no longer in use: the media library may delete them.
        await syncFileReferences(tx.db, existing.id, {});
        await activity.record(tx.db, { adminId, action: "banner.delete", entityType: "banner", entityId: existing.id, summary: `刪除橫幅「${existing.title}」` });
        tx.invalidatePublicCache();
        return { id: existing.id };
      }),

    async toggle(idInput: unknown, adminId: number): Promise<Banner> {
      const id = await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        const isActive = !existing.is_active;
        await bannersRepo.update(tx.db, existing.id, { is_active: isActive ? 1 : 0, updated_at: clock().toISOString() });
        const summary = `${isActive ? "啟用" : "停用"}橫幅「${existing.title}」`;
        await activity.record(tx.db, { adminId, action: "banner.toggle", entityType: "banner", entityId: existing.id, summary });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return get(id);
    },

    /** The whole list's new order in one transaction: all of it or nothing. */
    async reorder(input: unknown, adminId: number): Promise<Banner[]> {
      const ids = parseReorder(input);
      await write(async (tx) => {
        const now = clock().toISOString();
        const rows = {
          ids: () => bannersRepo.ids(tx.db),
          setPosition: (id: number, position: number) => bannersRepo.update(tx.db, id, { sort_order: position, updated_at: now }),
        };
        await applyOrder(rows, ids, "橫幅清單已有變更，請重新整理後再調整順序");
        await activity.record(tx.db, { adminId, action: "banner.reorder", entityType: "banner", summary: `調整橫幅順序（${ids.length} 個）` });
        tx.invalidatePublicCache();
      });
      return (await bannersRepo.list(db, { activeOnly: false })).map(toBanner);
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
