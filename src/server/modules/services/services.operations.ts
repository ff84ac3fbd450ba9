// The services screen's writes (002 §2.10, §7): categories, items and each
// item's case images. Every one records its activity, keeps the files it shows
// referenced (a file in use cannot be deleted) and changes the `services` tag.
import {
  SERVICE_MESSAGES,
  serviceCategoryInputSchema,
  serviceImageInputSchema,
  serviceItemInputSchema,
  type ServiceCategory,
  type ServiceItem,
} from "#contract/services.ts";
import { reorderSchema } from "#contract/reorder.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder } from "#server/lib/apply-order.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { mergedWith, requireById } from "#server/lib/entity-input.ts";
import { badRequest, conflict } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { noFiles, type FileReferences } from "#server/modules/media/file-references.ts";
import { serviceCategoriesRepo, serviceImagesRepo, serviceItemsRepo } from "./services.repo.ts";
import { requireItem, toCategory, toImage, toItem } from "./services.service.ts";

// The automatic service types follow the services (followServices), so their lists are dropped too.
const TAGS = [cacheTags.services, cacheTags.serviceTypes];
const itemOwner = (id: number) => ({ type: "service-item", id: String(id) }) as const;
const imageOwner = (id: number) => ({ type: "service-image", id: String(id) }) as const;
const itemFiles = (item: ServiceItem): FileReferences => ({ owner: itemOwner(item.id), fields: { main_image: [item.main_image] } });

async function requireCategory(db: Db, id: unknown) {
  const row = await requireById(id, (found) => serviceCategoriesRepo.findById(db, found), SERVICE_MESSAGES.categoryNotFound);
  return row;
}

/** Category names are unique: a second 景觀維護 would make the public filter ambiguous. */
async function checkCategoryName(db: Db, name: string, ownId?: number) {
  const same = await serviceCategoriesRepo.findByName(db, name);
  if (same && same.id !== ownId) {
    const message = `已有名為「${name}」的服務類別`;
    throw conflict(message, { name: message });
  }
}

async function checkCategory(db: Db, categoryId: number | null) {
  if (categoryId !== null && !(await serviceCategoriesRepo.findById(db, categoryId))) {
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

export function createServicesOperations(deps: {
  /** The automatic service types follow the services page's cards, which are made from these services (decision 031). */
  followServices?: (db: Db) => Promise<void>;
  clock?: () => Date;
} = {}) {
  const clock = deps.clock ?? (() => new Date());
  const followServices = deps.followServices ?? (async () => {});
  const now = () => clock().toISOString();

  return {
    createCategory: defineOperation({
      name: "service-category.create",
      input: serviceCategoryInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        await checkCategoryName(tx.db, input.name);
        const stamp = now();
        return { id: await serviceCategoriesRepo.insert(tx.db, { ...input, created_at: stamp, updated_at: stamp }) };
      },
      effects: {
        activity: ({ input, result }) => ({ entityType: "service-category", entityId: result.id, summary: `新增服務類別「${input.name}」` }),
        invalidates: TAGS,
      },
    }),

    updateCategory: defineOperation({
      name: "service-category.update",
      input: serviceCategoryInputSchema,
      load: requireCategory,
      merge: (body, { id: _id, created_at: _created, updated_at: _updated, ...stored }) => mergedWith(stored, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkCategoryName(tx.db, input.name, record.id);
        await serviceCategoriesRepo.update(tx.db, record.id, { ...input, updated_at: now() });
        return { id: record.id };
      },
      effects: {
        activity: ({ input, record }) => ({ entityType: "service-category", entityId: record.id, summary: `更新服務類別「${input.name}」` }),
        invalidates: TAGS,
      },
    }),

    /** A category that still holds items is kept: the screen names how many. */
    removeCategory: defineOperation({
      name: "service-category.delete",
      load: requireCategory,
      access: access.administrators,
      async run({ tx, record }) {
        const items = await serviceItemsRepo.countInCategory(tx.db, record.id);
        if (items > 0) throw conflict(`「${record.name}」還有 ${items} 個服務項目，請先移到其他類別或刪除後再刪除這個類別`);
        await serviceCategoriesRepo.delete(tx.db, record.id);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "service-category", entityId: record.id, summary: `刪除服務類別「${record.name}」` }),
        invalidates: TAGS,
      },
    }),

    reorderCategories: defineOperation({
      name: "service-category.reorder",
      input: reorderSchema,
      access: access.administrators,
      async run({ tx, input }): Promise<ServiceCategory[]> {
        const stamp = now();
        await applyOrder(
          { ids: () => serviceCategoriesRepo.ids(tx.db), setPosition: (id, position) => serviceCategoriesRepo.update(tx.db, id, { display_order: position, updated_at: stamp }) },
          input.ids,
          SERVICE_MESSAGES.staleOrder,
        );
        return (await serviceCategoriesRepo.list(tx.db)).map(toCategory);
      },
      effects: {
        activity: ({ input }) => ({ entityType: "service-category", summary: `調整服務類別順序（${input.ids.length} 個）` }),
        invalidates: TAGS,
      },
    }),

    createItem: defineOperation({
      name: "service-item.create",
      input: serviceItemInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        await checkCategory(tx.db, input.category_id);
        const stamp = now();
        const id = await serviceItemsRepo.insert(tx.db, { ...itemColumns(input), created_at: stamp, updated_at: stamp });
        await followServices(tx.db);
        return requireItem(tx.db, id);
      },
      effects: {
        files: ({ result }) => itemFiles(result),
        activity: ({ result }) => ({ entityType: "service-item", entityId: result.id, summary: `新增服務項目「${result.name}」` }),
        invalidates: TAGS,
      },
    }),

    updateItem: defineOperation({
      name: "service-item.update",
      input: serviceItemInputSchema,
      load: requireItem,
      merge: (body, { id: _id, created_at: _created, updated_at: _updated, category_name: _category, ...stored }) => mergedWith(stored, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkCategory(tx.db, input.category_id);
        await serviceItemsRepo.update(tx.db, record.id, { ...itemColumns(input), updated_at: now() });
        await followServices(tx.db);
        return requireItem(tx.db, record.id);
      },
      effects: {
        files: ({ result }) => itemFiles(result),
        activity: ({ result }) => ({ entityType: "service-item", entityId: result.id, summary: `更新服務項目「${result.name}」` }),
        invalidates: TAGS,
      },
    }),

    /** Deletes the item with its images; their files are free for the media library to clean up. */
    removeItem: defineOperation({
      name: "service-item.delete",
      load: requireItem,
      access: access.administrators,
      async run({ tx, record }) {
        const images = await serviceImagesRepo.listFor(tx.db, record.id);
        await serviceImagesRepo.deleteFor(tx.db, record.id);
        await serviceItemsRepo.delete(tx.db, record.id);
        await followServices(tx.db);
        return { imageIds: images.map((image) => image.id) };
      },
      effects: {
        files: ({ record, result }) => [...result.imageIds.map((id) => noFiles(imageOwner(id))), noFiles(itemOwner(record.id))],
        activity: ({ record }) => ({ entityType: "service-item", entityId: record.id, summary: `刪除服務項目「${record.name}」` }),
        invalidates: TAGS,
      },
    }),

    reorderItems: defineOperation({
      name: "service-item.reorder",
      input: reorderSchema,
      access: access.administrators,
      async run({ tx, input }): Promise<ServiceItem[]> {
        const stamp = now();
        await applyOrder(
          { ids: () => serviceItemsRepo.ids(tx.db), setPosition: (id, position) => serviceItemsRepo.update(tx.db, id, { display_order: position, updated_at: stamp }) },
          input.ids,
          SERVICE_MESSAGES.staleOrder,
        );
        await followServices(tx.db);
        return (await serviceItemsRepo.list(tx.db)).map(toItem);
      },
      effects: {
        activity: ({ input }) => ({ entityType: "service-item", summary: `調整服務項目順序（${input.ids.length} 個）` }),
        invalidates: TAGS,
      },
    }),

    /** Images are added to a saved item only (002 §4). */
    addImage: defineOperation({
      name: "service-image.create",
      input: serviceImageInputSchema,
      refusal: "first",
      access: access.administrators,
      async run({ tx, input }) {
        const item = await requireItem(tx.db, input.service_id).catch(() => {
          throw badRequest(SERVICE_MESSAGES.saveItemFirst, { service_id: SERVICE_MESSAGES.saveItemFirst });
        });
        const order = input.display_order || (await serviceImagesRepo.countFor(tx.db, item.id)) + 1;
        const id = await serviceImagesRepo.insert(tx.db, { ...input, display_order: order, created_at: now() });
        return { item, image: toImage((await serviceImagesRepo.findById(tx.db, id))!) };
      },
      effects: {
        files: ({ result }) => ({ owner: imageOwner(result.image.id), fields: { image_path: [result.image.image_path] } }),
        activity: ({ result }) => ({ entityType: "service-item", entityId: result.item.id, summary: `為「${result.item.name}」新增圖片` }),
        invalidates: TAGS,
      },
    }),

    removeImage: defineOperation({
      name: "service-image.delete",
      async load(db, id) {
        const image = await requireById(id, (found) => serviceImagesRepo.findById(db, found), SERVICE_MESSAGES.imageNotFound);
        return image;
      },
      access: access.administrators,
      async run({ tx, record }) {
        await serviceImagesRepo.delete(tx.db, record.id);
      },
      effects: {
        files: ({ record }) => noFiles(imageOwner(record.id)),
        activity: ({ record }) => ({ entityType: "service-item", entityId: record.service_id, summary: "刪除服務案例圖片" }),
        invalidates: TAGS,
      },
    }),

    /** PUT /admin-api.php/service-images/reorder?service_id=: one item's images in their new order. */
    reorderImages: defineOperation({
      name: "service-image.reorder",
      input: reorderSchema,
      load: requireItem,
      access: access.administrators,
      async run({ tx, input, record }) {
        await applyOrder(
          {
            ids: async () => (await serviceImagesRepo.listFor(tx.db, record.id)).map((row) => row.id),
            setPosition: (id, position) => serviceImagesRepo.update(tx.db, id, { display_order: position }),
          },
          input.ids,
          SERVICE_MESSAGES.staleOrder,
        );
        return (await serviceImagesRepo.listFor(tx.db, record.id)).map(toImage);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "service-item", entityId: record.id, summary: `調整「${record.name}」的圖片順序` }),
        invalidates: TAGS,
      },
    }),
  };
}

export type ServicesOperations = ReturnType<typeof createServicesOperations>;
