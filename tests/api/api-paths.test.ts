// Every path of the API answers in the JSON envelope: unknown paths with 404,
// known paths asked with a method they do not take with 405 and Allow, and no
// map of what exists behind the admin prefix without a token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
});
afterAll(async () => t.close());

const HAN = /\p{Script=Han}/u;

describe("a known path asked with another method", () => {
  it.each([
    ["GET", "/admin-login.php", "POST"],
    ["DELETE", "/api.php/settings", "GET"],
    ["POST", "/api.php/themes/1", "GET, PUT"],
    ["GET", "/api.php/hero-banners/reorder", "PUT"],
  ] as const)("%s %s answers 405 in the envelope, allowing %s", async (method, url, allowed) => {
    const res = await t.app.inject({ method, url, headers: bearer(token) });
    expect(res.statusCode).toBe(405);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers.allow).toBe(allowed);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(HAN) });
    expect(res.json().message).toContain(method);
  });

  it("a path that anyone may read answers its 405 to anyone", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api.php/themes/1" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, PUT");
  });

  it("a path only administrators may use is 401 without a token and 405 with one (no map of what exists)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api.php/hero-banners/reorder" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PATCH", url: "/admin-api.php/settings" })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "PATCH", url: "/admin-api.php/settings", headers: bearer(token) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, POST");
  });
});

describe("a path that does not exist", () => {
  it.each(["/api.php", "/api.php/nothing-here", "/line-test-old.php", "/some-old-page.php", "/api/line-usage.php"])("GET %s is a JSON 404", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: `找不到 API 路徑：GET ${url}` });
  });

  it("GET /line-test.php (a POST-only tool): 401 without a token, a JSON 405 with one", async () => {
    expect((await t.app.inject({ method: "GET", url: "/line-test.php" })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/line-test.php", headers: bearer(token) });
    expect(res.statusCode).toBe(405);
    expect(res.json().success).toBe(false);
    expect(res.headers.allow).toBe("POST");
  });

  it("POST to an unknown admin path: 401 without a token, 404 with one", async () => {
    expect((await t.app.inject({ method: "POST", url: "/admin-api.php/nothing-here" })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/nothing-here", headers: bearer(token), payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});
