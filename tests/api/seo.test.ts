// robots.txt and sitemap.xml (issue 5, "search engines and link previews").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

const setSettings = (payload: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload });
const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "clean.example" } });

describe("GET /robots.txt", () => {
  it("allows the site, keeps crawlers out of the back office and the API, and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toContain("User-agent: *");
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).toContain("Disallow: /api.php");
    expect(res.body).toContain("Sitemap: http://clean.example/sitemap.xml");
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
  });

  it("honours meta_robots noindex by disallowing everything", async () => {
    expect((await setSettings({ meta_robots: "noindex,nofollow" })).statusCode).toBe(200);
    const res = await get("/robots.txt");
    expect(res.body).toMatch(/^Disallow: \/$/m);
    expect(res.body).not.toContain("Sitemap:");
    await setSettings({ meta_robots: "index,follow" });
  });

  it("asks crawlers to come back later during maintenance", async () => {
    await setSettings({ maintenance_mode: "true" });
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("3600");
    await setSettings({ maintenance_mode: "false" });
    expect((await get("/robots.txt")).statusCode).toBe(200);
  });
});

describe("GET /sitemap.xml", () => {
  it("lists every public page with an absolute URL and a lastmod date", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ["/", "/about", "/services", "/portfolio", "/blog", "/contact"]) {
      expect(res.body).toContain(`<loc>http://clean.example${path}</loc>`);
    }
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(res.body).not.toContain("/admin");
  });

  it("uses the canonical_url setting as the base when set, and follows changes", async () => {
    await setSettings({ canonical_url: "https://www.clean-keelung.example" });
    const res = await get("/sitemap.xml");
    expect(res.body).toContain("<loc>https://www.clean-keelung.example/about</loc>");
    expect((await get("/robots.txt")).body).toContain("Sitemap: https://www.clean-keelung.example/sitemap.xml");
    await setSettings({ canonical_url: "" });
    expect((await get("/sitemap.xml")).body).toContain("<loc>http://clean.example/about</loc>");
  });
});
