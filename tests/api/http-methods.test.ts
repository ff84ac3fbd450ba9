// A method a path does not take is answered as bad input (CONTRACT.md: 405 with
// Allow), never as a fault: TRACE, CONNECT, the WebDAV methods and the rest to
// the API and the uploaded files answer 405 naming the
// methods the path takes, in the envelope, and log nothing at error level (an
// error line per request would let anyone fill the error log and its alerts).
// The page addresses (and the paths the web app's catch-all stands behind, like
// /healthz), served by the build, are checked the same way in
// tests/e2e/public/api-paths.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { capturedLog } from "#tests/mocks/app-log.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const log = capturedLog();
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false, logger: log.options });
  token = await adminToken(t);
});
afterAll(async () => t?.close());

/** Methods no path of the product takes: those Fastify routes itself and those only Node's parser knows. */
const UNUSUAL = ["TRACE", "CONNECT", "OPTIONS", "QUERY", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "SEARCH", "REPORT", "PURGE", "M-SEARCH"] as const;

// Fastify's types name its nine methods; the others are routed too (lib/http-methods.ts).
const ask = (method: string, url: string, headers: Record<string, string> = {}, payload?: string) =>
  t.app.inject({ method: method as "GET", url, headers, ...(payload === undefined ? {} : { payload }) });

describe("methods a path does not take", () => {
  it.each([
    ["a public API read", "/api.php/settings", "GET"],
    ["a public API path with a parameter", "/api.php/services/1", "GET"],
    ["the sign-in", "/admin-login.php", "POST"],
    ["the LINE webhook", "/line-webhook.php", "POST"],
    ["an uploaded file", "/uploads/2026/01/photo.webp", "GET, HEAD"],
  ])("%s (%s) answers 405 with Allow: %s, and logs no error", async (_name, url, allow) => {
    const from = log.lines.items.length;
    for (const method of UNUSUAL) {
      const res = await ask(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({ success: false, message: `此路徑不接受 ${method} 請求，請改用 ${allow}` });
    }
    expect(log.errorsSince(from)).toEqual([]);
    // Each request still has its one line in the request log, at info.
    expect(log.lines.items.slice(from).filter((line) => line.msg === "request" && line.status === 405)).toHaveLength(UNUSUAL.length);
  });

  it("refuses before reading the body: a form sent with PUT to a read-only path is 405, not a judged content type", async () => {
    for (const url of ["/api.php/settings", "/uploads/2026/01/photo.webp"]) {
      const res = await ask("PUT", url, { "content-type": "application/x-www-form-urlencoded" }, "name=x");
      expect(res.statusCode, url).toBe(405);
    }
  });

  it("an administrator's path answers 401 to a visitor whatever the method, and 405 with Allow to an administrator", async () => {
    for (const method of ["TRACE", "PROPFIND", "PATCH"]) {
      expect((await ask(method, "/admin-api.php/pages")).statusCode, method).toBe(401);
      expect((await ask(method, "/line-test.php")).statusCode, method).toBe(401);
      const res = await ask(method, "/admin-api.php/pages", bearer(token));
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe("GET, POST");
      // A static segment is told apart from a parameter, as the router tells them apart.
      expect((await ask(method, "/admin-api.php/pages/defaults", bearer(token))).headers.allow).toBe("GET");
      expect((await ask(method, "/admin-api.php/pages/about_company", bearer(token))).headers.allow).toBe("PUT, DELETE");
    }
  });

  it("an API path that does not exist is still a 404 in the envelope, whatever the method", async () => {
    for (const method of ["TRACE", "PROPFIND", "GET"]) {
      const res = await ask(method, "/api.php/nothing-here");
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ success: false, message: `找不到 API 路徑：${method} /api.php/nothing-here` });
    }
  });
});
