import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { Database, PortfolioPhotoGroupsTable, PortfoliosTable } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";
import { boundedCount } from "#server/lib/bounded-count.ts";
import { matchesSearch, searchedOrder, type SearchPart } from "#server/lib/search/full-text.ts";
import { tieredPage } from "#server/lib/search/tiered-page.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { parseSearch } from "#server/lib/search/search-terms.ts";
import { caseSearchColumns } from "./portfolio-search.ts";

export interface PortfolioFilter {
  search?: string;
  category?: string;
  activeOnly?: boolean;
  featuredOnly?: boolean;
}

const COLUMNS = [
  "portfolios.id",
  "portfolios.title",
  "portfolios.description",
  "portfolios.client",
  "portfolios.category",
  "portfolios.technologies",
  "portfolios.images",
  "portfolios.completed_at",
  "portfolios.featured",
  "portfolios.status",
  "portfolios.created_at",
  "portfolios.updated_at",
] as const;

/**
 * A page of cases of the query, newest first: the page's ids chosen first (from the index of
 * migration 023), then only their rows read, as for posts (blog.repo.ts).
 */
function casesPage(db: ReadDb, query: SelectQueryBuilder<Database, "portfolios", object>, range: { limit: number; offset: number }, searched = false) {
  const created = sql.ref("portfolios.created_at");
  const pageIds = query
    .select("portfolios.id")
    .orderBy(searched ? searchedOrder(db, created) : created, "desc")
    .orderBy("portfolios.id", "desc")
    .limit(range.limit)
    .offset(range.offset);
  return db
    .selectFrom("portfolios")
    .leftJoin("service_types", "service_types.value", "portfolios.category")
    .select([...COLUMNS, "service_types.label as category_label"])
    .where("portfolios.id", "in", pageIds)
    .orderBy(created, "desc")
    .orderBy("portfolios.id", "desc");
}

function filtered(db: ReadDb, filter: PortfolioFilter, part: SearchPart = "all") {
  let query = db.selectFrom("portfolios");
  if (filter.activeOnly) query = query.where("portfolios.status", "=", "active");
  if (filter.featuredOnly) query = query.where("portfolios.featured", "=", 1);
  if (filter.category) query = query.where("portfolios.category", "=", filter.category);
  if (filter.search?.trim()) {
    // A search of no words at all (only punctuation) finds nothing rather than everything.
    const phrases = parseSearch(filter.search);
    query = phrases ? query.where(matchesSearch(db, "portfolios", phrases, part)) : query.where(sql<boolean>`1 = 0`);
  }
  return query;
}

export const portfoliosRepo = {
  count: (db: ReadDb, filter: PortfolioFilter = {}) => countRows(filtered(db, filter)),

  /** Newest first, with the service type's name; a search lists the cases whose title holds it first. */
  page: (db: ReadDb, filter: PortfolioFilter, range: { limit: number; offset: number }) => {
    if (!filter.search?.trim()) return casesPage(db, filtered(db, filter), range).execute();
    return tieredPage(
      range,
      (part, partRange) => casesPage(db, filtered(db, filter, part), partRange, true).execute(),
      (cap) => boundedCount(db, filtered(db, filter, "title"), cap),
    );
  },

  findById: (db: ReadDb, id: number) =>
    db
      .selectFrom("portfolios")
      .leftJoin("service_types", "service_types.value", "portfolios.category")
      .select([...COLUMNS, "service_types.label as category_label"])
      .where("portfolios.id", "=", id)
      .executeTakeFirst(),

  insert: async (db: Db, row: Insertable<PortfoliosTable>) =>
    (await db.insertInto("portfolios").values({ ...row, ...caseSearchColumns(row) }).returning("id").executeTakeFirstOrThrow()).id,
  update: async (db: Db, id: number, row: Updateable<PortfoliosTable>) => {
    const current = () => db.selectFrom("portfolios").select(["title", "description", "client"]).where("id", "=", id).executeTakeFirst();
    return db.updateTable("portfolios").set(await withSearchColumns(row, ["title", "description", "client"], current, caseSearchColumns)).where("id", "=", id).execute();
  },
  delete: (db: Db, id: number) => db.deleteFrom("portfolios").where("id", "=", id).execute(),

  /** The newest change among the active cases (the gallery's last change). */
  newestActiveChange: async (db: ReadDb) => {
    const row = await db.selectFrom("portfolios").select((eb) => eb.fn.max("updated_at").as("updated")).where("status", "=", "active").executeTakeFirst();
    return typeof row?.updated === "string" ? row.updated : null;
  },
};

export const photoGroupsRepo = {
  /** The groups of several cases, each case's in display order. */
  listFor: async (db: ReadDb, portfolioIds: readonly number[]) =>
    portfolioIds.length === 0
      ? []
      : db
          .selectFrom("portfolio_photo_groups")
          .selectAll()
          .where("portfolio_id", "in", [...portfolioIds])
          .orderBy("portfolio_id")
          .orderBy("display_order")
          .orderBy("id")
          .execute(),
  insert: async (db: Db, row: Insertable<PortfolioPhotoGroupsTable>) =>
    (await db.insertInto("portfolio_photo_groups").values(row).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, portfolioId: number, row: Updateable<PortfolioPhotoGroupsTable>) =>
    db.updateTable("portfolio_photo_groups").set(row).where("id", "=", id).where("portfolio_id", "=", portfolioId).execute(),
  deleteFor: (db: Db, portfolioId: number, ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve() : db.deleteFrom("portfolio_photo_groups").where("portfolio_id", "=", portfolioId).where("id", "in", [...ids]).execute(),
  deleteAllFor: (db: Db, portfolioId: number) => db.deleteFrom("portfolio_photo_groups").where("portfolio_id", "=", portfolioId).execute(),
};
