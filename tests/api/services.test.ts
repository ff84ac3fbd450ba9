// Services management through the HTTP API (002 §2.10, §3, §4, §5, §7, §8) and
// the public service detail (000 §7): categories, items and case images, with
// the input rules (price as a decimal, unit 次 by default, feature lists one per
// line, integers falling back to 0), images only for a saved item, one-request
// reorders, deletes, file references, 401 / 404 / 409.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import type { Db } from "#server/db/database.ts";
import { PublicCache } from "#server/lib/public-cache.ts";
import { createServicesService } from "#server/modules/services/services.service.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { specServiceEntry, specServicesPageSave } from "#tests/factories/services-page.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const HAN = /\p{Script=Han}/u;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const admin = () => bearer(token);
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers: Headers = admin()) =>
  t.app.inject({ method, url, headers, payload: payload as object | undefined });
async function data<T = any>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as T;
}

async function newCategory(name = `類別${Math.random().toString(36).slice(2, 7)}`) {
  return (await data<{ id: number }>("POST", "/admin-api.php/service-categories", { name })).id;
}
async function newItem(overrides: Record<string, unknown> = {}) {
  return data<{ id: number; [key: string]: unknown }>("POST", "/admin-api.php/service-items", { name: `服務${Math.random().toString(36).slice(2, 7)}`, ...overrides });
}

describe("the seeded catalogue", () => {
  it("lists the 12 built-in services with their categories, and a visitor reads one by id", async () => {
    const items = await data<Array<{ id: number; name: string; category_name: string; features: string[] }>>("GET", "/admin-api.php/service-items");
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items[0].category_name).not.toBe("");
    expect(items[0].features.length).toBeGreaterThan(0);
    const res = await call("GET", `/api.php/services/${items[0].id}`, undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: items[0].id, name: items[0].name, images: [] });
  });
});

describe("service items", () => {
  it("creates with the spec's defaults: unit 次, active, no price, features one per line without blanks or repeats", async () => {
    const item = await newItem({ features: "  專業設備\n\n環保藥劑\n專業設備\n", price: "" });
    expect(item).toMatchObject({ price_unit: "次", is_active: 1, price: null, features: ["專業設備", "環保藥劑"], display_order: 0, category_id: null, category_name: "" });
  });

  it("parses the price as a decimal (commas allowed) and display order as an integer falling back to 0", async () => {
    const categoryId = await newCategory("深度清潔測試");
    const item = await newItem({ price: "1,200.5", price_unit: "坪", display_order: "abc", category_id: String(categoryId) });
    expect(item).toMatchObject({ price: 1200.5, price_unit: "坪", display_order: 0, category_id: categoryId, category_name: "深度清潔測試" });
  });

  it("refuses a missing name, a bad price and an unknown category with a message per field", async () => {
    const res = await call("POST", "/admin-api.php/service-items", { name: " ", price: "很多", features: [1] });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.name).toBe("請輸入服務名稱");
    expect(errors.price).toBe("價格必須是數字，例如 1200");
    for (const message of Object.values(errors) as string[]) expect(message).toMatch(HAN);
    const unknown = await call("POST", "/admin-api.php/service-items", { name: "孤兒服務", category_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.category_id).toBe("請選擇存在的服務類別");
  });

  it("updates, and an inactive item is gone from the public detail (404 with the spec's text)", async () => {
    const item = await newItem({ name: "外牆清洗" });
    const updated = await data("PUT", `/admin-api.php/service-items/${item.id}`, { name: "外牆高壓清洗", is_active: 0, references: ["台北 101 周邊大樓"] });
    expect(updated).toMatchObject({ name: "外牆高壓清洗", is_active: 0, references: ["台北 101 周邊大樓"] });
    const res = await call("GET", `/api.php/services/${item.id}`, undefined, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("服務項目不存在");
  });

  it("reorders in one request; a stale order changes nothing (409)", async () => {
    const items = await data<Array<{ id: number }>>("GET", "/admin-api.php/service-items");
    const reversed = items.map((item) => item.id).reverse();
    const after = await data<Array<{ id: number; display_order: number }>>("PUT", "/admin-api.php/service-items/reorder", { ids: reversed });
    expect(after.map((item) => item.id)).toEqual(reversed);
    expect(after.map((item) => item.display_order)).toEqual(reversed.map((_, index) => index + 1));
    const stale = await call("PUT", "/admin-api.php/service-items/reorder", { ids: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect((await data<Array<{ id: number }>>("GET", "/admin-api.php/service-items")).map((item) => item.id)).toEqual(reversed);
  });

  it("deletes with its images and frees their files; unknown ids answer 404", async () => {
    const item = await newItem();
    await data("POST", "/admin-api.php/service-images", { service_id: item.id, image_path: "/uploads/2026/11/case.jpg" });
    const res = await call("DELETE", `/admin-api.php/service-items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("刪除服務項目成功");
    expect(await t.database.db.selectFrom("service_images").where("service_id", "=", item.id).selectAll().execute()).toHaveLength(0);
    expect(await t.database.db.selectFrom("media_references").where("owner_type", "in", ["service-item", "service-image"]).where("owner_id", "=", String(item.id)).selectAll().execute()).toHaveLength(0);
    expect((await call("DELETE", `/admin-api.php/service-items/${item.id}`)).statusCode).toBe(404);
    expect((await call("PUT", "/admin-api.php/service-items/abc", { name: "x" })).statusCode).toBe(404);
  });
});

describe("service categories", () => {
  it("creates, lists with item counts, updates, and answers the spec's messages", async () => {
    const created = await call("POST", "/admin-api.php/service-categories", { name: "景觀維護測試", description: "庭園", display_order: 3 });
    expect(created.json().message).toBe("新增服務類別成功");
    const id = created.json().data.id;
    await newItem({ category_id: id });
    const listed = (await data<Array<{ id: number; name: string; item_count: number; display_order: number }>>("GET", "/admin-api.php/service-categories")).find((entry) => entry.id === id);
    expect(listed).toMatchObject({ name: "景觀維護測試", item_count: 1, display_order: 3 });
    const updated = await call("PUT", `/admin-api.php/service-categories/${id}`, { name: "庭園景觀" });
    expect(updated.json().message).toBe("更新服務類別成功");
    // Fields left out keep their stored values.
    const after = (await data<Array<{ id: number; name: string; description: string; display_order: number }>>("GET", "/admin-api.php/service-categories")).find((entry) => entry.id === id);
    expect(after).toMatchObject({ name: "庭園景觀", description: "庭園", display_order: 3 });
  });

  it("refuses a second category of the same name (409), on create and on rename", async () => {
    await newCategory("唯一類別");
    const twice = await call("POST", "/admin-api.php/service-categories", { name: "唯一類別" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.name).toBe("已有名為「唯一類別」的服務類別");
    const other = await newCategory("另一類別");
    expect((await call("PUT", `/admin-api.php/service-categories/${other}`, { name: "唯一類別" })).statusCode).toBe(409);
  });

  it("keeps a category that still holds items (409, naming how many) and deletes an empty one", async () => {
    const id = await newCategory("待刪類別");
    const item = await newItem({ category_id: id });
    const refused = await call("DELETE", `/admin-api.php/service-categories/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("「待刪類別」還有 1 個服務項目，請先移到其他類別或刪除後再刪除這個類別");
    await call("DELETE", `/admin-api.php/service-items/${item.id}`);
    const deleted = await call("DELETE", `/admin-api.php/service-categories/${id}`);
    expect(deleted.json().message).toBe("刪除服務類別成功");
  });

  it("refuses a nameless category", async () => {
    const res = await call("POST", "/admin-api.php/service-categories", { name: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe("請輸入類別名稱");
  });
});

describe("service images", () => {
  it("are added only to a saved item, with the spec's message otherwise", async () => {
    for (const serviceId of [0, "", 999999]) {
      const res = await call("POST", "/admin-api.php/service-images", { service_id: serviceId, image_path: "/uploads/x.jpg" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("請先保存服務項目再新增圖片");
    }
  });

  it("need a path, are listed in order for their item, reorder in one request, and show on the public detail", async () => {
    const item = await newItem();
    const blank = await call("POST", "/admin-api.php/service-images", { service_id: item.id, image_path: "  " });
    expect(blank.json().message).toBe("沒有有效的圖片路徑，請檢查上傳狀態");
    const first = await data("POST", "/admin-api.php/service-images", { service_id: item.id, image_path: "/uploads/a.jpg", title: "施工前" });
    const second = await data("POST", "/admin-api.php/service-images", { service_id: item.id, image_path: "/uploads/b.jpg", title: "施工後" });
    expect([first.display_order, second.display_order]).toEqual([1, 2]);
    const reordered = await data<Array<{ id: number }>>("PUT", `/admin-api.php/service-images/reorder?service_id=${item.id}`, { ids: [second.id, first.id] });
    expect(reordered.map((image) => image.id)).toEqual([second.id, first.id]);
    const listed = await data<Array<{ title: string }>>("GET", `/admin-api.php/service-images?service_id=${item.id}`);
    expect(listed.map((image) => image.title)).toEqual(["施工後", "施工前"]);
    const detail = (await call("GET", `/api.php/services/${item.id}`, undefined, {})).json().data;
    expect(detail.images.map((image: { image_path: string }) => image.image_path)).toEqual(["/uploads/b.jpg", "/uploads/a.jpg"]);
    expect((await call("DELETE", `/admin-api.php/service-images/${first.id}`)).json().message).toBe("圖片已刪除");
    expect((await call("DELETE", `/admin-api.php/service-images/${first.id}`)).statusCode).toBe(404);
  });
});

describe("a service is entered once (decision 031)", () => {
  const publicContent = async (key: string) => JSON.parse((await data<{ content: string }>("GET", `/api.php/pages/${key}`)).content);

  it("a service made in 服務管理 is on the services page's and the home grid's JSON at once, linking by id; switched off it is gone", async () => {
    // Read first, so the pages' cached reads exist and must be dropped by the service's save.
    const before = await t.services.site.pages.servicesPage();
    await t.services.site.pages.homeServices();
    const item = await newItem({ name: "冷氣深層清洗", description: "拆洗室內機與室外機", features: ["拆卸清洗", "殺菌除臭"], price: 2500, price_unit: "台", main_image: "/uploads/2026/01/ac.webp" });
    for (const key of ["services_page", "home_services"]) {
      const cards = (await publicContent(key)).services as Array<Record<string, unknown>>;
      const card = cards.find((entry) => entry.id === item.id);
      expect(card, key).toMatchObject({ key: `service_${item.id}`, title: "冷氣深層清洗", description: "拆洗室內機與室外機", features: ["拆卸清洗", "殺菌除臭"], price: 2500, price_unit: "台", image: "/uploads/2026/01/ac.webp", icon: "Sparkles" });
      // Numbered 1, 2, 3…, in 服務管理's order (the seeded pages have chosen nothing yet).
      expect(cards.map((entry) => entry.order)).toEqual(cards.map((_, index) => index + 1));
    }
    const site = await t.services.site.pages.servicesPage();
    expect(site.services).toHaveLength(before.services.length + 1);
    expect((await t.services.site.pages.homeServices()).services.some((card) => card.id === item.id)).toBe(true);
    // Every card is a service with a page a visitor can open.
    for (const card of site.services) expect((await call("GET", `/api.php/services/${card.id}`, undefined, {})).statusCode).toBe(200);

    await data("PUT", `/admin-api.php/service-items/${item.id}`, { is_active: 0 });
    expect(((await publicContent("services_page")).services as Array<{ id: number }>).some((entry) => entry.id === item.id)).toBe(false);
    expect((await t.services.site.pages.homeServices()).services.some((card) => card.id === item.id)).toBe(false);
  });

  it("a service keeps its key when renamed: the one a client gave it, or its service_{id} (decision 044)", async () => {
    const shown = (await publicContent("services_page")).services as unknown[];
    const saved = await call("PUT", "/admin-api.php/pages/services_page", specServicesPageSave([...shown, specServiceEntry("window_track", shown.length + 1, "窗溝清潔")]));
    expect(saved.statusCode, saved.body).toBe(200);
    const cards = () => data<Array<{ id: number; key: string; name: string }>>("GET", "/admin-api.php/service-cards");
    const keyed = (await cards()).find((card) => card.name === "窗溝清潔")!;
    expect(keyed.key).toBe("window_track");
    const plain = await newItem({ name: "紗窗清洗" });
    for (const [id, name] of [[keyed.id, "窗溝深層清潔"], [plain.id, "紗窗拆洗"]] as const) {
      await data("PUT", `/admin-api.php/service-items/${id}`, { name });
    }
    const after = await cards();
    expect([keyed.id, plain.id].map((id) => after.find((card) => card.id === id)).map((card) => [card?.name, card?.key])).toEqual([
      ["窗溝深層清潔", "window_track"],
      ["紗窗拆洗", `service_${plain.id}`],
    ]);
  });

  it("GET /admin-api.php/service-cards lists every service with its card's icon, for the pages screen", async () => {
    const cards = await data<Array<{ id: number; key: string; name: string; icon: string; is_active: number }>>("GET", "/admin-api.php/service-cards");
    expect(cards.find((card) => card.key === "water_tank_service")).toMatchObject({ name: "水塔清洗消毒", icon: "Droplets", is_active: 1 });
    expect((await call("GET", "/admin-api.php/service-cards", undefined, {})).statusCode).toBe(401);
  });
});

describe("the sitemap", () => {
  it("lists each active service's page, and not a switched-off one", async () => {
    const shown = await newItem({ name: "上架的服務" });
    const hidden = await newItem({ name: "下架的服務", is_active: 0 });
    const body = (await call("GET", "/sitemap.xml", undefined, {})).body;
    expect(body).toContain(`/services/${shown.id}</loc>`);
    expect(body).not.toContain(`/services/${hidden.id}</loc>`);
  });
});

describe("the service page when the database cannot answer", () => {
  it("answers the built-in catalogue's entry of that id, marked as a fallback (000 §8), and null for an id it does not have", async () => {
    const down = new Proxy({}, { get: () => () => { throw new Error("the database is down"); } }) as unknown as Db;
    const services = createServicesService({ db: down, logger: pino({ level: "silent" }), cache: new PublicCache() });
    const found = await services.site.detail(1);
    expect(found.fallback).toBe(true);
    expect(found.service).toMatchObject({ id: 1, name: "水塔清洗消毒", category_name: "深度清潔", images: [] });
    expect((await services.site.detail(99)).service).toBeNull();
  });
});

describe("access", () => {
  it("every management call answers 401 without a token; the public detail needs none", async () => {
    for (const [method, url] of [
      ["GET", "/admin-api.php/service-items"],
      ["POST", "/admin-api.php/service-items"],
      ["GET", "/admin-api.php/service-categories"],
      ["DELETE", "/admin-api.php/service-categories/1"],
      ["GET", "/admin-api.php/service-images?service_id=1"],
      ["PUT", "/admin-api.php/service-items/reorder"],
    ] as const) {
      expect((await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call("GET", "/api.php/services/999999", undefined, {})).statusCode).toBe(404);
  });
});
