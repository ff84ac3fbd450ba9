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

  it("dates /blog by its newest public post and /portfolio by its newest active case, not by the settings", async () => {
    const db = t.database.db;
    const post = (slug: string, status: string, published_at: string | null, updated_at: string) =>
      db.insertInto("blog_posts").values({ title: slug, slug, status, published_at, created_at: "2020-01-01T00:00:00.000Z", updated_at }).execute();
    await post("older-news", "published", "2020-02-01T00:00:00.000Z", "2020-02-01T00:00:00.000Z");
    await post("edited-news", "published", "2021-02-01T00:00:00.000Z", "2021-03-04T08:00:00.000Z");
    // Neither a draft nor a post waiting for its time has changed the public list.
    await post("a-draft", "draft", null, "2024-01-01T00:00:00.000Z");
    await post("coming-news", "published", "2999-01-01T00:00:00.000Z", "2024-01-01T00:00:00.000Z");
    const work = (title: string, status: string, updated_at: string) =>
      db.insertInto("portfolios").values({ title, category: "water_tank_service", status, created_at: "2020-01-01T00:00:00.000Z", updated_at }).execute();
    await work("舊案例", "active", "2022-05-06T09:00:00.000Z");
    await work("下架的案例", "inactive", "2024-01-01T00:00:00.000Z");
    // A settings save today (which also clears the cached sitemap) leaves both dates alone.
    expect((await setSettings({ footer_text: "頁尾更新" })).statusCode).toBe(200);
    const body = (await get("/sitemap.xml")).body;
    expect(body).toContain("<loc>http://clean.example/blog</loc><lastmod>2021-03-04</lastmod>");
    expect(body).toContain("<loc>http://clean.example/portfolio</loc><lastmod>2022-05-06</lastmod>");
    expect(body).toContain(`<loc>http://clean.example/contact</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>`);
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
