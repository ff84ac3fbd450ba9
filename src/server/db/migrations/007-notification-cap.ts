// A flood cannot burn the month's LINE pushes, and a quick visitor is never
// refused (docs/decisions/021-visitors-words-and-the-notice-cap.md):
// - `contacts.suspect_reason`: why a kept message may be spam ('' when it is not);
// - `contacts.notice`: how the staff heard of it: 'sent' (its own notice), 'held'
//   (counted in a summary notice instead) or '' (before this migration);
// - `rate_counters`: small counters shared by every instance and bumped atomically
//   in the write's transaction (INSERT … ON CONFLICT DO UPDATE … RETURNING): the
//   per-address limit and the notification cap's windows and days. A row
//   is kept until `expires_at`, then swept.
import type { Kysely } from "kysely";
import { int, text } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contacts").addColumn("suspect_reason", "text", text).execute();
  await db.schema.alterTable("contacts").addColumn("notice", "text", text).execute();
  await db.schema
    .createTable("rate_counters")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", int(0))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_counters_expires_at").on("rate_counters").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_counters").ifExists().execute();
  for (const column of ["notice", "suspect_reason"]) await db.schema.alterTable("contacts").dropColumn(column).execute();
}
