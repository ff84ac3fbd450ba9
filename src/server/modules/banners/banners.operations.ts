// The banners' writes (002 §2.2, §5, §7), each declared once: its input, who
// may run it and its effects (the files the banner shows, the activity entry,
// the banners' cache tag). The runner owns the transaction (decision 026).
import { bannerInputSchema, type Banner, type BannerInput } from "#contract/banner.ts";
import { reorderSchema } from "#contract/reorder.ts";
import { applyOrder } from "#server/lib/apply-order.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { mergedWith } from "#server/lib/entity-input.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { noFiles, type FileReferences } from "#server/modules/media/file-references.ts";
import { bannersRepo } from "./banners.repo.ts";
import { requireBanner, toBanner } from "./banners.service.ts";

const ownerOf = (id: number) => ({ type: "banner", id: String(id) }) as const;
const filesOf = (banner: Banner): FileReferences => ({ owner: ownerOf(banner.id), fields: { image_url: [banner.image_url], video_url: [banner.video_url] } });
const loadBanner = requireBanner;
/** The stored fields a PUT's body is merged over. */
const storedFields = ({ id: _id, created_at: _created, updated_at: _updated, ...stored }: Banner) => stored;

const toColumns = (input: BannerInput) => {
  const { is_active, sort_order: _sortOrder, ...rest } = input;
  return { ...rest, is_active: is_active ? 1 : 0 };
};

export function createBannersOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  return {
    create: defineOperation({
      name: "banner.create",
      input: bannerInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        const stamp = now();
        // A new banner goes last (count + 1) unless the screen says otherwise.
        const sortOrder = input.sort_order ?? (await bannersRepo.count(tx.db)) + 1;
        const id = await bannersRepo.insert(tx.db, { ...toColumns(input), sort_order: sortOrder, created_at: stamp, updated_at: stamp });
        return requireBanner(tx.db, id);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        activity: ({ result }) => ({ entityType: "banner", entityId: result.id, summary: `新增橫幅「${result.title}」` }),
        invalidates: [cacheTags.banners],
      },
    }),

    /** The screen sends the whole form; fields it leaves out keep their stored values. */
    update: defineOperation({
      name: "banner.update",
      input: bannerInputSchema,
      load: loadBanner,
      merge: (body, record) => mergedWith(storedFields(record), body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await bannersRepo.update(tx.db, record.id, { ...toColumns(input), sort_order: input.sort_order ?? record.sort_order, updated_at: now() });
        return requireBanner(tx.db, record.id);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        activity: ({ result }) => ({ entityType: "banner", entityId: result.id, summary: `更新橫幅「${result.title}」` }),
        invalidates: [cacheTags.banners],
      },
    }),

    remove: defineOperation({
      name: "banner.delete",
      load: loadBanner,
      access: access.administrators,
      async run({ tx, record }) {
        await bannersRepo.delete(tx.db, record.id);
        return { id: record.id };
      },
      effects: {
        // Its files are no longer in use: the media library may delete them.
        files: ({ record }) => noFiles(ownerOf(record.id)),
        activity: ({ record }) => ({ entityType: "banner", entityId: record.id, summary: `刪除橫幅「${record.title}」` }),
        invalidates: [cacheTags.banners],
      },
    }),

    toggle: defineOperation({
      name: "banner.toggle",
      load: loadBanner,
      access: access.administrators,
      async run({ tx, record }) {
        await bannersRepo.update(tx.db, record.id, { is_active: record.is_active ? 0 : 1, updated_at: now() });
        return requireBanner(tx.db, record.id);
      },
      effects: {
        activity: ({ result }) => ({ entityType: "banner", entityId: result.id, summary: `${result.is_active ? "啟用" : "停用"}橫幅「${result.title}」` }),
        invalidates: [cacheTags.banners],
      },
    }),

    /** The whole list's new order in one transaction: all of it or nothing. */
    reorder: defineOperation({
      name: "banner.reorder",
      input: reorderSchema,
      access: access.administrators,
      async run({ tx, input }) {
        const stamp = now();
        const rows = {
          ids: () => bannersRepo.ids(tx.db),
          setPosition: (id: number, position: number) => bannersRepo.update(tx.db, id, { sort_order: position, updated_at: stamp }),
        };
        await applyOrder(rows, input.ids, "橫幅清單已有變更，請重新整理後再調整順序");
        return (await bannersRepo.list(tx.db, { activeOnly: false })).map(toBanner);
      },
      effects: {
        activity: ({ input }) => ({ entityType: "banner", summary: `調整橫幅順序（${input.ids.length} 個）` }),
        invalidates: [cacheTags.banners],
      },
    }),
  };
}

export type BannersOperations = ReturnType<typeof createBannersOperations>;
