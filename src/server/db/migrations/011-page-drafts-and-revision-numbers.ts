// The page builder's autosave and its check against overwriting (issue 24): a
// page keeps the editor's autosaved draft apart from its published fields (the
// public page is unchanged until published), and a revision number that every
// save increments, so an editor that started from an older one is refused
// instead of silently overwriting a colleague's (or another tab's) work.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pages").addColumn("draft", "text").execute();
  await db.schema.alterTable("pages").addColumn("draft_saved_at", "text").execute();
  await db.schema.alterTable("pages").addColumn("revision", "integer", (col) => col.notNull().defaultTo(1)).execute();
}
