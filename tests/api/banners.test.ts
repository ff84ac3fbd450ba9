// Hero banners through the HTTP API (002 §2.2, §3, §5, §7, §8): the public
// carousel list, the banners screen's list, create / update / delete / toggle,
// ordering, validation, YouTube links, and the media references a banner holds.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { multipart, phoneJpeg } from "#tests/factories/media.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const NOT_FOUND = "找不到這個橫幅";
const HAN = /\p{Script=Han}/u;
const YT = "dQw4w9WgXcQ";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

interface BannerItem {
  id: number;
  title: string;
  media_type: string;
  image_url: string;
  video_url: string;
  youtube_id: string;
  button_text: string;
  button_link: string;
  is_active: boolean;
  sort_order: number;
  [key: string]: unknown;
}

type Headers = Record<string, string>;
const admin = () => bearer(token);
const list = (headers: Headers = {}) => t.app.inject({ method: "GET", url: "/api.php/hero-banners", headers });
const listData = async (headers: Headers = {}): Promise<BannerItem[]> => {
  const res = await list(headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data;
};
const post = (payload: unknown, headers: Headers = admin()) =>
  t.app.inject({ method: "POST", url: "/api.php/hero-banners", headers, payload: payload as object });
const put = (id: number | string, payload: unknown, headers: Headers = admin()) =>
  t.app.inject({ method: "PUT", url: `/api.php/hero-banners/${id}`, headers, payload: payload as object });
const del = (id: number | string, headers: Headers = admin()) => t.app.inject({ method: "DELETE", url: `/api.php/hero-banners/${id}`, headers });
const toggle = (id: number | string, headers: Headers = admin()) => t.app.inject({ method: "POST", url: `/api.php/hero-banners/${id}/toggle`, headers });

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex")}`;

async function create(overrides: Record<string, unknown> = {}): Promise<BannerItem> {
  const res = await post({ title: unique("橫幅"), ...overrides });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const activityCount = async (action: string, entityId: number) =>
  (await t.database.db.selectFrom("activity_log").select("id").where("action", "=", action).where("entity_id", "=", String(entityId)).execute()).length;

describe("POST /api.php/hero-banners", () => {
  it("creates a banner with every field and answers it with 橫幅已新增", async () => {
    const body = {
      title: "專業居家清潔",
      subtitle: "基隆・台北・新北",
      description: "十年經驗，安心託付",
      media_type: "image",
      image_url: "https://images.example.com/hero.jpg",
      video_url: "",
      button_text: "預約服務",
      button_link: "/contact#form",
      button_style: "secondary",
      text_color: "dark",
      overlay_opacity: 45,
      height: 550,
      is_active: false,
      sort_order: 7,
    };
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe("橫幅已新增");
    expect(answer.data).toMatchObject({ ...body, youtube_id: "" });
    expect(typeof answer.data.id).toBe("number");
    expect(answer.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await activityCount("banner.create", answer.data.id)).toBe(1);

    const all = await listData(admin());
    expect(all.find((banner) => banner.id === answer.data.id)).toMatchObject(body);
  });

  it("fills the spec's defaults: 立即諮詢, /contact, primary, white, overlay 20, height 400, active, sort_order count + 1", async () => {
    const count = (await listData(admin())).length;
    const banner = await create({ title: "只有標題" });
    expect(banner).toMatchObject({
      title: "只有標題",
      subtitle: "",
      description: "",
      media_type: "image",
      image_url: "",
      video_url: "",
      youtube_id: "",
      button_text: "立即諮詢",
      button_link: "/contact",
      button_style: "primary",
      text_color: "white",
      overlay_opacity: 20,
      height: 400,
      is_active: true,
      sort_order: count + 1,
    });
  });

  it("accepts a #id anchor, an https link and numbers and switches sent as text", async () => {
    expect((await create({ button_link: "#services" })).button_link).toBe("#services");
    expect((await create({ button_link: "https://line.me/R/ti/p/@clean" })).button_link).toBe("https://line.me/R/ti/p/@clean");
    const fromForm = await create({ overlay_opacity: "0", height: "800", is_active: "false", sort_order: "0" });
    expect(fromForm).toMatchObject({ overlay_opacity: 0, height: 800, is_active: false, sort_order: 0 });
    expect((await create({ overlay_opacity: 100, height: 200 })).overlay_opacity).toBe(100);
  });

  it("stores a video banner with an uploaded path or an https URL", async () => {
    expect((await create({ media_type: "video", video_url: "/uploads/2026/01/clip.mp4" })).video_url).toBe("/uploads/2026/01/clip.mp4");
    expect((await create({ media_type: "video", video_url: "https://cdn.example.com/clip.mp4" })).video_url).toBe("https://cdn.example.com/clip.mp4");
  });
});

describe("validation: 400 naming the field in Traditional Chinese, nothing stored", () => {
  const cases: Array<[string, Record<string, unknown>, string, string | RegExp]> = [
    ["title missing", {}, "title", "請輸入標題"],
    ["title blank", { title: "   " }, "title", "請輸入標題"],
    ["title not text", { title: 42 }, "title", HAN],
    ["title too long", { title: "長".repeat(101) }, "title", HAN],
    ["button_text blank", { button_text: "" }, "button_text", "請輸入按鈕文字"],
    ["button_text null", { button_text: null }, "button_text", "請輸入按鈕文字"],
    ["button_link blank", { button_link: " " }, "button_link", "請輸入按鈕連結"],
    ["button_link javascript:", { button_link: "javascript:alert(1)" }, "button_link", HAN],
    ["button_link protocol-relative", { button_link: "//evil.example/x" }, "button_link", HAN],
    ["button_link data:", { button_link: "data:text/html,<script>alert(1)</script>" }, "button_link", HAN],
    ["button_link bare word", { button_link: "contact" }, "button_link", HAN],
    ["media_type unknown", { media_type: "gif" }, "media_type", HAN],
    ["image_url javascript:", { image_url: "javascript:alert(1)" }, "image_url", HAN],
    ["image_url plain http", { image_url: "http://example.com/a.jpg" }, "image_url", HAN],
    ["image_url outside uploads", { image_url: "/etc/passwd" }, "image_url", HAN],
    ["image_url climbing out", { image_url: "/uploads/../data.sqlite" }, "image_url", HAN],
    ["video_url not a URL", { media_type: "video", video_url: "clip.mp4" }, "video_url", HAN],
    ["youtube without a link", { media_type: "youtube" }, "youtube_id", "請輸入 YouTube 影片網址"],
    ["youtube unrecognisable", { media_type: "youtube", youtube_id: "https://vimeo.com/12345" }, "youtube_id", "無法辨識 YouTube 影片網址或 ID"],
    ["youtube id of 10", { media_type: "youtube", youtube_id: "dQw4w9WgXc" }, "youtube_id", "無法辨識 YouTube 影片網址或 ID"],
    // In people's words, never the raw option values (issue 25).
    ["button_style unknown", { button_style: "danger" }, "button_style", "按鈕樣式必須是主要或次要"],
    ["text_color unknown", { text_color: "red" }, "text_color", HAN],
    ["overlay below 0", { overlay_opacity: -1 }, "overlay_opacity", "遮罩透明度必須介於 0 到 100"],
    ["overlay above 100", { overlay_opacity: 101 }, "overlay_opacity", "遮罩透明度必須介於 0 到 100"],
    ["overlay fractional", { overlay_opacity: 20.5 }, "overlay_opacity", HAN],
    ["overlay not a number", { overlay_opacity: "abc" }, "overlay_opacity", HAN],
    ["height below 200", { height: 150 }, "height", "高度必須介於 200 到 800 像素"],
    ["height above 800", { height: 850 }, "height", "高度必須介於 200 到 800 像素"],
    ["height off the 50 step", { height: 425 }, "height", "高度必須以 50 像素為單位"],
    ["is_active not a switch", { is_active: "maybe" }, "is_active", HAN],
    ["sort_order negative", { sort_order: -1 }, "sort_order", HAN],
    ["sort_order fractional", { sort_order: 1.5 }, "sort_order", HAN],
  ];

  it.each(cases)("%s", async (_label, overrides, field, message) => {
    const before = (await listData(admin())).length;
    const payload = "title" in overrides || _label.startsWith("title missing") ? overrides : { title: "驗證", ...overrides };
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(VALIDATION_MESSAGE);
    if (typeof message === "string") expect(body.errors[field]).toBe(message);
    else expect(body.errors[field]).toMatch(message);
    expect((await listData(admin())).length).toBe(before);
  });

  it("reports every invalid field at once", async () => {
    const res = await post({ title: "", button_text: "", button_link: "", height: 1000, overlay_opacity: 500 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["button_link", "button_text", "height", "overlay_opacity", "title"]);
  });

  it("refuses a body that is not an object", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api.php/hero-banners", headers: { ...admin(), "content-type": "application/json" }, payload: "[1,2]" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(HAN);
  });

  it("PUT validates the same rules and leaves the banner unchanged", async () => {
    const banner = await create({ title: "保持原樣" });
    for (const [payload, field] of [
      [{ title: "" }, "title"],
      [{ height: 801 }, "height"],
      [{ button_link: "javascript:void(0)" }, "button_link"],
      [{ media_type: "youtube", youtube_id: "nope" }, "youtube_id"],
    ] as const) {
      const res = await put(banner.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toMatch(HAN);
    }
    expect((await listData(admin())).find((b) => b.id === banner.id)).toEqual(banner);
  });
});

describe("YouTube links through the API: the 11-character id is stored", () => {
  const forms = [
    YT,
    `https://www.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com/watch?v=${YT}&t=42s&list=PLabc`,
    `https://www.youtube.com/watch?feature=share&v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}`,
    `youtube.com/watch?v=${YT}`,
    `https://youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=AbC123&t=5`,
    `https://www.youtube.com/embed/${YT}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `https://www.youtube.com/shorts/${YT}`,
    `https://youtube.com/shorts/${YT}?feature=share`,
  ];

  it.each(forms)("%s", async (link) => {
    const banner = await create({ media_type: "youtube", youtube_id: link });
    expect(banner.media_type).toBe("youtube");
    expect(banner.youtube_id).toBe(YT);
  });

  it("also reads the link from youtube_url, and PUT changes it", async () => {
    const banner = await create({ media_type: "youtube", youtube_url: `https://youtu.be/${YT}` });
    expect(banner.youtube_id).toBe(YT);
    const res = await put(banner.id, { youtube_url: "https://www.youtube.com/shorts/a-B_c1D2e3F" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.youtube_id).toBe("a-B_c1D2e3F");
  });
});

describe("PUT /api.php/hero-banners/{id}", () => {
  it("updates the fields sent, keeps the others, and answers 橫幅已更新", async () => {
    const banner = await create({ title: "原標題", subtitle: "原副標", height: 300, button_style: "secondary" });
    const res = await put(banner.id, { title: "新標題", height: 600, overlay_opacity: 70, is_active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("橫幅已更新");
    expect(res.json().data).toMatchObject({
      id: banner.id,
      title: "新標題",
      subtitle: "原副標",
      height: 600,
      overlay_opacity: 70,
      is_active: false,
      button_style: "secondary",
      sort_order: banner.sort_order,
      created_at: banner.created_at,
    });
    expect(await activityCount("banner.update", banner.id)).toBe(1);
  });

  it("accepts the whole banner as the edit form sends it back (id and timestamps included)", async () => {
    const banner = await create();
    const res = await put(banner.id, { ...banner, id: 999_999, title: "整筆送回", created_at: "2000-01-01T00:00:00.000Z" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: banner.id, title: "整筆送回", created_at: banner.created_at });
  });
});

describe("DELETE /api.php/hero-banners/{id}", () => {
  it("deletes with 橫幅已刪除; a second delete is 404", async () => {
    const banner = await create();
    const res = await del(banner.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "橫幅已刪除" });
    expect((await listData(admin())).some((b) => b.id === banner.id)).toBe(false);
    expect(await activityCount("banner.delete", banner.id)).toBe(1);
    const again = await del(banner.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: NOT_FOUND });
  });
});

describe("POST /api.php/hero-banners/{id}/toggle", () => {
  it("flips is_active, answers the banner with 狀態已切換, and moves it in and out of the public list", async () => {
    const banner = await create({ title: unique("切換") });
    expect((await listData()).some((b) => b.id === banner.id)).toBe(true);

    const off = await toggle(banner.id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: "狀態已切換", data: { id: banner.id, is_active: false, title: banner.title } });
    expect((await listData()).some((b) => b.id === banner.id)).toBe(false);
    expect((await listData(admin())).find((b) => b.id === banner.id)!.is_active).toBe(false);

    const on = await toggle(banner.id);
    expect(on.json().data.is_active).toBe(true);
    expect((await listData()).some((b) => b.id === banner.id)).toBe(true);
    expect(await activityCount("banner.toggle", banner.id)).toBe(2);
  });
});

describe("GET /api.php/hero-banners: order and visibility", () => {
  it("public: only active banners, by sort_order then id; admin: all of them in the same order", async () => {
    const c = await create({ title: "C", sort_order: 1003 });
    const a = await create({ title: "A", sort_order: 1001 });
    const hidden = await create({ title: "隱藏", sort_order: 1002, is_active: false });
    const b1 = await create({ title: "B1", sort_order: 1002 });
    const b2 = await create({ title: "B2", sort_order: 1002 });
    const mine = new Set([a.id, b1.id, b2.id, c.id, hidden.id]);

    const publicHeaders: Headers[] = [{}, { authorization: "Bearer public" }, { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }];
    for (const headers of publicHeaders) {
      const res = await list(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      const banners = res.json().data as BannerItem[];
      expect(banners.every((banner) => banner.is_active)).toBe(true);
      expect(banners.filter((banner) => mine.has(banner.id)).map((banner) => banner.id)).toEqual([a.id, b1.id, b2.id, c.id]);
      const orders = banners.map((banner) => [banner.sort_order, banner.id]);
      expect(orders).toEqual([...orders].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!));
    }

    const all = await listData(admin());
    expect(all.filter((banner) => mine.has(banner.id)).map((banner) => banner.id)).toEqual([a.id, hidden.id, b1.id, b2.id, c.id]);
    expect(all.some((banner) => !banner.is_active)).toBe(true);
  });

  it("reorders by PUT with sort_order (the screen's drag and drop)", async () => {
    const first = await create({ title: "第一", sort_order: 2001 });
    const second = await create({ title: "第二", sort_order: 2002 });
    const third = await create({ title: "第三", sort_order: 2003 });
    const ids = [first.id, second.id, third.id];
    const order = async () => (await listData()).filter((banner) => ids.includes(banner.id)).map((banner) => banner.id);
    expect(await order()).toEqual([first.id, second.id, third.id]);

    for (const [banner, sortOrder] of [[third, 2001], [first, 2002], [second, 2003]] as const) {
      const res = await put(banner.id, { ...banner, sort_order: sortOrder });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await order()).toEqual([third.id, first.id, second.id]);
  });

  it("answers 304 to a matching If-None-Match and a fresh list after a write", async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await list({ "if-none-match": etag })).statusCode).toBe(304);
    await create({ title: unique("新的") });
    const after = await list({ "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it("a write invalidates the public list: read, write, read again", async () => {
    const banner = await create({ title: "改名前" });
    expect((await listData()).find((b) => b.id === banner.id)!.title).toBe("改名前");
    expect((await put(banner.id, { title: "改名後" })).statusCode).toBe(200);
    expect((await listData()).find((b) => b.id === banner.id)!.title).toBe("改名後");
    expect((await del(banner.id)).statusCode).toBe(200);
    expect((await listData()).some((b) => b.id === banner.id)).toBe(false);
    const added = await create({ title: "新增後" });
    expect((await listData()).some((b) => b.id === added.id)).toBe(true);
  });
});

describe("authorisation and ids", () => {
  const forged = () => ({ authorization: `Bearer ${randomBytes(32).toString("base64url")}` });
  const noTokens: Array<[string, () => Headers]> = [
    ["no token", () => ({})],
    ["Bearer public", () => ({ authorization: "Bearer public" })],
    ["a forged token", forged],
  ];

  it.each(noTokens)("every write answers 401 with %s and changes nothing", async (_label, headers) => {
    const banner = await create({ title: "不可動" });
    const before = await listData(admin());
    for (const res of [
      await post({ title: "入侵" }, headers()),
      await put(banner.id, { title: "入侵" }, headers()),
      await del(banner.id, headers()),
      await toggle(banner.id, headers()),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(HAN);
    }
    expect(await listData(admin())).toEqual(before);
  });

  it("no token says 請先登入後台管理系統", async () => {
    expect((await post({ title: "x" }, {})).json().message).toBe(LOGIN_REQUIRED);
  });

  it("404 找不到這個橫幅 for an unknown id on PUT, DELETE and toggle", async () => {
    for (const res of [await put(987_654, { title: "x" }), await del(987_654), await toggle(987_654)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: NOT_FOUND });
    }
  });

  // One rule for every path id (decision 026): what is not a positive integer names no banner.
  it.each(["abc", "0", "-1", "1.5", "99999999999"])("404 for the id %s, whatever the body", async (id) => {
    for (const res of [await put(id, { title: "x" }), await put(id, { title: "" }), await del(id), await toggle(id)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: NOT_FOUND });
    }
  });
});

describe("PUT /api.php/hero-banners/reorder: the whole order in one request", () => {
  const reorder = (payload: unknown, headers: Headers = admin()) =>
    t.app.inject({ method: "PUT", url: "/api.php/hero-banners/reorder", headers, payload: payload as object });
  const allIds = async () => (await listData(admin())).map((banner) => banner.id);

  it("numbers every banner 1..n in the order given, answers the list in that order, and the carousel follows", async () => {
    await create({ title: unique("排序一") });
    await create({ title: unique("排序二") });
    const ids = (await allIds()).reverse();
    const reorders = async () => (await t.database.db.selectFrom("activity_log").select("id").where("action", "=", "banner.reorder").execute()).length;
    const before = await reorders();

    const res = await reorder({ ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("排序已更新");
    const answered = res.json().data as BannerItem[];
    expect(answered.map((banner) => banner.id)).toEqual(ids);
    expect(answered.map((banner) => banner.sort_order)).toEqual(ids.map((_, index) => index + 1));
    expect(await allIds()).toEqual(ids);
    const active = (await listData()).map((banner) => banner.id);
    expect(active).toEqual(ids.filter((id) => active.includes(id)));
    expect(await reorders()).toBe(before + 1);
  });

  it("a list that no longer matches the stored banners is a 409 and changes nothing", async () => {
    const ids = await allIds();
    const positions = async () => (await listData(admin())).map((banner) => [banner.id, banner.sort_order]);
    const before = await positions();
    for (const stale of [ids.slice(1), [...ids, 999_999], [...ids.slice(1), 999_999]]) {
      const res = await reorder({ ids: stale.reverse() });
      expect(res.statusCode, JSON.stringify(stale)).toBe(409);
      expect(res.json()).toEqual({ success: false, message: "橫幅清單已有變更，請重新整理後再調整順序" });
    }
    expect(await positions()).toEqual(before);
  });

  it("a malformed list is a 400 with a message per field", async () => {
    const ids = await allIds();
    for (const payload of [{}, { ids: [] }, { ids: "1,2,3" }, { ids: [ids[0], ids[0]] }, { ids: ["甲"] }, { ids: [-1] }]) {
      const res = await reorder(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(VALIDATION_MESSAGE);
      expect(Object.keys(res.json().errors)[0], JSON.stringify(payload)).toMatch(/^ids/);
      expect(Object.values(res.json().errors)[0]).toMatch(HAN);
    }
  });

  it("needs an administrator", async () => {
    const ids = await allIds();
    for (const headers of [{}, bearer("public")]) {
      const res = await reorder({ ids }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(LOGIN_REQUIRED);
    }
  });
});

describe("media references: a file shown by a banner cannot be deleted", () => {
  async function uploadBannerImage() {
    const body = multipart([
      { name: "folder", value: "banners" },
      { name: "image", content: await phoneJpeg({ width: 320, height: 200, orientation: 1 }), filename: "hero.jpg", contentType: "image/jpeg" },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api.php/upload", headers: { ...admin(), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; path: string };
  }
  const deleteMedia = (id: number) => t.app.inject({ method: "DELETE", url: `/admin-api.php/media/${id}`, headers: admin() });
  const usagesOf = async (id: number) => {
    const res = await t.app.inject({ method: "GET", url: "/admin-api.php/media", headers: admin() });
    return (res.json().data as Array<{ id: number; usages: Array<{ owner_type: string; owner_id: string; field: string; label: string }> }>).find((file) => file.id === id)!.usages;
  };

  it("409 naming 首頁橫幅 while used; deleting the banner frees the file", async () => {
    const file = await uploadBannerImage();
    const banner = await create({ title: "有圖片", image_url: file.path });
    expect(banner.image_url).toBe(file.path);
    expect(await usagesOf(file.id)).toEqual([expect.objectContaining({ owner_type: "banner", owner_id: String(banner.id), field: "image_url" })]);

    const refused = await deleteMedia(file.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().success).toBe(false);
    expect(refused.json().message).toContain("首頁橫幅");

    expect((await del(banner.id)).statusCode).toBe(200);
    expect(await usagesOf(file.id)).toEqual([]);
    expect((await deleteMedia(file.id)).statusCode).toBe(200);
  });

  it("an update that drops the image frees it; a video_url reference counts too", async () => {
    const image = await uploadBannerImage();
    const other = await uploadBannerImage();
    const banner = await create({ title: "換圖", image_url: image.path });
    expect((await deleteMedia(image.id)).statusCode).toBe(409);

    expect((await put(banner.id, { image_url: "", media_type: "video", video_url: other.path })).statusCode).toBe(200);
    expect(await usagesOf(image.id)).toEqual([]);
    expect(await usagesOf(other.id)).toEqual([expect.objectContaining({ owner_type: "banner", field: "video_url" })]);
    expect((await deleteMedia(other.id)).statusCode).toBe(409);
    expect((await deleteMedia(image.id)).statusCode).toBe(200);
  });
});

describe("the home page's slides (in-process, for server rendering)", () => {
  it("carry each uploaded image's size, placeholder and AVIF/WebP srcsets, and follow writes", async () => {
    for (const banner of await listData(admin())) await del(banner.id);
    const body = multipart([{ name: "image", content: await phoneJpeg({ width: 1400, height: 700, orientation: 1 }), filename: "wide.jpg", contentType: "image/jpeg" }]);
    const res = await t.app.inject({ method: "POST", url: "/api.php/upload", headers: { ...admin(), ...body.headers }, payload: body.payload });
    const file = res.json().data as { path: string };
    const withImage = await create({ title: "有圖", image_url: file.path });
    await create({ title: "外部圖片", image_url: "https://cdn.example.com/a.jpg" });
    await create({ title: "停用", image_url: file.path, is_active: false });

    const slides = await t.services.site.banners.heroSlides();
    expect(slides.banners.map((banner) => banner.title)).toEqual(["有圖", "外部圖片"]);
    expect(Object.keys(slides.pictures)).toEqual([file.path]);
    const picture = slides.pictures[file.path]!;
    expect(picture).toMatchObject({ width: 1400, height: 700, alt: "" });
    expect(picture.placeholder).toMatch(/^data:image\/webp;base64,/);
    const widths = (srcset: string) => srcset.split(", ").map((entry) => entry.split(" ")[1]);
    // 320, 640, 768, 1024 and the image's own width (below 1600).
    expect(widths(picture.webp)).toEqual(["320w", "640w", "768w", "1024w", "1400w"]);
    expect(widths(picture.avif)).toEqual(["320w", "640w", "768w", "1024w", "1400w"]);
    expect(picture.avif).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]+-320w\.avif 320w/);

    await put(withImage.id, { is_active: false });
    expect((await t.services.site.banners.heroSlides()).banners.map((banner) => banner.title)).toEqual(["外部圖片"]);
  });
});
