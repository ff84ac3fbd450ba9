// Earlier versions of each page: saving a page keeps the version it replaces,
// in the same transaction, so staff can restore one (docs/decisions/017).
import type { Kysely } from "kysely";
import { flavourOf, int, text, withId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable("page_revisions"), flavourOf(db))
    .addColumn("page_id", "integer", (col) => col.notNull())
    .addColumn("page_key", "text", (col) => col.notNull())
    .addColumn("title", "text", text)
    .addColumn("content", "text", text)
    .addColumn("meta_title", "text", text)
    .addColumn("meta_description", "text", text)
    .addColumn("meta_keywords", "text", text)
    .addColumn("is_active", "integer", int(1))
    .addColumn("admin_user_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("page_revisions_page").on("page_revisions").columns(["page_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_revisions").ifExists().execute();
}
