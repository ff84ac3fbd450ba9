// Service types through the HTTP API (001 §3, §4, §5, §7, §8, §9; 000 §6, §7):
// the public options (value + label) and the back office's full list (is_auto,
// case_count), both with the automatic types first by their order and the
// manual ones after in Traditional Chinese collation; create (both fields,
// trimmed; duplicate code or name → 409), rename (label only), delete (not an
// automatic one, not one a case uses), the services page's sync of the
// automatic ones, activity rows, 400 / 401 / 404 / 409.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_TYPE_MESSAGES, type ServiceType, type ServiceTypeOption } from "#contract/service-types.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { insertPortfolio, insertServiceType } from "#tests/factories/content.factory.ts";
import { specServiceEntry, specServicesPageSave } from "#tests/factories/services-page.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const HAN = /\p{Script=Han}/u;
const TYPES = "/admin-api.php/service-types";
const zhTW = new Intl.Collator("zh-Hant-TW");

let t: TestApp;
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t);
  adminId = admin.id;
  token = await sessionToken(t, admin.id);
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Headers = Record<string, string>;
const call = (method: Method, url: string, payload?: unknown, headers: Headers = bearer(token)) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function adminList(): Promise<ServiceType[]> {
  const res = await call("GET", TYPES);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function publicList(headers: Headers = {}): Promise<ServiceTypeOption[]> {
  const res = await call("GET", TYPES, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data;
}
async function createType(value: string, label: string): Promise<ServiceType> {
  const res = await call("POST", TYPES, { value, label });
  expect(res.statusCode, res.body).toBe(200);
  const created = (res.json().data as ServiceType[]).find((type) => type.value === value.trim());
  expect(created).toBeDefined();
  return created!;
}
const typeRows = () => t.database.db.selectFrom("service_types").selectAll().orderBy("id").execute();
/** The stored automatic types in their order: what the list must start with. */
const automaticInOrder = async () =>
  (await t.database.db.selectFrom("service_types").select(["value", "label", "sort_order"]).where("is_auto", "=", 1).execute())
    .map((row) => ({ ...row, sort_order: Number(row.sort_order) }))
    .sort((a, b) => a.sort_order - b.sort_order || zhTW.compare(a.label, b.label));
const manualLabels = async () =>
  (await t.database.db.selectFrom("service_types").select("label").where("is_auto", "=", 0).execute()).map((row) => row.label).sort(zhTW.compare);

describe("the seeded list", () => {
  it("has the 12 automatic types, water_tank_service first, in the services' order", async () => {
    const list = await adminList();
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({ value: "water_tank_service", label: "水塔清洗消毒", icon: "Droplets", is_auto: true, case_count: 0 });
    expect(list.map((type) => type.sort_order)).toEqual([...list.map((type) => type.sort_order)].sort((a, b) => a - b));
    expect(list.map((type) => type.value)).toEqual((await automaticInOrder()).map((type) => type.value));
  });
});

describe("the public answer and the administrator's answer", () => {
  it.each<[string, Headers]>([
    ["no token", {}],
    ["Bearer public", { authorization: "Bearer public" }],
  ])("with %s: only value and label, in the same order as the back office's list", async (_label, headers) => {
    const options = await publicList(headers);
    expect(options.length).toBeGreaterThanOrEqual(12);
    for (const option of options) {
      expect(Object.keys(option).sort()).toEqual(["label", "value"]);
      expect(typeof option.value).toBe("string");
      expect(typeof option.label).toBe("string");
    }
    expect(options).toEqual((await adminList()).map(({ value, label }) => ({ value, label })));
  });

  it("with an administrator's token: id, value, label, icon, sort_order, is_auto and case_count", async () => {
    const list = await adminList();
    for (const type of list) {
      expect(Object.keys(type).sort()).toEqual(["case_count", "icon", "id", "is_auto", "label", "sort_order", "value"]);
      expect(type).toMatchObject({ id: expect.any(Number), icon: expect.any(String), sort_order: expect.any(Number), is_auto: expect.any(Boolean), case_count: expect.any(Number) });
    }
  });

  it("case_count counts the cases of each type, active or not", async () => {
    const { value } = await insertServiceType(t.database.db, { label: "計數用類型" });
    await insertPortfolio(t.database.db, { category: value });
    await insertPortfolio(t.database.db, { category: value, status: "inactive" });
    await insertPortfolio(t.database.db, { category: "floor_cleaning" });
    const list = await adminList();
    expect(list.find((type) => type.value === value)!.case_count).toBe(2);
    const floor = list.find((type) => type.value === "floor_cleaning")!;
    expect(floor.case_count).toBe(1);
    expect(floor.is_auto).toBe(true);
    const manual = list.find((type) => type.value === value)!;
    expect(manual.is_auto).toBe(false);
  });
});

describe("sort order", () => {
  it("automatic types first by their order, then manual ones by name in Traditional Chinese collation", async () => {
    const labels = ["石材", "冷氣", "地毯"];
    for (const [index, label] of labels.entries()) await createType(`sort_probe_${index}`, label);
    const expectedManual = await manualLabels();
    // The collation is not the order of the code points, nor the order they were added in.
    const probes = expectedManual.filter((label) => labels.includes(label));
    expect(probes).toEqual([...labels].sort(zhTW.compare));
    expect(probes).not.toEqual([...labels].sort());
    expect(probes).not.toEqual(labels);

    const automatic = (await automaticInOrder()).map((type) => type.label);
    const expected = [...automatic, ...expectedManual];
    expect((await adminList()).map((type) => type.label)).toEqual(expected);
    expect((await publicList({ authorization: "Bearer public" })).map((type) => type.label)).toEqual(expected);
    // Every automatic one comes before every manual one.
    const flags = (await adminList()).map((type) => type.is_auto);
    expect(flags.indexOf(false)).toBe(automatic.length);
    expect(flags.slice(automatic.length).every((flag) => !flag)).toBe(true);
  });

  it("a manual type with a low sort order still comes after every automatic one", async () => {
    await insertServiceType(t.database.db, { value: "zero_order_manual", label: "一號手動", sort_order: -5 });
    const list = await adminList();
    const index = list.findIndex((type) => type.value === "zero_order_manual");
    expect(index).toBeGreaterThanOrEqual((await automaticInOrder()).length);
  });
});

describe("adding a service type", () => {
  it("trims both fields and answers the whole list with the new manual type and the spec's message", async () => {
    const res = await call("POST", TYPES, { value: "  window_cleaning  ", label: "  玻璃清潔  " });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: SERVICE_TYPE_MESSAGES.created });
    const list = body.data as ServiceType[];
    expect(list.map((type) => type.value)).toEqual((await adminList()).map((type) => type.value));
    expect(list.find((type) => type.value === "window_cleaning")).toMatchObject({ label: "玻璃清潔", is_auto: false, case_count: 0, id: expect.any(Number) });
    expect((await publicList()).find((type) => type.value === "window_cleaning")).toEqual({ value: "window_cleaning", label: "玻璃清潔" });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["both missing", {}, ["value", "label"]],
    ["a blank code", { value: "   ", label: "有名稱" }, ["value"]],
    ["a blank name", { value: "has_code", label: "  " }, ["label"]],
  ])("refuses %s (400, a message per field) and adds nothing", async (_label, payload, fields) => {
    const before = await typeRows();
    const res = await call("POST", TYPES, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: VALIDATION_MESSAGE });
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
    for (const message of Object.values(res.json().errors) as string[]) expect(message).toMatch(HAN);
    if (payload.value === "   ") expect(res.json().errors.value).toBe("請輸入服務類型代碼");
    if (payload.label === "  ") expect(res.json().errors.label).toBe("請輸入服務類型名稱");
    expect(await typeRows()).toEqual(before);
  });

  it("refuses a code that exists (409 duplicate, errors.value), an automatic one's too", async () => {
    await createType("duct_cleaning", "風管清潔");
    const before = await typeRows();
    for (const value of ["duct_cleaning", " water_tank_service "]) {
      const res = await call("POST", TYPES, { value, label: `新名稱 ${value.trim()}` });
      expect(res.statusCode, value).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: SERVICE_TYPE_MESSAGES.duplicate });
      expect(res.json().errors).toEqual({ value: SERVICE_TYPE_MESSAGES.duplicate });
    }
    expect(await typeRows()).toEqual(before);
  });

  it("refuses a name that exists (409 duplicate, errors.label), an automatic one's too", async () => {
    await createType("glass_curtain", "帷幕清洗");
    const before = await typeRows();
    for (const label of ["帷幕清洗", " 水塔清洗消毒 "]) {
      const res = await call("POST", TYPES, { value: `fresh_${before.length}_${label.length}`, label });
      expect(res.statusCode, label).toBe(409);
      expect(res.json().message).toBe(SERVICE_TYPE_MESSAGES.duplicate);
      expect(res.json().errors).toEqual({ label: SERVICE_TYPE_MESSAGES.duplicate });
    }
    const both = await call("POST", TYPES, { value: "glass_curtain", label: "帷幕清洗" });
    expect(both.statusCode).toBe(409);
    expect(both.json().errors).toEqual({ value: SERVICE_TYPE_MESSAGES.duplicate, label: SERVICE_TYPE_MESSAGES.duplicate });
    expect(await typeRows()).toEqual(before);
  });
});

describe("renaming a service type", () => {
  it("changes the label only and answers the list with the spec's message", async () => {
    const created = await createType("sofa_care", "沙發保養");
    const res = await call("PUT", `${TYPES}/${created.id}`, { label: "  布沙發保養  ", value: "changed_code" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SERVICE_TYPE_MESSAGES.updated });
    const renamed = (res.json().data as ServiceType[]).find((type) => type.id === created.id);
    expect(renamed).toMatchObject({ value: "sofa_care", label: "布沙發保養", is_auto: false });
    expect((await adminList()).some((type) => type.value === "changed_code")).toBe(false);
  });

  it("a case shows the new name", async () => {
    const created = await createType("mold_removal", "除霉");
    const caseId = await insertPortfolio(t.database.db, { category: "mold_removal" });
    await call("PUT", `${TYPES}/${created.id}`, { label: "浴室除霉" });
    const res = await call("GET", `/admin-api.php/portfolios/${caseId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ category: "mold_removal", category_label: "浴室除霉" });
  });

  it("refuses an empty name (400 errors.label) and keeps the stored one", async () => {
    const created = await createType("gutter_cleaning", "排水溝清潔");
    for (const payload of [{ label: "" }, { label: "   " }, {}]) {
      const res = await call("PUT", `${TYPES}/${created.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(VALIDATION_MESSAGE);
      expect(res.json().errors.label).toMatch(HAN);
    }
    expect((await call("PUT", `${TYPES}/${created.id}`, { label: "" })).json().errors.label).toBe("請輸入服務類型名稱");
    expect((await adminList()).find((type) => type.id === created.id)!.label).toBe("排水溝清潔");
  });

  it("refuses another type's name (409 errors.label); keeping its own name is fine", async () => {
    await createType("rename_a", "甲類清潔");
    const other = await createType("rename_b", "乙類清潔");
    const clash = await call("PUT", `${TYPES}/${other.id}`, { label: "甲類清潔" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: SERVICE_TYPE_MESSAGES.duplicate, errors: { label: SERVICE_TYPE_MESSAGES.duplicate } });
    expect((await call("PUT", `${TYPES}/${other.id}`, { label: "水塔清洗消毒" })).statusCode).toBe(409);
    expect((await call("PUT", `${TYPES}/${other.id}`, { label: "乙類清潔" })).statusCode).toBe(200);
    expect((await adminList()).find((type) => type.id === other.id)!.label).toBe("乙類清潔");
  });

  it("refuses an automatic type (409 automaticReadOnly) and leaves it as it was", async () => {
    const automatic = (await adminList()).find((type) => type.value === "stone_polishing")!;
    const res = await call("PUT", `${TYPES}/${automatic.id}`, { label: "改不了" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: SERVICE_TYPE_MESSAGES.automaticReadOnly });
    expect((await adminList()).find((type) => type.id === automatic.id)).toEqual(automatic);
  });

  it.each(["999999", "abc", "0"])("answers 404 for the unknown id %s", async (id) => {
    const res = await call("PUT", `${TYPES}/${id}`, { label: "不存在" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: SERVICE_TYPE_MESSAGES.notFound });
  });
});

describe("deleting a service type", () => {
  it("removes an unused manual type and answers the list without it", async () => {
    const created = await createType("to_delete", "待刪類型");
    const res = await call("DELETE", `${TYPES}/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SERVICE_TYPE_MESSAGES.deleted });
    expect((res.json().data as ServiceType[]).some((type) => type.id === created.id)).toBe(false);
    expect((await publicList()).some((type) => type.value === "to_delete")).toBe(false);
    const again = await call("DELETE", `${TYPES}/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SERVICE_TYPE_MESSAGES.notFound);
  });

  it("refuses one a case uses (409 naming how many cases), and deletes it once no case does", async () => {
    const created = await createType("in_use_type", "使用中類型");
    const first = await insertPortfolio(t.database.db, { category: "in_use_type" });
    const second = await insertPortfolio(t.database.db, { category: "in_use_type", status: "inactive" });
    const refused = await call("DELETE", `${TYPES}/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: SERVICE_TYPE_MESSAGES.inUse(2) });
    expect((await adminList()).find((type) => type.id === created.id)!.case_count).toBe(2);

    await t.database.db.deleteFrom("portfolios").where("id", "=", second).execute();
    expect((await call("DELETE", `${TYPES}/${created.id}`)).json().message).toBe(SERVICE_TYPE_MESSAGES.inUse(1));
    await t.database.db.deleteFrom("portfolios").where("id", "=", first).execute();
    expect((await call("DELETE", `${TYPES}/${created.id}`)).statusCode).toBe(200);
  });

  it("refuses an automatic type (409 automaticReadOnly), even an unused one", async () => {
    const automatic = (await adminList()).find((type) => type.value === "pest_control")!;
    expect(automatic.case_count).toBe(0);
    const res = await call("DELETE", `${TYPES}/${automatic.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SERVICE_TYPE_MESSAGES.automaticReadOnly);
    expect((await adminList()).some((type) => type.id === automatic.id)).toBe(true);
  });

  it.each(["999999", "abc", "-2"])("answers 404 for the unknown id %s", async (id) => {
    const res = await call("DELETE", `${TYPES}/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SERVICE_TYPE_MESSAGES.notFound);
  });
});

describe("activity and the public options", () => {
  it("each write records a row naming the administrator; refused writes record none", async () => {
    const rowsOf = (action: string, id: number) =>
      t.database.db.selectFrom("activity_log").select(["admin_user_id", "summary"]).where("action", "=", action).where("entity_id", "=", String(id)).execute();
    const created = await createType("activity_type", "紀錄類型");
    await call("PUT", `${TYPES}/${created.id}`, { label: "紀錄類型二" });
    await call("DELETE", `${TYPES}/${created.id}`);
    for (const action of ["service-type.create", "service-type.update", "service-type.delete"]) {
      const rows = await rowsOf(action, created.id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.admin_user_id).toBe(adminId);
      expect(rows[0]!.summary).toMatch(/紀錄類型/);
    }
    const count = async () => (await t.database.db.selectFrom("activity_log").select("id").where("action", "like", "service-type.%").execute()).length;
    const before = await count();
    const automatic = (await adminList()).find((type) => type.value === "event_cleaning")!;
    expect((await call("PUT", `${TYPES}/${automatic.id}`, { label: "x" })).statusCode).toBe(409);
    expect((await call("POST", TYPES, { value: "water_tank_service", label: "重複" })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it("the public pages' options follow a write at once (the cached answer is dropped)", async () => {
    const options = () => t.services.serviceTypes.site.options();
    expect((await options()).some((type) => type.value === "cache_probe")).toBe(false);
    await options();
    const created = await createType("cache_probe", "快取測試");
    expect((await options()).find((type) => type.value === "cache_probe")).toEqual({ value: "cache_probe", label: "快取測試" });
    await call("PUT", `${TYPES}/${created.id}`, { label: "快取測試改名" });
    expect((await options()).find((type) => type.value === "cache_probe")!.label).toBe("快取測試改名");
    await call("DELETE", `${TYPES}/${created.id}`);
    expect((await options()).some((type) => type.value === "cache_probe")).toBe(false);
  });
});

describe("access", () => {
  let guarded = 0;
  it.each<[string, Headers]>([
    ["no token", {}],
    ["Bearer public", { authorization: "Bearer public" }],
    ["a wrong token", { authorization: "Bearer not-a-real-token-0123456789abcdef" }],
  ])("adding, renaming and deleting answer 401 with %s, and change nothing", async (label, headers) => {
    guarded += 1;
    const created = await createType(`guarded_${guarded}`, `受保護類型 ${guarded}`);
    const before = await typeRows();
    for (const [method, url, payload] of [
      ["POST", TYPES, { value: "intruder", label: "入侵者" }],
      ["PUT", `${TYPES}/${created.id}`, { label: "被改名" }],
      ["DELETE", `${TYPES}/${created.id}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, headers);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().success).toBe(false);
      if (label === "no token") expect(res.json().message).toBe(LOGIN_REQUIRED);
      else expect(res.json().message).toMatch(HAN);
    }
    expect(await typeRows()).toEqual(before);
  });

  it("a wrong token on the list is answered as a visitor: value and label only", async () => {
    const options = await publicList({ authorization: "Bearer not-a-real-token-0123456789abcdef" });
    for (const option of options) expect(Object.keys(option).sort()).toEqual(["label", "value"]);
  });
});

// Last: it changes the automatic types every earlier test relies on.
describe("the services page's sync (001 §3)", () => {
  it("saving the services page renames, reorders and adds automatic types and keeps the manual ones", async () => {
    const manualBefore = (await adminList()).filter((type) => !type.is_auto);
    expect(manualBefore.length).toBeGreaterThan(0);

    // The page JSON as the spec's GET gives it, changed and posted back (decision 031: its cards are services of 服務管理).
    const content = await publicServicesPage();
    const water = content.services.find((service) => service.key === "water_tank_service")!;
    const floor = content.services.find((service) => service.key === "floor_cleaning")!;
    floor.title = "地板打蠟（新版）";
    content.services = [...content.services.filter((service) => service !== water), { key: "air_conditioner_cleaning", title: "冷氣清洗", order: 13, icon: "Waves" }, water];

    const saved = await call("PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: JSON.stringify(content) });
    expect(saved.statusCode, saved.body).toBe(200);

    const list = await adminList();
    const automatic = list.filter((type) => type.is_auto);
    expect(automatic).toHaveLength(13);
    // Ordered by the page's list: the water tank moved last, the typed card (now a service, with the card's key: decision 044) before it.
    expect(automatic.at(-1)).toMatchObject({ value: "water_tank_service", sort_order: 13 });
    expect(automatic.at(-2)).toMatchObject({ value: "air_conditioner_cleaning", label: "冷氣清洗", icon: "Waves", sort_order: 12, case_count: 0 });
    expect(automatic[0]!.value).toBe("floor_cleaning");
    expect(automatic[0]!.label).toBe("地板打蠟（新版）");
    // The manual ones are kept, after the automatic ones, unchanged.
    expect(list.slice(automatic.length)).toEqual(manualBefore);

    // A synced type is read-only like the seeded ones.
    const added = automatic.at(-2)!;
    expect((await call("PUT", `${TYPES}/${added.id}`, { label: "手動改名" })).statusCode).toBe(409);
    expect((await call("DELETE", `${TYPES}/${added.id}`)).statusCode).toBe(409);
    expect((await publicList()).map((type) => type.value)).toEqual(list.map((type) => type.value));
  });

  it("a service titled like a manual type is still synced, and the manual type keeps its name", async () => {
    const manual = await createType("dust_mite_manual", "除蟎清潔");
    const content = await publicServicesPage();
    content.services.push({ key: "dust_mite_service", title: "除蟎清潔", order: 14, icon: "Sofa" });
    const saved = await call("PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: JSON.stringify(content) });
    expect(saved.statusCode, saved.body).toBe(200);

    const list = await adminList();
    expect(list.find((type) => type.id === manual.id)).toMatchObject({ value: "dust_mite_manual", label: "除蟎清潔", is_auto: false });
    const synced = list.find((type) => type.value === "dust_mite_service")!;
    expect(synced).toMatchObject({ is_auto: true, sort_order: 14 });
    expect(synced.label).toContain("除蟎清潔");
    expect(synced.label).not.toBe("除蟎清潔");
    expect(new Set(list.map((type) => type.label)).size).toBe(list.length);
  });
  it("a service whose key is a manual type's code leaves that type as staff made it", async () => {
    const made = await call("POST", "/admin-api.php/service-items", { name: "頁面上的服務" });
    expect(made.statusCode, made.body).toBe(200);
    // A type staff made by hand with that code before the service existed (the service's own automatic type is made at once).
    const value = `service_${made.json().data.id}`;
    await t.database.db.updateTable("service_types").set({ is_auto: 0, label: "手動佔用" }).where("value", "=", value).execute();
    const manual = (await adminList()).find((type) => type.value === value)!;
    const saved = await call("PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: JSON.stringify(await publicServicesPage()) });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await adminList()).find((type) => type.value === manual.value)).toMatchObject({ id: manual.id, label: "手動佔用", is_auto: false });
  });

  it("a key the spec's client posts is the automatic type's code, through a rename in 服務管理 and a retitled card (decision 044)", async () => {
    const water = (await publicServicesPage()).services.find((service) => service.key === "water_tank_service")!;
    const save = (title: string) =>
      call("PUT", "/admin-api.php/pages/services_page", specServicesPageSave([specServiceEntry("water_tank_service", 1, water.title), specServiceEntry("gutter_clearing", 2, title, { icon: "Droplets" })]));
    expect((await save("屋頂排水溝清理")).statusCode).toBe(200);
    const made = await serviceNamed("屋頂排水溝清理");
    const typed = (await adminList()).find((type) => type.value === "gutter_clearing")!;
    expect(typed).toMatchObject({ label: "屋頂排水溝清理", icon: "Droplets", is_auto: true, sort_order: 2 });
    expect((await publicList()).some((type) => type.value === `service_${made}`)).toBe(false);

    expect((await call("PUT", `/admin-api.php/service-items/${made}`, { name: "排水溝清理" })).statusCode).toBe(200);
    expect((await adminList()).find((type) => type.id === typed.id)).toMatchObject({ value: "gutter_clearing", label: "排水溝清理" });
    expect((await save("排水溝疏通")).statusCode).toBe(200);
    expect((await publicList()).find((type) => type.value === "gutter_clearing")?.label).toBe("排水溝疏通");
  });

  it("follows 服務管理 at once: a service added, renamed, switched off and deleted there is added, renamed and removed here", async () => {
    const made = await call("POST", "/admin-api.php/service-items", { name: "百葉窗清洗" });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const typeOf = async () => (await adminList()).find((type) => type.value === `service_${id}`);
    expect(await typeOf()).toMatchObject({ label: "百葉窗清洗", is_auto: true });

    expect((await call("PUT", `/admin-api.php/service-items/${id}`, { name: "百葉窗深層清洗" })).statusCode).toBe(200);
    expect((await typeOf())?.label).toBe("百葉窗深層清洗");
    // The public options (the case gallery's filter) were cached before the rename: they follow too.
    expect((await publicList()).find((type) => type.value === `service_${id}`)?.label).toBe("百葉窗深層清洗");

    expect((await call("PUT", `/admin-api.php/service-items/${id}`, { is_active: 0 })).statusCode).toBe(200);
    expect(await typeOf()).toBeUndefined();
    expect((await call("PUT", `/admin-api.php/service-items/${id}`, { is_active: 1 })).statusCode).toBe(200);
    expect(await typeOf()).toBeDefined();
    expect((await call("DELETE", `/admin-api.php/service-items/${id}`)).statusCode).toBe(200);
    expect(await typeOf()).toBeUndefined();
  });
});

/** GET /api.php/pages/services_page's content: the spec's entries, produced from the services. */
async function publicServicesPage(): Promise<{ services: Array<{ key: string; title: string; order: number; icon: string }> }> {
  const res = await call("GET", "/api.php/pages/services_page", undefined, {});
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.json().data.content);
}

async function serviceNamed(name: string): Promise<number> {
  return (await t.database.db.selectFrom("service_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

