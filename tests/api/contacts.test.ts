// Contact messages through the HTTP API (000 §3, §5, §7, §8; 001 §2, §4, §7, §8):
// the public form with its validation and anti-spam rules, and the contacts
// inbox: paging, the status filter, the four counts, status changes, deletion.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const SENT = "感謝您的來信！我們將盡快回覆您。";
const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const HAN = /\p{Script=Han}/u;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom("contacts").execute();
  await t.database.db.deleteFrom("jobs").execute();
  await t.database.db.deleteFrom("rate_counters").execute();
});

type Headers = Record<string, string>;
let addressCounter = 0;
/** Each sender its own address (the server trusts X-Forwarded-For from 127.0.0.1), so the rate limit stays out of tests about other rules. */
const freshAddress = () => ({ "x-forwarded-for": `203.0.113.${(addressCounter++ % 250) + 1}` });
const submit = (payload: unknown, headers: Headers = freshAddress()) =>
  t.app.inject({ method: "POST", url: "/api.php/contact", headers, payload: payload as object });
const admin = () => bearer(token);
const list = (query = "", headers: Headers = admin()) => t.app.inject({ method: "GET", url: `/admin-api.php/contacts${query}`, headers });
const put = (id: number | string, payload: unknown, headers: Headers = admin()) =>
  t.app.inject({ method: "PUT", url: `/admin-api.php/contacts/${id}`, headers, payload: payload as object });
const del = (id: number | string, headers: Headers = admin()) => t.app.inject({ method: "DELETE", url: `/admin-api.php/contacts/${id}`, headers });

const unique = () => randomBytes(3).toString("hex");
const validMessage = (overrides: Record<string, unknown> = {}) => ({
  name: `王小明${unique()}`,
  email: "ming@example.com",
  phone: "0912-345-678",
  company: "小明公寓管委會",
  subject: "水塔清洗",
  message: "請問社區水塔清洗的報價？",
  ...overrides,
});

async function send(overrides: Record<string, unknown> = {}) {
  const payload = validMessage(overrides);
  const res = await submit(payload);
  expect(res.statusCode, res.body).toBe(200);
  return payload;
}

async function listData(query = "") {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    contacts: Array<{ id: number; name: string; status: string; [key: string]: unknown }>;
    pagination: { current_page: number; total_pages: number; total: number; per_page: number };
    counts: Record<string, number>;
  };
}

describe("POST /api.php/contact", () => {
  it("keeps a message with the spec's six fields and answers the spec's thanks", async () => {
    const payload = validMessage();
    const res = await submit(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: SENT });
    const { contacts } = await listData();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ ...payload, status: "new", source: "" });
    expect(contacts[0]).not.toHaveProperty("client_ip");
    expect(contacts[0]).not.toHaveProperty("user_agent");
  });

  it("needs only name, email and message; phone, company and subject are optional", async () => {
    const res = await submit({ name: "林小姐", email: "lin@example.com", message: "想詢問地毯清洗" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listData()).contacts[0]).toMatchObject({ name: "林小姐", phone: "", company: "", subject: "" });
  });

  it("trims the fields and keeps the page's source", async () => {
    await send({ name: "  陳先生  ", email: " chen@example.com ", source: "services/water_tank_service" });
    expect((await listData()).contacts[0]).toMatchObject({ name: "陳先生", email: "chen@example.com", source: "services/water_tank_service" });
  });

  it("refuses a missing name, email and message with a Traditional Chinese message per field", async () => {
    const res = await submit({ name: " ", email: "", message: "" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: VALIDATION_MESSAGE });
    expect(Object.keys(body.errors).sort()).toEqual(["email", "message", "name"]);
    for (const text of Object.values(body.errors) as string[]) expect(text).toMatch(HAN);
    expect(body.errors.name).toBe("請輸入您的姓名");
    expect((await listData()).contacts).toHaveLength(0);
  });

  it("refuses a malformed email, a malformed phone and over-long fields", async () => {
    const res = await submit(validMessage({ email: "not-an-email", phone: "call me", subject: "主".repeat(151), message: "字".repeat(5001) }));
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.email).toContain("Email 格式不正確");
    expect(errors.phone).toContain("電話格式不正確");
    expect(errors.subject).toContain("150");
    expect(errors.message).toContain("5000");
  });

  it("answers 400, never 500, to a body that is not an object or has the wrong types", async () => {
    for (const payload of [[], "text", { name: 1, email: true, message: {} }]) {
      const res = await t.app.inject({ method: "POST", url: "/api.php/contact", headers: { ...freshAddress(), "content-type": "application/json" }, payload: JSON.stringify(payload) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const broken = await t.app.inject({ method: "POST", url: "/api.php/contact", headers: { ...freshAddress(), "content-type": "application/json" }, payload: "{" });
    expect(broken.statusCode).toBe(400);
  });

  it("answers success to a robot that fills the hidden field, and keeps nothing", async () => {
    const res = await submit(validMessage({ website: "https://spam.example" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SENT);
    expect((await listData()).contacts).toHaveLength(0);
    expect(await t.database.db.selectFrom("jobs").selectAll().execute()).toHaveLength(0);
  });

  it("never refuses a quick sender: a form sent within 3 seconds of its rendering is kept, marked suspect with its reason, and not notified at once", async () => {
    const tooSoon = await submit(validMessage({ name: "手快的訪客", rendered_at: Date.now() - 1000 }));
    expect(tooSoon.statusCode, tooSoon.body).toBe(200);
    expect(tooSoon.json().message).toBe(SENT);
    const inTime = await submit(validMessage({ name: "慢慢寫的訪客", rendered_at: Date.now() - 5000 }));
    expect(inTime.statusCode, inTime.body).toBe(200);
    const noTime = await submit(validMessage({ name: "沒有時間的訪客", rendered_at: "not a number" }));
    expect(noTime.statusCode, noTime.body).toBe(200);
    const { contacts } = await listData();
    const byName = Object.fromEntries(contacts.map((contact) => [contact.name, contact]));
    expect(byName["手快的訪客"]).toMatchObject({ suspect_reason: "fast" });
    expect(byName["慢慢寫的訪客"]).toMatchObject({ suspect_reason: "" });
    expect(byName["沒有時間的訪客"]).toMatchObject({ suspect_reason: "" });
    // The detail says so too.
    const detail = await t.app.inject({ method: "GET", url: `/admin-api.php/contacts/${byName["手快的訪客"].id}`, headers: admin() });
    expect(detail.json().data).toMatchObject({ suspect_reason: "fast" });
  });

  it("takes five messages from one address in its ten-minute window, then answers 429 with a clear message and Retry-After", async () => {
    const address = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 5; i += 1) expect((await submit(validMessage(), address)).statusCode).toBe(200);
    const refused = await submit(validMessage(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: "送出的次數太多了，請稍後再試，或直接來電與我們聯絡" });
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    // Another address is not held back.
    expect((await submit(validMessage())).statusCode).toBe(200);
    expect((await listData()).pagination.total).toBe(6);
  });

  it("holds the per-address limit under concurrency: 30 simultaneous posts from one address store exactly 5", async () => {
    const address = { "x-forwarded-for": "198.51.100.99" };
    const answers = await Promise.all(Array.from({ length: 30 }, () => submit(validMessage(), address)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(25);
    const stored = await t.database.db.selectFrom("contacts").select("id").where("client_ip", "=", "198.51.100.99").execute();
    expect(stored).toHaveLength(5);
  });

  it("needs no token: a visitor's bearer value is ignored", async () => {
    const res = await submit(validMessage(), { ...freshAddress(), authorization: "Bearer public" });
    expect(res.statusCode).toBe(200);
  });
});

describe("GET /admin-api.php/contacts", () => {
  it("pages ten at a time, newest first, with the pagination of the contract", async () => {
    for (let i = 1; i <= 12; i += 1) await send({ name: `訪客${String(i).padStart(2, "0")}` });
    const first = await listData("?page=1&limit=10");
    expect(first.contacts).toHaveLength(10);
    expect(first.contacts[0].name).toBe("訪客12");
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total: 12, per_page: 10 });
    const second = await listData("?page=2&limit=10");
    expect(second.contacts.map((contact) => contact.name)).toEqual(["訪客02", "訪客01"]);
    // A limit above 100 is served at 100, not refused.
    expect((await listData("?limit=1000")).pagination).toEqual({ current_page: 1, total_pages: 1, total: 12, per_page: 100 });
  });

  it("filters by status and counts every status whatever the filter", async () => {
    const [a, b] = [await send(), await send()];
    await send();
    const all = await listData();
    const idOf = (name: string) => all.contacts.find((contact) => contact.name === name)!.id;
    expect((await put(idOf(a.name), { status: "replied" })).statusCode).toBe(200);
    expect((await put(idOf(b.name), { status: "closed" })).statusCode).toBe(200);

    const replied = await listData("?status=replied");
    expect(replied.contacts.map((contact) => contact.name)).toEqual([a.name]);
    expect(replied.pagination.total).toBe(1);
    expect(replied.counts).toEqual({ new: 1, read: 0, replied: 1, closed: 1, total: 3 });
    expect((await listData("?status=")).contacts).toHaveLength(3);
  });

  it("keeps the four counts through statements of many rows (a bulk change, a restore) and through changes of other fields", async () => {
    for (let i = 0; i < 5; i += 1) await send();
    const db = t.database.db;
    const ids = (await db.selectFrom("contacts").select("id").orderBy("id").execute()).map((row) => row.id);
    await db.updateTable("contacts").set({ status: "replied" }).where("id", "in", ids.slice(0, 3)).execute();
    await db.updateTable("contacts").set({ staff_note: "已回電" }).execute();
    expect((await listData()).counts).toEqual({ new: 2, read: 0, replied: 3, closed: 0, total: 5 });
    await db.deleteFrom("contacts").where("id", "in", ids.slice(1, 4)).execute();
    expect((await listData()).counts).toEqual({ new: 1, read: 0, replied: 1, closed: 0, total: 2 });
  });

  it("refuses an unknown status and a bad page with 400", async () => {
    const res = await list("?status=deleted&page=0");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["page", "status"]);
  });

  it("answers 401 without a token or with a wrong one, and 'Bearer public' is not an administrator", async () => {
    expect((await list("", {})).json()).toMatchObject({ success: false, message: LOGIN_REQUIRED });
    for (const headers of [{}, bearer("wrong-token"), bearer("public")]) {
      const res = await list("", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(HAN);
    }
  });

  it("an empty inbox answers an empty list on one page", async () => {
    const data = await listData();
    expect(data).toEqual({ contacts: [], pagination: { current_page: 1, total_pages: 1, total: 0, per_page: 10 }, counts: { new: 0, read: 0, replied: 0, closed: 0, total: 0 } });
  });
});

describe("PUT and DELETE /admin-api.php/contacts/{id}", () => {
  it("moves a message to read, replied and closed, and the sidebar's unread count follows", async () => {
    await send();
    const { contacts } = await listData();
    const id = contacts[0].id;
    const unread = async () => (await t.app.inject({ method: "GET", url: "/admin-api.php/notifications", headers: admin() })).json().data.contacts;
    expect(await unread()).toBe(1);
    for (const status of ["read", "replied", "closed"]) {
      const res = await put(id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id, status });
    }
    expect(await unread()).toBe(0);
  });

  it("does not offer 'new' or unknown statuses", async () => {
    await send();
    const { id } = (await listData()).contacts[0];
    for (const status of ["new", "spam", ""]) {
      const res = await put(id, { status });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.status).toBe("狀態必須是已讀、已回覆或已結案");
    }
  });

  it("records the change in the activity log", async () => {
    await send({ name: "活動紀錄測試" });
    const { id } = (await listData()).contacts[0];
    await put(id, { status: "replied" });
    const rows = await t.database.db.selectFrom("activity_log").select(["action", "summary"]).where("entity_type", "=", "contact").execute();
    expect(rows).toContainEqual({ action: "contact.status", summary: "將「活動紀錄測試」的聯絡表單標為已回覆" });
  });

  it("deletes a message; a second delete and unknown ids answer 404", async () => {
    await send();
    const { id } = (await listData()).contacts[0];
    const res = await del(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("聯絡表單已刪除");
    expect((await del(id)).statusCode).toBe(404);
    expect((await put(999_999, { status: "read" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/admin-api.php/contacts/abc", headers: admin() })).statusCode).toBe(404);
  });

  it("answers 401 to a change or a delete without a token, and changes nothing", async () => {
    await send();
    const { id } = (await listData()).contacts[0];
    expect((await put(id, { status: "read" }, {})).statusCode).toBe(401);
    expect((await del(id, {})).statusCode).toBe(401);
    expect((await listData()).contacts[0].status).toBe("new");
  });
});

describe("PUT /admin-api.php/contacts/:id/note", () => {
  const putNote = (id: number | string, payload: unknown, headers: Headers = admin()) =>
    t.app.inject({ method: "PUT", url: `/admin-api.php/contacts/${id}/note`, headers, payload: payload as object });

  it("keeps the staff's note with the message, trimmed, in every answer, and logs it; '' clears it", async () => {
    await send({ name: "備註測試", source: "services" });
    const { id } = (await listData()).contacts[0];
    expect((await listData()).contacts[0]).toMatchObject({ staff_note: "", source: "services" });

    const res = await putNote(id, { note: "  已電話聯絡，週五到府估價  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "備註已儲存", data: { id, staff_note: "已電話聯絡，週五到府估價", status: "new" } });
    expect((await listData()).contacts[0].staff_note).toBe("已電話聯絡，週五到府估價");
    const one = await t.app.inject({ method: "GET", url: `/admin-api.php/contacts/${id}`, headers: admin() });
    expect(one.json().data.staff_note).toBe("已電話聯絡，週五到府估價");

    expect((await putNote(id, { note: "" })).json().data.staff_note).toBe("");
    const rows = await t.database.db.selectFrom("activity_log").select(["action", "summary"]).where("entity_type", "=", "contact").execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: "contact.note", summary: "更新「備註測試」聯絡表單的備註" },
        { action: "contact.note", summary: "清除「備註測試」聯絡表單的備註" },
      ]),
    );
  });

  it("refuses a note that is too long or not text with a message per field, a missing message with 404, and a visitor with 401", async () => {
    await send();
    const { id } = (await listData()).contacts[0];
    const long = await putNote(id, { note: "字".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: VALIDATION_MESSAGE, errors: { note: "備註不能超過 2000 個字元" } });
    const wrong = await putNote(id, { note: 42 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.note).toMatch(HAN);
    expect((await putNote(999_999, { note: "x" })).statusCode).toBe(404);
    for (const headers of [{}, { authorization: "Bearer public" }] as Array<Record<string, string>>) {
      const res = await putNote(id, { note: "偷改" }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(LOGIN_REQUIRED);
    }
    expect((await listData()).contacts[0].staff_note).toBe("");
  });
});
