// The company's services: categories, items and each item's case images
// (002 §2.10). Public pages read the active items in display order; the
// services screen edits them. Every write records its activity, registers the
// files it shows with the media library (a file in use cannot be deleted) in
// its own transaction, and drops the public caches after commit.
import {
  SERVICE_MESSAGES,
  serviceCategoryInputSchema,
  serviceImageInputSchema,
  serviceItemInputSchema,
  type ServiceCategory,
  type ServiceDetail,
  type ServiceImage,
  type ServiceItem,
} from "#contract/services.ts";
import { SERVICE_CATALOGUE } from "#contract/service-catalogue.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder, parseReorder } from "#server/lib/apply-order.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { badRequest, conflict, notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseStoredList } from "#server/lib/stored-list.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { serviceCategoriesRepo, serviceImagesRepo, serviceItemsRepo } from "./services.repo.ts";

/** The footer lists the first four services. */
const FOOTER_SERVICE_COUNT = 4;

export interface ServicesDeps {
  db: Db;
  logger: Logger;
  cache: PublicCache;
  write: WriteRunner;
  activity: ActivityService;
  /** Registers the files an owner shows with the media library, in the write's transaction. */
  syncFileReferences: (handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}

type ItemRow = Awaited<ReturnType<typeof serviceItemsRepo.list>>[number];
type CategoryRow = Awaited<ReturnType<typeof serviceCategoriesRepo.list>>[number];
type ImageRow = Awaited<ReturnType<typeof serviceImagesRepo.listFor>>[number];

const flag = (value: unknown): 0 | 1 => (Number(value) ? 1 : 0);

const toItem = (row: ItemRow): ServiceItem => ({
  id: row.id,
  category_id: row.category_id,
  category_name: row.category_name ?? "",
  name: row.name,
  description: row.description,
  features: parseStoredList(row.features),
  references: parseStoredList(row.service_references),
  main_image: row.main_image,
  price: row.price === null ? null : Number(row.price),
  price_unit: row.price_unit,
  display_order: Number(row.display_order),
  is_active: flag(row.is_active),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const toCategory = (row: CategoryRow): ServiceCategory => ({
  ...row,
  display_order: Number(row.display_order),
  is_active: flag(row.is_active),
  item_count: Number(row.item_count),
});

const toImage = (row: ImageRow): ServiceImage => ({ ...row, display_order: Number(row.display_order), is_active: flag(row.is_active) });

/** The built-in catalogue's entry as a detail (apiId = id), for when the database cannot answer. */
function catalogueDetail(id: number): ServiceDetail | null {
  const entry = SERVICE_CATALOGUE.find((service) => service.apiId === id);
  if (!entry) return null;
  return {
    id: entry.apiId,
    category_id: null,
    category_name: entry.category,
    name: entry.name,
    description: entry.description,
    features: entry.features,
    references: entry.references,
    main_image: entry.mainImage,
    price: null,
    price_unit: entry.priceUnit,
    display_order: entry.displayOrder,
    is_active: 1,
    created_at: "",
    updated_at: "",
    images: [],
  };
}

export function createServicesService(deps: ServicesDeps) {
  const { db, cache, write, activity, syncFileReferences } = deps;
  const clock = deps.clock ?? (() => new Date());
  const itemOwner = (id: number) => ({ type: "service-item", id: String(id) });
  const imageOwner = (id: number) => ({ type: "service-image", id: String(id) });

  async function findItem(handle: Db, idInput: unknown): Promise<ServiceItem> {
    const id = idFrom(idInput);
    const [row] = id === null ? [] : await serviceItemsRepo.list(handle, { id });
    if (!row) throw notFound(SERVICE_MESSAGES.itemNotFound);
    return toItem(row);
  }

  async function findCategory(handle: Db, idInput: unknown) {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await serviceCategoriesRepo.findById(handle, id);
    if (!row) throw notFound(SERVICE_MESSAGES.categoryNotFound);
    return row;
  }

  /** Category names are unique: a second 景觀維護 would make the public filter ambiguous. */
  async function checkCategoryName(handle: Db, name: string, ownId?: number) {
    const same = await serviceCategoriesRepo.findByName(handle, name);
    if (same && same.id !== ownId) {
      const message = `已有名為「${name}」的服務類別`;
      throw conflict(message, { name: message });
    }
  }

  async function checkCategory(handle: Db, categoryId: number | null) {
    if (categoryId !== null && !(await serviceCategoriesRepo.findById(handle, categoryId))) {
      throw badRequest(SERVICE_MESSAGES.categoryNotFound, { category_id: "請選擇存在的服務類別" });
    }
  }

  const itemColumns = (input: ReturnType<typeof serviceItemInputSchema.parse>) => ({
    category_id: input.category_id,
    name: input.name,
    description: input.description,
    features: JSON.stringify(input.features),
    service_references: JSON.stringify(input.references),
    main_image: input.main_image,
    price: input.price,
    price_unit: input.price_unit,
    display_order: input.display_order,
    is_active: input.is_active,
  });

  /** The public detail: an active item with its active images, or null. */
  const activeDetail = (idInput: unknown): Promise<ServiceDetail | null> => {
    const id = idFrom(idInput);
    if (id === null) return Promise.resolve(null);
    return cache.remember(`services:detail:${id}`, async () => {
      const [row] = await serviceItemsRepo.list(db, { id, activeOnly: true });
      if (!row) return null;
      return { ...toItem(row), images: (await serviceImagesRepo.listFor(db, id, { activeOnly: true })).map(toImage) };
    });
  };

  /**
   * The service page's data: the active item, or, when the database cannot answer, the built-in
   * catalogue's entry of that id (000 §8) with `fallback` set so the page is not cached.
   */
  async function pageDetail(idInput: unknown): Promise<{ service: ServiceDetail | null; fallback: boolean }> {
    try {
      return { service: await activeDetail(idInput), fallback: false };
    } catch (error) {
      deps.logger.error({ err: error }, "a service could not be read; showing the built-in catalogue");
      return { service: catalogueDetail(Number(idInput)), fallback: true };
    }
  }

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: {
      footerServiceNames: () => cache.remember("services:footer", () => serviceItemsRepo.activeNames(db, FOOTER_SERVICE_COUNT)),
      detail: pageDetail,
      /** Which service page a card of the page contents links to: catalogue key → active item id. */
      detailIdsByKey: () =>
        cache.remember("services:ids-by-key", async (): Promise<Record<string, number>> =>
          Object.fromEntries((await serviceItemsRepo.activeCatalogueIds(db)).map((row) => [row.catalogue_key!, row.id])),
        ),
    },
    dashboard: { stats: async () => ({ total_products: await serviceItemsRepo.count(db) }) },

    /** Each active service's page, for the sitemap. */
    sitemap: async () => (await serviceItemsRepo.list(db, { activeOnly: true })).map((row) => ({ path: `/services/${row.id}`, lastmod: row.updated_at })),

    /** GET /api.php/services/{id} */
    async publicDetail(idInput: unknown): Promise<ServiceDetail> {
      const found = await activeDetail(idInput);
      if (!found) throw notFound(SERVICE_MESSAGES.itemNotFound);
      return found;
    },

    // --- categories ---
    listCategories: async (): Promise<ServiceCategory[]> => (await serviceCategoriesRepo.list(db)).map(toCategory),

    async createCategory(input: unknown, adminId: number): Promise<{ id: number }> {
      const category = parseInput(serviceCategoryInputSchema, input);
      const now = clock().toISOString();
      return write(async (tx) => {
        await checkCategoryName(tx.db, category.name);
        const id = await serviceCategoriesRepo.insert(tx.db, { ...category, created_at: now, updated_at: now });
        await activity.record(tx.db, { adminId, action: "service-category.create", entityType: "service-category", entityId: id, summary: `新增服務類別「${category.name}」` });
        tx.invalidatePublicCache();
        return { id };
      });
    },

    async updateCategory(idInput: unknown, input: unknown, adminId: number): Promise<{ id: number }> {
      return write(async (tx) => {
        const existing = await findCategory(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, ...stored } = existing;
        const category = parseInput(serviceCategoryInputSchema, mergedWith(stored, input));
        await checkCategoryName(tx.db, category.name, existing.id);
        await serviceCategoriesRepo.update(tx.db, existing.id, { ...category, updated_at: clock().toISOString() });
        await activity.record(tx.db, { adminId, action: "service-category.update", entityType: "service-category", entityId: existing.id, summary: `更新服務類別「${category.name}」` });
        tx.invalidatePublicCache();
        return { id: existing.id };
      });
    },

    /** A category that still holds items is kept: the screen names how many. */
    async removeCategory(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await findCategory(tx.db, idInput);
        const items = await serviceItemsRepo.countInCategory(tx.db, existing.id);
        if (items > 0) throw conflict(`「${existing.name}」還有 ${items} 個服務項目，請先移到其他類別或刪除後再刪除這個類別`);
        await serviceCategoriesRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "service-category.delete", entityType: "service-category", entityId: existing.id, summary: `刪除服務類別「${existing.name}」` });
        tx.invalidatePublicCache();
      });
    },

    async reorderCategories(input: unknown, adminId: number): Promise<ServiceCategory[]> {
      const ids = parseReorder(input);
      await write(async (tx) => {
        const now = clock().toISOString();
        await applyOrder(
          { ids: () => serviceCategoriesRepo.ids(tx.db), setPosition: (id, position) => serviceCategoriesRepo.update(tx.db, id, { display_order: position, updated_at: now }) },
          ids,
          SERVICE_MESSAGES.staleOrder,
        );
        await activity.record(tx.db, { adminId, action: "service-category.reorder", entityType: "service-category", summary: `調整服務類別順序（${ids.length} 個）` });
        tx.invalidatePublicCache();
      });
      return (await serviceCategoriesRepo.list(db)).map(toCategory);
    },

    // --- items ---
    listItems: async (): Promise<ServiceItem[]> => (await serviceItemsRepo.list(db)).map(toItem),

    getItem: (idInput: unknown) => findItem(db, idInput),

    async createItem(input: unknown, adminId: number): Promise<ServiceItem> {
      const item = parseInput(serviceItemInputSchema, input);
      const now = clock().toISOString();
      const id = await write(async (tx) => {
        await checkCategory(tx.db, item.category_id);
        const id = await serviceItemsRepo.insert(tx.db, { ...itemColumns(item), created_at: now, updated_at: now });
        await syncFileReferences(tx.db, itemOwner(id), { main_image: [item.main_image] });
        await activity.record(tx.db, { adminId, action: "service-item.create", entityType: "service-item", entityId: id, summary: `新增服務項目「${item.name}」` });
        tx.invalidatePublicCache();
        return id;
      });
      return findItem(db, id);
    },

    async updateItem(idInput: unknown, input: unknown, adminId: number): Promise<ServiceItem> {
      const id = await write(async (tx) => {
        const existing = await findItem(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, category_name: _category, ...stored } = existing;
        const item = parseInput(serviceItemInputSchema, mergedWith(stored, input));
        await checkCategory(tx.db, item.category_id);
        await serviceItemsRepo.update(tx.db, existing.id, { ...itemColumns(item), updated_at: clock().toISOString() });
        await syncFileReferences(tx.db, itemOwner(existing.id), { main_image: [item.main_image] });
        await activity.record(tx.db, { adminId, action: "service-item.update", entityType: "service-item", entityId: existing.id, summary: `更新服務項目「${item.name}」` });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return findItem(db, id);
    },

    /** Deletes the item with its images; their files are free for the media library to clean up. */
    async removeItem(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await findItem(tx.db, idInput);
        for (const image of await serviceImagesRepo.listFor(tx.db, existing.id)) await syncFileReferences(tx.db, imageOwner(image.id), {});
        await serviceImagesRepo.deleteFor(tx.db, existing.id);
        await serviceItemsRepo.delete(tx.db, existing.id);
        await syncFileReferences(tx.db, itemOwner(existing.id), {});
        await activity.record(tx.db, { adminId, action: "service-item.delete", entityType: "service-item", entityId: existing.id, summary: `刪除服務項目「${existing.name}」` });
        tx.invalidatePublicCache();
      });
    },

    async reorderItems(input: unknown, adminId: number): Promise<ServiceItem[]> {
      const ids = parseReorder(input);
      await write(async (tx) => {
        const now = clock().toISOString();
        await applyOrder(
          { ids: () => serviceItemsRepo.ids(tx.db), setPosition: (id, position) => serviceItemsRepo.update(tx.db, id, { display_order: position, updated_at: now }) },
          ids,
          SERVICE_MESSAGES.staleOrder,
        );
        await activity.record(tx.db, { adminId, action: "service-item.reorder", entityType: "service-item", summary: `調整服務項目順序（${ids.length} 個）` });
        tx.invalidatePublicCache();
      });
      return (await serviceItemsRepo.list(db)).map(toItem);
    },

    // --- images ---
    async listImages(serviceIdInput: unknown): Promise<ServiceImage[]> {
      const item = await findItem(db, serviceIdInput);
      return (await serviceImagesRepo.listFor(db, item.id)).map(toImage);
    },

    /** Images are added to a saved item only (002 §4). */
    async addImage(input: unknown, adminId: number): Promise<ServiceImage> {
      const image = parseInput(serviceImageInputSchema, input, { summary: "first" });
      const id = await write(async (tx) => {
        const item = await findItem(tx.db, image.service_id).catch(() => {
          throw badRequest(SERVICE_MESSAGES.saveItemFirst, { service_id: SERVICE_MESSAGES.saveItemFirst });
        });
        const order = image.display_order || (await serviceImagesRepo.countFor(tx.db, item.id)) + 1;
        const id = await serviceImagesRepo.insert(tx.db, { ...image, display_order: order, created_at: clock().toISOString() });
        await syncFileReferences(tx.db, imageOwner(id), { image_path: [image.image_path] });
        await activity.record(tx.db, { adminId, action: "service-image.create", entityType: "service-item", entityId: item.id, summary: `為「${item.name}」新增圖片` });
        tx.invalidatePublicCache();
        return id;
      });
      return toImage((await serviceImagesRepo.findById(db, id))!);
    },

    async removeImage(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const id = idFrom(idInput);
        const image = id === null ? undefined : await serviceImagesRepo.findById(tx.db, id);
        if (!image) throw notFound(SERVICE_MESSAGES.imageNotFound);
        await serviceImagesRepo.delete(tx.db, image.id);
        await syncFileReferences(tx.db, imageOwner(image.id), {});
        await activity.record(tx.db, { adminId, action: "service-image.delete", entityType: "service-item", entityId: image.service_id, summary: "刪除服務案例圖片" });
        tx.invalidatePublicCache();
      });
    },

    /** PUT /admin-api.php/service-images/reorder?service_id=: one item's images in their new order. */
    async reorderImages(serviceIdInput: unknown, input: unknown, adminId: number): Promise<ServiceImage[]> {
      const ids = parseReorder(input);
      const item = await findItem(db, serviceIdInput);
      await write(async (tx) => {
        await applyOrder(
          {
            ids: async () => (await serviceImagesRepo.listFor(tx.db, item.id)).map((row) => row.id),
            setPosition: (id, position) => serviceImagesRepo.update(tx.db, id, { display_order: position }),
          },
          ids,
          SERVICE_MESSAGES.staleOrder,
        );
        await activity.record(tx.db, { adminId, action: "service-image.reorder", entityType: "service-item", entityId: item.id, summary: `調整「${item.name}」的圖片順序` });
        tx.invalidatePublicCache();
      });
      return (await serviceImagesRepo.listFor(db, item.id)).map(toImage);
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
