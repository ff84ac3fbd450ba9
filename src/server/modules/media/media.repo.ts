import { sql, type Insertable, type Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import { flavourOf } from "#server/db/migrations/portable.ts";
import type { MediaFilesTable } from "#server/db/schema.ts";

/** Addresses per statement when a cleanup moves the files its preview listed (both engines take far more parameters). */
const TRASH_BATCH = 500;

export type MediaRow = Awaited<ReturnType<typeof mediaRepo.findById>> & {};

export const mediaRepo = {
  insert: (db: Db, row: Insertable<MediaFilesTable>) => db.insertInto("media_files").values(row).returning("id").executeTakeFirstOrThrow(),
  /** The library: files not in the trash. */
  list: (db: ReadDb) => db.selectFrom("media_files").selectAll().where("trashed_at", "is", null).orderBy("created_at", "desc").orderBy("id", "desc").execute(),
  /** The trash, most recently trashed first. */
  listTrashed: (db: ReadDb) => db.selectFrom("media_files").selectAll().where("trashed_at", "is not", null).orderBy("trashed_at", "desc").orderBy("id", "desc").execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst(),
  /** Trashed files too: content that names one brings it back (syncReferences). */
  findByPaths: (db: ReadDb, paths: string[]) =>
    paths.length === 0 ? Promise.resolve([]) : db.selectFrom("media_files").select(["id", "file_path", "original_name", "filename", "trashed_at"]).where("file_path", "in", paths).execute(),
  picturesByPaths: (db: ReadDb, paths: string[]) =>
    paths.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("media_files")
          .select(["file_path", "width", "height", "placeholder", "alt_text", "variants"])
          .where("file_path", "in", paths)
          .where("mime_type", "like", "image/%")
          .execute(),
  /** The videos among these paths, with their processing (decision 029). */
  videosByPaths: (db: ReadDb, paths: string[]) =>
    paths.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("media_files")
          .select(["file_path", "mime_type", "video_status", "video_progress", "video_error", "poster_path", "playable_path"])
          .where("file_path", "in", paths)
          .where("mime_type", "like", "video/%")
          .execute(),
  updateAlt: (db: Db, id: number, altText: string, now: string) =>
    db.updateTable("media_files").set({ alt_text: altText, updated_at: now }).where("id", "=", id).executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom("media_files").where("id", "=", id).executeTakeFirst(),
  /** A video's processing, changed only while it is processing: a late or repeated job run never undoes its end. */
  updateVideo: async (db: Db, id: number, changes: Updateable<MediaFilesTable>) =>
    Number((await db.updateTable("media_files").set(changes).where("id", "=", id).where("video_status", "=", "processing").executeTakeFirst()).numUpdatedRows),

  /**
   * Moves the library files no owner references to the trash, deciding and
   * moving in one statement of the caller's transaction; answers their ids.
   * Every such file, or only those among `only` (one file deleted, or the
   * files a cleanup's preview listed), in statements of at most
   * TRASH_BATCH addresses.
   */
  trashUnreferenced: async (db: Db, now: string, only?: { ids: readonly number[] } | { paths: readonly string[] }) => {
    const move = async (filter?: { ids: readonly number[] } | { paths: readonly string[] }) => {
      let query = db
        .updateTable("media_files")
        .set({ trashed_at: now })
        .where("trashed_at", "is", null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom("media_references").select("media_references.media_id").whereRef("media_references.media_id", "=", "media_files.id"))));
      if (filter && "ids" in filter) query = query.where("id", "in", [...filter.ids]);
      if (filter && "paths" in filter) query = query.where("file_path", "in", [...filter.paths]);
      return (await query.returning("id").execute()).map((row) => row.id);
    };
    if (!only) return move();
    const listed = "ids" in only ? only.ids : only.paths;
    const moved: number[] = [];
    for (let start = 0; start < listed.length; start += TRASH_BATCH) {
      const batch = listed.slice(start, start + TRASH_BATCH);
      moved.push(...(await move("ids" in only ? { ids: batch as number[] } : { paths: batch as string[] })));
    }
    return moved;
  },
  /**
   * Of these just-trashed files, takes back those referenced after all: on
   * PostgreSQL a save that held a file's row while cleanup waited for it has
   * committed its reference by now, and this later statement sees it.
   */
  untrashReferenced: async (db: Db, ids: number[]) =>
    ids.length === 0
      ? []
      : (
          await db
            .updateTable("media_files")
            .set({ trashed_at: null })
            .where("id", "in", ids)
            .where((eb) => eb.exists(eb.selectFrom("media_references").select("media_references.media_id").whereRef("media_references.media_id", "=", "media_files.id")))
            .returning("id")
            .execute()
        ).map((row) => row.id),
  /**
   * Takes these files out of the trash, and holds each referenced file's row
   * for the rest of the caller's transaction, so that a cleanup running at the
   * same time waits for the reference instead of trashing past it.
   */
  holdReferenced: (db: Db, ids: number[]) =>
    ids.length === 0 ? Promise.resolve() : db.updateTable("media_files").set({ trashed_at: null }).where("id", "in", ids).execute().then(() => undefined),
  restore: (db: Db, id: number) => db.updateTable("media_files").set({ trashed_at: null }).where("id", "=", id).where("trashed_at", "is not", null).executeTakeFirst(),
  /** Deletes the files trashed before `cutoff` that nothing references, answering their rows (their bytes go after commit). */
  purgeTrashedBefore: (db: Db, cutoff: string) =>
    db
      .deleteFrom("media_files")
      .where("trashed_at", "is not", null)
      .where("trashed_at", "<", cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("media_references").select("media_references.media_id").whereRef("media_references.media_id", "=", "media_files.id"))))
      .returningAll()
      .execute(),
  trashedCount: async (db: ReadDb) => Number((await db.selectFrom("media_files").select((eb) => eb.fn.countAll().as("count")).where("trashed_at", "is not", null).executeTakeFirstOrThrow()).count),

  /**
   * The first `perFile` references of every file (oldest first), however many places share a
   * picture: per file, the first entries of its index (migration 023), never a ranking of all.
   */
  firstReferences: async (db: ReadDb, perFile: number) => {
    const firstOfFile = sql`select id from media_references where media_id = media_files.id order by id limit ${perFile}`;
    // PostgreSQL runs a correlated IN once per row pair: LATERAL asks once per file. SQLite has no
    // LATERAL, and reads the IN's ids once per file, then each reference by its id.
    const picked =
      flavourOf(db) === "postgres"
        ? sql`media_files cross join lateral (select media_id, owner_type, owner_id, field, id from media_references where media_id = media_files.id order by id limit ${perFile}) r`
        : sql`media_files join media_references r on r.id in (${firstOfFile})`;
    const { rows } = await sql<{ media_id: number; owner_type: string; owner_id: string; field: string }>`
      select r.media_id, r.owner_type, r.owner_id, r.field from ${picked} order by r.media_id, r.id`.execute(db);
    return rows;
  },
  /** How many references each referenced file has. */
  referenceCounts: async (db: ReadDb) =>
    new Map(
      (await db.selectFrom("media_references").select((eb) => ["media_id", eb.fn.countAll<number>().as("n")]).groupBy("media_id").execute()).map((row) => [
        row.media_id,
        Number(row.n),
      ]),
    ),
  referencesOf: (db: ReadDb, mediaId: number) =>
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
