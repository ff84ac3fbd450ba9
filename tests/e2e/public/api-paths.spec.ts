// With the web app mounted (the real production build), the API still owns its
// paths: any `.php` path or path under /api/ that no API route takes answers the
// JSON envelope, never the site's HTML page; and the whole route table, the web
// app's files included, declares its access.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type E2EServer } from "../support/server.ts";

let server: E2EServer;
beforeAll(async () => {
  server = await startServer();
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

describe("the route table of the whole product", () => {
  it("declares an access for every route; the web app's pages and files are public", () => {
    const routes = server.app.routes;
    expect(routes.some((route) => route.url.startsWith("/assets/"))).toBe(true);
    for (const route of routes) expect(["public", "public-bearer", "admin"]).toContain(route.access);
    for (const route of routes.filter((entry) => entry.url === "*" || entry.url.startsWith("/assets/"))) expect(route.access).toBe("public");
  });
});
