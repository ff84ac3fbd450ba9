import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { CategoriesTable } from "#server/db/schema.ts";

const COLUMNS = ["id", "name", "description", "sort_order", "status", "created_at", "updated_at"] as const;

export const categoriesRepo = {
  list: (db: ReadDb) => db.selectFrom("categories").select(COLUMNS).orderBy("sort_order").orderBy("id").execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("categories").select(COLUMNS).where("id", "=", id).executeTakeFirst(),
  findByName: (db: ReadDb, name: string) => db.selectFrom("categories").select(["id"]).where("name", "=", name).executeTakeFirst(),
  insert: async (db: Db, row: Insertable<CategoriesTable>) => (await db.insertInto("categories").values(row).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, row: Updateable<CategoriesTable>) => db.updateTable("categories").set(row).where("id", "=", id).execute(),
  delete: (db: Db, id: number) => db.deleteFrom("categories").where("id", "=", id).execute(),
};
