import type { Insertable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ContactsTable } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";

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

  /** Newest first. */
  page: (db: ReadDb, options: { status?: string; limit: number; offset: number }) => {
    let query = db.selectFrom("contacts").select(COLUMNS);
    if (options.status !== undefined) query = query.where("status", "=", options.status);
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).offset(options.offset).execute();
  },

  findById: (db: ReadDb, id: number) => db.selectFrom("contacts").select(COLUMNS).where("id", "=", id).executeTakeFirst(),

  insert: async (db: Db, values: Insertable<ContactsTable>) =>
    (await db.insertInto("contacts").values(values).returning("id").executeTakeFirstOrThrow()).id,

  setStatus: (db: Db, id: number, status: string, now: string) =>
    db.updateTable("contacts").set({ status, updated_at: now }).where("id", "=", id).executeTakeFirst(),

  setNote: (db: Db, id: number, note: string, now: string) =>
    db.updateTable("contacts").set({ staff_note: note, updated_at: now }).where("id", "=", id).executeTakeFirst(),

  delete: (db: Db, id: number) => db.deleteFrom("contacts").where("id", "=", id).executeTakeFirst(),
};
