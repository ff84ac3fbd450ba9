// Issue 22 (decision 022): why a customer's file was not kept (too large, no
// longer in LINE), shown in the chat in place of the file; and when an outgoing
// message's current try started, so a send whose process died before LINE's
// answer is found and marked failed (then 重新傳送 works) instead of staying
// 傳送中 for ever.
import type { Kysely } from "kysely";
import { text } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("line_messages").addColumn("media_error", "text", text).execute();
  await db.schema.alterTable("line_messages").addColumn("delivery_started_at", "text").execute();
  await db.schema.createIndex("line_messages_delivery_status").on("line_messages").column("delivery_status").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("line_messages_delivery_status").ifExists().execute();
  await db.schema.alterTable("line_messages").dropColumn("delivery_started_at").execute();
  await db.schema.alterTable("line_messages").dropColumn("media_error").execute();
}
