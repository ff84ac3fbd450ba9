import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { LineCannedRepliesTable } from "#server/db/schema.ts";

const COLUMNS = ["id", "title", "text", "sort_order"] as const;

export const cannedRepliesRepo = {
  /** In the staff's order. */
  list: (db: ReadDb) => db.selectFrom("line_canned_replies").select(COLUMNS).orderBy("sort_order").orderBy("id").execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("line_canned_replies").select(COLUMNS).where("id", "=", id).executeTakeFirst(),
  ids: async (db: ReadDb) => (await db.selectFrom("line_canned_replies").select("id").execute()).map((row) => row.id),
  lastPosition: async (db: ReadDb) => {
    const row = await db.selectFrom("line_canned_replies").select((eb) => eb.fn.max("sort_order").as("last")).executeTakeFirst();
    return Number(row?.last ?? 0);
  },
  insert: async (db: Db, values: Insertable<LineCannedRepliesTable>) =>
    (await db.insertInto("line_canned_replies").values(values).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, values: Updateable<LineCannedRepliesTable>) => db.updateTable("line_canned_replies").set(values).where("id", "=", id).executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom("line_canned_replies").where("id", "=", id).executeTakeFirst(),
};
