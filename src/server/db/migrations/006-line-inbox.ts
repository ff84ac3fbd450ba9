// LINE customer service: what answering the way LINE works needs beside the
// inbox of migration 001 — the customer's last reply token (a reply is free of
// the monthly quota while the token is fresh), when the profile was last read,
// each outgoing message's delivery result, and the staff's canned replies.
import type { Kysely } from "kysely";
import { flavourOf, int, text, withId, withTimestamps } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("line_customers").addColumn("reply_token", "text", text).execute();
  await db.schema.alterTable("line_customers").addColumn("reply_token_expires_at", "text").execute();
  await db.schema.alterTable("line_customers").addColumn("profile_refreshed_at", "text").execute();
  // The name LINE last gave: a name staff typed (display_name) is never overwritten by a later profile read.
  await db.schema.alterTable("line_customers").addColumn("line_display_name", "text", text).execute();

  // '' for incoming messages; 'sending', 'sent' or 'failed' for the staff's, with how and why.
  await db.schema.alterTable("line_messages").addColumn("delivery_status", "text", text).execute();
  await db.schema.alterTable("line_messages").addColumn("delivery_method", "text", text).execute();
  await db.schema.alterTable("line_messages").addColumn("delivery_error", "text", text).execute();
  await db.schema.createIndex("line_customers_last_interaction").on("line_customers").column("last_interaction").execute();

  await withTimestamps(
    withId(db.schema.createTable("line_canned_replies"), flavourOf(db))
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("text", "text", (col) => col.notNull())
      .addColumn("sort_order", "integer", int(0)),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("line_canned_replies").ifExists().execute();
  await db.schema.dropIndex("line_customers_last_interaction").ifExists().execute();
  for (const column of ["delivery_error", "delivery_method", "delivery_status"]) await db.schema.alterTable("line_messages").dropColumn(column).execute();
  for (const column of ["line_display_name", "profile_refreshed_at", "reply_token_expires_at", "reply_token"]) await db.schema.alterTable("line_customers").dropColumn(column).execute();
}
