// Page records through the HTTP API (002 §2.7, §3, §4, §7; 000 §7): the list
// with the built-in pages (defaults for absent ones), the defaults themselves,
// create / update by key / delete by id, the JSON pages' content checked,
// earlier versions kept in the save's transaction with how they were made and
// restored as a draft (decision 032), the public
// read (published only, HTML sanitised against the XSS cheat sheet's
// payloads), 下架 as its own call (the spec's PUT with is_active 0 still works),
// free pages' addresses in Chinese (saved, served, in the sitemap; reserved
// ones refused), 401 / 404 / 409.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_MESSAGES, type Page, type PageDefaults, type PageRevision } from "#contract/pages.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { builderContent, container, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { specServiceEntry, specServicesPageSave } from "#tests/factories/services-page.factory.ts";
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
    // Its services are an empty choice: every active service of 服務管理 (decision 031).
    expect(JSON.parse(listed!.content).services).toEqual([]);
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
    expect(defaults.home_services.services).toEqual([]);
    expect(defaults.services_page.services).toEqual([]);
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
  it("updates by key and keeps the version it replaces with when, by whom and by what change it was made", async () => {
    const before = await data<{ title: string; content: string; updated_at: string }>("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>第一版</h2>", is_active: 1 });
    expect(before.title).toBe("關於安心清潔");
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>第二版</h2>", meta_title: "關於我們｜安心清潔" });
    const { revisions } = await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/about_company/revisions");
    expect(revisions[0]).toMatchObject({ content: "<h2>第一版</h2>", saved_by: "測試管理員", made_at: before.updated_at, made_by: "測試管理員", change: "save", restored_from: null });
  });

  it("restores a version as a draft: the live page is unchanged until it is published, which records the restore", async () => {
    const publicContent = async () => (await data<{ content: string }>("GET", "/api.php/pages/about_company")).content;
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>舊的版本</h2>", is_active: 1 });
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>上線的版本</h2>", is_active: 1 });
    // Someone's autosaved work, which the restore must not lose.
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>寫到一半</h2>", is_active: 1, autosave: true });
    const [old] = (await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/about_company/revisions")).revisions;
    expect(old).toMatchObject({ content: "<h2>舊的版本</h2>", change: "save" });

    const restored = await call("POST", `/admin-api.php/pages/about_company/revisions/${old!.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      message: PAGE_MESSAGES.restored,
      data: { content: "<h2>上線的版本</h2>", draft: { content: "<h2>舊的版本</h2>", restored_from: old!.made_at } },
    });
    expect(await publicContent()).toBe("<h2>上線的版本</h2>");
    const listed = (await data<Page[]>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "about_company");
    expect(listed?.draft).toMatchObject({ content: "<h2>舊的版本</h2>" });
    const afterRestore = (await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/about_company/revisions")).revisions;
    expect(afterRestore[0]).toMatchObject({ content: "<h2>寫到一半</h2>", change: "autosave" });

    // An autosave of the restored draft still says where it came from; publishing makes it live.
    const autosaved = await data<Page>("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>舊的版本</h2><p>補一句</p>", is_active: 1, autosave: true });
    expect(autosaved.draft?.restored_from).toBe(old!.made_at);
    expect(await publicContent()).toBe("<h2>上線的版本</h2>");
    const published = await data<Page>("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>舊的版本</h2><p>補一句</p>", is_active: 1 });
    expect(published.draft).toBeNull();
    expect(await publicContent()).toBe("<h2>舊的版本</h2><p>補一句</p>");
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: "<h2>再下一版</h2>", is_active: 1 });
    const [restoreVersion] = (await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/about_company/revisions")).revisions;
    expect(restoreVersion).toMatchObject({ content: "<h2>舊的版本</h2><p>補一句</p>", change: "restore", restored_from: old!.made_at, made_by: "測試管理員", made_at: published.updated_at });

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
    // A client as the spec writes it: the page JSON GET gives, changed and posted back.
    const content = JSON.parse((await data<{ content: string }>("GET", "/api.php/pages/services_page")).content);
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
    // The typed card became a service of 服務管理 with the card's key: its type is that service's.
    expect(await t.database.db.selectFrom("service_items").select("catalogue_key").where("name", "=", "冷氣清洗").executeTakeFirstOrThrow()).toEqual({ catalogue_key: "air_conditioner" });
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

describe("the two JSON pages choose services of 服務管理 (decision 031)", () => {
  type Card = { id: number; key: string; order: number; title: string; description: string; icon: string; badge: string; features: string[]; price: number | null };
  const publicCards = async (key: string) => JSON.parse((await data<{ content: string }>("GET", `/api.php/pages/${key}`)).content).services as Card[];
  const stored = async (key: string) => JSON.parse((await data<Page[]>("GET", "/admin-api.php/pages")).find((page) => page.page_key === key)!.content);

  it("a spec-style POST of the page JSON is taken as the page's choice: order, left-out services, card texts, and a typed card made a service", async () => {
    const content = JSON.parse((await data<{ content: string }>("GET", "/api.php/pages/home_services")).content);
    const [first, second, third] = content.services as Card[];
    expect(first!.id).toBeGreaterThan(0);
    // As a client of the spec sends it: entries named by key and title only, the second first, the third left out.
    const strip = ({ id: _id, ...entry }: Card) => entry;
    const typed = { key: "air_purifier", order: 3, title: "空氣清淨機保養", description: "濾網清潔與更換", features: ["濾網更換", "機體清潔"], price: 1800, price_unit: "台", category_name: "家電保養", icon: "Waves", image: "", badge: "", button: { text: "", link: "" } };
    content.services = [{ ...strip(second!), order: 1 }, { ...strip(first!), order: 2, description: "首頁上的短介紹", badge: "熱門" }, typed];
    await data("PUT", "/admin-api.php/pages/home_services", { title: "首頁核心服務", content });

    const cards = await publicCards("home_services");
    expect(cards.map((card) => card.title)).toEqual([second!.title, first!.title, "空氣清淨機保養"]);
    expect(cards.map((card) => card.order)).toEqual([1, 2, 3]);
    expect(cards[1]).toMatchObject({ id: first!.id, description: "首頁上的短介紹", badge: "熱門", features: first!.features });
    expect(cards.some((card) => card.id === third!.id)).toBe(false);
    // The typed card is a service now, with its key, page, price and category; the page keeps only its icon.
    const made = cards[2]!;
    expect(made).toMatchObject({ key: "air_purifier", icon: "Waves", price: 1800 });
    const detail = await data<{ name: string; price: number; price_unit: string; category_name: string; features: string[] }>("GET", `/api.php/services/${made.id}`);
    expect(detail).toMatchObject({ name: "空氣清淨機保養", price: 1800, price_unit: "台", category_name: "家電保養", features: ["濾網更換", "機體清潔"] });
    // Stored: a choice naming the services, what differs as overrides, the left-out ones hidden.
    const choices = (await stored("home_services")).services as Array<Record<string, unknown>>;
    expect(choices[0]).toEqual({ service_id: second!.id });
    expect(choices[1]).toEqual({ service_id: first!.id, description: "首頁上的短介紹", badge: "熱門" });
    expect(choices.find((choice) => choice.service_id === third!.id)).toEqual({ service_id: third!.id, hidden: true });
    // The services page is its own choice: the home page's order is not its.
    expect((await publicCards("services_page")).map((card) => card.id).slice(0, 2)).toEqual([first!.id, second!.id]);

    // Posting back what GET gives changes nothing.
    const again = JSON.parse((await data<{ content: string }>("GET", "/api.php/pages/home_services")).content);
    await data("PUT", "/admin-api.php/pages/home_services", { title: "首頁核心服務", content: again });
    expect(await publicCards("home_services")).toEqual(cards);
    expect((await t.database.db.selectFrom("service_items").select("id").where("name", "=", "空氣清淨機保養").execute()).length).toBe(1);
  });

  it("a typed card that cannot be a service is refused with a message, and nothing is saved", async () => {
    const before = await stored("services_page");
    const res = await call("PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: { services: [{ title: "價格錯誤的服務", price: "很貴" }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content).toContain("價格錯誤的服務");
    expect(await stored("services_page")).toEqual(before);
  });

  it("an installation's typed cards become choices once at start-up, the old content kept as a version", async () => {
    const { chooseTypedServiceCards } = await import("#server/modules/seed/seed.service.ts");
    const water = (await t.database.db.selectFrom("service_items").select(["id", "name"]).where("catalogue_key", "=", "water_tank_service").executeTakeFirstOrThrow());
    const floor = (await t.database.db.selectFrom("service_items").select(["id", "name", "description"]).where("catalogue_key", "=", "floor_cleaning").executeTakeFirstOrThrow());
    const old = { title: "服務項目", services: [
      { key: "water_tank_service", order: 1, title: water.name, description: "我們打的介紹", icon: "Droplets", iconBg: "bg-sky-100", iconColor: "text-sky-600", features: [], image: "", badge: "", button: { text: "", link: "" }, price: null, price_unit: "專案", category_name: "" },
      { key: "service_custom", order: 2, title: "舊站自己加的服務", description: "只打在頁面裡", icon: "Gem", features: ["特色一"], image: "", badge: "限時", button: { text: "", link: "" }, price: 990, price_unit: "次", category_name: "" },
      // A key a client's save would be refused for (a seeded service's is fixed) does not stop the start: the service keeps its own.
      { key: "floor", order: 3, title: floor.name, description: floor.description, icon: "Sparkles", features: [], image: "", badge: "", button: { text: "", link: "" }, price: null, price_unit: "坪", category_name: "" },
    ] };
    const page = await t.database.db.selectFrom("pages").select(["id", "content"]).where("page_key", "=", "services_page").executeTakeFirstOrThrow();
    await t.database.db.updateTable("pages").set({ content: JSON.stringify(old), is_active: 1 }).where("id", "=", page.id).execute();
    await t.database.db.deleteFrom("app_meta").where("key", "=", "service_cards_chosen_at").execute();
    const logger = { info: () => undefined } as unknown as Parameters<typeof chooseTypedServiceCards>[2];
    await chooseTypedServiceCards(t.database.db, new Date().toISOString(), logger);
    // Once: a second start finds the marker.
    await chooseTypedServiceCards(t.database.db, new Date().toISOString(), logger);

    const choices = (await stored("services_page")).services as Array<Record<string, unknown>>;
    expect(choices[0]).toEqual({ service_id: water.id, description: "我們打的介紹" });
    const made = await t.database.db.selectFrom("service_items").select(["id", "price", "catalogue_key"]).where("name", "=", "舊站自己加的服務").execute();
    expect(made).toHaveLength(1);
    expect(Number(made[0]!.price)).toBe(990);
    // Its key is the card's: the cases of the old automatic type still name it (decision 044).
    expect(made[0]!.catalogue_key).toBe("service_custom");
    expect(choices[1]).toEqual({ service_id: made[0]!.id, icon: "Gem", badge: "限時" });
    expect(choices[2]).toEqual({ service_id: floor.id });
    expect(choices.slice(3).every((choice) => choice.hidden === true)).toBe(true);
    const versions = await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/services_page/revisions");
    expect(versions.revisions.some((revision) => revision.content === JSON.stringify(old))).toBe(true);
    // Visitors see the same cards as before, each now with its page.
    const cards = await publicCards("services_page");
    expect(cards.map((card) => [card.title, card.description, card.key])).toEqual([
      [water.name, "我們打的介紹", "water_tank_service"],
      ["舊站自己加的服務", "只打在頁面裡", "service_custom"],
      [floor.name, floor.description, "floor_cleaning"],
    ]);
  });
});

describe("a client's keys are kept on the services they name (decision 044)", () => {
  type Card = { id: number; key: string; title: string };
  const publicCards = async () => JSON.parse((await data<{ content: string }>("GET", "/api.php/pages/services_page")).content).services as Card[];
  const typeValues = async () => (await data<Array<{ value: string; label: string }>>("GET", "/admin-api.php/service-types")).map((type) => [type.value, type.label]);
  const put = (services: unknown[]) => call("PUT", "/admin-api.php/pages/services_page", specServicesPageSave(services));
  const entry = specServiceEntry;
  const seeded = () => t.database.db.selectFrom("service_items").select(["id", "name", "catalogue_key"]).where("catalogue_key", "is not", null).orderBy("id").execute();
  const stored = async () => (await data<Page[]>("GET", "/admin-api.php/pages")).find((page) => page.page_key === "services_page")!.content;

  it("a new service keeps the posted key: read back, its automatic type, and a case saved with it; renamed, the key stays", async () => {
    const [water] = await seeded();
    const res = await put([entry("water_tank_service", 1, water!.name), entry("aircon_deep", 2, "冷氣深度清潔", { price: 2800, price_unit: "台" })]);
    expect(res.statusCode, res.body).toBe(200);
    const card = (await publicCards()).find((found) => found.title === "冷氣深度清潔")!;
    expect(card.key).toBe("aircon_deep");
    expect(await typeValues()).toContainEqual(["aircon_deep", "冷氣深度清潔"]);
    expect((await typeValues()).some(([value]) => value === `service_${card.id}`)).toBe(false);
    const saved = await call("POST", "/admin-api.php/portfolios", { title: "冷氣深度清潔案例", category: "aircon_deep" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ category: "aircon_deep", category_label: "冷氣深度清潔" });

    // Renamed in 服務管理, and the card retitled the spec's way: the key, its type and the case stay.
    await data("PUT", `/admin-api.php/service-items/${card.id}`, { name: "冷氣深層清洗" });
    expect((await publicCards()).find((found) => found.id === card.id)!.key).toBe("aircon_deep");
    expect(await typeValues()).toContainEqual(["aircon_deep", "冷氣深層清洗"]);
    expect((await put([entry("water_tank_service", 1, water!.name), entry("aircon_deep", 2, "冷氣保養")])).statusCode).toBe(200);
    expect((await publicCards()).map((found) => [found.id, found.key, found.title])).toEqual([[water!.id, "water_tank_service", water!.name], [card.id, "aircon_deep", "冷氣保養"]]);
    expect(await typeValues()).toContainEqual(["aircon_deep", "冷氣保養"]);
    const read = await data<{ category: string; category_label: string }>("GET", `/admin-api.php/portfolios/${saved.json().data.id}`);
    expect(read).toMatchObject({ category: "aircon_deep", category_label: "冷氣保養" });
    expect((await t.database.db.selectFrom("service_items").select("id").where("catalogue_key", "=", "aircon_deep").execute())).toHaveLength(1);
  });

  it("a service known as service_{id} takes a key posted for it; its type and the cases of it follow", async () => {
    const item = await data<{ id: number }>("POST", "/admin-api.php/service-items", { name: "水管疏通" });
    const [water] = await seeded();
    // The page as GET gives it names the new service by its service_{id} type.
    expect((await put([entry("water_tank_service", 1, water!.name), entry(`service_${item.id}`, 2, "水管疏通")])).statusCode).toBe(200);
    expect(await typeValues()).toContainEqual([`service_${item.id}`, "水管疏通"]);
    const now = new Date().toISOString();
    await t.database.db.insertInto("portfolios").values({ title: "水管疏通案例", category: `service_${item.id}`, completed_at: null, created_at: now, updated_at: now }).execute();

    // Read before, so the gallery's cached list must be dropped by the save.
    expect((await t.services.site.portfolios.gallery({ category: "drain_unclog" })).portfolios).toEqual([]);
    // A client names the card by title with a key of its own.
    const rekeyed = await put([entry("water_tank_service", 1, water!.name), entry("drain_unclog", 2, "水管疏通")]);
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect((await publicCards()).find((found) => found.id === item.id)!.key).toBe("drain_unclog");
    const types = await typeValues();
    expect(types).toContainEqual(["drain_unclog", "水管疏通"]);
    expect(types.some(([value]) => value === `service_${item.id}`)).toBe(false);
    expect(await t.database.db.selectFrom("portfolios").select("category").where("title", "=", "水管疏通案例").executeTakeFirstOrThrow()).toEqual({ category: "drain_unclog" });
    expect((await t.services.site.portfolios.gallery({ category: "drain_unclog" })).portfolios.map((found) => found.title)).toEqual(["水管疏通案例"]);
  });

  it("refuses a key it cannot keep, naming the card, and saves nothing", async () => {
    const [water, floor] = await seeded();
    const made = await t.database.db.selectFrom("service_items").select(["id", "name"]).where("catalogue_key", "=", "aircon_deep").executeTakeFirstOrThrow();
    const before = await stored();
    const items = await t.database.db.selectFrom("service_items").selectAll().orderBy("id").execute();
    const cases = [
      // Another service's key, on a card GET named by its id.
      [409, [{ ...entry("floor_cleaning", 1, made.name), id: made.id }], `服務卡片「${made.name}」的代碼「floor_cleaning」已經是服務項目「${floor!.name}」的代碼，請改用其他代碼`],
      // A seeded service's catalogue key (and a key once given) stays: cases and bookmarks use it.
      [409, [entry("water_tank", 1, water!.name)], `服務項目「${water!.name}」的代碼是「water_tank_service」，不能改為「water_tank」；案例的服務類型用這個代碼，請沿用「water_tank_service」`],
      [409, [{ ...entry("aircon", 1, "冷氣"), id: made.id }], `服務項目「${made.name}」的代碼是「aircon_deep」，不能改為「aircon」；案例的服務類型用這個代碼，請沿用「aircon_deep」`],
      [400, [entry("twice", 1, "甲服務"), entry("twice", 2, "乙服務")], "服務卡片「乙服務」的代碼「twice」和另一張卡片相同，每張卡片的代碼必須不同"],
      [400, [entry("k".repeat(61), 1, "很長的代碼")], "服務卡片「很長的代碼」的代碼不能超過 60 個字元"],
      // service_{n} is what a service made later would be called.
      [400, [entry("service_999999", 1, "搶先的編號")], "服務卡片「搶先的編號」的代碼「service_999999」會和之後新增的服務項目自動取得的代碼相同，請改用其他代碼"],
    ] as const;
    for (const [status, services, message] of cases) {
      const res = await put([...services]);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message, errors: { content: message } });
    }
    expect(await stored()).toEqual(before);
    expect(await t.database.db.selectFrom("service_items").selectAll().orderBy("id").execute()).toEqual(items);
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
    // Links as the editor writes every one: a new tab asked for; only the one leaving the site keeps it.
    const html = `<h2>安全的標題</h2><p>正常段落 <a href="/contact" target="_blank" rel="noopener noreferrer nofollow">聯絡</a> <a href="https://line.me/x" target="_blank">LINE</a></p>${XSS_PAYLOADS.join("")}`;
    await data("PUT", "/admin-api.php/pages/about_company", { title: "關於我們", content: html, is_active: 1 });
    const served = (await call("GET", "/api.php/pages/about_company", undefined, {})).json().data.content as string;
    expect(served).toContain("<h2>安全的標題</h2>");
    expect(served).toContain('<a href="/contact" rel="nofollow">聯絡</a>');
    expect(served).toContain('<a href="https://line.me/x" target="_blank" rel="noopener noreferrer">LINE</a>');
    for (const needle of ["<script", "onerror", "onload", "onclick", "javascript:", "evil.example", "<object", "<form", "<meta", "position:fixed", "<svg", "<style"]) {
      expect(served.toLowerCase(), needle).not.toContain(needle.toLowerCase());
    }
    const about = await t.services.site.pages.about();
    expect(about.html).toBe(served);
  });
});

describe("下架: taking a live page offline (decision 042)", () => {
  const builtContent = (text: string) => builderContent(tree(container("1", [[textElement(`<p>${text}</p>`)]])));

  it("takes the page off the site, keeps its content, its autosaved draft (no longer 立即發布) and the version it replaces", async () => {
    const created = await data<Page>("POST", "/admin-api.php/pages", { page_key: "summer-offer", title: "夏季優惠", content: builtContent("優惠內容"), is_active: 1 });
    await data("PUT", "/admin-api.php/pages/summer-offer", { title: "夏季優惠（草稿）", content: builtContent("草稿內容"), is_active: 1, autosave: true });
    expect(await t.services.site.pages.freePage("summer-offer")).not.toBeNull();

    const res = await call("POST", "/admin-api.php/pages/summer-offer/unpublish");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("頁面已下架，訪客在網站上看不到了");
    const page = res.json().data as Page;
    expect(page).toMatchObject({ is_active: 0, title: "夏季優惠", revision: created.revision + 2 });
    expect(page.content).toContain("優惠內容");
    expect(page.draft).toMatchObject({ title: "夏季優惠（草稿）", is_active: 0 });
    expect(page.draft!.content).toContain("草稿內容");

    expect(await t.services.site.pages.freePage("summer-offer")).toBeNull();
    expect((await call("GET", "/api.php/pages/summer-offer", undefined, {})).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body).not.toContain("/summer-offer</loc>");
    const revisions = await data<{ revisions: PageRevision[] }>("GET", "/admin-api.php/pages/summer-offer/revisions");
    expect(revisions.revisions[0]).toMatchObject({ title: "夏季優惠", is_active: 1 });
    const activity = await t.database.db.selectFrom("activity_log").select("summary").where("action", "=", "page.unpublish").execute();
    expect(activity.map((row) => row.summary)).toEqual(["下架頁面「夏季優惠」"]);

    // Published again the spec's way.
    await data("PUT", "/admin-api.php/pages/summer-offer", { is_active: 1 });
    expect(await t.services.site.pages.freePage("summer-offer")).not.toBeNull();
  });

  it("a page that is not published: 409 in words; an unknown page: 404", async () => {
    await data("POST", "/admin-api.php/pages", { page_key: "still-draft", title: "還沒發布", content: "<p>草稿</p>", is_active: 0 });
    const res = await call("POST", "/admin-api.php/pages/still-draft/unpublish");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: "這個頁面目前沒有發布，不需要下架" });
    const missing = await call("POST", "/admin-api.php/pages/no-such-page/unpublish");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAGE_MESSAGES.notFound);
  });

  it("the spec's PUT with is_active 0 still takes a page offline for its clients", async () => {
    await data("POST", "/admin-api.php/pages", { page_key: "spec-client", title: "規格客戶端", content: "<p>內容</p>", is_active: 1 });
    expect((await call("GET", "/api.php/pages/spec-client", undefined, {})).statusCode).toBe(200);
    const res = await call("PUT", "/admin-api.php/pages/spec-client", { page_key: "spec-client", title: "規格客戶端", content: "<p>內容</p>", meta_title: "", meta_description: "", meta_keywords: "", is_active: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call("GET", "/api.php/pages/spec-client", undefined, {})).statusCode).toBe(404);
  });
});

describe("a free page's address in Chinese (decision 042)", () => {
  const KEY = "年終大掃除";
  const encoded = encodeURIComponent(KEY);

  it("is saved, edited by its percent-encoded address, read by visitors and listed in the sitemap percent-encoded", async () => {
    const created = await call("POST", "/admin-api.php/pages", { page_key: KEY, title: "年終大掃除優惠", content: "<p>年終特價</p>", is_active: 1 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.page_key).toBe(KEY);
    await data("PUT", `/admin-api.php/pages/${encoded}`, { title: "年終大掃除優惠", content: "<p>年終特價，限時一週</p>" });
    const page = await t.services.site.pages.freePage(KEY);
    expect(page).toMatchObject({ page_key: KEY, title: "年終大掃除優惠", html: "<p>年終特價，限時一週</p>" });
    const api = await call("GET", `/api.php/pages/${encoded}`, undefined, {});
    expect(api.statusCode).toBe(200);
    expect(api.json().data.content).toBe("<p>年終特價，限時一週</p>");
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`/${encoded}</loc>`);
    expect(sitemap).not.toContain(`/${KEY}</loc>`);
  });

  it("takes Chinese with English, digits, hyphens and underscores; refuses other characters and reserved addresses, each with a message in words", async () => {
    expect((await call("POST", "/admin-api.php/pages", { page_key: "2026-年終_sale", title: "混合", content: "" })).statusCode).toBe(200);
    for (const [key, message] of [
      ["年終 大掃除", "網址只能用中文、小寫英文、數字、底線和連字號"],
      ["年終/大掃除", "網址只能用中文、小寫英文、數字、底線和連字號"],
      ["ｂｌｏｇ", "網址只能用中文、小寫英文、數字、底線和連字號"],
      ["-年終", "網址只能用中文、小寫英文、數字、底線和連字號"],
      ["年".repeat(61), "網址不能超過 60 個字"],
      ["", "請輸入網址"],
      ["blog", "「blog」是網站已在使用的網址，請換一個"],
      ["admin", "「admin」是網站已在使用的網址，請換一個"],
    ] as const) {
      const res = await call("POST", "/admin-api.php/pages", { page_key: key, title: "標題", content: "" });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors.page_key, key).toBe(message);
    }
    const twice = await call("POST", "/admin-api.php/pages", { page_key: KEY, title: "重複", content: "" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.page_key).toBe("這個網址已經有頁面了，請換一個");
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
      ["POST", "/admin-api.php/pages/about_company/unpublish"],
    ] as const) {
      expect((await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
