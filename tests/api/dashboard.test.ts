// The back office's counts (001 §2, §3, §7; issue 3): the notification
// poll, the seven dashboard stats and the recent-activity list, all from real
// rows. Tests in this file run in order on one database and build on each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import {
  insertBanner,
  insertBlogPost,
  insertContact,
  insertLineCustomer,
  insertLineMessage,
  insertPortfolio,
} from "#tests/factories/content.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const HAN = /\p{Script=Han}/u;
const ADMIN_NAME = "儀表板管理員";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t, { name: ADMIN_NAME });
  token = await sessionToken(t, admin.id);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

async function data(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  const body = res.json();
  expect(body.success).toBe(true);
  return body.data;
}

const EMPTY_STATS = {
  total_products: 12,
  total_portfolios: 0,
  total_contacts: 0,
  new_contacts: 0,
  line_customers: 0,
  blog_posts: 0,
  active_banners: 0,
  failed_jobs: 0,
  failing_notifications: 0,
};

describe("on a fresh database", () => {
  it("GET /admin-api.php/notifications: all zero", async () => {
    expect(await data("/admin-api.php/notifications")).toEqual({ contacts: 0, customers: 0, total_messages: 0 });
  });

  it("GET /admin-api.php/stats: the 12 seeded services and nothing else", async () => {
    expect(await data("/admin-api.php/stats")).toEqual(EMPTY_STATS);
  });

  it("GET /admin-api.php/activity: an empty list", async () => {
    expect(await data("/admin-api.php/activity")).toEqual({ activities: [] });
  });
});

describe("GET /admin-api.php/notifications counts what is unread", () => {
  let customerA: number;
  let unreadOfA: number[];

  it("contacts with status new; customers with unread incoming messages; unread incoming messages", async () => {
    const db = t.database.db;
    await insertContact(db, { status: "new" });
    await insertContact(db, { status: "new" });
    await insertContact(db, { status: "read" });

    customerA = await insertLineCustomer(db, { display_name: "客戶甲" });
    unreadOfA = [
      await insertLineMessage(db, customerA, { direction: "incoming", is_read: false }),
      await insertLineMessage(db, customerA, { direction: "incoming", is_read: false }),
    ];
    await insertLineMessage(db, customerA, { direction: "incoming", is_read: true });
    await insertLineMessage(db, customerA, { direction: "outgoing", is_read: false });

    const customerB = await insertLineCustomer(db, { display_name: "客戶乙" });
    await insertLineMessage(db, customerB, { direction: "incoming", is_read: false });

    const customerC = await insertLineCustomer(db, { display_name: "客戶丙" });
    await insertLineMessage(db, customerC, { direction: "incoming", is_read: true });
    await insertLineMessage(db, customerC, { direction: "outgoing", is_read: true });

    expect(await data("/admin-api.php/notifications")).toEqual({ contacts: 2, customers: 2, total_messages: 3 });
  });

  it("follows the rows: a contact read and a customer's messages read lower the counts", async () => {
    const db = t.database.db;
    const newest = await db.selectFrom("contacts").select("id").where("status", "=", "new").orderBy("id", "desc").executeTakeFirstOrThrow();
    await db.updateTable("contacts").set({ status: "read" }).where("id", "=", newest.id).execute();
    await db.updateTable("line_messages").set({ is_read: 1 }).where("customer_id", "=", customerA).execute();
    expect(await data("/admin-api.php/notifications")).toEqual({ contacts: 1, customers: 1, total_messages: 1 });

    // Put them back for the stats below.
    await db.updateTable("contacts").set({ status: "new" }).where("id", "=", newest.id).execute();
    await db.updateTable("line_messages").set({ is_read: 0 }).where("id", "in", unreadOfA).execute();
    expect(await data("/admin-api.php/notifications")).toEqual({ contacts: 2, customers: 2, total_messages: 3 });
  });

  it("a new contact message raises the count at once (no stale cache)", async () => {
    const id = await insertContact(t.database.db, { status: "new" });
    expect((await data("/admin-api.php/notifications")).contacts).toBe(3);
    await t.database.db.deleteFrom("contacts").where("id", "=", id).execute();
    expect((await data("/admin-api.php/notifications")).contacts).toBe(2);
  });
});

describe("GET /admin-api.php/stats counts real rows", () => {
  it("the seven counts of the spec, and no failed background job", async () => {
    const db = t.database.db;
    // Contacts so far: 2 new, 1 read. Add one replied and one closed.
    await insertContact(db, { status: "replied" });
    await insertContact(db, { status: "closed" });
    await insertPortfolio(db, { category: "water_tank_service" });
    await insertPortfolio(db, { category: "floor_cleaning" });
    await insertBlogPost(db, { status: "published" });
    await insertBanner(db, { is_active: true });
    await insertBanner(db, { is_active: true });
    await insertBanner(db, { is_active: false });
    const now = new Date().toISOString();
    await db.insertInto("service_items").values({ name: "臨時加開的服務", created_at: now, updated_at: now }).execute();

    expect(await data("/admin-api.php/stats")).toEqual({
      total_products: 13,
      total_portfolios: 2,
      total_contacts: 5,
      new_contacts: 2,
      line_customers: 3,
      blog_posts: 1,
      active_banners: 2,
      failed_jobs: 0,
      failing_notifications: 0,
    });
  });

  it("every count is a number, never a string (PostgreSQL counts are bigint)", async () => {
    const stats = await data("/admin-api.php/stats");
    expect(Object.keys(stats).sort()).toEqual(Object.keys(EMPTY_STATS).sort());
    for (const value of Object.values(stats)) expect(typeof value).toBe("number");
    const counts = await data("/admin-api.php/notifications");
    for (const value of Object.values(counts)) expect(typeof value).toBe("number");
  });

  it("only active banners count: deactivating one lowers active_banners", async () => {
    const db = t.database.db;
    const banner = await db.selectFrom("hero_banners").select("id").where("is_active", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("hero_banners").set({ is_active: 0 }).where("id", "=", banner.id).execute();
    expect((await data("/admin-api.php/stats")).active_banners).toBe(1);
    await db.updateTable("hero_banners").set({ is_active: 1 }).where("id", "=", banner.id).execute();
    expect((await data("/admin-api.php/stats")).active_banners).toBe(2);
  });

  it("failed_jobs counts the background jobs that failed every attempt, not the ones still retrying", async () => {
    await t.jobs.enqueue(t.database.db, "test.retrying", {});
    await t.jobs.enqueue(t.database.db, "test.given-up", {}, { maxAttempts: 1 });
    const now = new Date().toISOString();
    await t.database.db.updateTable("jobs").set({ attempts: 1, failed_at: now, last_error: "Discord 502" }).where("kind", "=", "test.given-up").execute();
    expect((await data("/admin-api.php/stats")).failed_jobs).toBe(1);
    await t.database.db.deleteFrom("jobs").where("kind", "like", "test.%").execute();
    expect((await data("/admin-api.php/stats")).failed_jobs).toBe(0);
  });

  it("failing_notifications counts staff notifications failing, still retrying or given up, and nothing else", async () => {
    await t.jobs.enqueue(t.database.db, "notify.discord", { summary: "新的聯絡表單：甲" });
    await t.jobs.enqueue(t.database.db, "notify.line", { summary: "新的聯絡表單：乙" });
    await t.jobs.enqueue(t.database.db, "notify.email", { summary: "新的聯絡表單：丙" });
    await t.jobs.enqueue(t.database.db, "test.other", {});
    const now = new Date().toISOString();
    await t.database.db.updateTable("jobs").set({ attempts: 2, last_error: "找不到這個 Discord Webhook，可能已被刪除" }).where("kind", "in", ["notify.discord", "test.other"]).execute();
    await t.database.db.updateTable("jobs").set({ attempts: 8, failed_at: now, last_error: "LINE Channel Access Token 無效或已過期" }).where("kind", "=", "notify.line").execute();
    expect(await data("/admin-api.php/stats")).toMatchObject({ failing_notifications: 2, failed_jobs: 1 });
    await t.database.db.deleteFrom("jobs").execute();
    expect((await data("/admin-api.php/stats")).failing_notifications).toBe(0);
  });
});

describe("GET /admin-api.php/activity", () => {
  interface Activity {
    id: number;
    action: string;
    summary: string;
    admin_name: string | null;
    created_at: string;
  }
  const activities = async (query = ""): Promise<Activity[]> => (await data(`/admin-api.php/activity${query}`)).activities;

  it("a settings update and a theme activation appear, newest first, with the administrator's name", async () => {
    const saved = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { company_name: "儀表板測試公司" } });
    expect(saved.statusCode).toBe(200);
    const activated = await t.app.inject({ method: "POST", url: "/api.php/themes/2/activate", headers: bearer(token) });
    expect(activated.statusCode).toBe(200);

    const list = await activities();
    expect(list[0]).toMatchObject({ action: "theme.activate", admin_name: ADMIN_NAME });
    expect(list[0].summary).toContain((await t.database.db.selectFrom("themes").select("name").where("id", "=", 2).executeTakeFirstOrThrow()).name);
    // The settings save made before the activation is the oldest entry.
    expect(list.at(-1)).toMatchObject({ action: "settings.update", admin_name: ADMIN_NAME });
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(["action", "admin_name", "created_at", "id", "summary"]);
      expect(item.summary).toMatch(HAN);
      expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);
    }
  });

  it("one theme activation is one entry in the list, not also a settings update", async () => {
    const before = (await activities("?limit=50")).length;
    const activated = await t.app.inject({ method: "POST", url: "/api.php/themes/1/activate", headers: bearer(token) });
    expect(activated.statusCode).toBe(200);
    const after = await activities("?limit=50");
    expect(after.length - before).toBe(1);
    expect(after[0].action).toBe("theme.activate");
  });

  it("a sign-in appears as an activity", async () => {
    const admin = await createAdmin(t, { name: "登入的管理員" });
    const res = await t.app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: "10.99.0.1", payload: { email: admin.email, password: admin.password } });
    expect(res.statusCode).toBe(200);
    const [latest] = await activities();
    expect(latest).toMatchObject({ action: "auth.login", admin_name: "登入的管理員" });
  });

  it("answers 10 by default, up to 50 with limit, newest first", async () => {
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { footer_text: `頁尾 ${i}` } });
      expect(res.statusCode).toBe(200);
    }
    const all = await t.database.db.selectFrom("activity_log").select("id").execute();
    expect(all.length).toBeGreaterThanOrEqual(16);
    expect(all.length).toBeLessThanOrEqual(50);

    const firstTen = await activities();
    expect(firstTen).toHaveLength(10);
    const everything = await activities("?limit=50");
    expect(everything).toHaveLength(all.length);
    expect(firstTen).toEqual(everything.slice(0, 10));
    expect(await activities("?limit=3")).toEqual(everything.slice(0, 3));
    expect(await activities("?limit=1")).toEqual(everything.slice(0, 1));

    // Newest first: times never increase down the list; ties broken by the later row first.
    for (let i = 1; i < everything.length; i++) {
      const [before, after] = [everything[i - 1], everything[i]];
      expect(before.created_at >= after.created_at).toBe(true);
      if (before.created_at === after.created_at) expect(before.id).toBeGreaterThan(after.id);
    }
    expect(everything[0].action).toBe("settings.update");
    expect(everything.at(-1)!.action).toBe("settings.update");
  });

  it("a limit above 50 is served at 50, not refused", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ action: "test.old", summary: `舊紀錄 ${i}`, created_at: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString() }));
    await t.database.db.insertInto("activity_log").values(rows).execute();
    const most = await activities("?limit=50");
    expect(most).toHaveLength(50);
    expect(await activities("?limit=51")).toEqual(most);
    expect(await activities("?limit=1000000000")).toEqual(most);
  });

  it.each(["0", "abc", "-1", "1.5"])("limit=%s: 400 with errors.limit", async (limit) => {
    const res = await get(`/admin-api.php/activity?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(VALIDATION_MESSAGE);
    expect(Object.keys(body.errors)).toEqual(["limit"]);
    expect(body.errors.limit).toMatch(HAN);
  });

  it("an activity of an administrator who no longer exists keeps its entry, without a name", async () => {
    const gone = await createAdmin(t, { name: "離職的管理員" });
    await t.services.activity.record(t.database.db, { adminId: gone.id, action: "test.entry", summary: "測試紀錄" });
    expect((await activities("?limit=1"))[0]).toMatchObject({ action: "test.entry", admin_name: "離職的管理員" });
    await t.database.db.deleteFrom("admin_users").where("id", "=", gone.id).execute();
    expect((await activities("?limit=1"))[0]).toMatchObject({ action: "test.entry", summary: "測試紀錄", admin_name: null });
  });
});
