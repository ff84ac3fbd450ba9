import type { Db, ReadDb } from "#server/db/database.ts";

export const settingsRepo = {
  all: (db: ReadDb) => db.selectFrom("settings").select(["key", "value"]).execute(),

  latestChange: async (db: ReadDb) =>
    (await db.selectFrom("settings").select((eb) => eb.fn.max("updated_at").as("at")).executeTakeFirst())?.at ?? null,

  upsert: async (db: Db, entries: Array<[string, string]>, now: string) => {
    if (entries.length === 0) return;
    await db
      .insertInto("settings")
      .values(entries.map(([key, value]) => ({ key, value, updated_at: now })))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
  },
};
