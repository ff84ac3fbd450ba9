import type { Db } from "#server/db/database.ts";

export const pagesRepo = {
  findByKey: (db: Db, pageKey: string) => db.selectFrom("pages").selectAll().where("page_key", "=", pageKey).executeTakeFirst(),
  changes: (db: Db) => db.selectFrom("pages").select(["page_key", "updated_at"]).execute(),
};
