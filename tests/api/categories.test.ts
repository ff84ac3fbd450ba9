// Product categories through the HTTP API (001 §2 "categories management", §3,
// §4, §5, §7, §8, §9): the list in sort order (then by id), create with the
// defaults (sort order 0, active), the sort order never below 0 and falling
// back to 0 when it is not a number, unique names (409), partial updates,
// deletes, activity rows, 400 / 401 / 404.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CATEGORY_MESSAGES, type Category } from "#contract/categories.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const HAN = /\p{Script=Han}/u;
const CATEGORIES = "/admin-api.php/categories";

let t: TestApp;
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t);
  adminId = admin.id;
  token = await sessionToken(t, admin.id);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom("categories").execute();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function list(): Promise<Category[]> {
  const res = await call("GET", CATEGORIES);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data;
}
async function create(payload: Record<string, unknown>): Promise<number> {
  const res = await call("POST", CATEGORIES, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const stored = async (id: number) => (await list()).find((category) => category.id === id);
const activityFor = (action: string, id: number) =>
  t.database.db.selectFrom("activity_log").select(["admin_user_id", "summary"]).where("action", "=", action).where("entity_id", "=", String(id)).execute();
const categoryRows = async () => (await t.database.db.selectFrom("categories").selectAll().orderBy("id").execute()).map((row) => ({ ...row, sort_order: Number(row.sort_order) }));

describe("creating a category", () => {
  it("answers {id} and the spec's message; left-out fields take the defaults (sort order 0, active, no description)", async () => {
    const res = await call("POST", CATEGORIES, { name: "  地毯清潔  " });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: CATEGORY_MESSAGES.created });
    expect(body.data).toEqual({ id: expect.any(Number) });
    const category = await stored(body.data.id);
    expect(category).toMatchObject({ id: body.data.id, name: "地毯清潔", description: "", sort_order: 0, status: "active" });
    expect(Number.isNaN(Date.parse(category!.created_at))).toBe(false);
    expect(typeof category!.updated_at).toBe("string");
  });

  it("keeps every field sent", async () => {
    const id = await create({ name: "石材養護", description: "大理石、花崗石", sort_order: 4, status: "inactive" });
    expect(await stored(id)).toMatchObject({ name: "石材養護", description: "大理石、花崗石", sort_order: 4, status: "inactive" });
  });

  it("reads the sort order as an integer: a number in text is taken, anything else falls back to 0", async () => {
    const fromText = await create({ name: "文字數字", sort_order: "7" });
    const truncated = await create({ name: "小數", sort_order: 3.9 });
    const notANumber = await create({ name: "不是數字", sort_order: "abc" });
    const empty = await create({ name: "空白排序", sort_order: "" });
    const nullish = await create({ name: "空值排序", sort_order: null });
    const byId = new Map((await list()).map((category) => [category.id, category.sort_order]));
    expect([fromText, truncated, notANumber, empty, nullish].map((id) => byId.get(id))).toEqual([7, 3, 0, 0, 0]);
  });

  it("refuses a negative sort order with a message for that field, and stores nothing", async () => {
    const res = await call("POST", CATEGORIES, { name: "負數排序", sort_order: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: VALIDATION_MESSAGE });
    expect(res.json().errors.sort_order).toBe("排序不能小於 0");
    expect(await categoryRows()).toEqual([]);
  });

  it("refuses a missing or blank name and an unknown status, one Traditional Chinese message per field", async () => {
    const res = await call("POST", CATEGORIES, { name: "   ", status: "archived" });
    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json();
    expect(message).toBe(VALIDATION_MESSAGE);
    expect(errors.name).toBe("請輸入類別名稱");
    expect(errors.status).toBe("狀態只能是啟用或停用");
    for (const text of Object.values(errors) as string[]) expect(text).toMatch(HAN);

    const missing = await call("POST", CATEGORIES, { description: "沒有名稱" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(["name"]);
    expect(missing.json().errors.name).toMatch(HAN);

    const tooLong = await call("POST", CATEGORIES, { name: "長".repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.name).toBe("類別名稱不能超過 60 個字元");
    expect(await categoryRows()).toEqual([]);
  });

  it("refuses a second category of the same name (409 with errors.name), and keeps only the first", async () => {
    const first = await create({ name: "景觀維護" });
    const twice = await call("POST", CATEGORIES, { name: " 景觀維護 ", description: "第二筆" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().success).toBe(false);
    expect(twice.json().errors.name).toMatch(HAN);
    expect(twice.json().errors.name).toContain("景觀維護");
    expect((await list()).map((category) => category.id)).toEqual([first]);
  });
});

describe("the category list", () => {
  it("is ordered by sort order, then by id", async () => {
    const third = await create({ name: "第三", sort_order: 2 });
    const first = await create({ name: "第一", sort_order: 0 });
    const fourth = await create({ name: "第四", sort_order: 10 });
    const second = await create({ name: "第二", sort_order: 0 });
    const fifth = await create({ name: "第五", sort_order: 10 });
    expect((await list()).map((category) => category.id)).toEqual([first, second, third, fourth, fifth]);
  });

  it("is empty on an empty table", async () => {
    expect(await list()).toEqual([]);
  });
});

describe("updating a category", () => {
  it("changes the fields sent and keeps the ones left out; answers {id} and the spec's message", async () => {
    const id = await create({ name: "高空作業", description: "外牆與玻璃", sort_order: 3, status: "active" });
    const res = await call("PUT", `${CATEGORIES}/${id}`, { status: "inactive" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id }, message: CATEGORY_MESSAGES.updated });
    expect(await stored(id)).toMatchObject({ name: "高空作業", description: "外牆與玻璃", sort_order: 3, status: "inactive" });

    await call("PUT", `${CATEGORIES}/${id}`, { name: "高空清潔", sort_order: "5" });
    expect(await stored(id)).toMatchObject({ name: "高空清潔", description: "外牆與玻璃", sort_order: 5, status: "inactive" });
  });

  it("the up and down buttons' sort order is saved (never below 0)", async () => {
    const id = await create({ name: "排序測試", sort_order: 1 });
    await call("PUT", `${CATEGORIES}/${id}`, { sort_order: 0 });
    expect((await stored(id))!.sort_order).toBe(0);
    const refused = await call("PUT", `${CATEGORIES}/${id}`, { sort_order: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.sort_order).toBe("排序不能小於 0");
    expect((await stored(id))!.sort_order).toBe(0);
  });

  it("refuses a blank name or a bad status (400) and leaves the row as it was", async () => {
    const id = await create({ name: "防疫消毒", description: "辦公室" });
    const before = await categoryRows();
    const res = await call("PUT", `${CATEGORIES}/${id}`, { name: "", status: "deleted" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: "請輸入類別名稱", status: "狀態只能是啟用或停用" });
    expect(await categoryRows()).toEqual(before);
  });

  it("refuses a rename onto another category's name (409 errors.name); keeping its own name is fine", async () => {
    await create({ name: "駐點清潔" });
    const id = await create({ name: "定期清潔" });
    const clash = await call("PUT", `${CATEGORIES}/${id}`, { name: "駐點清潔" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.name).toContain("駐點清潔");
    expect((await stored(id))!.name).toBe("定期清潔");
    const same = await call("PUT", `${CATEGORIES}/${id}`, { name: "定期清潔", description: "每週一次" });
    expect(same.statusCode, same.body).toBe(200);
    expect((await stored(id))!.description).toBe("每週一次");
  });

  it.each(["999999", "abc", "0", "-1", "1.5"])("answers 404 for the unknown id %s", async (id) => {
    const res = await call("PUT", `${CATEGORIES}/${id}`, { name: "不存在" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: CATEGORY_MESSAGES.notFound });
  });
});

describe("deleting a category", () => {
  it("removes it with the spec's message; a second delete is 404", async () => {
    const kept = await create({ name: "保留" });
    const id = await create({ name: "刪除我" });
    const res = await call("DELETE", `${CATEGORIES}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: CATEGORY_MESSAGES.deleted });
    expect((await list()).map((category) => category.id)).toEqual([kept]);
    const again = await call("DELETE", `${CATEGORIES}/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CATEGORY_MESSAGES.notFound);
  });

  it.each(["999999", "abc"])("answers 404 for the unknown id %s and deletes nothing", async (id) => {
    const kept = await create({ name: "不受影響" });
    expect((await call("DELETE", `${CATEGORIES}/${id}`)).statusCode).toBe(404);
    expect((await list()).map((category) => category.id)).toEqual([kept]);
  });
});

describe("activity", () => {
  it("records a row per write, naming the administrator and the category; a refused write records none", async () => {
    const id = await create({ name: "活動紀錄類別" });
    await call("PUT", `${CATEGORIES}/${id}`, { description: "改過" });
    await call("DELETE", `${CATEGORIES}/${id}`);
    for (const action of ["category.create", "category.update", "category.delete"]) {
      const rows = await activityFor(action, id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.admin_user_id).toBe(adminId);
      expect(rows[0]!.summary).toContain("活動紀錄類別");
    }

    const count = async () => (await t.database.db.selectFrom("activity_log").select("id").where("action", "like", "category.%").execute()).length;
    const before = await count();
    await create({ name: "重複" });
    expect((await call("POST", CATEGORIES, { name: "重複" })).statusCode).toBe(409);
    expect((await call("POST", CATEGORIES, { name: "" })).statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });
});

describe("access", () => {
  const headerCases: Array<[string, Record<string, string>]> = [
    ["no token", {}],
    ["Bearer public", { authorization: "Bearer public" }],
    ["a wrong token", { authorization: "Bearer not-a-real-token-0123456789abcdef" }],
  ];

  it.each(headerCases)("every call answers 401 with %s, and changes nothing", async (label, headers) => {
    const id = await create({ name: "受保護的類別" });
    const before = await categoryRows();
    for (const [method, url, payload] of [
      ["GET", CATEGORIES, undefined],
      ["POST", CATEGORIES, { name: "未登入新增" }],
      ["PUT", `${CATEGORIES}/${id}`, { name: "未登入修改" }],
      ["DELETE", `${CATEGORIES}/${id}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, headers);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().success).toBe(false);
      if (label === "no token") expect(res.json().message).toBe(LOGIN_REQUIRED);
      else expect(res.json().message).toMatch(HAN);
    }
    expect(await categoryRows()).toEqual(before);
  });
});
