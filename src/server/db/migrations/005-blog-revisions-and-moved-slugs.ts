// News: earlier versions of each post (a save keeps the version it replaces, in
// the same transaction) and the addresses a published post had before its slug
// changed (they answer 301 to the current one). docs/decisions/019.
import type { Kysely } from "kysely";
import { flag, flavourOf, text, withId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);
  await withId(db.schema.createTable("blog_post_revisions"), flavour)
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("title", "text", text)
    .addColumn("slug", "text", text)
    .addColumn("summary", "text", text)
    .addColumn("content", "text", text)
    .addColumn("featured_image", "text", text)
    .addColumn("status", "text", text)
    .addColumn("is_featured", "integer", flag(0))
    .addColumn("category_id", "integer")
    .addColumn("tags", "text", text)
    .addColumn("seo_title", "text", text)
    .addColumn("seo_description", "text", text)
    .addColumn("published_at", "text")
    .addColumn("is_autosave", "integer", flag(0))
    .addColumn("admin_user_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("blog_post_revisions_post").on("blog_post_revisions").columns(["post_id", "created_at"]).execute();

  await db.schema
    .createTable("blog_moved_slugs")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("blog_moved_slugs_post").on("blog_moved_slugs").column("post_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_moved_slugs").ifExists().execute();
  await db.schema.dropTable("blog_post_revisions").ifExists().execute();
}
