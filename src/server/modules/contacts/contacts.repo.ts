import { sql, type Insertable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ContactsTable } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";
import { boundedCount } from "#server/lib/bounded-count.ts";
import { searchHits } from "#server/lib/search/full-text.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { parseSearch } from "#server/lib/search/search-terms.ts";
import { contactSearchColumns } from "./contact-search.ts";

export interface ContactFilter {
  status?: string;
  search?: string;
}

/** The messages of the filter; a search joins its hits (`hits.hit_rank`: the best first). */
function filtered(db: ReadDb, filter: ContactFilter) {
  const phrases = filter.search ? parseSearch(filter.search) : null;
  let query = db.selectFrom("contacts");
  if (filter.search && !phrases) query = query.where(sql<boolean>`1 = 0`);
  if (filter.status !== undefined) query = query.where("contacts.status", "=", filter.status);
  return { query, phrases };
}

const COLUMNS = ["id", "name", "email", "phone", "company", "subject", "message", "status", "source", "suspect_reason", "notice", "staff_note", "created_at", "updated_at"] as const;

export const contactsRepo = {
  count: (db: ReadDb, status?: string) => {
    const query = db.selectFrom("contacts");
    return countRows(status === undefined ? query : query.where("status", "=", status));
  },

  countByStatus: async (db: ReadDb): Promise<Record<string, number>> => {
    const rows = await db.selectFrom("contacts").select((eb) => ["status", eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  },

  /** How many messages the filter finds, counted up to `cap` (a search may find most of ten years). */
  countFiltered: (db: ReadDb, filter: ContactFilter, cap: number) => {
    const { query, phrases } = filtered(db, filter);
    return boundedCount(db, phrases ? query.innerJoin(searchHits(db, "contacts", phrases, "hits"), (join) => join.onRef("hits.hit_id", "=", "contacts.id")) : query, cap);
  },

  /** Newest first; a search lists the best matches first (who wrote and the subject before the message). */
  page: (db: ReadDb, filter: ContactFilter, range: { limit: number; offset: number }) => {
    const { query, phrases } = filtered(db, filter);
    const columns = COLUMNS.map((column) => `contacts.${column}` as const);
    const ordered = phrases
      ? query
          .innerJoin(searchHits(db, "contacts", phrases, "hits"), (join) => join.onRef("hits.hit_id", "=", "contacts.id"))
          .select(columns)
          .orderBy("hits.hit_rank")
      : query.select(columns);
    return ordered.orderBy("contacts.created_at", "desc").orderBy("contacts.id", "desc").limit(range.limit).offset(range.offset).execute();
  },

  findById: (db: ReadDb, id: number) => db.selectFrom("contacts").select(COLUMNS).where("id", "=", id).executeTakeFirst(),

  insert: async (db: Db, values: Insertable<ContactsTable>) =>
    (await db.insertInto("contacts").values({ ...values, ...contactSearchColumns(values) }).returning("id").executeTakeFirstOrThrow()).id,

  setStatus: (db: Db, id: number, status: string, now: string) =>
    db.updateTable("contacts").set({ status, updated_at: now }).where("id", "=", id).executeTakeFirst(),

  setNote: async (db: Db, id: number, note: string, now: string) => {
    const current = () => db.selectFrom("contacts").select(["name", "email", "phone", "company", "subject", "message", "staff_note"]).where("id", "=", id).executeTakeFirst();
    const row = await withSearchColumns({ staff_note: note, updated_at: now }, ["staff_note"], current, contactSearchColumns);
    return db.updateTable("contacts").set(row).where("id", "=", id).executeTakeFirst();
  },

  delete: (db: Db, id: number) => db.deleteFrom("contacts").where("id", "=", id).executeTakeFirst(),
};
