// Every public route answers complete HTML a crawler can read (title, meta,
// Open Graph, canonical, language) and hydrates in Chromium without errors;
// unknown paths are a real 404 inside the site; maintenance mode answers 503
// on public pages only.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../support/admin.ts";
import { visit } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const SITE_TITLE = "專業清潔維護服務";

const ROUTES: Array<{ path: string; title: string; heading: string }> = [
  { path: "/", title: SITE_TITLE, heading: "安心清潔維護有限公司" },
  { path: "/about", title: `關於我們 | ${SITE_TITLE}`, heading: "關於我們" },
  { path: "/services", title: `服務項目 | ${SITE_TITLE}`, heading: "專業清潔服務" },
  { path: "/services/1", title: `水塔清洗消毒 | ${SITE_TITLE}`, heading: "水塔清洗消毒" },
  { path: "/portfolio", title: `清潔案例展示 | ${SITE_TITLE}`, heading: "清潔案例展示" },
  { path: "/blog", title: `最新消息 | ${SITE_TITLE}`, heading: "最新消息" },
  { path: "/blog/spring-cleaning-tips", title: `春季大掃除的五個小技巧 | ${SITE_TITLE}`, heading: "春季大掃除的五個小技巧" },
  { path: "/contact", title: `聯絡我們 | ${SITE_TITLE}`, heading: "聯絡我們" },
];

// The article of the news route: published, without a picture (its preview image is the default one).
beforeAll(async () => {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/blog/posts", {
    title: "春季大掃除的五個小技巧",
    slug: "spring-cleaning-tips",
    content: "<p>從高處到低處、從乾到濕，大掃除事半功倍。</p>",
    status: "published",
  });
  if (!body.success) throw new Error(`creating the article answered ${status}: ${body.message}`);
});

const metaContent = (html: string, key: "name" | "property", value: string) =>
  tags(html, "meta").find((tag) => tag[key] === value)?.content;

describe("public routes in the first HTML", () => {
  it.each(ROUTES)("$path answers 200 with title, description, Open Graph and canonical", async ({ path, title }) => {
    const { status, html, headers } = await e2e.server.fetchPage(path);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    expect(tags(html, "html")[0]).toMatchObject({ lang: "zh-Hant-TW" });
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(title);

    const description = metaContent(html, "name", "description");
    expect(description?.length ?? 0).toBeGreaterThan(10);
    expect(metaContent(html, "property", "og:title")).toBe(title);
    expect(metaContent(html, "property", "og:image")).toBe(`${e2e.server.baseUrl}/og-default.png`);

    const canonical = tags(html, "link").filter((tag) => tag.rel === "canonical");
    expect(canonical).toHaveLength(1);
    expect(canonical[0].href).toBe(`${e2e.server.baseUrl}${path}`);

    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const business = JSON.parse(jsonLd ?? "null");
    expect(business).toMatchObject({ "@type": "LocalBusiness", name: "安心清潔維護有限公司", telephone: "02-2420-0000" });
    expect(business.areaServed.map((city: { name: string }) => city.name)).toEqual(["基隆市", "台北市", "新北市", "桃園市"]);
    expect(business.openingHours).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"]);
  });

  it("the default Open Graph image it points to is served", async () => {
    const response = await fetch(`${e2e.server.baseUrl}/og-default.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });
});

describe("public routes in Chromium", () => {
  it("every route renders its heading inside the site layout and hydrates without console errors", async () => {
    const page = await e2e.newPage();
    for (const { path, title, heading } of ROUTES) {
      expect(await visit(page, path), path).toBe(200);
      expect(await page.title()).toBe(title);
      expect(await page.locator("h1").first().textContent()).toBe(heading);
      expect(await page.locator("header").isVisible()).toBe(true);
      expect(await page.locator("footer").isVisible()).toBe(true);
    }
  });
});

describe("unknown paths", () => {
  it("answer 404 with 找不到頁面 inside the site layout, in the first HTML", async () => {
    const { status, html } = await e2e.server.fetchPage("/no-such-page");
    expect(status).toBe(404);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe("找不到頁面");
    expect(/<header\b/.test(html), "header in the 404 page").toBe(true);
    expect(/<footer\b/.test(html), "footer in the 404 page").toBe(true);
    expect(metaContent(html, "name", "robots")).toMatch(/noindex/);
  });

  it("show the 404 page in the browser, with the header navigation still working", async () => {
    // Chromium logs the document's own 404 status as a console error.
    e2e.expectConsoleError(/status of 404.*\/no-such-page/);
    const page = await e2e.newPage();
    expect(await visit(page, "/no-such-page")).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("找不到頁面");
    expect(await page.locator("nav[aria-label='主選單']").isVisible()).toBe(true);

    await page.locator("main").getByRole("link", { name: "回到首頁" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.locator("#contact-info-title").waitFor();
  });
});

describe("maintenance mode", () => {
  it("answers 503 with 網站維護中 on public pages, leaves the back office and the API up, and ends when switched off", async () => {
    // Warm the page cache so that switching maintenance on must invalidate it.
    expect((await e2e.server.fetchPage("/")).status).toBe(200);
    expect((await e2e.server.fetchPage("/about")).status).toBe(200);

    await e2e.server.updateSettings({ maintenance_mode: "true" });
    for (const path of ["/", "/about", "/services/1", "/blog", "/blog/spring-cleaning-tips", "/contact"]) {
      const { status, html } = await e2e.server.fetchPage(path);
      expect(status, path).toBe(503);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], path).toBe("網站維護中");
      expect(/<header\b/.test(html), `${path} has no site header`).toBe(false);
    }
    expect((await e2e.server.fetchPage("/admin/login")).status).toBe(200);
    const settings = await fetch(`${e2e.server.baseUrl}/api.php/settings`);
    expect(settings.status).toBe(200);
    expect(((await settings.json()) as { data: { maintenance_mode: string } }).data.maintenance_mode).toBe("true");

    e2e.expectConsoleError(/status of 503/);
    const page = await e2e.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(503);
    expect(await page.locator("h1").textContent()).toBe("網站維護中");
    expect(await page.locator("header").count()).toBe(0);

    await e2e.server.updateSettings({ maintenance_mode: "false" });
    for (const path of ["/", "/about"]) {
      const { status, html } = await e2e.server.fetchPage(path);
      expect(status, path).toBe(200);
      expect(html.includes("網站維護中"), `${path} still in maintenance`).toBe(false);
    }
    expect(await visit(page, "/about")).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("關於我們");
  });
});

describe("when the settings cannot be read", () => {
  it("pages render with the defaults but are not kept: the next visitor gets the real settings", async () => {
    // Saving a setting drops every page (each shows the settings), so the next read happens with the table gone.
    await e2e.server.updateSettings({ company_name: "讀得到的公司" });
    const { db } = e2e.server.app.database;
    await db.schema.alterTable("settings").renameTo("settings_away").execute();
    try {
      const broken = await fetch(`${e2e.server.baseUrl}/about`);
      expect(broken.status).toBe(200);
      expect(broken.headers.get("cache-control")).toBe("no-store");
      expect(await broken.text()).not.toContain("讀得到的公司");
    } finally {
      await db.schema.alterTable("settings_away").renameTo("settings").execute();
    }
    const { html, headers } = await e2e.server.fetchPage("/about");
    expect(html).toContain("讀得到的公司");
    expect(headers.get("cache-control")).toBe("no-cache");
  });
});

describe("the page cache", () => {
  it("serves a page asked with parameters it does not read from the cache: a random one cannot force a render", async () => {
    const random = () => Math.random().toString(36).slice(2);
    expect((await e2e.server.fetchPage("/about")).status).toBe(200);
    const again = await e2e.server.fetchPage(`/about?r=${random()}&utm_source=line`);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("HIT");
    await e2e.server.fetchPage(`/?r=${random()}`);
    for (let i = 0; i < 2; i += 1) expect((await e2e.server.fetchPage(`/?r=${random()}`)).headers.get("x-cache"), "home with ?r=").toBe("HIT");

    // A parameter the page reads is a page of its own.
    const search = `清潔${random()}`;
    expect((await e2e.server.fetchPage(`/portfolio?search=${encodeURIComponent(search)}`)).headers.get("x-cache")).toBe("MISS");
    expect((await e2e.server.fetchPage(`/portfolio?x=1&search=${encodeURIComponent(search)}`)).headers.get("x-cache")).toBe("HIT");
  });
});

describe("the page cache drops what a write changed, and only that (decision 026)", () => {
  const cached = async (path: string) => (await e2e.server.fetchPage(path)).headers.get("x-cache");
  const warm = async (...paths: string[]) => {
    for (const path of paths) {
      await e2e.server.fetchPage(path);
      expect(await cached(path), path).toBe("HIT");
    }
  };

  it("a banner drops the home page (its carousel) and keeps the news, the services and the about page", async () => {
    await warm("/", "/blog", "/services", "/about");
    expect((await adminApi(e2e, e2e.server.token, "POST", "/api.php/hero-banners", { title: "只影響首頁的橫幅", is_active: false })).status).toBe(200);
    expect(await cached("/")).toBe("MISS");
    for (const path of ["/blog", "/services", "/about"]) expect(await cached(path), path).toBe("HIT");
  });

  it("a news post drops the news list and keeps the home page, the services and the gallery", async () => {
    await warm("/", "/blog", "/services", "/portfolio");
    const saved = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/blog/posts", { title: "只影響最新消息的文章", status: "published", content: "<p>內容</p>" });
    expect(saved.status).toBe(200);
    expect(await cached("/blog")).toBe("MISS");
    for (const path of ["/", "/services", "/portfolio"]) expect(await cached(path), path).toBe("HIT");
  });

  it("a setting drops every page: each shows the settings in its header and footer", async () => {
    await warm("/", "/blog", "/services", "/about");
    await e2e.server.updateSettings({ footer_text: "每一頁都會改變" });
    for (const path of ["/", "/blog", "/services", "/about"]) expect(await cached(path), path).toBe("MISS");
  });
});

describe("the Content-Security-Policy of a page", () => {
  it("allows exactly the inline scripts this render wrote (the islands' loaders), not the data blocks or anything else", async () => {
    const { html, headers } = await e2e.server.fetchPage("/contact");
    const policy = headers.get("content-security-policy") ?? "";
    const allowed = (/script-src ([^;]*)/.exec(policy)?.[1] ?? "").split(" ").filter((source) => source.startsWith("'sha256-"));
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const marked = inline.filter(([, attributes]) => / nonce="[^"]+"/.test(attributes));
    const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
    // The islands' loaders (the form's, and the map's when an address is set), and nothing else: the LocalBusiness JSON-LD is data.
    expect(marked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(allowed)).toEqual(new Set(marked.map(([, , body]) => hashOf(body!))));
    const data = inline.find(([, attributes]) => attributes.includes("application/ld+json"));
    expect(data).toBeDefined();
    expect(allowed).not.toContain(hashOf(data![2]!));
    expect(policy).not.toContain("'unsafe-inline' 'sha");
    expect(/script-src[^;]*'unsafe-inline'/.test(policy)).toBe(false);
  });
});
