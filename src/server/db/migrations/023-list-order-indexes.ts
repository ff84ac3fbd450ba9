// Issue 27: two more lists read in an index's order instead of sorting a table.
// - The media library names the first few places each file is used. Ranking every
//   reference to pick them (20,000 at scale 1: a picture of every case) took 30 ms;
//   with each file's references in the order they were made, its first few are the
//   first entries of this index (media.repo.ts firstReferences).
// - Cases, newest first (the back office's list and the public gallery): 2,000 cases
//   were sorted on every page.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index media_references_by_file on media_references (media_id, id)`.execute(db);
  await sql`create index portfolios_created on portfolios (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index portfolios_created`.execute(db);
  await sql`drop index media_references_by_file`.execute(db);
}
