// Page records through the HTTP API (002 §2.7, §3, §4, §7; 000 §7): the list
// with the built-in pages (defaults for absent ones), the defaults themselves,
// create / update by key / delete by id, the JSON pages' content checked,
// earlier versions kept in the save's transaction and restored, the public
// read (published only, HTML sanitised against the XSS cheat sheet's
// payloads), 401 / 404 / 409.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageDefaults } from "#contract/pages.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method, url, headers, payload: payload as object | undefined });
async function data<T = any>(method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

const XSS_PAYLOADS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<svg onload=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe src="https://evil.example/"></iframe>`,
  `<body onload=alert(1)>`,
  `<div style="position:fixed;inset:0">cover</div>`,
  `<object data="x.swf"></object>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<p onclick="alert(1)">click</p>`,
  `<form action="https://evil.example"><input name=x></form>`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example">`,
];

describe("the page list", () => {
  it("has the three built-in pages, seeded, with their keys, titles and published state", async () => {
    const pages = await data<Array<{ id: number; page_key: string; is_active: number }>>("GET", "/admin-api.php/pages");
    for (const key of ["home_services", "services_page", "about_company"]) {
      const page = pages.find((entry) => entry.page_key === key);
      expect(page, key).toBeDefined();
      expect(page!.id).toBeGreaterThan(0);
    }
  });

  it("lists an absent built-in page with id 0 and its default content, so saving creates it", async () => {
    await t.database.db.deleteFrom("pages").where("page_key", "=", "services_page").execute();
    const listed = (await data<Array<{ id: number; page_key: string; content: string; is_active: number }>>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "services_page");
    expect(listed).toMatchObject({ id: 0, is_active: 1 });
    expect(JSON.parse(listed!.content).services).toHaveLength(12);
    const created = await call("POST", "/admin-api.php/pages", { page_key: "services_page", title: "服務項目頁面", content: listed!.content });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe("頁面已建立");
  });
});

describe("GET /admin-api.php/pages/defaults", () => {
  it("answers the built-in pages' default content, which an absent page is listed with", async () => {
    const res = await call("GET", "/admin-api.php/pages/defaults");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const defaults = body.data as PageDefaults;
    expect(Object.keys(defaults).sort()).toEqual(["about_company", "home_services", "services_page"]);
    expect(defaults.home_services.title).toBe("核心服務");
    expect(defaults.home_services.services.map((service) => service.title)).toContain("水塔清洗消毒");
    expect(defaults.services_page.services).toHaveLength(12);
    expect(defaults.services_page.hero.stats).toHaveLength(3);
    expect(defaults.about_company).toContain("<h2>關於我們</h2>");

    await t.database.db.deleteFrom("pages").where("page_key", "=", "home_services").execute();
    const listed = (await data<Array<{ id: number; page_key: string; content: string }>>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "home_services");
    expect(listed?.id).toBe(0);
    expect(JSON.parse(listed!.content)).toEqual(defaults.home_services);
    const created = await call("POST", "/admin-api.php/pages", { page_key: "home_services", title: "首頁核心服務", content: listed!.content });
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe("saving a page", () => {
  it("updates by key, keeps the version it replaces, and restores it", async () => {
    const before = await data<{ title: string; content: string }>("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>第一版</h2>", is_active: 1 });
    expect(before.title).toBe("關於安心清潔");
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>第二版</h2>", meta_title: "關於我們｜安心清潔" });
    const { revisions } = await data<{ revisions: Array<{ id: number; content: string; saved_by: string }> }>("GET", "/admin-api.php/pages/about_company/revisions");
    expect(revisions[0].content).toBe("<h2>第一版</h2>");
    expect(revisions[0].saved_by).toBe("測試管理員");
    const restored = await call("POST", `/admin-api.php/pages/about_company/revisions/${revisions[0].id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: "已還原到選擇的版本", data: { content: "<h2>第一版</h2>", meta_title: "" } });
    // The version that was replaced by the restore is kept too: a restore can be undone.
    const after = await data<{ revisions: Array<{ content: string }> }>("GET", "/admin-api.php/pages/about_company/revisions");
    expect(after.revisions[0].content).toBe("<h2>第二版</h2>");
    expect((await call("POST", "/admin-api.php/pages/about_company/revisions/999999/restore")).statusCode).toBe(404);
  });

  it("a save that fails keeps no version and changes nothing", async () => {
    const count = async () => (await data<{ revisions: unknown[] }>("GET", "/admin-api.php/pages/home_services/revisions")).revisions.length;
    const versions = await count();
    const res = await call("PUT", "/admin-api.php/pages/home_services", { title: "首頁核心服務", content: "{not json" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content).toBe("這個頁面的內容必須是編輯器產生的 JSON 內容");
    expect(await count()).toBe(versions);
  });

  it("takes JSON content as a string or an object (the spec's clients send both)", async () => {
    const content = { title: "我們的核心服務", services: [] };
    const saved = await data<{ content: string }>("PUT", "/admin-api.php/pages/home_services", { title: "首頁核心服務", content });
    expect(JSON.parse(saved.content)).toEqual(content);
  });

  it("refuses a missing title, a bad key and a key that exists", async () => {
    const bad = await call("POST", "/admin-api.php/pages", { page_key: "Bad Key!", title: "", content: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["page_key", "title"]);
    const twice = await call("POST", "/admin-api.php/pages", { page_key: "about_company", title: "重複", content: "" });
    expect(twice.statusCode).toBe(409);
    expect((await call("PUT", "/admin-api.php/pages/no-such-page", { title: "x", content: "" })).statusCode).toBe(404);
  });

  it("deletes the legacy services record by id, and never a built-in page", async () => {
    // An older install's record: its key is now reserved (it would shadow /services), so it only exists from before.
    const stamp = new Date().toISOString();
    const legacy = await t.database.db.insertInto("pages").values({ page_key: "services", title: "舊版服務頁", content: "<p>舊</p>", is_active: 1, created_at: stamp, updated_at: stamp }).returning("id").executeTakeFirstOrThrow();
    const res = await call("DELETE", `/admin-api.php/pages/${legacy.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("頁面已刪除");
    const about = (await data<Array<{ id: number; page_key: string }>>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "about_company")!;
    expect((await call("DELETE", `/admin-api.php/pages/${about.id}`)).statusCode).toBe(409);
    expect((await call("DELETE", "/admin-api.php/pages/999999")).statusCode).toBe(404);
  });
});

describe("the automatic service types (001 §3)", () => {
  it("follow the services page in the save's transaction: renamed, added, and removed unless a case uses them", async () => {
    const listed = (await data<Array<{ page_key: string; content: string }>>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "services_page")!;
    const content = JSON.parse(listed.content);
    const [first, second, third] = content.services;
    first.title = "水塔清洗（改名）";
    const now = new Date().toISOString();
    await t.database.db.insertInto("portfolios").values({ title: "用到第三項的案例", category: third.key, completed_at: null, created_at: now, updated_at: now }).execute();
    content.services = [first, { ...second }, { key: "air_conditioner", order: 99, title: "冷氣清洗", icon: "Waves" }];
    // Dropped: the third (a case uses it) and every other one.
    await data("PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: JSON.stringify(content) });
    const types = await t.database.db.selectFrom("service_types").select(["value", "label", "is_auto"]).where("is_auto", "=", 1).execute();
    const byValue = Object.fromEntries(types.map((type) => [type.value, type.label]));
    expect(byValue[first.key]).toBe("水塔清洗（改名）");
    expect(byValue[second.key]).toBe(second.title);
    expect(byValue.air_conditioner).toBe("冷氣清洗");
    expect(byValue[third.key]).toBeDefined();
    expect(types).toHaveLength(4);
  });

  it("a refused save leaves them as they were", async () => {
    const before = await t.database.db.selectFrom("service_types").selectAll().orderBy("id").execute();
    const res = await call("PUT", "/admin-api.php/pages/services_page", { title: "", content: JSON.stringify({ services: [] }) });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.selectFrom("service_types").selectAll().orderBy("id").execute()).toEqual(before);
  });
});

describe("GET /api.php/pages/{key}", () => {
  it("answers a published page to anyone, and 404 for a draft or an unknown key", async () => {
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於我們", content: "<h2>公開內容</h2>", is_active: 1 });
    const res = await call("GET", "/api.php/pages/about_company", undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: "關於我們", content: "<h2>公開內容</h2>" });
    await data("PUT", "/admin-api.php/pages/about_company", { is_active: 0 });
    expect((await call("GET", "/api.php/pages/about_company", undefined, {})).statusCode).toBe(404);
    expect((await call("GET", "/api.php/pages/nothing", undefined, {})).statusCode).toBe(404);
    await data("PUT", "/admin-api.php/pages/about_company", { is_active: 1 });
  });

  it("sanitises HTML against the XSS cheat sheet's payloads, keeping the content people wrote", async () => {
    const html = `<h2>安全的標題</h2><p>正常段落 <a href="/contact">聯絡</a></p>${XSS_PAYLOADS.join("")}`;
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於我們", content: html, is_active: 1 });
    const served = (await call("GET", "/api.php/pages/about_company", undefined, {})).json().data.content as string;
    expect(served).toContain("<h2>安全的標題</h2>");
    expect(served).toContain('<a href="/contact">聯絡</a>');
    for (const needle of ["<script", "onerror", "onload", "onclick", "javascript:", "evil.example", "<object", "<form", "<meta", "position:fixed", "<svg", "<style"]) {
      expect(served.toLowerCase(), needle).not.toContain(needle.toLowerCase());
    }
    const about = await t.services.site.pages.about();
    expect(about.html).toBe(served);
  });
});

describe("access", () => {
  it("every management call answers 401 without a token", async () => {
    for (const [method, url] of [
      ["GET", "/admin-api.php/pages"],
      ["GET", "/admin-api.php/pages/defaults"],
      ["POST", "/admin-api.php/pages"],
      ["PUT", "/admin-api.php/pages/about_company"],
      ["DELETE", "/admin-api.php/pages/1"],
      ["GET", "/admin-api.php/pages/about_company/revisions"],
      ["POST", "/admin-api.php/pages/about_company/revisions/1/restore"],
    ] as const) {
      expect((await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
