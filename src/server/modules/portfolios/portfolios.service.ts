// Cleaning cases (portfolios) with their before/after photo groups (000 §2, §5;
// 001 §2, §3, §4, §5). A case and its groups are written together, with the
// files they show registered with the media library (a picture in use cannot
// be deleted) and the activity row, in one transaction; public caches are
// dropped after commit. Visitors see active cases only.
import {
  FEATURED_PORTFOLIO_LIMIT,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_PUBLIC_PAGE_SIZE,
  legacyPhotoGroup,
  normalisePhotoGroups,
  portfolioInputSchema,
  portfolioListQuerySchema,
  type PhotoGroup,
  type Portfolio,
  type PortfolioGallery,
  type PortfolioList,
  type PortfolioStatus,
} from "#contract/portfolios.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder, parseReorder } from "#server/lib/apply-order.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { AppError, badRequest, notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseStoredList } from "#server/lib/stored-list.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { serviceTypesRepo } from "#server/modules/service-types/service-types.repo.ts";
import { photoGroupsRepo, portfoliosRepo, type PortfolioFilter } from "./portfolios.repo.ts";

export interface PortfoliosDeps {
  db: Db;
  cache: PublicCache;
  write: WriteRunner;
  activity: ActivityService;
  /** Registers the files an owner shows with the media library, in the write's transaction. */
  syncFileReferences: (handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>) => Promise<void>;
  /** The gallery's dropdown (service types module). */
  serviceTypeOptions: () => Promise<PortfolioGallery["service_types"]>;
  clock?: () => Date;
}

type PortfolioRow = NonNullable<Awaited<ReturnType<typeof portfoliosRepo.findById>>>;
type GroupRow = Awaited<ReturnType<typeof photoGroupsRepo.listFor>>[number];

const toGroup = (row: GroupRow): PhotoGroup => ({
  id: row.id,
  title: row.title,
  description: row.description,
  before_image: row.before_image,
  after_image: row.after_image,
  single_images: parseStoredList(row.single_images),
  display_order: Number(row.display_order),
  comparison_enabled: Boolean(row.before_image || row.after_image),
});

function toPortfolio(row: PortfolioRow, groupRows: GroupRow[]): Portfolio {
  const images = parseStoredList(row.images);
  const legacy = groupRows.length === 0 ? legacyPhotoGroup(images) : null;
  const photoGroups = legacy ? [legacy] : groupRows.map(toGroup);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    client: row.client,
    category: row.category,
    category_label: row.category_label ?? row.category,
    technologies: parseStoredList(row.technologies),
    images,
    photo_groups: photoGroups,
    before_images: photoGroups.map((group) => group.before_image).filter(Boolean),
    after_images: photoGroups.map((group) => group.after_image).filter(Boolean),
    completed_at: row.completed_at ? row.completed_at.slice(0, 10) : null,
    featured: Number(row.featured) === 1,
    status: (row.status === "inactive" ? "inactive" : "active") as PortfolioStatus,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every file a case shows, by field, for the media library's usage list. */
const filesOf = (portfolio: { images: string[]; photo_groups: PhotoGroup[] }) => ({
  images: portfolio.images,
  before_image: portfolio.photo_groups.map((group) => group.before_image),
  after_image: portfolio.photo_groups.map((group) => group.after_image),
  single_images: portfolio.photo_groups.flatMap((group) => group.single_images),
});

export function createPortfoliosService(deps: PortfoliosDeps) {
  const { db, cache, write, activity, syncFileReferences } = deps;
  const clock = deps.clock ?? (() => new Date());
  const owner = (id: number) => ({ type: "portfolio", id: String(id) });

  async function withGroups(handle: Db, rows: PortfolioRow[]): Promise<Portfolio[]> {
    const groups = await photoGroupsRepo.listFor(handle, rows.map((row) => row.id));
    return rows.map((row) => toPortfolio(row, groups.filter((group) => group.portfolio_id === row.id)));
  }

  async function find(handle: Db, idInput: unknown, options: { activeOnly?: boolean } = {}): Promise<Portfolio> {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await portfoliosRepo.findById(handle, id);
    if (!row || (options.activeOnly && row.status !== "active")) throw notFound(PORTFOLIO_MESSAGES.notFound);
    return (await withGroups(handle, [row]))[0]!;
  }

  async function list(filter: PortfolioFilter, page: number, limit: number): Promise<PortfolioList> {
    const [total, rows] = await Promise.all([portfoliosRepo.count(db, filter), portfoliosRepo.page(db, filter, { limit, offset: (page - 1) * limit })]);
    return { portfolios: await withGroups(db, rows), pagination: paginationOf(page, limit, total) };
  }

  async function checkServiceType(handle: Db, value: string) {
    if (!(await serviceTypesRepo.findByValue(handle, value))) throw badRequest(PORTFOLIO_MESSAGES.unknownServiceType, { category: PORTFOLIO_MESSAGES.unknownServiceType });
  }

  /** The case's groups as sent: those with one of its ids are updated, new ones added, the rest removed. */
  async function saveGroups(handle: Db, portfolioId: number, groups: PhotoGroup[]) {
    const stored = new Set((await photoGroupsRepo.listFor(handle, [portfolioId])).map((row) => row.id));
    const kept = new Set<number>();
    for (const group of groups) {
      const columns = {
        title: group.title,
        description: group.description,
        before_image: group.before_image,
        after_image: group.after_image,
        single_images: JSON.stringify(group.single_images),
        display_order: group.display_order,
        comparison_enabled: group.comparison_enabled ? 1 : 0,
      } as const;
      if (group.id !== null && stored.has(group.id) && !kept.has(group.id)) {
        await photoGroupsRepo.update(handle, group.id, portfolioId, columns);
        kept.add(group.id);
      } else {
        await photoGroupsRepo.insert(handle, { ...columns, portfolio_id: portfolioId });
      }
    }
    await photoGroupsRepo.deleteFor(handle, portfolioId, [...stored].filter((id) => !kept.has(id)));
  }

  function columnsOf(input: ReturnType<typeof portfolioInputSchema.parse>) {
    return {
      title: input.title,
      description: input.description,
      client: input.client,
      category: input.category,
      technologies: JSON.stringify(input.technologies),
      images: JSON.stringify(input.images.filter(Boolean)),
      completed_at: input.completed_at,
      featured: input.featured ? 1 : 0,
      status: input.status,
    } as const;
  }

  /** The gallery's data; a search is not kept in memory (any text a visitor types would be a new entry). */
  async function gallery(query: { page?: unknown; search?: unknown; category?: unknown }): Promise<PortfolioGallery> {
    const parsed = portfolioListQuerySchema.safeParse({ ...query, limit: PORTFOLIO_PUBLIC_PAGE_SIZE });
    const { page, search, category } = parsed.success ? parsed.data : { page: 1, search: "", category: "" };
    const load = async (): Promise<PortfolioGallery> => {
      const [featured, found, serviceTypes] = await Promise.all([
        portfoliosRepo.page(db, { activeOnly: true, featuredOnly: true }, { limit: FEATURED_PORTFOLIO_LIMIT, offset: 0 }).then((rows) => withGroups(db, rows)),
        list({ activeOnly: true, search, category }, page, PORTFOLIO_PUBLIC_PAGE_SIZE),
        deps.serviceTypeOptions(),
      ]);
      return { featured, portfolios: found.portfolios, pagination: found.pagination, service_types: serviceTypes };
    };
    return search ? load() : cache.remember(`portfolios:gallery:${page}:${category}`, load);
  }

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: {
      gallery,
      /** One active case (the gallery's ?case=), or null. */
      detail: (idInput: unknown): Promise<Portfolio | null> => {
        const id = idFrom(idInput);
        if (id === null) return Promise.resolve(null);
        return cache.remember(`portfolios:detail:${id}`, () =>
          find(db, id, { activeOnly: true }).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 404) return null;
            throw error;
          }),
        );
      },
    },
    dashboard: { stats: async () => ({ total_portfolios: await portfoliosRepo.count(db) }) },

    /** GET /admin-api.php/portfolios: visitors (Bearer public) see active cases only. */
    async list(input: unknown, options: { forAdmin: boolean }): Promise<PortfolioList> {
      const query = parseInput(portfolioListQuerySchema, input);
      return list({ activeOnly: !options.forAdmin, search: query.search, category: query.category }, query.page, query.limit);
    },

    get: (idInput: unknown, options: { forAdmin: boolean }) => find(db, idInput, { activeOnly: !options.forAdmin }),

    async create(input: unknown, adminId: number): Promise<Portfolio> {
      const portfolio = parseInput(portfolioInputSchema, input);
      const groups = normalisePhotoGroups(portfolio.photo_groups).map((group) => ({ ...group, id: null }));
      const now = clock().toISOString();
      const id = await write(async (tx) => {
        await checkServiceType(tx.db, portfolio.category);
        const id = await portfoliosRepo.insert(tx.db, { ...columnsOf(portfolio), created_at: now, updated_at: now });
        await saveGroups(tx.db, id, groups);
        await syncFileReferences(tx.db, owner(id), filesOf({ images: portfolio.images, photo_groups: groups }));
        await activity.record(tx.db, { adminId, action: "portfolio.create", entityType: "portfolio", entityId: id, summary: `新增案例「${portfolio.title}」` });
        tx.invalidatePublicCache();
        return id;
      });
      return find(db, id);
    },

    async update(idInput: unknown, input: unknown, adminId: number): Promise<Portfolio> {
      const id = await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, category_label: _label, before_images: _before, after_images: _after, ...stored } = existing;
        const portfolio = parseInput(portfolioInputSchema, mergedWith(stored, input));
        const groups = normalisePhotoGroups(portfolio.photo_groups);
        await checkServiceType(tx.db, portfolio.category);
        await portfoliosRepo.update(tx.db, existing.id, { ...columnsOf(portfolio), updated_at: clock().toISOString() });
        await saveGroups(tx.db, existing.id, groups);
        await syncFileReferences(tx.db, owner(existing.id), filesOf({ images: portfolio.images, photo_groups: groups }));
        await activity.record(tx.db, { adminId, action: "portfolio.update", entityType: "portfolio", entityId: existing.id, summary: `更新案例「${portfolio.title}」` });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return find(db, id);
    },

    /** Deletes the case with its groups; their pictures are free for the media library to clean up. */
    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        await photoGroupsRepo.deleteAllFor(tx.db, existing.id);
        await portfoliosRepo.delete(tx.db, existing.id);
        await syncFileReferences(tx.db, owner(existing.id), {});
        await activity.record(tx.db, { adminId, action: "portfolio.delete", entityType: "portfolio", entityId: existing.id, summary: `刪除案例「${existing.title}」` });
        tx.invalidatePublicCache();
      });
    },

    /** PUT /admin-api.php/portfolios/{id}/photo-groups/reorder: the case's groups in their new order, one request. */
    async reorderGroups(idInput: unknown, input: unknown, adminId: number): Promise<Portfolio> {
      const ids = parseReorder(input);
      const id = await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        await applyOrder(
          {
            ids: async () => (await photoGroupsRepo.listFor(tx.db, [existing.id])).map((row) => row.id),
            setPosition: (groupId, position) => photoGroupsRepo.update(tx.db, groupId, existing.id, { display_order: position }),
          },
          ids,
          PORTFOLIO_MESSAGES.staleOrder,
        );
        await activity.record(tx.db, { adminId, action: "portfolio.reorder-groups", entityType: "portfolio", entityId: existing.id, summary: `調整案例「${existing.title}」的照片組順序` });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return find(db, id);
    },
  };
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;
