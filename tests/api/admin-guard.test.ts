// Every administrator call needs a valid bearer token (CONTRACT.md, issue 3):
// each /admin-api.php path the spec documents (001 §7 and 002 §7), with the
// spec's methods, answers 401 in the envelope without one, whether or not the
// path is implemented yet, and admin answers are never cached.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const LOGIN_REQUIRED = "請先登入後台管理系統";
const LOGIN_EXPIRED = "登入已過期，請重新登入";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";

// Every /admin-api.php call the spec lists (001 §7, 002 §7), plus logout (CONTRACT.md) and the dashboard's activity list.
const ADMIN_CALLS: Array<[Method, string]> = [
  ["GET", "/admin-api.php/notifications"],
  ["GET", "/admin-api.php/stats"],
  ["GET", "/admin-api.php/activity"],
  ["GET", "/admin-api.php/categories"],
  ["POST", "/admin-api.php/categories"],
  ["PUT", "/admin-api.php/categories/1"],
  ["DELETE", "/admin-api.php/categories/1"],
  // GET portfolios and service types are the public gallery's `Bearer public` reads (000 §6): route-access.test.ts.
  ["POST", "/admin-api.php/portfolios"],
  ["PUT", "/admin-api.php/portfolios/1"],
  ["DELETE", "/admin-api.php/portfolios/1"],
  ["PUT", "/admin-api.php/portfolios/1/photo-groups/reorder"],
  ["POST", "/admin-api.php/service-types"],
  ["PUT", "/admin-api.php/service-types/1"],
  ["DELETE", "/admin-api.php/service-types/1"],
  ["GET", "/admin-api.php/media"],
  ["POST", "/admin-api.php/media"],
  ["DELETE", "/admin-api.php/media/1"],
  ["POST", "/admin-api.php/media/cleanup-unused"],
  ["POST", "/admin-api.php/upload"],
  ["GET", "/admin-api.php/contacts?page=1&limit=10"],
  ["GET", "/admin-api.php/contacts?page=1&limit=10&status=new"],
  ["PUT", "/admin-api.php/contacts/1"],
  ["DELETE", "/admin-api.php/contacts/1"],
  ["GET", "/admin-api.php/settings"],
  ["POST", "/admin-api.php/settings"],
  ["POST", "/admin-api.php/change-password"],
  ["POST", "/admin-api.php/logout"],
  ["GET", "/admin-api.php/blog/posts"],
  ["POST", "/admin-api.php/blog/posts"],
  ["PUT", "/admin-api.php/blog/posts/1"],
  ["DELETE", "/admin-api.php/blog/posts/1"],
  ["GET", "/admin-api.php/blog/categories"],
  ["GET", "/admin-api.php/blog/tags"],
  ["GET", "/admin-api.php/blog/posts/1"],
  ["GET", "/admin-api.php/blog/posts/1/revisions"],
  ["GET", "/admin-api.php/blog/posts/1/revisions/1"],
  ["POST", "/admin-api.php/blog/categories"],
  ["PUT", "/admin-api.php/blog/categories/1"],
  ["DELETE", "/admin-api.php/blog/categories/1"],
  ["POST", "/admin-api.php/blog/tags"],
  ["PUT", "/admin-api.php/blog/tags/1"],
  ["DELETE", "/admin-api.php/blog/tags/1"],
  ["GET", "/admin-api.php/customers?page=1&limit=20"],
  ["GET", "/admin-api.php/customers/1"],
  ["PUT", "/admin-api.php/customers/1"],
  ["DELETE", "/admin-api.php/customers/1"],
  ["PUT", "/admin-api.php/customers/1/messages/read"],
  ["POST", "/admin-api.php/upload-line-file"],
  ["POST", "/admin-api.php/customers/1/messages/1/resend"],
  // The chat's sending call (002 §7) lives outside /admin-api.php; canned replies are ours (issue 15).
  ["POST", "/send-line-message.php/1"],
  ["GET", "/admin-api.php/line-canned-replies"],
  ["POST", "/admin-api.php/line-canned-replies"],
  ["PUT", "/admin-api.php/line-canned-replies/reorder"],
  ["PUT", "/admin-api.php/line-canned-replies/1"],
  ["DELETE", "/admin-api.php/line-canned-replies/1"],
  ["GET", "/admin-api.php/pages"],
  ["POST", "/admin-api.php/pages"],
  ["PUT", "/admin-api.php/pages/home_services"],
  ["DELETE", "/admin-api.php/pages/1"],
  ["GET", "/admin-api.php/service-categories"],
  ["POST", "/admin-api.php/service-categories"],
  ["PUT", "/admin-api.php/service-categories/1"],
  ["DELETE", "/admin-api.php/service-categories/1"],
  ["GET", "/admin-api.php/service-items"],
  ["POST", "/admin-api.php/service-items"],
  ["PUT", "/admin-api.php/service-items/1"],
  ["DELETE", "/admin-api.php/service-items/1"],
  ["GET", "/admin-api.php/service-images?service_id=1"],
  ["POST", "/admin-api.php/service-images"],
  ["DELETE", "/admin-api.php/service-images/1"],
];

// Administrator writes that live under /api.php (002 §7) and exist now.
const API_PHP_ADMIN_WRITES: Array<[Method, string]> = [
  ["POST", "/api.php/themes/1/activate"],
  ["PUT", "/api.php/themes/1"],
];

const BAD_HEADERS: Array<[string, Record<string, string>, string]> = [
  ["no Authorization header", {}, LOGIN_REQUIRED],
  ["Bearer public", { authorization: "Bearer public" }, LOGIN_REQUIRED],
  ["a forged random token", { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }, LOGIN_EXPIRED],
  ["an empty Bearer", { authorization: "Bearer " }, LOGIN_REQUIRED],
  ["Basic credentials", { authorization: `Basic ${Buffer.from("admin@test.example:correct-horse-42").toString("base64")}` }, LOGIN_REQUIRED],
];

const send = (method: Method, url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers, ...(method === "POST" || method === "PUT" ? { payload: {} } : {}) });

const CALLS_WITH_HEADERS = ADMIN_CALLS.flatMap(([method, url]) => BAD_HEADERS.map(([label, headers, message]) => [method, url, label, headers, message] as const));

describe("every /admin-api.php call of the spec without a valid token", () => {
  it.each(CALLS_WITH_HEADERS)("%s %s with %s: 401 envelope, no-store", async (method, url, _label, headers, message) => {
    const res = await send(method, url, headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ success: false, message });
  });

  it("a multipart upload without a token is refused before its body is read", async () => {
    const boundary = "----guardtest";
    const payload = [`--${boundary}`, 'Content-Disposition: form-data; name="image"; filename="x.png"', "Content-Type: image/png", "", "PNGDATA", `--${boundary}--`, ""].join("\r\n");
    for (const url of ["/admin-api.php/upload", "/admin-api.php/media", "/admin-api.php/upload-line-file"]) {
      const res = await t.app.inject({ method: "POST", url, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: LOGIN_REQUIRED });
    }
  });

  it("the bare prefix, a trailing slash and unknown paths answer 401 too (no map of what exists)", async () => {
    for (const url of ["/admin-api.php", "/admin-api.php/", "/admin-api.php/settings/", "/admin-api.php/settings?x=1", "/admin-api.php/no-such-thing", "/admin-api.php/a/b/c"]) {
      for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
        const res = await send(method, url, {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ success: false, message: LOGIN_REQUIRED });
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    }
  });

  // The guard keys on the path as sent; the router matches the decoded path. A
  // spelling that the router resolves to an admin route must meet the guard too.
  it.each([
    "/admin-api.php//settings",
    "/admin-api.php/./settings",
    "/admin-api.php/x/../settings",
    "//admin-api.php/settings",
    "/admin-api%2Ephp/settings",
    "/admin-api%2ephp/settings",
    "/admin-api.php%2Fsettings",
    "/%61dmin-api.php/settings",
    "/admin-api.php/%73ettings",
    "/admin-api.php;/settings",
    "/admin-api.php/settings;x",
    "/admin-api.php/settings%00",
    "/admin-api%2Ephp/notifications",
    "/admin-api%2Ephp/activity",
  ])("%s without a token answers no administrator data", async (url) => {
    for (const method of ["GET", "POST"] as const) {
      const res = await send(method, url, {});
      // Refused or not found; never the administrator's data, never a write.
      expect([400, 401, 404], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body).not.toContain("line_channel_secret");
      expect(res.json().success).toBe(false);
    }
  });
});

describe("administrator writes under /api.php without a valid token", () => {
  const cases = API_PHP_ADMIN_WRITES.flatMap(([method, url]) => BAD_HEADERS.map(([label, headers, message]) => [method, url, label, headers, message] as const));
  it.each(cases)("%s %s with %s: 401", async (method, url, _label, headers, message) => {
    const before = await t.database.db.selectFrom("themes").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method, url, headers, payload: { name: "竄改的主題", primary_color: "#000000" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message });
    expect(await t.database.db.selectFrom("themes").selectAll().where("id", "=", 1).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe("with a valid token", () => {
  // Calls that act on the token itself are left out: they are covered in auth-session.
  const harmless = ADMIN_CALLS.filter(([, url]) => !url.endsWith("/logout") && !url.endsWith("/change-password"));

  it.each(harmless)("%s %s is not refused: implemented, or 404 until its issue lands", async (method, url) => {
    const res = await send(method, url, bearer(token));
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(typeof body.success).toBe("boolean");
    if (res.statusCode === 404 && body.message?.startsWith("找不到 API 路徑")) {
      expect(body).toEqual({ success: false, message: `找不到 API 路徑：${method} ${url.split("?")[0]}` });
    }
  });

  it("the calls of this issue answer 200", async () => {
    for (const url of ["/admin-api.php/notifications", "/admin-api.php/stats", "/admin-api.php/activity", "/admin-api.php/settings"]) {
      const res = await send("GET", url, bearer(token));
      expect(res.statusCode, url).toBe(200);
      expect(res.json().success).toBe(true);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("an unknown path: 404 (not 401) in the envelope, never cached; a known path with another method: 405", async () => {
    for (const [method, url, status] of [
      ["GET", "/admin-api.php/no-such-thing", 404],
      ["POST", "/admin-api.php/no-such-thing/1", 404],
      ["GET", "/admin-api.php", 404],
      ["DELETE", "/admin-api.php/stats", 405],
      ["PUT", "/admin-api.php/notifications", 405],
    ] as const) {
      const res = await send(method, url, bearer(token));
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({ success: false, message: status === 404 ? `找不到 API 路徑：${method} ${url}` : expect.stringContaining(method) });
    }
  });

  it("the token is also accepted with a lower-case scheme", async () => {
    const res = await t.app.inject({ method: "GET", url: "/admin-api.php/stats", headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });
});
