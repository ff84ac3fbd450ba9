// The volume seeder (issue 27) at a tiny scale on this project's engine: the
// row counts follow the scale, two runs with the same seed write the same
// content (and another seed different content), the rows are as the product
// keeps them (search columns filled by the modules' own rules, conversations
// consistent with their customers, cases under seeded service types, pictures
// stored with their variants), and a database holding content is refused
// without --force, by the function and by `npm run seed:volume`.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import { parseEnv, type Env } from "#server/env.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { storageFromEnv } from "#server/integrations/storage-from-env.ts";
import { postSearchColumns } from "#server/modules/blog/blog-search.ts";
import { contactSearchColumns } from "#server/modules/contacts/contact-search.ts";
import { messageSearchColumns } from "#server/modules/customers/customer-search.ts";
import { seedIfEmpty } from "#server/modules/seed/seed.service.ts";
import { countsAt, seedVolume, VolumeTargetNotEmptyError } from "#scripts/volume/seed-volume.ts";
import { TEST_ADMIN } from "#tests/setup/test-app.ts";
import { createTestDatabase } from "#tests/setup/test-database.ts";

const SCALE = 0.002;
const NOW = new Date("2026-06-01T00:00:00.000Z");
const silent = { info: () => {}, warn: () => {} } as never;

interface Site {
  db: Db;
  flavour: SqlFlavour;
  storage: FileStorage;
  env: Env;
  close(): Promise<void>;
}

/** A database of this project's engine after its first start (migrated and seeded), as `npm run seed:volume` opens it. */
async function openSite(): Promise<Site> {
  const store = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? "", LOG_LEVEL: "silent" });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: silent });
  await seedIfEmpty(database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, logger: silent });
  return {
    db: database.db,
    flavour: database.flavour,
    storage: await storageFromEnv(env),
    env,
    close: async () => {
      await database.close();
      await store.drop();
    },
  };
}

const fill = (site: Site, seed: number, force = false) => seedVolume(site, { scale: SCALE, seed, now: NOW, force });

async function count(site: Site, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(site.db);
  return Number(rows[0]!.n);
}

/** What the site holds, as one hash: every filled table's words and times, in id order. */
async function contentHash(site: Site): Promise<string> {
  const hash = createHash("sha256");
  const add = (rows: unknown[]) => hash.update(JSON.stringify(rows));
  add(await site.db.selectFrom("blog_posts").select(["id", "title", "slug", "content", "status", "published_at"]).orderBy("id").execute());
  add(await site.db.selectFrom("portfolios").select(["id", "title", "description", "category", "created_at"]).orderBy("id").execute());
  add(await site.db.selectFrom("portfolio_photo_groups").select(["portfolio_id", "before_image", "after_image"]).orderBy("id").execute());
  add(await site.db.selectFrom("contacts").select(["id", "name", "phone", "message", "status", "created_at"]).orderBy("id").execute());
  add(await site.db.selectFrom("line_customers").select(["id", "line_user_id", "display_name", "last_message"]).orderBy("id").execute());
  add(await site.db.selectFrom("line_messages").select(["id", "customer_id", "message_type", "message_content", "media_url", "created_at"]).orderBy("id").execute());
  add(await site.db.selectFrom("activity_log").select(["id", "action", "summary", "created_at"]).orderBy("id").execute());
  add(await site.db.selectFrom("media_files").select(["id", "file_path", "file_size", "variants"]).orderBy("id").execute());
  return hash.digest("hex");
}

let first: Site;
let second: Site;
let other: Site;
beforeAll(async () => {
  [first, second, other] = [await openSite(), await openSite(), await openSite()];
  await fill(first, 11);
  await fill(second, 11);
  await fill(other, 12);
}, 120_000);
afterAll(async () => {
  for (const site of [first, second, other]) await site?.close();
});

describe("npm run seed:volume at a tiny scale", () => {
  it("writes as many rows as the scale says, pictures stored with their variants", async () => {
    const expected = countsAt(SCALE);
    expect(expected).toEqual({ posts: 10, cases: 4, contacts: 400, customers: 20, messages: 2000, activity: 100, pages: 0 });
    expect(await count(first, "blog_posts")).toBe(expected.posts);
    expect(await count(first, "portfolios")).toBe(expected.cases);
    expect(await count(first, "portfolio_photo_groups")).toBe(expected.cases * 4);
    expect(await count(first, "contacts")).toBe(expected.contacts);
    expect(await count(first, "line_customers")).toBe(expected.customers);
    expect(await count(first, "line_messages")).toBe(expected.messages);
    expect(await count(first, "activity_log")).toBe(expected.activity);
    expect(await count(first, "blog_categories")).toBe(8);
    expect(await count(first, "blog_tags")).toBe(40);

    const files = await first.db.selectFrom("media_files").select(["file_path", "variants", "width"]).execute();
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      expect(await first.storage.storedAt(file.file_path)).toBe(true);
      const variants = JSON.parse(file.variants) as Array<{ key: string; format: string }>;
      expect(new Set(variants.map((variant) => variant.format))).toEqual(new Set(["webp", "avif"]));
      for (const variant of variants) expect(await first.storage.exists(variant.key)).toBe(true);
    }
  });

  it("writes the same content for the same seed, and other content for another seed", async () => {
    const [a, b, c] = [await contentHash(first), await contentHash(second), await contentHash(other)];
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it("fills the search columns with the modules' own rules", async () => {
    for (const table of ["blog_posts", "portfolios", "contacts", "line_customers"] as const) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where search_title = '' or search_title is null`.execute(first.db);
      expect(Number(rows[0]!.n), table).toBe(0);
    }
    const posts = await first.db.selectFrom("blog_posts").select(["title", "summary", "content", "search_title", "search_body"]).execute();
    for (const post of posts) expect({ search_title: post.search_title, search_body: post.search_body }).toEqual(postSearchColumns(post));
    const contacts = await first.db.selectFrom("contacts").selectAll().limit(50).execute();
    for (const contact of contacts) expect({ search_title: contact.search_title, search_body: contact.search_body }).toEqual(contactSearchColumns(contact));
    const texts = await first.db.selectFrom("line_messages").select(["message_type", "message_content", "file_name", "search_body"]).where("message_type", "=", "text").execute();
    expect(texts.length).toBeGreaterThan(1000);
    for (const message of texts) expect(message.search_body).toBe(messageSearchColumns(message).search_body);
  });

  it("keeps rows as the product does: conversations match their customers, cases use seeded service types, ids rise with dates", async () => {
    const newest = await first.db
      .selectFrom("line_messages")
      .select(["customer_id", (eb) => eb.fn.max("created_at").as("newest")])
      .groupBy("customer_id")
      .execute();
    const customers = await first.db.selectFrom("line_customers").select(["id", "last_interaction"]).execute();
    expect(Object.fromEntries(customers.map((customer) => [customer.id, customer.last_interaction]))).toEqual(Object.fromEntries(newest.map((row) => [row.customer_id, row.newest])));
    // Nearly all read: only the newest incoming messages of the last two weeks' conversations are not.
    const unread = await first.db.selectFrom("line_messages").select((eb) => eb.fn.countAll().as("n")).where("is_read", "=", 0).executeTakeFirstOrThrow();
    expect(Number(unread.n)).toBeLessThan(countsAt(SCALE).messages * 0.05);

    const types = new Set((await first.db.selectFrom("service_types").select("value").execute()).map((row) => row.value));
    for (const { category } of await first.db.selectFrom("portfolios").select("category").execute()) expect(types.has(category)).toBe(true);

    for (const table of ["contacts", "line_messages", "activity_log", "blog_posts"] as const) {
      const dates = (await first.db.selectFrom(table).select("created_at").orderBy("id").execute()).map((row) => row.created_at);
      expect(dates, table).toEqual([...dates].sort());
      expect(dates.every((date) => date < NOW.toISOString() && date > "2016-05-01"), table).toBe(true);
    }
  });

  it("refuses a database that holds content unless forced, then adds to it", async () => {
    const before = await count(first, "contacts");
    await expect(fill(first, 11)).rejects.toBeInstanceOf(VolumeTargetNotEmptyError);
    expect(await count(first, "contacts")).toBe(before);

    const run = promisify(execFile);
    const refused = await run("npm", ["run", "-s", "seed:volume", "--", "--scale", String(SCALE)], {
      env: { ...process.env, DATA_DIR: first.env.DATA_DIR, DATABASE_URL: first.env.DATABASE_URL ?? "", LOG_LEVEL: "silent" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in refused ? refused.code : 0).toBe(1);
    expect("stderr" in refused ? refused.stderr : "").toMatch(/not empty: it holds .*contacts.*--force/s);
    expect(await count(first, "contacts")).toBe(before);

    await fill(first, 11, true);
    expect(await count(first, "contacts")).toBe(2 * before);
    expect(await count(first, "line_messages")).toBe(2 * countsAt(SCALE).messages);
  }, 60_000);
});
