// Cleaning cases (portfolios) through the HTTP API (000 §2, §3, §5, §6, §7, §8,
// §9; 001 §2, §3, §4, §5, §7, §8, §9): the paged list (10 a page, 9 for the
// gallery, newest first) with its search and service-type filter, visitors
// (no token or `Bearer public`) seeing active cases only; one case; create and
// partial update with the input rules (features trimmed and deduplicated, an
// empty date is null, featured a boolean); before/after photo groups (default
// titles, comparison computed, ids kept, left-out groups removed, the array's
// order, the one-request reorder with its stale-list refusal); a legacy case
// made only of images; deletes; the files a case shows held by the media
// library; activity rows; the public pages' cache; 400 / 401 / 404 / 409.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { PORTFOLIO_MESSAGES, type PhotoGroup, type Portfolio, type PortfolioList } from "#contract/portfolios.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { insertPortfolio } from "#tests/factories/content.factory.ts";
import { multipart, pngImage } from "#tests/factories/media.factory.ts";
import { specServiceEntry, specServicesPageSave } from "#tests/factories/services-page.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const HAN = /\p{Script=Han}/u;
const CASES = "/admin-api.php/portfolios";
const PUBLIC = { authorization: "Bearer public" };

let t: TestApp;
let token: string;
let adminId: number;
let labels: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t);
  adminId = admin.id;
  token = await sessionToken(t, admin.id);
  labels = new Map((await t.database.db.selectFrom("service_types").select(["value", "label"]).execute()).map((row) => [row.value, row.label]));
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Headers = Record<string, string>;
type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const call = (method: Method, url: string, payload?: unknown, headers: Headers = bearer(token)) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

function okData<T>(res: Injected): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as T;
}
const create = async (payload: Record<string, unknown>) => okData<Portfolio>(await call("POST", CASES, { category: "water_tank_service", ...payload }));
const update = async (id: number, payload: Record<string, unknown>) => okData<Portfolio>(await call("PUT", `${CASES}/${id}`, payload));
const read = async (id: number, headers: Headers = bearer(token)) => okData<Portfolio>(await call("GET", `${CASES}/${id}`, undefined, headers));
const listOf = async (query = "", headers: Headers = bearer(token)) => okData<PortfolioList>(await call("GET", `${CASES}${query}`, undefined, headers));
const reorder = (id: number, ids: unknown, headers: Headers = bearer(token)) => call("PUT", `${CASES}/${id}/photo-groups/reorder`, { ids }, headers);

const groupRows = (portfolioId: number) =>
  t.database.db.selectFrom("portfolio_photo_groups").selectAll().where("portfolio_id", "=", portfolioId).orderBy("id").execute();
const caseRows = () => t.database.db.selectFrom("portfolios").selectAll().orderBy("id").execute();
const allGroupRows = () => t.database.db.selectFrom("portfolio_photo_groups").selectAll().orderBy("id").execute();
const groupIds = (portfolio: Portfolio) => portfolio.photo_groups.map((group) => group.id);

async function clearCases() {
  await t.database.db.deleteFrom("portfolio_photo_groups").execute();
  await t.database.db.deleteFrom("media_references").where("owner_type", "=", "portfolio").execute();
  await t.database.db.deleteFrom("portfolios").execute();
}

/** A minute apart from a fixed past date: the n-th is older than the (n-1)-th. */
const minutesBefore = (n: number) => new Date(Date.UTC(2020, 5, 1, 12, 0) - n * 60_000).toISOString();

// ---------------------------------------------------------------- create and the input rules

describe("creating a case", () => {
  it("answers the whole case with the spec's message; left-out fields take their defaults", async () => {
    const res = await call("POST", CASES, { title: "  基隆社區水塔清洗  ", category: " water_tank_service " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: PORTFOLIO_MESSAGES.created });
    const created = res.json().data as Portfolio;
    expect(created).toEqual({
      id: expect.any(Number),
      title: "基隆社區水塔清洗",
      description: "",
      client: "",
      category: "water_tank_service",
      category_label: labels.get("water_tank_service"),
      technologies: [],
      images: [],
      photo_groups: [],
      before_images: [],
      after_images: [],
      completed_at: null,
      featured: false,
      status: "active",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await read(created.id)).toEqual(created);
  });

  it("keeps every field sent, with the service type's name", async () => {
    const created = await create({
      title: "信義區辦公室地毯清洗",
      description: "會議室與走道地毯深層清洗",
      client: "台北市信義區",
      category: "carpet_sofa_cleaning",
      completed_at: "2026-03-05",
      featured: true,
      status: "inactive",
    });
    expect(created).toMatchObject({
      description: "會議室與走道地毯深層清洗",
      client: "台北市信義區",
      category: "carpet_sofa_cleaning",
      category_label: labels.get("carpet_sofa_cleaning"),
      completed_at: "2026-03-05",
      featured: true,
      status: "inactive",
    });
  });

  it("takes the key a client gave a service on the services page as its service type, and the public list filters by it (decision 044)", async () => {
    // The page as GET gives it, with a card added the spec's way (the other services stay on the page, and so do their types).
    const shown = JSON.parse(okData<{ content: string }>(await call("GET", "/api.php/pages/services_page", undefined, {})).content).services as unknown[];
    const saved = await call("PUT", "/admin-api.php/pages/services_page", specServicesPageSave([...shown, specServiceEntry("aircon_deep", shown.length + 1, "冷氣深度清潔", { price: 2800, price_unit: "台" })]));
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await create({ title: "汐止社區冷氣深度清潔", category: "aircon_deep" });
    expect(created).toMatchObject({ category: "aircon_deep", category_label: "冷氣深度清潔" });
    const listed = await listOf("?category=aircon_deep", PUBLIC);
    expect(listed.portfolios.map((found) => found.id)).toEqual([created.id]);
  });

  it("trims the service features and drops blanks and repeats, as a list or one per line", async () => {
    expect((await create({ title: "清單", technologies: ["  高壓沖洗 ", "環保藥劑", "高壓沖洗", "", "   "] })).technologies).toEqual(["高壓沖洗", "環保藥劑"]);
    expect((await create({ title: "多行", technologies: "除垢\r\n消毒\n\n除垢\n  檢測  " })).technologies).toEqual(["除垢", "消毒", "檢測"]);
  });

  it("stores an empty or missing completion date as null, and a date (or the date part of a timestamp) as YYYY-MM-DD", async () => {
    expect((await create({ title: "空日期", completed_at: "" })).completed_at).toBeNull();
    expect((await create({ title: "空白日期", completed_at: "   " })).completed_at).toBeNull();
    expect((await create({ title: "null 日期", completed_at: null })).completed_at).toBeNull();
    expect((await create({ title: "有日期", completed_at: " 2026-11-24 " })).completed_at).toBe("2026-11-24");
    expect((await create({ title: "時間戳記", completed_at: "2026-11-24T09:30:00.000Z" })).completed_at).toBe("2026-11-24");
  });

  it("reads featured as a boolean from what the screens send", async () => {
    for (const [sent, stored] of [[true, true], [1, true], ["1", true], ["true", true], [false, false], [0, false], ["0", false], ["false", false]] as const) {
      const created = await create({ title: `精選 ${String(sent)}`, featured: sent });
      expect(created.featured, `featured: ${JSON.stringify(sent)}`).toBe(stored);
    }
  });

  it("accepts uploaded paths and web addresses for pictures", async () => {
    const created = await create({ title: "外部圖片", images: ["/uploads/2026/11/a.jpg", "https://cdn.example.com/b.jpg"], photo_groups: [{ before_image: "http://example.com/c.jpg" }] });
    expect(created.images).toEqual(["/uploads/2026/11/a.jpg", "https://cdn.example.com/b.jpg"]);
    expect(created.photo_groups[0]!.before_image).toBe("http://example.com/c.jpg");
  });
});

describe("refused input: 400 with a Traditional Chinese message per field, nothing stored", () => {
  async function expectRefused(payload: unknown, errors: Record<string, string | RegExp>) {
    const cases = await caseRows();
    const groups = await allGroupRows();
    const res = await call("POST", CASES, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(HAN);
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === "string") expect(body.errors?.[field], field).toBe(message);
      else expect(body.errors?.[field], field).toMatch(message);
    }
    for (const message of Object.values(body.errors ?? {}) as string[]) expect(message).toMatch(HAN);
    expect(await caseRows()).toEqual(cases);
    expect(await allGroupRows()).toEqual(groups);
    return body;
  }

  it("a blank title, a missing title, a title over 200 characters", async () => {
    const blank = await expectRefused({ title: "   ", category: "water_tank_service" }, { title: "請輸入案例標題" });
    expect(blank.message).toBe(VALIDATION_MESSAGE);
    await expectRefused({ category: "water_tank_service" }, { title: HAN });
    await expectRefused({ title: "長".repeat(201), category: "water_tank_service" }, { title: "案例標題不能超過 200 個字元" });
  });

  it.each<[string, Record<string, unknown>]>([
    ["left out", { title: "沒有類型" }],
    ["empty", { title: "空類型", category: "" }],
    ["blank", { title: "空白類型", category: "   " }],
  ])("a service type %s: 請選擇服務類型", async (_label, payload) => {
    await expectRefused(payload, { category: PORTFOLIO_MESSAGES.chooseServiceType });
  });

  it("a service type that does not exist", async () => {
    await expectRefused({ title: "不存在的類型", category: "no_such_service" }, { category: PORTFOLIO_MESSAGES.unknownServiceType });
  });

  it.each(["2026-13-45", "24/11/2026", "明天", "2026-1-5"])("the completion date %s", async (date) => {
    await expectRefused({ title: "日期錯誤", category: "water_tank_service", completed_at: date }, { completed_at: "完成日期格式不正確，例如 2026-11-24" });
  });

  it("a completion date that is not text", async () => {
    await expectRefused({ title: "日期是數字", category: "water_tank_service", completed_at: 20261124 }, { completed_at: /完成日期格式不正確/ });
  });

  it("an unknown status", async () => {
    await expectRefused({ title: "狀態錯誤", category: "water_tank_service", status: "archived" }, { status: "狀態只能是啟用或停用" });
  });

  it.each<[string, unknown]>([
    ["text", "兩組照片"],
    ["an object", { before_image: "/uploads/a.jpg" }],
  ])("photo groups sent as %s instead of a list", async (_label, photoGroups) => {
    await expectRefused({ title: "照片組錯誤", category: "water_tank_service", photo_groups: photoGroups }, { photo_groups: "照片組必須是清單" });
  });

  it("a picture that is neither an uploaded file nor a web address, in each place a case holds pictures", async () => {
    await expectRefused(
      {
        title: "圖片錯誤",
        category: "water_tank_service",
        images: ["/uploads/ok.jpg", "photo.jpg"],
        photo_groups: [
          { before_image: "javascript:alert(1)", after_image: "/uploads/ok.jpg" },
          { after_image: "data:image/png;base64,AAAA", single_images: ["/uploads/ok.jpg", "ftp://example.com/x.jpg"] },
          // Protocol-relative: another site's picture dressed as a path of ours.
          { description: "", before_image: "//evil.example/x.jpg" },
        ],
      },
      {
        "photo_groups.2.before_image": "施工前照片必須是上傳的圖片或網址",
        "images.1": "案例照片必須是上傳的圖片或網址",
        "photo_groups.0.before_image": "施工前照片必須是上傳的圖片或網址",
        "photo_groups.1.after_image": "施工後照片必須是上傳的圖片或網址",
        "photo_groups.1.single_images.1": "其他照片必須是上傳的圖片或網址",
      },
    );
  });

  it("every bad field at once, each named", async () => {
    const body = await expectRefused(
      { title: "", completed_at: "2026-99-99", status: "draft", photo_groups: "x" },
      { title: "請輸入案例標題", category: PORTFOLIO_MESSAGES.chooseServiceType, completed_at: /完成日期格式不正確/, status: "狀態只能是啟用或停用", photo_groups: "照片組必須是清單" },
    );
    expect(body.message).toBe(VALIDATION_MESSAGE);
  });

  it("an update with a bad field changes nothing", async () => {
    const created = await create({ title: "不可改壞", client: "基隆市", photo_groups: [{ title: "客廳", before_image: "/uploads/a.jpg" }] });
    const before = { cases: await caseRows(), groups: await groupRows(created.id) };
    for (const payload of [{ title: "" }, { category: "no_such_service" }, { completed_at: "2026-99-99" }, { status: "gone" }, { photo_groups: [{ before_image: "bad.jpg" }] }]) {
      const res = await call("PUT", `${CASES}/${created.id}`, { ...payload, client: "被改掉" });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expect(await caseRows()).toEqual(before.cases);
    expect(await groupRows(created.id)).toEqual(before.groups);
  });
});

// ---------------------------------------------------------------- photo groups

describe("photo groups", () => {
  it("are stored in the order sent, titled 照片組 N when left empty, comparison on while a before or an after picture exists", async () => {
    const created = await create({
      title: "三組照片",
      photo_groups: [
        { title: "", before_image: "/uploads/g1-before.jpg", comparison_enabled: false },
        { title: "  浴室  ", description: "磁磚縫除霉", after_image: "/uploads/g2-after.jpg" },
        { single_images: ["/uploads/g3-a.jpg", "", "/uploads/g3-b.jpg"], comparison_enabled: true },
        { title: "前後都有", before_image: "/uploads/g4-before.jpg", after_image: "/uploads/g4-after.jpg" },
      ],
    });
    const groups = created.photo_groups;
    expect(groups.map((group) => group.title)).toEqual(["照片組 1", "浴室", "照片組 3", "前後都有"]);
    expect(groups.map((group) => group.comparison_enabled)).toEqual([true, true, false, true]);
    expect(groups.map((group) => group.display_order)).toEqual([1, 2, 3, 4]);
    expect(groups[1]!.description).toBe("磁磚縫除霉");
    expect(groups[2]!.single_images).toEqual(["/uploads/g3-a.jpg", "/uploads/g3-b.jpg"]);
    for (const group of groups) expect(group.id).toEqual(expect.any(Number));
    expect(new Set(groupIds(created)).size).toBe(4);
    expect(created.before_images).toEqual(["/uploads/g1-before.jpg", "/uploads/g4-before.jpg"]);
    expect(created.after_images).toEqual(["/uploads/g2-after.jpg", "/uploads/g4-after.jpg"]);
    expect(await read(created.id)).toEqual(created);
    expect(await groupRows(created.id)).toHaveLength(4);
  });

  it("an id sent on create is not taken: every group is new", async () => {
    const other = await create({ title: "別的案例", photo_groups: [{ title: "別人的組", before_image: "/uploads/x.jpg" }] });
    const otherGroup = other.photo_groups[0]!;
    const created = await create({ title: "借用編號", photo_groups: [{ id: otherGroup.id, title: "我的組" }] });
    expect(created.photo_groups[0]!.id).not.toBe(otherGroup.id);
    expect((await read(other.id)).photo_groups).toEqual([otherGroup]);
  });

  it("on update: groups sent with their id keep it, new ones get one, groups left out are removed, the array's order is the display order", async () => {
    const created = await create({
      title: "更新照片組",
      photo_groups: [
        { title: "甲", before_image: "/uploads/a-before.jpg" },
        { title: "乙", after_image: "/uploads/b-after.jpg" },
        { title: "丙", single_images: ["/uploads/c.jpg"] },
      ],
    });
    const [a, b, c] = created.photo_groups as [PhotoGroup, PhotoGroup, PhotoGroup];
    const updated = await update(created.id, {
      photo_groups: [
        { id: c.id, title: "丙", single_images: ["/uploads/c.jpg"] },
        { id: String(a.id), title: "甲（改）", before_image: "/uploads/a-before.jpg", after_image: "/uploads/a-after.jpg" },
        { title: "", before_image: "/uploads/d-before.jpg" },
      ],
    });
    const [first, second, third] = updated.photo_groups as [PhotoGroup, PhotoGroup, PhotoGroup];
    expect(updated.photo_groups).toHaveLength(3);
    expect([first.id, second.id]).toEqual([c.id, a.id]);
    expect(third.id).toEqual(expect.any(Number));
    expect([a.id, b.id, c.id]).not.toContain(third.id);
    expect(updated.photo_groups.map((group) => group.display_order)).toEqual([1, 2, 3]);
    expect(second).toMatchObject({ title: "甲（改）", after_image: "/uploads/a-after.jpg", comparison_enabled: true });
    expect(third.title).toBe("照片組 3");
    expect(updated.before_images).toEqual(["/uploads/a-before.jpg", "/uploads/d-before.jpg"]);
    expect(updated.after_images).toEqual(["/uploads/a-after.jpg"]);
    // 乙 is gone from the database, not only from the answer.
    expect((await groupRows(created.id)).map((row) => row.id).sort((x, y) => x - y)).toEqual([a.id, c.id, third.id].sort((x, y) => x! - y!));
    expect(await read(created.id)).toEqual(updated);
  });

  it("removing the before picture keeps comparison on only while the after picture remains", async () => {
    const created = await create({ title: "移除照片", photo_groups: [{ title: "客廳", before_image: "/uploads/b.jpg", after_image: "/uploads/a.jpg" }] });
    const group = created.photo_groups[0]!;
    const oneLeft = await update(created.id, { photo_groups: [{ ...group, before_image: "" }] });
    expect(oneLeft.photo_groups[0]).toMatchObject({ id: group.id, before_image: "", after_image: "/uploads/a.jpg", comparison_enabled: true });
    const none = await update(created.id, { photo_groups: [{ ...oneLeft.photo_groups[0], after_image: "", comparison_enabled: true }] });
    expect(none.photo_groups[0]).toMatchObject({ id: group.id, before_image: "", after_image: "", comparison_enabled: false });
  });

  it("a group id of another case is not taken over: that case's group stays, this case gets a new one", async () => {
    const other = await create({ title: "他人案例", photo_groups: [{ title: "他人的組", before_image: "/uploads/other.jpg" }] });
    const otherGroup = other.photo_groups[0]!;
    const mine = await create({ title: "我的案例" });
    const updated = await update(mine.id, { photo_groups: [{ id: otherGroup.id, title: "搶來的組", before_image: "/uploads/mine.jpg" }] });
    expect(updated.photo_groups[0]!.id).not.toBe(otherGroup.id);
    expect((await read(other.id)).photo_groups).toEqual([otherGroup]);
  });

  it("an empty list removes every group", async () => {
    const created = await create({ title: "清空照片組", photo_groups: [{ before_image: "/uploads/a.jpg" }, { after_image: "/uploads/b.jpg" }] });
    const updated = await update(created.id, { photo_groups: [] });
    expect(updated.photo_groups).toEqual([]);
    expect(updated.before_images).toEqual([]);
    expect(await groupRows(created.id)).toEqual([]);
  });
});

describe("a partial update", () => {
  it("changes the fields sent and keeps every stored one, the photo groups and their ids included", async () => {
    const created = await create({
      title: "完整案例",
      description: "大樓外牆高壓沖洗",
      client: "新北市板橋區",
      category: "high_pressure_cleaning",
      technologies: ["高壓沖洗", "環保藥劑"],
      images: ["/uploads/legacy-1.jpg"],
      photo_groups: [{ title: "外牆", before_image: "/uploads/wall-before.jpg", after_image: "/uploads/wall-after.jpg", single_images: ["/uploads/wall-2.jpg"] }, { title: "車道", after_image: "/uploads/drive.jpg" }],
      completed_at: "2026-10-01",
      featured: true,
      status: "inactive",
    });
    const updated = await update(created.id, { title: "完整案例（改標題）" });
    const { title: _title, updated_at: _updatedAt, ...rest } = created;
    expect(updated).toMatchObject({ ...rest, title: "完整案例（改標題）" });
    expect(groupIds(updated)).toEqual(groupIds(created));

    const featuredOff = await update(created.id, { featured: false, completed_at: "" });
    expect(featuredOff).toMatchObject({ featured: false, completed_at: null, status: "inactive", client: "新北市板橋區", technologies: ["高壓沖洗", "環保藥劑"] });
    expect(groupIds(featuredOff)).toEqual(groupIds(created));
  });
});

describe("reordering photo groups (one request)", () => {
  it("puts the groups in the order of the ids sent and answers the case", async () => {
    const created = await create({ title: "排序照片組", photo_groups: [{ title: "一" }, { title: "二" }, { title: "三" }] });
    const [one, two, three] = groupIds(created) as [number, number, number];
    const res = await reorder(created.id, [three, one, two]);
    const answered = okData<Portfolio>(res);
    expect(answered.id).toBe(created.id);
    expect(groupIds(answered)).toEqual([three, one, two]);
    expect(answered.photo_groups.map((group) => group.title)).toEqual(["三", "一", "二"]);
    expect(answered.photo_groups.map((group) => group.display_order)).toEqual([1, 2, 3]);
    expect(groupIds(await read(created.id))).toEqual([three, one, two]);
  });

  it("refuses a stale list (a group missing, one more, another case's group) with 409 and changes nothing", async () => {
    const other = await create({ title: "其他案例", photo_groups: [{ title: "外" }] });
    const created = await create({ title: "過期排序", photo_groups: [{ title: "一" }, { title: "二" }, { title: "三" }] });
    const [one, two, three] = groupIds(created) as [number, number, number];
    const stale: number[][] = [
      [three, one],
      [three, one, two, 2_000_000],
      [three, one, other.photo_groups[0]!.id!],
      [three, one, two, other.photo_groups[0]!.id!],
    ];
    for (const ids of stale) {
      const res = await reorder(created.id, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: PORTFOLIO_MESSAGES.staleOrder });
    }
    expect(groupIds(await read(created.id))).toEqual([one, two, three]);
    expect(groupIds(await read(other.id))).toEqual(groupIds(other));
  });

  it("refuses a list that is not one (400) and an unknown case (404)", async () => {
    const created = await create({ title: "排序格式", photo_groups: [{ title: "一" }, { title: "二" }] });
    const [one, two] = groupIds(created) as [number, number];
    for (const ids of ["1,2", [one, one, two], [], ["x"]]) {
      const res = await reorder(created.id, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().message).toMatch(HAN);
    }
    expect(groupIds(await read(created.id))).toEqual([one, two]);
    for (const id of [999999, "abc"]) {
      const res = await call("PUT", `${CASES}/${id}/photo-groups/reorder`, { ids: [one, two] });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe(PORTFOLIO_MESSAGES.notFound);
    }
  });
});

describe("a legacy case with only images", () => {
  it("is answered with one group made from them: the first half before, the second half after", async () => {
    const images = ["/uploads/l1.jpg", "/uploads/l2.jpg", "/uploads/l3.jpg", "/uploads/l4.jpg", "/uploads/l5.jpg"];
    const id = await insertPortfolio(t.database.db, { title: "舊版案例", images });
    const portfolio = await read(id, PUBLIC);
    expect(portfolio.images).toEqual(images);
    expect(portfolio.photo_groups).toEqual([
      {
        id: null,
        title: "照片組 1",
        description: "",
        before_image: "/uploads/l1.jpg",
        after_image: "/uploads/l4.jpg",
        single_images: ["/uploads/l2.jpg", "/uploads/l3.jpg", "/uploads/l5.jpg"],
        display_order: 1,
        comparison_enabled: true,
      },
    ]);
    expect(portfolio.before_images).toEqual(["/uploads/l1.jpg"]);
    expect(portfolio.after_images).toEqual(["/uploads/l4.jpg"]);
    expect(await groupRows(id)).toEqual([]);
  });

  it("with an even number of images splits them equally, and the list answers the same group", async () => {
    const images = ["/uploads/e1.jpg", "/uploads/e2.jpg", "/uploads/e3.jpg", "/uploads/e4.jpg"];
    const id = await insertPortfolio(t.database.db, { title: "舊版偶數案例", images });
    const group = (await read(id)).photo_groups[0]!;
    expect(group).toMatchObject({ id: null, before_image: "/uploads/e1.jpg", after_image: "/uploads/e3.jpg", single_images: ["/uploads/e2.jpg", "/uploads/e4.jpg"] });
    const listed = (await listOf("?search=舊版偶數案例")).portfolios;
    expect(listed.map((entry) => entry.id)).toEqual([id]);
    expect(listed[0]!.photo_groups).toEqual([group]);
  });

  it("a case with neither images nor groups has no group", async () => {
    const id = await insertPortfolio(t.database.db, { title: "沒有照片的案例" });
    const portfolio = await read(id);
    expect(portfolio.photo_groups).toEqual([]);
    expect(portfolio.before_images).toEqual([]);
  });

  it("a partial update of a legacy case keeps every picture it shows", async () => {
    const images = ["/uploads/p1.jpg", "/uploads/p2.jpg", "/uploads/p3.jpg"];
    const id = await insertPortfolio(t.database.db, { title: "舊版改標題", images });
    const before = await read(id);
    const pictures = (portfolio: Portfolio) => portfolio.photo_groups.flatMap((group) => [group.before_image, group.after_image, ...group.single_images]).filter(Boolean);
    const updated = await update(id, { title: "舊版改標題（新）" });
    expect(updated.title).toBe("舊版改標題（新）");
    expect(updated.images).toEqual(images);
    expect(pictures(updated)).toEqual(pictures(before));
  });
});

// ---------------------------------------------------------------- reading: one case, the list

describe("reading one case", () => {
  it("an active case is read by anyone; an inactive one only with an administrator's token (404 for visitors)", async () => {
    const active = await create({ title: "公開案例" });
    const inactive = await create({ title: "停用案例", status: "inactive" });
    for (const headers of [{}, PUBLIC]) {
      expect((await read(active.id, headers)).title).toBe("公開案例");
      const res = await call("GET", `${CASES}/${inactive.id}`, undefined, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: PORTFOLIO_MESSAGES.notFound });
    }
    expect((await read(inactive.id)).status).toBe("inactive");
  });

  it.each(["999999", "abc", "0", "-1", "1.5", "1e3"])("the unknown id %s answers 404", async (id) => {
    const res = await call("GET", `${CASES}/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: PORTFOLIO_MESSAGES.notFound });
  });
});

describe("the case list", () => {
  beforeEach(clearCases);

  /** 12 active cases, newest first in the order made, and one inactive in the middle; ids increase as the cases get older. */
  async function twelveAndOneInactive() {
    const active: number[] = [];
    let inactive = 0;
    for (let n = 0; n < 13; n++) {
      const id = await insertPortfolio(t.database.db, { title: `分頁案例 ${n}`, created_at: minutesBefore(n), status: n === 6 ? "inactive" : "active" });
      if (n === 6) inactive = id;
      else active.push(id);
    }
    return { active, inactive };
  }

  it("10 a page by default, newest first; visitors see the active cases only, an administrator every case", async () => {
    const { active, inactive } = await twelveAndOneInactive();
    for (const headers of [{}, PUBLIC]) {
      const first = await listOf("", headers);
      expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total: 12, per_page: 10 });
      const second = await listOf("?page=2", headers);
      expect(second.pagination).toEqual({ current_page: 2, total_pages: 2, total: 12, per_page: 10 });
      expect([...first.portfolios, ...second.portfolios].map((entry) => entry.id)).toEqual(active);
      expect([...first.portfolios, ...second.portfolios].every((entry) => entry.status === "active")).toBe(true);
    }
    const admin = await listOf("?page=1&limit=10");
    expect(admin.pagination).toEqual({ current_page: 1, total_pages: 2, total: 13, per_page: 10 });
    const adminAll = [...admin.portfolios, ...(await listOf("?page=2")).portfolios].map((entry) => entry.id);
    expect(adminAll).toHaveLength(13);
    expect(adminAll[6]).toBe(inactive);
  });

  it("the gallery's 9 a page (limit=9); a page past the end is empty", async () => {
    const { active } = await twelveAndOneInactive();
    const first = await listOf("?page=1&limit=9", PUBLIC);
    expect(first.portfolios.map((entry) => entry.id)).toEqual(active.slice(0, 9));
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total: 12, per_page: 9 });
    const second = await listOf("?page=2&limit=9", PUBLIC);
    expect(second.portfolios.map((entry) => entry.id)).toEqual(active.slice(9));
    const past = await listOf("?page=3&limit=9", PUBLIC);
    expect(past.portfolios).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 3, total_pages: 2, total: 12 });
  });

  it("newest first means by creation time, whatever the ids", async () => {
    const older = await insertPortfolio(t.database.db, { title: "較舊", created_at: minutesBefore(30) });
    const newest = await insertPortfolio(t.database.db, { title: "最新", created_at: minutesBefore(0) });
    const oldest = await insertPortfolio(t.database.db, { title: "最舊", created_at: minutesBefore(60) });
    expect((await listOf()).portfolios.map((entry) => entry.id)).toEqual([newest, older, oldest]);
    const made = await create({ title: "剛剛新增" });
    expect((await listOf()).portfolios[0]!.id).toBe(made.id);
  });

  it("an empty list answers one page of nothing", async () => {
    expect(await listOf("", PUBLIC)).toEqual({ portfolios: [], pagination: { current_page: 1, total_pages: 1, total: 0, per_page: 10 } });
  });

  it("a limit above 50 is served at 50, with the real pagination", async () => {
    await twelveAndOneInactive();
    const admin = await listOf("?limit=100");
    expect(admin.pagination).toEqual({ current_page: 1, total_pages: 1, total: 13, per_page: 50 });
    expect(admin.portfolios).toHaveLength(13);
    expect((await listOf("?limit=51", PUBLIC)).pagination).toEqual({ current_page: 1, total_pages: 1, total: 12, per_page: 50 });
  });

  it.each(["?page=0", "?page=abc", "?limit=0", "?limit=-3", "?limit=x"])("refuses the query %s (400, a message for the field)", async (query) => {
    const res = await call("GET", `${CASES}${query}`, undefined, PUBLIC);
    expect(res.statusCode).toBe(400);
    const field = query.slice(1).split("=")[0]!;
    expect(res.json().errors[field]).toMatch(HAN);
  });

  describe("search and the service-type filter", () => {
    const ids: Record<string, number> = {};
    beforeEach(async () => {
      ids.harbour = await insertPortfolio(t.database.db, { title: "基隆港大樓水塔清洗", client: "基隆市中正區", category: "water_tank_service", created_at: minutesBefore(1) });
      ids.office = await insertPortfolio(t.database.db, {
        title: "Office deep clean",
        description: "Floor WAXING for the Taipei office",
        client: "台北市信義區",
        category: "floor_cleaning",
        created_at: minutesBefore(2),
      });
      ids.carpet = await insertPortfolio(t.database.db, { title: "會議室地毯清洗", description: "ABC 公司會議室", client: "新北市板橋區", category: "carpet_sofa_cleaning", created_at: minutesBefore(3) });
      ids.percent = await insertPortfolio(t.database.db, { title: "100% 滿意的石材晶化", client: "桃園市", category: "stone_polishing", created_at: minutesBefore(4) });
      ids.hidden = await insertPortfolio(t.database.db, { title: "水塔清洗（停用）", category: "water_tank_service", status: "inactive", created_at: minutesBefore(0) });
    });
    const found = async (query: string, headers: Headers = PUBLIC) => (await listOf(query, headers)).portfolios.map((entry) => entry.id);

    it("finds Chinese text in the title, the description and the location", async () => {
      expect(await found(`?search=${encodeURIComponent("水塔")}`)).toEqual([ids.harbour]);
      expect(await found(`?search=${encodeURIComponent("會議室")}`)).toEqual([ids.carpet]);
      expect(await found(`?search=${encodeURIComponent("信義區")}`)).toEqual([ids.office]);
      expect(await found(`?search=${encodeURIComponent("  板橋  ")}`)).toEqual([ids.carpet]);
    });

    it("ignores the case of Latin letters", async () => {
      expect(await found("?search=waxing")).toEqual([ids.office]);
      expect(await found("?search=TAIPEI")).toEqual([ids.office]);
      expect(await found("?search=OFFICE")).toEqual([ids.office]);
      expect(await found("?search=abc")).toEqual([ids.carpet]);
    });

    it("finds words and numbers, not punctuation: a search of punctuation alone finds nothing", async () => {
      expect(await found(`?search=${encodeURIComponent("100%")}`)).toEqual([ids.percent]);
      expect(await found(`?search=${encodeURIComponent("%")}`)).toEqual([]);
      expect(await found("?search=_")).toEqual([]);
    });

    it("an administrator's search also finds inactive cases; no match is an empty page", async () => {
      expect(await found(`?search=${encodeURIComponent("水塔")}`, bearer(token))).toEqual([ids.hidden, ids.harbour]);
      const none = await listOf(`?search=${encodeURIComponent("不存在的關鍵字")}`, PUBLIC);
      expect(none).toEqual({ portfolios: [], pagination: { current_page: 1, total_pages: 1, total: 0, per_page: 10 } });
    });

    it("filters by service type, alone or with a search, with the type's name on each case", async () => {
      const floor = await listOf("?category=floor_cleaning", PUBLIC);
      expect(floor.portfolios.map((entry) => entry.id)).toEqual([ids.office]);
      expect(floor.portfolios[0]).toMatchObject({ category: "floor_cleaning", category_label: labels.get("floor_cleaning") });
      expect(floor.pagination.total).toBe(1);
      expect(await found("?category=water_tank_service")).toEqual([ids.harbour]);
      expect(await found("?category=water_tank_service", bearer(token))).toEqual([ids.hidden, ids.harbour]);
      expect(await found(`?category=water_tank_service&search=${encodeURIComponent("會議室")}`)).toEqual([]);
      expect(await found(`?category=carpet_sofa_cleaning&search=${encodeURIComponent("會議室")}`)).toEqual([ids.carpet]);
      expect(await found("?category=no_such_service")).toEqual([]);
      expect(await found("?category=")).toHaveLength(4);
    });
  });
});

// ---------------------------------------------------------------- delete

describe("deleting a case", () => {
  it("removes the case and its photo groups, with the spec's message; then 404", async () => {
    const kept = await create({ title: "保留的案例", photo_groups: [{ title: "留下", before_image: "/uploads/keep.jpg" }] });
    const created = await create({ title: "要刪除的案例", photo_groups: [{ before_image: "/uploads/a.jpg" }, { after_image: "/uploads/b.jpg" }] });
    expect(await groupRows(created.id)).toHaveLength(2);
    const res = await call("DELETE", `${CASES}/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: PORTFOLIO_MESSAGES.deleted });
    expect(await groupRows(created.id)).toEqual([]);
    expect((await call("GET", `${CASES}/${created.id}`)).statusCode).toBe(404);
    expect((await read(kept.id)).photo_groups).toEqual(kept.photo_groups);

    for (const [method, payload] of [["DELETE", undefined], ["PUT", { title: "已刪除" }]] as const) {
      const again = await call(method, `${CASES}/${created.id}`, payload);
      expect(again.statusCode, method).toBe(404);
      expect(again.json().message).toBe(PORTFOLIO_MESSAGES.notFound);
    }
  });

  it.each(["999999", "abc", "0"])("the unknown id %s answers 404 on PUT and DELETE and changes nothing", async (id) => {
    const before = await caseRows();
    for (const [method, payload] of [["DELETE", undefined], ["PUT", { title: "不存在", category: "water_tank_service" }]] as const) {
      const res = await call(method, `${CASES}/${id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(PORTFOLIO_MESSAGES.notFound);
    }
    expect(await caseRows()).toEqual(before);
  });
});

// ---------------------------------------------------------------- files, activity, cache

describe("the files a case shows and the media library", () => {
  async function uploadPicture(name: string): Promise<MediaFile> {
    const body = multipart([{ name: "file", content: await pngImage(80, 60), filename: name, contentType: "image/png" }]);
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    return okData<MediaFile>(res);
  }
  const usagesOf = async (file: MediaFile) => {
    const library = okData<MediaFile[]>(await call("GET", "/admin-api.php/media"));
    return library.find((entry) => entry.id === file.id)!.usages;
  };
  const deleteFile = (file: MediaFile) => call("DELETE", `/admin-api.php/media/${file.id}`);

  it("are registered when the case is saved (a used file cannot be deleted), freed when no longer shown and when the case is deleted", async () => {
    const before = await uploadPicture("before.png");
    const extra = await uploadPicture("extra.png");
    const legacy = await uploadPicture("legacy.png");
    const spare = await uploadPicture("spare.png");
    const created = await create({
      title: "用到媒體庫的案例",
      images: [legacy.file_path],
      photo_groups: [{ title: "廚房", before_image: before.file_path, single_images: [extra.file_path] }],
    });
    for (const file of [before, extra, legacy]) {
      const usages = await usagesOf(file);
      expect(usages.map((usage) => [usage.owner_type, usage.owner_id]), file.original_name).toEqual([["portfolio", String(created.id)]]);
      expect(usages[0]!.label).toMatch(HAN);
      const refused = await deleteFile(file);
      expect(refused.statusCode, file.original_name).toBe(409);
      expect(refused.json().message).toContain(usages[0]!.label);
    }
    expect(await usagesOf(spare)).toEqual([]);

    // The before picture replaced: the first file is free, the new one is held.
    await update(created.id, { photo_groups: [{ id: created.photo_groups[0]!.id, title: "廚房", before_image: spare.file_path, single_images: [extra.file_path] }] });
    expect(await usagesOf(before)).toEqual([]);
    expect((await usagesOf(spare)).map((usage) => usage.owner_id)).toEqual([String(created.id)]);
    expect((await deleteFile(before)).statusCode).toBe(200);

    expect((await call("DELETE", `${CASES}/${created.id}`)).statusCode).toBe(200);
    for (const file of [extra, legacy, spare]) {
      expect(await usagesOf(file), file.original_name).toEqual([]);
      const res = await deleteFile(file);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe("activity", () => {
  const rowsOf = (action: string, id: number) =>
    t.database.db.selectFrom("activity_log").select(["admin_user_id", "summary"]).where("action", "=", action).where("entity_id", "=", String(id)).execute();
  const portfolioActivity = async () => (await t.database.db.selectFrom("activity_log").select("id").where("action", "like", "portfolio.%").execute()).length;

  it("each write records one row naming the administrator and the case", async () => {
    const created = await create({ title: "活動紀錄案例", photo_groups: [{ title: "一" }, { title: "二" }] });
    await update(created.id, { client: "基隆市" });
    okData(await reorder(created.id, [...groupIds(created)].reverse()));
    expect((await call("DELETE", `${CASES}/${created.id}`)).statusCode).toBe(200);
    for (const action of ["portfolio.create", "portfolio.update", "portfolio.reorder-groups", "portfolio.delete"]) {
      const rows = await rowsOf(action, created.id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.admin_user_id).toBe(adminId);
      expect(rows[0]!.summary).toContain("活動紀錄案例");
    }
  });

  it("a refused write records none", async () => {
    const created = await create({ title: "不記錄", photo_groups: [{ title: "一" }, { title: "二" }] });
    const before = await portfolioActivity();
    expect((await call("POST", CASES, { title: "" })).statusCode).toBe(400);
    expect((await call("PUT", `${CASES}/${created.id}`, { category: "no_such_service" })).statusCode).toBe(400);
    expect((await reorder(created.id, [groupIds(created)[0]])).statusCode).toBe(409);
    expect((await call("DELETE", `${CASES}/999999`)).statusCode).toBe(404);
    expect((await call("POST", CASES, { title: "未登入" }, {})).statusCode).toBe(401);
    expect(await portfolioActivity()).toBe(before);
  });
});

describe("the public pages' cache", () => {
  const gallery = () => t.services.portfolios.site.gallery({});
  const detail = (id: number) => t.services.portfolios.site.detail(id);
  const galleryIds = async () => (await gallery()).portfolios.map((entry) => entry.id);

  it("a case write is seen by the next read of the gallery and of the case", async () => {
    await clearCases();
    await gallery(); // warm
    const created = await create({ title: "快取案例", photo_groups: [{ title: "一" }, { title: "二" }] });
    expect(await galleryIds()).toEqual([created.id]);
    expect((await detail(created.id))!.title).toBe("快取案例");
    await gallery();
    await detail(created.id);

    await update(created.id, { title: "快取案例（改）", featured: true });
    expect((await gallery()).portfolios[0]!.title).toBe("快取案例（改）");
    expect((await gallery()).featured.map((entry) => entry.id)).toEqual([created.id]);
    expect((await detail(created.id))!.title).toBe("快取案例（改）");

    const reversed = [...groupIds(created)].reverse();
    okData(await reorder(created.id, reversed));
    expect(groupIds((await detail(created.id))!)).toEqual(reversed);

    await update(created.id, { status: "inactive" });
    expect(await detail(created.id)).toBeNull();
    expect(await galleryIds()).toEqual([]);

    await update(created.id, { status: "active" });
    expect(await galleryIds()).toEqual([created.id]);
    expect((await call("DELETE", `${CASES}/${created.id}`)).statusCode).toBe(200);
    expect(await galleryIds()).toEqual([]);
    expect(await detail(created.id)).toBeNull();
  });
});

// ---------------------------------------------------------------- access

describe("access", () => {
  it.each<[string, Headers]>([
    ["no token", {}],
    ["Bearer public", PUBLIC],
    ["a wrong token", { authorization: "Bearer not-a-real-token-0123456789abcdef" }],
  ])("create, update, delete and reorder answer 401 with %s, and change nothing", async (label, headers) => {
    const created = await create({ title: `受保護案例 ${label}`, photo_groups: [{ title: "一" }, { title: "二" }] });
    const before = { cases: await caseRows(), groups: await allGroupRows() };
    const attempts: Array<[Method, string, unknown]> = [
      ["POST", CASES, { title: "未授權新增", category: "water_tank_service" }],
      ["PUT", `${CASES}/${created.id}`, { title: "未授權修改" }],
      ["DELETE", `${CASES}/${created.id}`, undefined],
      ["PUT", `${CASES}/${created.id}/photo-groups/reorder`, { ids: [...groupIds(created)].reverse() }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, payload, headers);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().success).toBe(false);
      if (label === "no token") expect(res.json().message).toBe(LOGIN_REQUIRED);
      else expect(res.json().message).toMatch(HAN);
    }
    expect(await caseRows()).toEqual(before.cases);
    expect(await allGroupRows()).toEqual(before.groups);
  });
});
