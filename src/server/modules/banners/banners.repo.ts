import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { HeroBannersTable } from "#server/db/schema.ts";

/** A banner with its uploaded video's processing (decision 029): the library file its video_url names, when it is one. */
const withVideo = (db: ReadDb) =>
  db
    .selectFrom("hero_banners")
    .leftJoin("media_files", "media_files.file_path", "hero_banners.video_url")
    .selectAll("hero_banners")
    .select([
      "media_files.mime_type as video_mime",
      "media_files.video_status",
      "media_files.video_progress",
      "media_files.video_error",
      "media_files.poster_path",
      "media_files.playable_path",
    ]);

export const bannersRepo = {
  list: (db: ReadDb, options: { activeOnly: boolean }) => {
    let query = withVideo(db);
    if (options.activeOnly) query = query.where("hero_banners.is_active", "=", 1);
    return query.orderBy("hero_banners.sort_order").orderBy("hero_banners.id").execute();
  },
  ids: async (db: ReadDb) => (await db.selectFrom("hero_banners").select("id").execute()).map((row) => row.id),
  findById: (db: ReadDb, id: number) => withVideo(db).where("hero_banners.id", "=", id).executeTakeFirst(),
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
