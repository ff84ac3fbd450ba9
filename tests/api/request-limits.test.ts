// Each public route takes a body fit for its purpose and refuses more with 413
// before reading it (issue 22 §3): a sign-in 8 KB, the contact form 64 KB, a
// view count next to nothing; the rest of the API 1 MB.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMIT, EMPTY_BODY_LIMIT, FORM_BODY_LIMIT, SIGN_IN_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
});
afterAll(async () => t?.close());

const post = (url: string, bytes: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers: { "content-type": "application/json", ...headers }, payload: JSON.stringify({ name: "x".repeat(Math.max(0, bytes - 12)) }) });

describe("body limits by purpose", () => {
  it.each([
    ["the sign-in", "/admin-login.php", SIGN_IN_BODY_LIMIT],
    ["the contact form", "/api.php/contact", FORM_BODY_LIMIT],
    ["a view count", "/api.php/blog/posts/1/view", EMPTY_BODY_LIMIT],
  ])("%s refuses a body over its limit with 413 and closes the connection", async (_name, url, limit) => {
    const res = await post(url, limit + 100);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: "資料量過大" });
    expect(res.headers.connection).toBe("close");
  });

  it("takes a sign-in of ordinary size (its own answer, not 413)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/admin-login.php", payload: { email: "nobody@test.example", password: "wrong-password-123" } });
    expect(res.statusCode).not.toBe(413);
  });

  it("keeps 1 MB for the back office's writes (a long news post)", async () => {
    const res = await post("/admin-api.php/categories", API_BODY_LIMIT + 100, bearer(token));
    expect(res.statusCode).toBe(413);
    const fits = await post("/admin-api.php/categories", 200 * 1024, bearer(token));
    expect(fits.statusCode).not.toBe(413);
  });
});
