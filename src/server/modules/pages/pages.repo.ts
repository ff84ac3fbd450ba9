import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { PageRevisionsTable, PagesTable } from "#server/db/schema.ts";

export const pagesRepo = {
  list: (db: ReadDb) => db.selectFrom("pages").selectAll().orderBy("id").execute(),
  findByKey: (db: ReadDb, pageKey: string) => db.selectFrom("pages").selectAll().where("page_key", "=", pageKey).executeTakeFirst(),
  findById: (db: ReadDb, id: number) => db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst(),
  /** How the page's current state was made (kept with it when it becomes a version). */
  originOf: (db: ReadDb, id: number) => db.selectFrom("pages").select(["change_kind", "changed_by", "restored_from"]).where("id", "=", id).executeTakeFirst(),
  changes: (db: ReadDb) => db.selectFrom("pages").select(["page_key", "updated_at"]).execute(),
  insert: async (db: Db, values: Insertable<PagesTable>) => (await db.insertInto("pages").values(values).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, changes: Updateable<PagesTable>) => db.updateTable("pages").set(changes).where("id", "=", id).executeTakeFirst(),
  delete: (db: Db, id: number) => db.deleteFrom("pages").where("id", "=", id).executeTakeFirst(),
};

export const pageRevisionsRepo = {
  insert: (db: Db, values: Insertable<PageRevisionsTable>) => db.insertInto("page_revisions").values(values).execute(),
  /** Newest first, with the name of whoever made each and of whoever saved the version that replaced it. */
  listFor: (db: ReadDb, pageId: number, limit: number) =>
    db
      .selectFrom("page_revisions")
      .leftJoin("admin_users", "admin_users.id", "page_revisions.admin_user_id")
      .leftJoin("admin_users as makers", "makers.id", "page_revisions.made_by")
      .select([
        "page_revisions.id",
        "page_revisions.page_key",
        "page_revisions.title",
        "page_revisions.content",
        "page_revisions.meta_title",
        "page_revisions.meta_description",
        "page_revisions.meta_keywords",
        "page_revisions.is_active",
        "page_revisions.created_at",
        "admin_users.name as saved_by",
        "page_revisions.made_at",
        "page_revisions.change_kind",
        "page_revisions.restored_from",
        "makers.name as made_by",
      ])
      .where("page_revisions.page_id", "=", pageId)
      .orderBy("page_revisions.created_at", "desc")
      .orderBy("page_revisions.id", "desc")
      .limit(limit)
      .execute(),
  find: (db: ReadDb, pageId: number, id: number) => db.selectFrom("page_revisions").selectAll().where("page_id", "=", pageId).where("id", "=", id).executeTakeFirst(),
  /** Keeps the newest `keep` versions of a page. */
  prune: async (db: Db, pageId: number, keep: number) => {
    const kept = db.selectFrom("page_revisions").select("id").where("page_id", "=", pageId).orderBy("created_at", "desc").orderBy("id", "desc").limit(keep);
    await db.deleteFrom("page_revisions").where("page_id", "=", pageId).where("id", "not in", kept).execute();
  },
  deleteFor: (db: Db, pageId: number) => db.deleteFrom("page_revisions").where("page_id", "=", pageId).execute(),
};
