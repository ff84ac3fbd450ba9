// Content rows for tests that only need them to exist (counts, notifications):
// written straight through Kysely, because the screens that create them arrive
// with later issues. Every row is complete enough to satisfy the schema's
// constraints on SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { postSearchColumns } from "#server/modules/blog/blog-search.ts";
import { contactSearchColumns } from "#server/modules/contacts/contact-search.ts";
import { customerSearchColumns, messageSearchColumns } from "#server/modules/customers/customer-search.ts";
import { caseSearchColumns } from "#server/modules/portfolios/portfolio-search.ts";

/** A row with the search columns its repository would write (migration 020). */
const withSearch = <Row extends object>(row: Row, columnsOf: (row: Row) => object) => ({ ...row, ...columnsOf(row) });

const now = () => new Date().toISOString();
const unique = () => randomBytes(4).toString("hex");

export type ContactStatus = "new" | "read" | "replied" | "closed";

export async function insertContact(db: Db, overrides: { status?: ContactStatus; name?: string; created_at?: string } = {}) {
  const at = overrides.created_at ?? now();
  const { id } = await db
    .insertInto("contacts")
    .values(withSearch({
      name: overrides.name ?? `訪客-${unique()}`,
      email: `visitor-${unique()}@test.example`,
      subject: "詢問清潔服務",
      message: "請問水塔清洗的價格？",
      status: overrides.status ?? "new",
      created_at: at,
      updated_at: at,
    }, contactSearchColumns))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertLineCustomer(db: Db, overrides: { display_name?: string } = {}) {
  const at = now();
  const { id } = await db
    .insertInto("line_customers")
    .values(withSearch({
      line_user_id: `U${randomBytes(16).toString("hex")}`,
      display_name: overrides.display_name ?? `LINE 客戶 ${unique()}`,
      created_at: at,
      updated_at: at,
      last_interaction: at,
    }, customerSearchColumns))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertLineMessage(
  db: Db,
  customerId: number,
  message: { direction: "incoming" | "outgoing"; is_read: boolean; text?: string },
) {
  const { id } = await db
    .insertInto("line_messages")
    .values(withSearch({
      customer_id: customerId,
      line_message_id: `m-${randomBytes(8).toString("hex")}`,
      message_type: "text",
      message_content: message.text ?? "您好",
      direction: message.direction,
      is_read: message.is_read ? 1 : 0,
      created_at: now(),
    }, messageSearchColumns))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * `category` must be an existing service_types.value; the seed creates one per built-in service.
 * `images` is the legacy flat list (a case without photo groups); `created_at` places it in the newest-first list.
 */
export async function insertPortfolio(
  db: Db,
  overrides: {
    category?: string;
    status?: "active" | "inactive";
    title?: string;
    description?: string;
    client?: string;
    images?: string[];
    technologies?: string[];
    featured?: boolean;
    completed_at?: string | null;
    created_at?: string;
  } = {},
) {
  const at = overrides.created_at ?? now();
  const { id } = await db
    .insertInto("portfolios")
    .values(withSearch({
      title: overrides.title ?? `案例 ${unique()}`,
      description: overrides.description ?? "",
      client: overrides.client ?? "",
      category: overrides.category ?? "water_tank_service",
      technologies: JSON.stringify(overrides.technologies ?? []),
      images: JSON.stringify(overrides.images ?? []),
      featured: overrides.featured ? 1 : 0,
      status: overrides.status ?? "active",
      completed_at: overrides.completed_at ?? null,
      created_at: at,
      updated_at: at,
    }, caseSearchColumns))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A manual service type (staff-made, not synced from the services page). */
export async function insertServiceType(db: Db, entry: { value?: string; label?: string; sort_order?: number } = {}) {
  const at = now();
  const value = entry.value ?? `manual_${unique()}`;
  const { id } = await db
    .insertInto("service_types")
    .values({ value, label: entry.label ?? `手動類型 ${unique()}`, sort_order: entry.sort_order ?? 0, is_auto: 0, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, value };
}

export async function insertBanner(db: Db, overrides: { is_active?: boolean; title?: string } = {}) {
  const at = now();
  const { id } = await db
    .insertInto("hero_banners")
    .values({
      title: overrides.title ?? `橫幅 ${unique()}`,
      button_text: "立即諮詢",
      button_link: "/contact",
      is_active: overrides.is_active === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertBlogPost(db: Db, overrides: { status?: "draft" | "published"; title?: string } = {}) {
  const at = now();
  const status = overrides.status ?? "published";
  const { id } = await db
    .insertInto("blog_posts")
    .values(withSearch({
      title: overrides.title ?? `文章 ${unique()}`,
      slug: `post-${unique()}`,
      status,
      published_at: status === "published" ? at : null,
      created_at: at,
      updated_at: at,
    }, postSearchColumns))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
