import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { HeroBannersTable } from "#server/db/schema.ts";

export const bannersRepo = {
  list: (db: ReadDb, options: { activeOnly: boolean }) => {
    let query = db.selectFrom("hero_banners").selectAll();
    if (options.activeOnly) query = query.where("is_active", "=", 1);
    return query.orderBy("sort_order").orderBy("id").execute();
  },
  ids: async (db: ReadDb) => (await db.selectFrom("hero_banners").select("id").execute()).map((row) => row.id),
  findById: (db: ReadDb, id: number) => db.selectFrom("hero_banners").selectAll().where("id", "=", id).executeTakeFirst(),
  count: async (db: ReadDb, options: { activeOnly: boolean } = { activeOnly: false }) => {
    let query = db.selectFrom("hero_banners").select((eb) => eb.fn.countAll().as("n"));
    if (options.activeOnly) query = query.where("is_active", "=", 1);
    return Number((await query.executeTakeFirstOrThrow()).n);
  },
  insert: async (db: Db, values: Insertable<HeroBannersTable>) =>
    (await db.insertInto("hero_banners").values(values).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, changes: Updateable<HeroBannersTable>) =>
    db.updateTable("hero_banners").set(changes).where("id", "=", id).executeTakeFirst(),
  delete: (db: Db, id: number) => db.deleteFrom("hero_banners").where("id", "=", id).executeTakeFirst(),
};
