import type { Db } from "#server/db/database.ts";

export const seoRepo = {
  latestSettingsChange: async (db: Db) =>
    (await db.selectFrom("settings").select((eb) => eb.fn.max("updated_at").as("at")).executeTakeFirst())?.at ?? null,
  pageChanges: (db: Db) => db.selectFrom("pages").select(["page_key", "updated_at", "is_active"]).execute(),
};
