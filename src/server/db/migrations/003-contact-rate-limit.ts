// The contact form's rate limit counts a sender address's recent messages.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("contacts_client_ip").on("contacts").columns(["client_ip", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contacts_client_ip").ifExists().execute();
}
