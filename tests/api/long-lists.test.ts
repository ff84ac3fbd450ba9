// Lists built for ten years of records (issue 27, migration 021): a page past the middle
// read from the list's end gives the same posts as counting from the start; the counts
// the database keeps (contacts by status, LINE customers, each conversation's messages)
// follow every insert, status change and delete, whoever makes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { boundedCount, listTotal } from "#server/lib/bounded-count.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { insertContact } from "#tests/factories/content.factory.ts";
import { insertCustomer, insertMessage } from "#tests/factories/line.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const onPostgres = process.env.TEST_DB === "postgres";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
});
afterAll(async () => t?.close());

type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), host: "clean.example" }, ...(payload ? { payload } : {}) });
function data<T>(res: Injected): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

describe("a page past the middle of the news", () => {
  beforeAll(async () => {
    await t.database.db.deleteFrom("blog_post_tags").execute();
    await t.database.db.deleteFrom("blog_posts").execute();
    // Two posts share a publication time: the order between them (by id) must hold from both ends.
    const times = [9, 8, 7, 7, 5, 4, 3].map((hours) => new Date(Date.now() - hours * 3600_000).toISOString());
    for (const [index, published_at] of times.entries()) {
      expect((await call("POST", "/admin-api.php/blog/posts", { title: `分頁文章 ${index}`, status: "published", published_at })).statusCode).toBe(200);
    }
  });

  it("reads the same posts, in the same order, as the whole list does", async () => {
    const titles = async (url: string) => data<{ posts: { title: string }[] }>(await call("GET", url)).posts.map((post) => post.title);
    for (const base of ["/api.php/blog/posts?", "/admin-api.php/blog/posts?"]) {
      const all = await titles(`${base}limit=50`);
      expect(all).toHaveLength(7);
      const paged = [];
      for (let page = 1; page <= 4; page++) paged.push(...(await titles(`${base}limit=2&page=${page}`)));
      expect(paged).toEqual(all);
      expect(await titles(`${base}limit=2&page=5`)).toEqual([]);
    }
  });
});

describe("counts kept by the database", () => {
  const stats = async () => data<{ total_contacts: number; new_contacts: number; line_customers: number }>(await call("GET", "/admin-api.php/stats"));
  const contactCounts = async () => data<{ counts: Record<string, number>; pagination: { total: number } }>(await call("GET", "/admin-api.php/contacts?status=read"));

  it("contacts by status follow inserts, status changes and deletes", async () => {
    const before = await stats();
    const first = await insertContact(t.database.db, { status: "new" });
    await insertContact(t.database.db, { status: "new" });
    expect(await stats()).toMatchObject({ total_contacts: before.total_contacts + 2, new_contacts: before.new_contacts + 2 });
    const readBefore = (await contactCounts()).counts.read!;
    expect((await call("PUT", `/admin-api.php/contacts/${first}`, { status: "read" })).statusCode).toBe(200);
    expect(await stats()).toMatchObject({ total_contacts: before.total_contacts + 2, new_contacts: before.new_contacts + 1 });
    const afterRead = await contactCounts();
    expect(afterRead.counts.read).toBe(readBefore + 1);
    expect(afterRead.pagination.total).toBe(readBefore + 1);
    expect((await call("DELETE", `/admin-api.php/contacts/${first}`)).statusCode).toBe(200);
    expect(await stats()).toMatchObject({ total_contacts: before.total_contacts + 1, new_contacts: before.new_contacts + 1 });
  });

  it("LINE customers and each conversation's messages follow inserts and deletes", async () => {
    const before = (await stats()).line_customers;
    const customer = await insertCustomer(t.database.db, { display_name: "計數測試" });
    for (let n = 0; n < 3; n++) await insertMessage(t.database.db, customer.id, { is_read: 1 });
    expect((await stats()).line_customers).toBe(before + 1);
    const read = async () => data<{ customer: { message_count: number } }>(await call("GET", `/admin-api.php/customers/${customer.id}`)).customer.message_count;
    expect(await read()).toBe(3);
    await t.database.db.deleteFrom("line_messages").where("customer_id", "=", customer.id).where("id", "=", (await t.database.db.selectFrom("line_messages").select("id").where("customer_id", "=", customer.id).executeTakeFirstOrThrow()).id).execute();
    expect(await read()).toBe(2);
    expect((await call("DELETE", `/admin-api.php/customers/${customer.id}`)).statusCode).toBe(200);
    expect((await stats()).line_customers).toBe(before);
  });
});

describe("a long list's total (lib/bounded-count.ts)", () => {
  const tallied = () => t.database.db.selectFrom("record_tallies").where("name", "like", "total-test:%").where("n", "=", 7);

  it("is counted up to the cap, and one more says 'more than the cap'", async () => {
    await t.database.db.insertInto("record_tallies").values(Array.from({ length: 30 }, (_, i) => ({ name: `total-test:${i}`, n: 7 }))).execute();
    expect(await listTotal(t.database.db, tallied(), 100, { estimated: true })).toBe(30);
    expect(await listTotal(t.database.db, tallied(), 10, { estimated: true })).toBe(11);
    await t.database.db.deleteFrom("record_tallies").where("name", "like", "total-test:%").execute();
  });

  it("on PostgreSQL, is 'more than the cap' without a count when the planner expects ten times the cap and may be trusted", async () => {
    await t.database.db.insertInto("record_tallies").values(Array.from({ length: 200 }, (_, i) => ({ name: `total-test:${i}`, n: 7 }))).execute();
    await sql`analyze record_tallies`.execute(t.database.db);
    // The statistics still say 200; only 5 are left.
    await t.database.db.deleteFrom("record_tallies").where("name", "like", "total-test:%").where("name", "not in", ["0", "1", "2", "3", "4"].map((n) => `total-test:${n}`)).execute();
    expect(await boundedCount(t.database.db, tallied(), 10)).toBe(5);
    expect(await listTotal(t.database.db, tallied(), 10, { estimated: true })).toBe(onPostgres ? 11 : 5);
    // Below ten times the cap, or where the estimate is not to be trusted, it counts.
    expect(await listTotal(t.database.db, tallied(), 100, { estimated: true })).toBe(5);
    expect(await listTotal(t.database.db, tallied(), 10, { estimated: false })).toBe(5);
  });
});
