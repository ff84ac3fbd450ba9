// The job table: the outbox and the scheduler (docs/decisions/011-jobs-on-the-database.md).
import type { Kysely } from "kysely";
import { flavourOf, int, text, withId, withTimestamps } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db.schema.createTable("jobs"), flavourOf(db))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("payload", "text", (col) => col.notNull().defaultTo("null"))
      .addColumn("run_at", "text", (col) => col.notNull())
      .addColumn("attempts", "integer", int(0))
      .addColumn("max_attempts", "integer", int(8))
      .addColumn("last_error", "text", text)
      .addColumn("locked_until", "text")
      // Set when every retry failed: the job stays, visible, and never runs again by itself.
      .addColumn("failed_at", "text")
      // Enqueuing with a key replaces the pending job of that key (a rescheduled post).
      .addColumn("dedupe_key", "text", (col) => col.unique()),
  ).execute();
  // The claim query: pending jobs by due time.
  await db.schema.createIndex("jobs_due").on("jobs").columns(["failed_at", "run_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").ifExists().execute();
}
