// Cleaning cases (portfolios) with their before/after photo groups (000 §2, §5;
// 001 §2, §3, §4, §5), read: the gallery, a case, the back office's list.
// Visitors see active cases only. The writes are operations
// (portfolios.operations.ts).
import {
  FEATURED_PORTFOLIO_LIMIT,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_PUBLIC_PAGE_SIZE,
  legacyPhotoGroup,
  portfolioListQuerySchema,
  type PhotoGroup,
  type Portfolio,
  type PortfolioGallery,
  type PortfolioList,
  type PortfolioStatus,
} from "#contract/portfolios.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { idFrom, requireById } from "#server/lib/entity-input.ts";
import { AppError } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { parseStoredList } from "#server/lib/stored-list.ts";
import { parseInput } from "#server/lib/validation.ts";
import { photoGroupsRepo, portfoliosRepo, type PortfolioFilter } from "./portfolios.repo.ts";

export interface PortfoliosDeps {
  db: ReadDb;
  cache: PublicCache;
  /** The gallery's dropdown (service types module). */
  serviceTypeOptions: () => Promise<PortfolioGallery["service_types"]>;
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

async function withGroups(db: ReadDb, rows: PortfolioRow[]): Promise<Portfolio[]> {
  const groups = await photoGroupsRepo.listFor(db, rows.map((row) => row.id));
  return rows.map((row) => toPortfolio(row, groups.filter((group) => group.portfolio_id === row.id)));
}

/** A case with its photo groups by the id its address names; 404 when there is none (or, for visitors, when it is not active). */
export async function requirePortfolio(db: ReadDb, id: unknown, options: { activeOnly?: boolean } = {}): Promise<Portfolio> {
  const visible = async (found: number) => {
    const row = await portfoliosRepo.findById(db, found);
    return row && (!options.activeOnly || row.status === "active") ? row : undefined;
  };
  const row = await requireById(id, visible, PORTFOLIO_MESSAGES.notFound);
  return (await withGroups(db, [row]))[0]!;
}

export function createPortfoliosService(deps: PortfoliosDeps) {
  const { db, cache } = deps;
  // A case shows its service type's label: the types' tag too.
  const TAGS = [cacheTags.cases, cacheTags.serviceTypes];

  async function list(filter: PortfolioFilter, page: number, limit: number): Promise<PortfolioList> {
    const [total, rows] = await Promise.all([portfoliosRepo.count(db, filter), portfoliosRepo.page(db, filter, { limit, offset: (page - 1) * limit })]);
    return { portfolios: await withGroups(db, rows), pagination: paginationOf(page, limit, total) };
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
    return search ? cache.uncached(TAGS, load) : cache.remember(`portfolios:gallery:${page}:${category}`, TAGS, load);
  }

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: {
      gallery,
      /** One active case (the gallery's ?case=), or null. */
      detail: (idInput: unknown): Promise<Portfolio | null> => {
        const id = idFrom(idInput);
        if (id === null) return Promise.resolve(null);
        return cache.remember(`portfolios:detail:${id}`, TAGS, () =>
          requirePortfolio(db, id, { activeOnly: true }).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 404) return null;
            throw error;
          }),
        );
      },
    },
    dashboard: { stats: async () => ({ total_portfolios: await portfoliosRepo.count(db) }) },

    /** When /portfolio last changed, for the sitemap. */
    listChangedAt: () => portfoliosRepo.newestActiveChange(db),

    /** GET /admin-api.php/portfolios: visitors (Bearer public) see active cases only. */
    async list(input: unknown, options: { forAdmin: boolean }): Promise<PortfolioList> {
      const query = parseInput(portfolioListQuerySchema, input);
      return list({ activeOnly: !options.forAdmin, search: query.search, category: query.category }, query.page, query.limit);
    },

    get: (idInput: unknown, options: { forAdmin: boolean }) => requirePortfolio(db, idInput, { activeOnly: !options.forAdmin }),

  };
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;
