// Where a file is used, said in words for the library and for refusals.
// Every module that stores file URLs registers them with the media service
// (syncReferences); this names the owners (by their titles, as staff know
// them) and the fields they register.
import type { MediaUsage } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";

const OWNER_LABELS: Record<string, string> = {
  settings: "網站設定",
  banner: "首頁橫幅",
  page: "頁面",
  "service-item": "服務項目",
  "service-image": "服務案例圖片",
  portfolio: "清潔案例",
  blog_post: "最新消息",
  line_message: "LINE 客服訊息",
};

const FIELD_LABELS: Record<string, string> = {
  company_logo: "公司 Logo",
  favicon: "網站圖示",
  header_logo: "頁首 Logo",
  footer_logo: "頁尾 Logo",
  og_image: "分享時的預覽圖片",
  floating_line_icon: "LINE 按鈕圖示",
  floating_phone_icon: "電話按鈕圖示",
  image_url: "圖片",
  video_url: "影片",
  main_image: "主要圖片",
  image_path: "圖片",
  images: "案例照片",
  before_image: "施工前照片",
  after_image: "施工後照片",
  single_images: "其他照片",
  featured_image: "封面圖片",
  content: "文章內文圖片",
  // Page content (pages register each address under the property that holds it, or `html`).
  html: "頁面內容",
  image: "圖片",
  icon: "圖示",
  background: "背景圖片",
  poster: "影片封面",
  // A page builder element's picture or video file.
  src: "圖片或影片",
};

/** A page's autosaved draft registers its files under `draft.<field>` (pages.operations.ts). */
const DRAFT_PREFIX = "draft.";

/** The built-in pages by key; free pages are named by their key, which staff chose. */
const PAGE_LABELS: Record<string, string> = {
  home_services: "首頁核心服務",
  services_page: "服務項目頁面",
  about_company: "關於我們",
};

/**
 * `title` is the owner's own name (a post's or case's title, a service's name…), read by
 * ownerTitles; without one the owner is named by its kind only, never by its id.
 */
export function usageLabel(ownerType: string, ownerId: string, field: string, title = ""): string {
  const owner = OWNER_LABELS[ownerType] ?? "其他內容";
  // A field a later editor adds is still said in words, never by its property name.
  const inDraft = field.startsWith(DRAFT_PREFIX);
  const own = inDraft ? field.slice(DRAFT_PREFIX.length) : field;
  const fieldLabel = `${inDraft ? "草稿中的" : ""}${FIELD_LABELS[own] ?? "檔案"}`;
  if (ownerType === "settings") return `${owner}：${fieldLabel}`;
  const name = ownerType === "page" ? title || PAGE_LABELS[ownerId] || ownerId : title;
  return name ? `${owner}「${name}」（${fieldLabel}）` : `${owner}（${fieldLabel}）`;
}

type OwnerRef = { owner_type: string; owner_id: string };
const ownerKey = (type: string, id: string) => `${type}:${id}`;

/** The ids of `type` among `refs`, as numbers (the owners with a numeric id). */
function numericIds(refs: readonly OwnerRef[], type: string): number[] {
  const ids = refs.filter((ref) => ref.owner_type === type).map((ref) => Number(ref.owner_id));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** Each owner's title ("type:id" → title), read in one query per kind of owner present. */
export async function ownerTitles(db: ReadDb, refs: readonly OwnerRef[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const keep = (type: string, rows: Array<{ id: number | string; title: string | null }>) => {
    for (const row of rows) if (row.title) titles.set(ownerKey(type, String(row.id)), row.title);
  };
  const ids = (type: string) => numericIds(refs, type);
  const pageKeys = [...new Set(refs.filter((ref) => ref.owner_type === "page").map((ref) => ref.owner_id))];
  const reads: Array<Promise<void>> = [];
  const read = (type: string, query: (found: number[]) => Promise<Array<{ id: number | string; title: string | null }>>) => {
    const found = ids(type);
    if (found.length > 0) reads.push(query(found).then((rows) => keep(type, rows)));
  };
  read("banner", (found) => db.selectFrom("hero_banners").select(["id", "title"]).where("id", "in", found).execute());
  read("portfolio", (found) => db.selectFrom("portfolios").select(["id", "title"]).where("id", "in", found).execute());
  read("blog_post", (found) => db.selectFrom("blog_posts").select(["id", "title"]).where("id", "in", found).execute());
  read("service-item", (found) => db.selectFrom("service_items").select(["id", "name as title"]).where("id", "in", found).execute());
  // A service's picture: its own title, else the name of the service it shows.
  read("service-image", (found) =>
    db
      .selectFrom("service_images")
      .leftJoin("service_items", "service_items.id", "service_images.service_id")
      .select(["service_images.id as id", "service_images.title as own", "service_items.name as service"])
      .where("service_images.id", "in", found)
      .execute()
      .then((rows) => rows.map((row) => ({ id: row.id, title: row.own || row.service }))),
  );
  // A LINE message: the customer who sent or received it.
  read("line_message", (found) =>
    db
      .selectFrom("line_messages")
      .innerJoin("line_customers", "line_customers.id", "line_messages.customer_id")
      .select(["line_messages.id as id", "line_customers.display_name as title"])
      .where("line_messages.id", "in", found)
      .execute(),
  );
  if (pageKeys.length > 0) {
    reads.push(
      db
        .selectFrom("pages")
        .select(["page_key", "title"])
        .where("page_key", "in", pageKeys)
        .execute()
        .then((rows) => keep("page", rows.map((row) => ({ id: row.page_key, title: row.title })))),
    );
  }
  await Promise.all(reads);
  return titles;
}

/** Where files are used, in words, with their owners' titles. */
export async function namedUsages(db: ReadDb, refs: ReadonlyArray<OwnerRef & { field: string }>): Promise<MediaUsage[]> {
  const titles = await ownerTitles(db, refs);
  return refs.map((ref) => ({
    owner_type: ref.owner_type,
    owner_id: ref.owner_id,
    field: ref.field,
    label: usageLabel(ref.owner_type, ref.owner_id, ref.field, titles.get(ownerKey(ref.owner_type, ref.owner_id))),
  }));
}
