import type { Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ThemesTable } from "#server/db/schema.ts";

export const themesRepo = {
  list: (db: ReadDb) => db.selectFrom("themes").selectAll().orderBy("id").execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("themes").selectAll().where("id", "=", id).executeTakeFirst(),
  exists: async (db: ReadDb, id: number) => Boolean(await db.selectFrom("themes").select("id").where("id", "=", id).executeTakeFirst()),
  update: (db: Db, id: number, changes: Updateable<ThemesTable>) =>
    db.updateTable("themes").set(changes).where("id", "=", id).executeTakeFirst(),
};
