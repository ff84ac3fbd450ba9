// The company's services, read: categories, items and each item's case images
// (002 §2.10). Public pages read the active items in display order; the services
// screen's writes are operations (services.operations.ts).
import { SERVICE_MESSAGES, type ServiceCategory, type ServiceDetail, type ServiceImage, type ServiceItem } from "#contract/services.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { idFrom, requireById } from "#server/lib/entity-input.ts";
import { notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { parseStoredList } from "#server/lib/stored-list.ts";
import { implicitKeyOf, type ServiceCardSource } from "#contract/service-cards.ts";
import { cardLookOf, SERVICE_CATALOGUE } from "#server/modules/seed/service-catalogue.ts";
import { serviceCategoriesRepo, serviceImagesRepo, serviceItemsRepo } from "./services.repo.ts";

/** The footer lists the first four services. */
const FOOTER_SERVICE_COUNT = 4;

export interface ServicesDeps {
  db: ReadDb;
  logger: Logger;
  cache: PublicCache;
}

type ItemRow = Awaited<ReturnType<typeof serviceItemsRepo.list>>[number];
type CategoryRow = Awaited<ReturnType<typeof serviceCategoriesRepo.list>>[number];
type CardRow = Awaited<ReturnType<typeof serviceItemsRepo.cardRows>>[number];
type ImageRow = Awaited<ReturnType<typeof serviceImagesRepo.listFor>>[number];

const flag = (value: unknown): 0 | 1 => (Number(value) ? 1 : 0);

export const toItem = (row: ItemRow | CardRow): ServiceItem => ({
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

export const toCategory = (row: CategoryRow): ServiceCategory => ({
  ...row,
  display_order: Number(row.display_order),
  is_active: flag(row.is_active),
  item_count: Number(row.item_count),
});

export const toImage = (row: ImageRow): ServiceImage => ({ ...row, display_order: Number(row.display_order), is_active: flag(row.is_active) });

/** A service as a card shows it unless a page overrides it. */
export function toCardSource(row: CardRow): ServiceCardSource {
  const item = toItem(row);
  return {
    id: item.id,
    key: row.catalogue_key ?? implicitKeyOf(item.id),
    name: item.name,
    description: item.description,
    features: item.features,
    main_image: item.main_image,
    price: item.price,
    price_unit: item.price_unit,
    category_name: item.category_name,
    is_active: item.is_active,
    ...cardLookOf(row.catalogue_key),
  };
}

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

/** A service item by the id its address names; 404 when there is none. */
export async function requireItem(db: ReadDb, id: unknown): Promise<ServiceItem> {
  const row = await requireById(id, async (found) => (await serviceItemsRepo.list(db, { id: found }))[0], SERVICE_MESSAGES.itemNotFound);
  return toItem(row);
}

export function createServicesService(deps: ServicesDeps) {
  const { db, cache } = deps;
  const TAGS = [cacheTags.services];

  /** The public detail: an active item with its active images, or null. */
  const activeDetail = (idInput: unknown): Promise<ServiceDetail | null> => {
    const id = idFrom(idInput);
    if (id === null) return Promise.resolve(null);
    return cache.remember(`services:detail:${id}`, TAGS, async () => {
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
      footerServiceNames: () => cache.remember("services:footer", TAGS, () => serviceItemsRepo.activeNames(db, FOOTER_SERVICE_COUNT)),
      detail: pageDetail,
    },

    /** GET /admin-api.php/service-cards: every service, for the pages screen's choosers and preview. */
    cardSources: async (): Promise<ServiceCardSource[]> => (await serviceItemsRepo.cardRows(db)).map(toCardSource),
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

    // --- items ---
    listItems: async (): Promise<ServiceItem[]> => (await serviceItemsRepo.list(db)).map(toItem),

    getItem: (idInput: unknown) => requireItem(db, idInput),

    // --- images ---
    async listImages(serviceIdInput: unknown): Promise<ServiceImage[]> {
      const item = await requireItem(db, serviceIdInput);
      return (await serviceImagesRepo.listFor(db, item.id)).map(toImage);
    },

  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
