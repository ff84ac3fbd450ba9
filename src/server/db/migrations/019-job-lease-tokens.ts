// Issue 26: a claimed job carries the token of the claim that holds it. A
// runner finishes, fails or hands back a job only while its own claim still
// holds it: once a lease expired or was handed back, another runner may hold
// the job, and the first runner's late ending (deleting the row, setting its
// retry) must not undo what the second did. `locked_until` alone cannot tell
// two claims apart: two runners leasing for the same time write the same value.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("lease_token", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("lease_token").execute();
}
