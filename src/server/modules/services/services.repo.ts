import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const serviceItemsRepo = {
  activeNames: async (db: Db, limit: number) =>
    (
      await db
        .selectFrom("service_items")
        .select("name")
        .where("is_active", "=", 1)
        .orderBy("display_order")
        .orderBy("id")
        .limit(limit)
        .execute()
    ).map((row) => row.name),
  count: (db: Db) => countRows(db.selectFrom("service_items")),
};
