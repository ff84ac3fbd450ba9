// Issue 27: the media library names the first few places each file is used. Ranking
// every reference to pick them (20,000 at scale 1: a picture of every case) took 30 ms;
// with the references of a file in the order they were made, each file's first few are
// the first entries of this index (media.repo.ts firstReferences).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index media_references_by_file on media_references (media_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index media_references_by_file`.execute(db);
}
