// Versions say how they were made (issue 25, decision 032): each page and post
// remembers the change that made its current state (created, saved, autosaved,
// restored from an earlier version) and who made it, and a kept version copies
// that beside its content, with the time it was made. A new post's autosaves
// keep the address it wants apart (`wanted_slug`) instead of taking it: the
// address is taken by the first save made by hand or by publishing.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["pages", "blog_posts"]) {
    await db.schema.alterTable(table).addColumn("change_kind", "text").execute();
    await db.schema.alterTable(table).addColumn("changed_by", "integer").execute();
    await db.schema.alterTable(table).addColumn("restored_from", "text").execute();
  }
  for (const table of ["page_revisions", "blog_post_revisions"]) {
    await db.schema.alterTable(table).addColumn("made_at", "text").execute();
    await db.schema.alterTable(table).addColumn("made_by", "integer").execute();
    await db.schema.alterTable(table).addColumn("change_kind", "text").execute();
    await db.schema.alterTable(table).addColumn("restored_from", "text").execute();
  }
  await db.schema.alterTable("blog_posts").addColumn("wanted_slug", "text").execute();
}
