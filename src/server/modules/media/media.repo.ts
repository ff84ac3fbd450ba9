import type { Insertable } from "kysely";
import type { Db } from "#server/db/database.ts";
import type { MediaFilesTable } from "#server/db/schema.ts";

export type MediaRow = Awaited<ReturnType<typeof mediaRepo.findById>> & {};

export const mediaRepo = {
  insert: (db: Db, row: Insertable<MediaFilesTable>) => db.insertInto("media_files").values(row).returning("id").executeTakeFirstOrThrow(),
  list: (db: Db) => db.selectFrom("media_files").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute(),
  findById: (db: Db, id: number) => db.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst(),
  findByPaths: (db: Db, paths: string[]) =>
    paths.length === 0 ? Promise.resolve([]) : db.selectFrom("media_files").select(["id", "file_path"]).where("file_path", "in", paths).execute(),
  picturesByPaths: (db: Db, paths: string[]) =>
    paths.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("media_files")
          .select(["file_path", "width", "height", "placeholder", "alt_text", "variants"])
          .where("file_path", "in", paths)
          .where("mime_type", "like", "image/%")
          .execute(),
  updateAlt: (db: Db, id: number, altText: string, now: string) =>
    db.updateTable("media_files").set({ alt_text: altText, updated_at: now }).where("id", "=", id).executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom("media_files").where("id", "=", id).executeTakeFirst(),

  allReferences: (db: Db) => db.selectFrom("media_references").select(["media_id", "owner_type", "owner_id", "field"]).execute(),
  referencesOf: (db: Db, mediaId: number) =>
    db.selectFrom("media_references").select(["media_id", "owner_type", "owner_id", "field"]).where("media_id", "=", mediaId).execute(),
  /** Replaces everything one owner points at (owner = a settings record, a banner, a page…), in the caller's transaction. */
  replaceReferences: async (db: Db, owner: { type: string; id: string }, rows: Array<{ media_id: number; field: string }>, now: string) => {
    await db.deleteFrom("media_references").where("owner_type", "=", owner.type).where("owner_id", "=", owner.id).execute();
    const unique = [...new Map(rows.map((row) => [`${row.media_id}:${row.field}`, row])).values()];
    if (unique.length > 0) {
      await db
        .insertInto("media_references")
        .values(unique.map((row) => ({ ...row, owner_type: owner.type, owner_id: owner.id, created_at: now })))
        .execute();
    }
  },
};
