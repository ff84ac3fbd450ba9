// Access is declared on every route and checked by one hook (lib/access.ts).
// This walks Fastify's own route table: without a token, exactly the routes
// declared public answer anything but 401, and the list of public routes is
// spelled out here, so that making a route public is a decision a reviewer sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "#server/lib/access.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterAll(async () => t.close());

/**
 * Every route that anyone may call: path patterns as registered, with their methods.
 * (Besides these, a path anyone may call answers its other methods with 405 to anyone.)
 */
const OPEN_ROUTES = [
  "GET /healthz",
  // Readiness for the proxy's health check; the metrics answer only loopback or METRICS_TOKEN (metrics.test.ts).
  "GET /readyz",
  "GET /metrics",
  "POST /admin-login.php",
  "GET /api.php/settings",
  "GET /api.php/themes",
  "GET /api.php/themes/:id",
  "GET /api.php/hero-banners",
  "POST /api.php/contact",
  "GET /api.php/services/:id",
  "GET /api.php/pages/:pageKey",
  // The public gallery's `Bearer public` reads (000 §6): active cases and the service types.
  "GET /admin-api.php/portfolios",
  "GET /admin-api.php/portfolios/:id",
  "GET /admin-api.php/service-types",
  // News for visitors (000 §7), the article page's view count and the feed.
  "GET /api.php/blog/posts",
  "GET /api.php/blog/featured",
  "GET /api.php/blog/categories",
  "GET /api.php/blog/tags",
  "GET /api.php/blog/post/:slug",
  "POST /api.php/blog/posts/:id/view",
  "GET /blog/feed.xml",
  // LINE's webhook: no token, but LINE's signature over the body (401 without it: line-webhook.test.ts).
  "POST /line-webhook.php",
  // A backup's download link: no token, but the link's ticket (401 without it: backups.test.ts).
  "GET /admin-api.php/backups/files/:name",
  // A restore's progress: no token (the restore signs everyone out), but the ticket its start gave (404 without it: backups.test.ts).
  "GET /admin-api.php/backups/restores/:id",
  "GET /robots.txt",
  "GET /sitemap.xml",
  "GET /uploads/*",
  // The API's own answers for paths and methods that do not exist (404 / 405 in the envelope).
  "* /api.php",
  "* /api.php/*",
];

const concrete = (url: string) => url.replace(/:[a-z_]+/gi, "1").replace(/\*$/, "anything");
const ask = (route: DeclaredRoute, headers: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as "GET", url: concrete(route.url), headers, payload: ["GET", "HEAD"].includes(route.method) ? undefined : {} });

describe("every registered route declares its access", () => {
  it("the route table covers the whole API", () => {
    expect(t.routes.length).toBeGreaterThan(30);
    for (const route of t.routes) expect(["public", "public-bearer", "admin"]).toContain(route.access);
  });

  it("exactly the open routes are not admin-only", async () => {
    const open = new Set<string>();
    for (const route of t.routes.filter((entry) => entry.access !== "admin" && entry.method !== "HEAD")) {
      if ((await ask(route)).statusCode !== 405) open.add(`${route.method} ${route.url}`);
    }
    const expected = new Set(
      OPEN_ROUTES.flatMap((entry) => {
        const [method, url] = entry.split(" ") as [string, string];
        if (method !== "*") return [entry];
        return t.routes.filter((route) => route.url === url && route.method !== "HEAD").map((route) => `${route.method} ${route.url}`);
      }),
    );
    expect([...open].sort()).toEqual([...expected].sort());
  });

  it("without a token, admin routes answer 401 in the envelope and every other route answers something else", async () => {
    for (const route of t.routes) {
      const res = await ask(route);
      const where = `${route.method} ${route.url} (${route.access})`;
      if (route.access === "admin") {
        expect(res.statusCode, where).toBe(401);
        if (route.method !== "HEAD") expect(res.json(), where).toEqual({ success: false, message: "請先登入後台管理系統" });
        expect(res.headers["cache-control"], where).toBe("no-store");
      } else if ((route.url === "/line-webhook.php" && route.method === "POST") || (route.url === "/admin-api.php/backups/files/:name" && route.method === "GET")) {
        // Signed by LINE, or by a download link's ticket, rather than by a token: an unsigned request is refused all the same.
        expect(res.statusCode, where).toBe(401);
      } else {
        expect(res.statusCode, where).not.toBe(401);
      }
    }
  });

  it("the spec's `Bearer public` is no administrator token: admin routes refuse it, public-bearer routes serve public data", async () => {
    for (const route of t.routes.filter((entry) => entry.access !== "public" && entry.method !== "HEAD")) {
      const res = await ask(route, { authorization: "Bearer public" });
      const where = `${route.method} ${route.url}`;
      if (route.access === "admin") expect(res.statusCode, where).toBe(401);
      // A path naming an item (case 1) may name none: served, as not found.
      else expect([200, ...(route.url.includes(":") ? [404] : [])], where).toContain(res.statusCode);
    }
  });

  it("a made-up token is refused on admin routes as an expired sign-in", async () => {
    const route = t.routes.find((entry) => entry.url === "/admin-api.php/settings" && entry.method === "GET")!;
    const res = await ask(route, { authorization: `Bearer ${"x".repeat(43)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("登入已過期，請重新登入");
  });
});
