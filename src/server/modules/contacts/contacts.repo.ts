import { sql, type Insertable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ContactsTable } from "#server/db/schema.ts";
import { talliesOf, tallyOf } from "#server/lib/record-tallies.ts";
import { boundedCount, listTotal } from "#server/lib/bounded-count.ts";
import { countMatches, matchesSearch, newestMatches, searchedOrder, type SearchPart } from "#server/lib/search/full-text.ts";
import { tieredPage, type PageRange } from "#server/lib/search/tiered-page.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { isOneWord, parseSearch } from "#server/lib/search/search-terms.ts";
import { contactSearchColumns } from "./contact-search.ts";

const COLUMNS = ["id", "name", "email", "phone", "company", "subject", "message", "status", "source", "suspect_reason", "notice", "staff_note", "created_at", "updated_at"] as const;

export interface ContactFilter {
  status?: string;
  search?: string;
}

/** The messages of the filter; a search's words found in the given part of each. */
function filtered(db: ReadDb, filter: ContactFilter, part: SearchPart = "all") {
  let query = db.selectFrom("contacts");
  if (filter.search) {
    // A search of no words at all (only punctuation) finds nothing rather than everything.
    const phrases = parseSearch(filter.search);
    query = query.where(phrases ? matchesSearch(db, "contacts", phrases, part) : sql<boolean>`1 = 0`);
  }
  if (filter.status !== undefined) query = query.where("contacts.status", "=", filter.status);
  return query;
}

/** A page of the query's messages, newest first (from the messages found, when searched: searchedOrder). */
const newestFirst = (db: ReadDb, query: ReturnType<typeof filtered>, range: PageRange, searched = false) =>
  query
    .select(COLUMNS.map((column) => `contacts.${column}` as const))
    .orderBy(searched ? searchedOrder(db, sql.ref("contacts.created_at")) : sql.ref("contacts.created_at"), "desc")
    .orderBy("contacts.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();

export const contactsRepo = {
  /** Every message, or those of one status: read from the tallies the database keeps (migration 021). */
  count: async (db: ReadDb, status?: string) => {
    if (status !== undefined) return tallyOf(db, `contacts:${status}`);
    return Object.values(await talliesOf(db, "contacts:")).reduce((sum, n) => sum + n, 0);
  },

  countByStatus: (db: ReadDb): Promise<Record<string, number>> => talliesOf(db, "contacts:"),

  /** How many messages the filter finds: exact for a status (a tally), up to `cap` for a search (listTotal). */
  countFiltered: async (db: ReadDb, filter: ContactFilter, cap: number) => {
    if (!filter.search) return contactsRepo.count(db, filter.status);
    const phrases = parseSearch(filter.search);
    const counted = phrases && filter.status === undefined ? await countMatches(db, "contacts", phrases, cap) : undefined;
    return counted ?? listTotal(db, filtered(db, filter), cap, { estimated: phrases !== null && isOneWord(phrases) && filter.status === undefined });
  },

  /** Newest first; a search lists first the messages whose sender or subject holds it, then those whose text does. */
  page: (db: ReadDb, filter: ContactFilter, range: PageRange) => {
    if (!filter.search) return newestFirst(db, filtered(db, filter), range);
    const phrases = parseSearch(filter.search);
    return tieredPage(
      range,
      (part, partRange) => {
        // Every status: the search's own index gives the page (messages are numbered as they arrive).
        const newest = phrases && filter.status === undefined ? newestMatches(db, "contacts", phrases, part, partRange) : undefined;
        if (newest) return newestFirst(db, db.selectFrom("contacts").where(newest), { limit: partRange.limit, offset: 0 }, true);
        return newestFirst(db, filtered(db, filter, part), partRange, true);
      },
      (cap) => boundedCount(db, filtered(db, filter, "title"), cap),
    );
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
