// Issue 25 (decision 029): a video upload is turned in the background into an
// MP4 every browser plays, with a poster picture. The state lives on the file
// (whoever uses it: a banner, the library): processing, ready or error, the
// progress FFmpeg reported, the reason in words when it could not be read, and
// the addresses of the poster and of the playable MP4 (the upload itself when
// it already was one). Videos uploaded before this change were MP4 or WebM that
// the upload already accepted as playable: they are ready as they are, without
// a poster.
import { sql, type Kysely } from "kysely";
import { text } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("media_files").addColumn("video_status", "text", text).execute();
  await db.schema.alterTable("media_files").addColumn("video_progress", "integer").execute();
  await db.schema.alterTable("media_files").addColumn("video_error", "text", text).execute();
  await db.schema.alterTable("media_files").addColumn("poster_path", "text", text).execute();
  await db.schema.alterTable("media_files").addColumn("playable_path", "text", text).execute();
  await sql`UPDATE media_files SET video_status = 'ready', playable_path = file_path WHERE mime_type LIKE 'video/%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["playable_path", "poster_path", "video_error", "video_progress", "video_status"]) {
    await db.schema.alterTable("media_files").dropColumn(column).execute();
  }
}
