// The whole data model of the three spec documents, designed once
// (docs/data-model.md). Later issues add behaviour, not tables.
import type { Kysely } from "kysely";
import { flag, flavourOf, int, realType, text, withId, withTimestamps } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);
  const table = (name: string) => withId(db.schema.createTable(name), flavour);

  // One-off facts about this database, such as when it was seeded.
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", text)
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", text)
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await withTimestamps(
    table("themes")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("slug", "text", (col) => col.notNull().unique())
      .addColumn("industry", "text", text)
      .addColumn("description", "text", text)
      .addColumn("primary_color", "text", (col) => col.notNull())
      .addColumn("primary_hover", "text", (col) => col.notNull())
      .addColumn("secondary_color", "text", (col) => col.notNull())
      .addColumn("accent_color", "text", (col) => col.notNull())
      .addColumn("bg_primary", "text", (col) => col.notNull())
      .addColumn("bg_secondary", "text", (col) => col.notNull())
      .addColumn("bg_card", "text", (col) => col.notNull())
      .addColumn("text_primary", "text", (col) => col.notNull())
      .addColumn("text_secondary", "text", (col) => col.notNull())
      .addColumn("text_light", "text", (col) => col.notNull())
      .addColumn("border_color", "text", (col) => col.notNull())
      .addColumn("font_family", "text", (col) => col.notNull())
      .addColumn("font_size_base", "text", (col) => col.notNull())
      .addColumn("nav_bg", "text", (col) => col.notNull())
      .addColumn("nav_text", "text", (col) => col.notNull())
      .addColumn("btn_border_radius", "text", (col) => col.notNull())
      .addColumn("card_border_radius", "text", (col) => col.notNull())
      .addColumn("layout_type", "text", (col) => col.notNull())
      .addColumn("header_style", "text", (col) => col.notNull())
      .addColumn("navigation_structure", "text")
      .addColumn("homepage_layout", "text")
      .addColumn("content_sections", "text"),
  ).execute();

  // --- administrators, sessions, sign-in protection, activity ---
  await withTimestamps(
    table("admin_users")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull().unique())
      .addColumn("password_hash", "text", (col) => col.notNull())
      .addColumn("last_login_at", "text"),
  ).execute();

  await table("admin_tokens")
    .addColumn("admin_user_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("client_ip", "text", text)
    .addColumn("user_agent", "text", text)
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_tokens_user").on("admin_tokens").column("admin_user_id").execute();

  await table("login_attempts")
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("client_ip", "text", (col) => col.notNull())
    .addColumn("succeeded", "integer", flag(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("login_attempts_email").on("login_attempts").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_ip").on("login_attempts").columns(["client_ip", "created_at"]).execute();

  await db.schema
    .createTable("login_challenges")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_ip", "text", (col) => col.notNull())
    .addColumn("answer", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("login_challenges_ip").on("login_challenges").column("client_ip").execute();

  await table("activity_log")
    .addColumn("admin_user_id", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("entity_type", "text", text)
    .addColumn("entity_id", "text", text)
    .addColumn("summary", "text", text)
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("activity_log_created").on("activity_log").column("created_at").execute();

  // --- front door: banners and pages ---
  await withTimestamps(
    table("hero_banners")
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("subtitle", "text", text)
      .addColumn("description", "text", text)
      .addColumn("media_type", "text", (col) => col.notNull().defaultTo("image"))
      .addColumn("image_url", "text", text)
      .addColumn("video_url", "text", text)
      .addColumn("youtube_id", "text", text)
      .addColumn("button_text", "text", (col) => col.notNull())
      .addColumn("button_link", "text", (col) => col.notNull())
      .addColumn("button_style", "text", (col) => col.notNull().defaultTo("primary"))
      .addColumn("text_color", "text", (col) => col.notNull().defaultTo("white"))
      .addColumn("overlay_opacity", "integer", int(20))
      .addColumn("height", "integer", int(400))
      .addColumn("is_active", "integer", flag(1))
      .addColumn("sort_order", "integer", int(0)),
  ).execute();
  await db.schema.createIndex("hero_banners_order").on("hero_banners").columns(["is_active", "sort_order"]).execute();

  await withTimestamps(
    table("pages")
      .addColumn("page_key", "text", (col) => col.notNull().unique())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("content", "text", text)
      .addColumn("meta_title", "text", text)
      .addColumn("meta_description", "text", text)
      .addColumn("meta_keywords", "text", text)
      .addColumn("is_active", "integer", flag(1)),
  ).execute();

  // --- services catalogue: categories, items, case images ---
  await withTimestamps(
    table("service_categories")
      .addColumn("name", "text", (col) => col.notNull().unique())
      .addColumn("description", "text", text)
      .addColumn("display_order", "integer", int(0))
      .addColumn("is_active", "integer", flag(1)),
  ).execute();

  await withTimestamps(
    table("service_items")
      .addColumn("category_id", "integer", (col) => col.references("service_categories.id").onDelete("restrict"))
      .addColumn("catalogue_key", "text", (col) => col.unique())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("description", "text", text)
      .addColumn("features", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("service_references", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("main_image", "text", text)
      .addColumn("price", realType(flavour))
      .addColumn("price_unit", "text", (col) => col.notNull().defaultTo("次"))
      .addColumn("display_order", "integer", int(0))
      .addColumn("is_active", "integer", flag(1)),
  ).execute();
  await db.schema.createIndex("service_items_category").on("service_items").column("category_id").execute();

  await table("service_images")
    .addColumn("service_id", "integer", (col) => col.notNull().references("service_items.id").onDelete("cascade"))
    .addColumn("image_path", "text", (col) => col.notNull())
    .addColumn("title", "text", text)
    .addColumn("description", "text", text)
    .addColumn("display_order", "integer", int(0))
    .addColumn("is_active", "integer", flag(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("service_images_service").on("service_images").column("service_id").execute();

  // --- cleaning cases (portfolios) and their service types ---
  await withTimestamps(
    table("service_types")
      .addColumn("value", "text", (col) => col.notNull().unique())
      .addColumn("label", "text", (col) => col.notNull().unique())
      .addColumn("icon", "text", text)
      .addColumn("sort_order", "integer", int(0))
      .addColumn("is_auto", "integer", flag(0)),
  ).execute();

  await withTimestamps(
    table("portfolios")
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("description", "text", text)
      .addColumn("client", "text", text)
      .addColumn("category", "text", (col) => col.notNull().references("service_types.value").onDelete("restrict"))
      .addColumn("technologies", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("images", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("completed_at", "text")
      .addColumn("featured", "integer", flag(0))
      .addColumn("status", "text", (col) => col.notNull().defaultTo("active")),
  ).execute();
  await db.schema.createIndex("portfolios_status").on("portfolios").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("portfolios_category").on("portfolios").column("category").execute();

  await table("portfolio_photo_groups")
    .addColumn("portfolio_id", "integer", (col) => col.notNull().references("portfolios.id").onDelete("cascade"))
    .addColumn("title", "text", text)
    .addColumn("description", "text", text)
    .addColumn("before_image", "text", text)
    .addColumn("after_image", "text", text)
    .addColumn("single_images", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("display_order", "integer", int(0))
    .addColumn("comparison_enabled", "integer", flag(0))
    .execute();
  await db.schema.createIndex("photo_groups_portfolio").on("portfolio_photo_groups").column("portfolio_id").execute();

  // --- product categories (001 "categories management") ---
  await withTimestamps(
    table("categories")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("description", "text", text)
      .addColumn("sort_order", "integer", int(0))
      .addColumn("status", "text", (col) => col.notNull().defaultTo("active")),
  ).execute();

  // --- news / blog ---
  await table("blog_categories")
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("description", "text", text)
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await table("blog_tags")
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await withTimestamps(
    table("blog_posts")
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("slug", "text", (col) => col.notNull().unique())
      .addColumn("summary", "text", text)
      .addColumn("content", "text", text)
      .addColumn("featured_image", "text", text)
      .addColumn("status", "text", (col) => col.notNull().defaultTo("draft"))
      .addColumn("is_featured", "integer", flag(0))
      .addColumn("view_count", "integer", int(0))
      .addColumn("category_id", "integer", (col) => col.references("blog_categories.id").onDelete("set null"))
      .addColumn("seo_title", "text", text)
      .addColumn("seo_description", "text", text)
      .addColumn("published_at", "text"),
  ).execute();
  await db.schema.createIndex("blog_posts_status").on("blog_posts").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("blog_posts_category").on("blog_posts").column("category_id").execute();

  await db.schema
    .createTable("blog_post_tags")
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (col) => col.notNull().references("blog_tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("blog_post_tags_pk", ["post_id", "tag_id"])
    .execute();
  await db.schema.createIndex("blog_post_tags_tag").on("blog_post_tags").column("tag_id").execute();

  // --- visitor contact messages ---
  await withTimestamps(
    table("contacts")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("phone", "text", text)
      .addColumn("company", "text", text)
      .addColumn("subject", "text", text)
      .addColumn("message", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
      .addColumn("source", "text", text)
      .addColumn("client_ip", "text", text)
      .addColumn("user_agent", "text", text),
  ).execute();
  await db.schema.createIndex("contacts_status").on("contacts").columns(["status", "created_at"]).execute();

  // --- LINE customer-service inbox ---
  await withTimestamps(
    table("line_customers")
      .addColumn("line_user_id", "text", (col) => col.notNull().unique())
      .addColumn("display_name", "text", text)
      .addColumn("picture_url", "text", text)
      .addColumn("status_message", "text", text)
      .addColumn("tags", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("notes", "text", text)
      .addColumn("is_following", "integer", flag(1))
      .addColumn("last_interaction", "text")
      .addColumn("last_message", "text", text),
  ).execute();
  await db.schema.createIndex("line_customers_last").on("line_customers").column("last_interaction").execute();

  await table("line_messages")
    .addColumn("customer_id", "integer", (col) => col.notNull().references("line_customers.id").onDelete("cascade"))
    .addColumn("line_message_id", "text", (col) => col.unique())
    .addColumn("message_type", "text", (col) => col.notNull())
    .addColumn("message_content", "text", text)
    .addColumn("media_url", "text", text)
    .addColumn("file_name", "text", text)
    .addColumn("direction", "text", (col) => col.notNull())
    .addColumn("is_read", "integer", flag(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("line_messages_customer").on("line_messages").columns(["customer_id", "created_at"]).execute();
  await db.schema.createIndex("line_messages_unread").on("line_messages").columns(["direction", "is_read"]).execute();

  // Redelivered webhook events carry the same id; remembering them makes handling idempotent.
  await db.schema
    .createTable("line_webhook_events")
    .addColumn("event_id", "text", (col) => col.primaryKey())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();

  await table("notification_deliveries")
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("error", "text", text)
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // --- media library and where each file is used ---
  await withTimestamps(
    table("media_files")
      .addColumn("filename", "text", (col) => col.notNull().unique())
      .addColumn("original_name", "text", text)
      .addColumn("file_path", "text", (col) => col.notNull().unique())
      .addColumn("mime_type", "text", (col) => col.notNull())
      .addColumn("file_size", "integer", int(0))
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("alt_text", "text", text)
      .addColumn("placeholder", "text", text)
      .addColumn("variants", "text", (col) => col.notNull().defaultTo("[]")),
  ).execute();

  await table("media_references")
    .addColumn("media_id", "integer", (col) => col.notNull().references("media_files.id").onDelete("restrict"))
    .addColumn("owner_type", "text", (col) => col.notNull())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("field", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("media_references_unique", ["media_id", "owner_type", "owner_id", "field"])
    .execute();
  await db.schema.createIndex("media_references_owner").on("media_references").columns(["owner_type", "owner_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    "media_references", "media_files", "notification_deliveries", "line_webhook_events", "line_messages",
    "line_customers", "contacts", "blog_post_tags", "blog_posts", "blog_tags", "blog_categories", "categories",
    "portfolio_photo_groups", "portfolios", "service_types", "service_images", "service_items",
    "service_categories", "pages", "hero_banners", "activity_log", "login_challenges", "login_attempts",
    "admin_tokens", "admin_users", "themes", "settings", "app_meta",
  ];
  for (const name of tables) await db.schema.dropTable(name).ifExists().execute();
}
