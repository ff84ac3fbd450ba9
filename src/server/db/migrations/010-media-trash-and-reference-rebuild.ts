// The media library's 30-day trash (cleanup moves unused files there instead of
// deleting them) and a rebuild of the reference index from the content already
// stored: before this, pages never registered their files, so the first
// cleanup after the upgrade would have taken pictures pages show
// (docs/decisions/024-file-references-and-the-trash.md).
//
// The rebuild only adds references that are missing, under the owners and
// fields the modules use; a module's next save of that owner replaces them
// with its own (media.syncReferences). Its scanner is a frozen copy on
// purpose: a migration must mean the same thing whatever the code becomes.
import type { Kysely } from "kysely";

const UPLOAD_ADDRESS = /\/uploads\/[0-9]{4}\/[0-9]{2}\/[a-z0-9-]+\.[a-z0-9]+/g;
const addressesIn = (text: unknown): string[] => (typeof text === "string" ? [...new Set(text.match(UPLOAD_ADDRESS) ?? [])] : []);

/** A page's content: JSON walked by property name, else HTML under `html` (as modules/media/file-addresses.ts). */
function pageFields(content: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const add = (field: string, text: string) => (found[field] = [...new Set([...(found[field] ?? []), ...addressesIn(text)])]);
  const walk = (node: unknown, field: string, depth: number): void => {
    if (depth > 32) return;
    if (typeof node === "string") add(field, node);
    else if (Array.isArray(node)) for (const item of node) walk(item, field, depth + 1);
    else if (node !== null && typeof node === "object") for (const [key, child] of Object.entries(node)) walk(child, key, depth + 1);
  };
  const trimmed = content.trim();
  let parsed: unknown;
  try {
    parsed = trimmed.startsWith("{") || trimmed.startsWith("[") ? JSON.parse(trimmed) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) add("html", content);
  else walk(parsed, "html", 0);
  return Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0));
}

type Owner = { type: string; id: string; fields: Record<string, string[]> };

export async function up(database: Kysely<unknown>): Promise<void> {
  // A migration speaks to the tables as they are at this point, not to today's typed schema.
  const db = database as Kysely<any>;
  await db.schema.alterTable("media_files").addColumn("trashed_at", "text").execute();
  await db.schema.createIndex("media_files_trashed_at").on("media_files").column("trashed_at").execute();
  await rebuildReferences(db);
}

/** Adds the references stored content implies and the index lacks (exported for its test). */
export async function rebuildReferences(database: Kysely<any>): Promise<void> {
  const db = database as Kysely<any>;
  const owners: Owner[] = [];
  for (const page of await db.selectFrom("pages").select(["page_key", "content"]).execute()) {
    owners.push({ type: "page", id: String(page.page_key), fields: pageFields(String(page.content ?? "")) });
  }
  const settingKeys = ["company_logo", "favicon", "header_logo", "footer_logo", "og_image", "floating_line_icon", "floating_phone_icon"];
  const settings = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", settingKeys).execute();
  owners.push({ type: "settings", id: "site", fields: Object.fromEntries(settings.map((row) => [String(row.key), addressesIn(row.value)])) });
  for (const banner of await db.selectFrom("hero_banners").select(["id", "image_url", "video_url"]).execute()) {
    owners.push({ type: "banner", id: String(banner.id), fields: { image_url: addressesIn(banner.image_url), video_url: addressesIn(banner.video_url) } });
  }
  for (const item of await db.selectFrom("service_items").select(["id", "main_image"]).execute()) {
    owners.push({ type: "service-item", id: String(item.id), fields: { main_image: addressesIn(item.main_image) } });
  }
  for (const image of await db.selectFrom("service_images").select(["id", "image_path"]).execute()) {
    owners.push({ type: "service-image", id: String(image.id), fields: { image_path: addressesIn(image.image_path) } });
  }
  const groups = await db.selectFrom("portfolio_photo_groups").select(["portfolio_id", "before_image", "after_image", "single_images"]).execute();
  for (const portfolio of await db.selectFrom("portfolios").select(["id", "images"]).execute()) {
    const own = groups.filter((group) => Number(group.portfolio_id) === Number(portfolio.id));
    owners.push({
      type: "portfolio",
      id: String(portfolio.id),
      fields: {
        images: addressesIn(portfolio.images),
        before_image: own.flatMap((group) => addressesIn(group.before_image)),
        after_image: own.flatMap((group) => addressesIn(group.after_image)),
        single_images: own.flatMap((group) => addressesIn(group.single_images)),
      },
    });
  }
  for (const post of await db.selectFrom("blog_posts").select(["id", "featured_image", "content"]).execute()) {
    owners.push({ type: "blog_post", id: String(post.id), fields: { featured_image: addressesIn(post.featured_image), content: addressesIn(post.content) } });
  }

  const files = await db.selectFrom("media_files").select(["id", "file_path"]).execute();
  const idByPath = new Map(files.map((file) => [String(file.file_path), Number(file.id)]));
  const now = new Date().toISOString();
  for (const owner of owners) {
    const rows = Object.entries(owner.fields).flatMap(([field, addresses]) =>
      addresses.flatMap((address) => (idByPath.has(address) ? [{ media_id: idByPath.get(address)!, owner_type: owner.type, owner_id: owner.id, field, created_at: now }] : [])),
    );
    for (const row of rows) {
      await db.insertInto("media_references").values(row).onConflict((oc) => oc.columns(["media_id", "owner_type", "owner_id", "field"]).doNothing()).execute();
    }
  }
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await database.schema.dropIndex("media_files_trashed_at").ifExists().execute();
  await database.schema.alterTable("media_files").dropColumn("trashed_at").execute();
}
