// With the web app mounted (the real production build), the API still owns its
// paths: any `.php` path or path under /api/ that no API route takes answers the
// JSON envelope, never the site's HTML page; and the whole route table, the web
// app's files included, declares its access.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { capturedLog } from "#tests/mocks/app-log.ts";
import { startServer, type E2EServer } from "../support/server.ts";

const log = capturedLog();
let server: E2EServer;
beforeAll(async () => {
  server = await startServer({ logger: log.options });
});
afterAll(async () => server?.close());

const ask = (pathname: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${pathname}`, init);

describe("API paths beside the web app", () => {
  it.each([
    ["GET", "/line-test-old.php"],
    ["POST", "/line-test-old.php"],
    ["GET", "/some-old-page.php"],
    ["GET", "/api/line-usage.php"],
    ["GET", "/api.php/nothing-here"],
  ])("%s %s is a JSON 404, not a page", async (method, pathname) => {
    const res = await ask(pathname, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: false, message: `找不到 API 路徑：${method} ${pathname}` });
  });

  it("the notification tools answer JSON, never a page: 401 without a token", async () => {
    for (const [method, pathname] of [["GET", "/line-test.php"], ["POST", "/discord-test.php"], ["GET", "/api/line-quota.php"]]) {
      const res = await ask(pathname, { method });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("a known path asked with another method is a JSON 405 with Allow", async () => {
    const res = await ask("/admin-login.php");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect((await res.json()).success).toBe(false);
  });

  it("page paths still render pages", async () => {
    const res = await ask("/about");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("methods a page does not take (405 with Allow, nothing logged as an error)", () => {
  /** A raw request: fetch refuses to send TRACE and CONNECT. */
  const raw = (method: string, pathname: string, body?: string) =>
    new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
      const sent = httpRequest(`${server.baseUrl}${pathname}`, { method, headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {} }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text }));
      });
      sent.on("error", reject);
      sent.end(body);
    });

  it("TRACE, PROPFIND, OPTIONS, PATCH and a POST without an action, to pages, files and the health check, answer 405 naming what the address takes", async () => {
    // React Router's own error output goes to the console: none of it either.
    const consoleErrors = vi.spyOn(console, "error");
    const from = log.lines.items.length;
    const cases: Array<[string, string, string]> = [
      ["TRACE", "/", "GET, HEAD"],
      ["TRACE", "/about", "GET, HEAD"],
      ["TRACE", "/services/1", "GET, HEAD"],
      ["TRACE", "/contact", "GET, HEAD, POST"],
      ["TRACE", "/admin/pages", "GET, HEAD"],
      ["TRACE", "/favicon.ico", "GET, HEAD"],
      ["TRACE", "/uploads/2026/01/photo.webp", "GET, HEAD"],
      ["TRACE", "/healthz", "GET, HEAD"],
      ["PROPFIND", "/about", "GET, HEAD"],
      ["MKCOL", "/blog", "GET, HEAD"],
      ["OPTIONS", "/portfolio", "GET, HEAD"],
      ["PATCH", "/about", "GET, HEAD"],
      ["PUT", "/", "GET, HEAD"],
      ["POST", "/about", "GET, HEAD"],
      ["POST", "/services/1", "GET, HEAD"],
    ];
    for (const [method, pathname, allow] of cases) {
      const res = await raw(method, pathname, method === "POST" || method === "PUT" ? "name=x" : undefined);
      expect([res.status, res.allow], `${method} ${pathname}`).toEqual([405, allow]);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: `此路徑不接受 ${method} 請求，請改用 ${allow}` });
    }
    expect(log.errorsSince(from)).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
  });

  it("CONNECT is not served at all: the connection is closed, and nothing is logged as an error", async () => {
    const from = log.lines.items.length;
    await expect(raw("CONNECT", "/about")).rejects.toThrow();
    expect(log.errorsSince(from)).toEqual([]);
  });

  it("the contact page still takes its form by POST", async () => {
    const res = await raw("POST", "/contact", "name=");
    expect(res.status).not.toBe(405);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the route table of the whole product", () => {
  it("declares an access for every route; the web app's pages and files are public", () => {
    const routes = server.app.routes;
    expect(routes.some((route) => route.url.startsWith("/assets/"))).toBe(true);
    for (const route of routes) expect(["public", "public-bearer", "admin"]).toContain(route.access);
    for (const route of routes.filter((entry) => entry.url === "*" || entry.url.startsWith("/assets/"))) expect(route.access).toBe("public");
  });
});
