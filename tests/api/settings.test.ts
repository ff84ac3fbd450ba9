// Site settings through the HTTP API: the public read (no secrets, ETag), the
// administrator read and write, and every range of 001 §5 (logo height 20–100,
// logo max width 100–400, floating button 40–80, font size 12–24, border radius
// 0–20, line height from its choices).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicSettingKeys, settingKeys } from "#contract/settings.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const LOGIN_EXPIRED = "登入已過期，請重新登入";
const HAN = /\p{Script=Han}/u;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

const publicSettings = () => t.app.inject({ method: "GET", url: "/api.php/settings" });
const adminSettings = (headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers });
const postSettings = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers, payload: payload as object });
const storedSettings = async (): Promise<Record<string, string>> => {
  const res = await adminSettings();
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** A 400 answer in the envelope, with exactly these field errors. */
function expectFieldErrors(res: Awaited<ReturnType<typeof postSettings>>, errors: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({ success: false, message: VALIDATION_MESSAGE, errors });
  for (const message of Object.values(errors)) expect(message).toMatch(HAN);
}

// Real-looking secrets, made fresh per run so a match cannot be a coincidence.
const secrets = {
  line_channel_access_token: `lcat-${randomBytes(48).toString("base64url")}`,
  line_channel_secret: randomBytes(16).toString("hex"),
  line_admin_user_id: `U${randomBytes(16).toString("hex")}`,
  discord_webhook_url: `https://discord.com/api/webhooks/1234567890/${randomBytes(24).toString("base64url")}`,
  discord_username: `祕密機器人-${randomBytes(4).toString("hex")}`,
  discord_avatar_url: `https://cdn.example.com/avatar-${randomBytes(4).toString("hex")}.png`,
  line_webhook_url: `https://hooks.example.com/line-${randomBytes(4).toString("hex")}`,
};
const privateKeys = settingKeys.filter((key) => !publicSettingKeys.includes(key));

describe("GET /api.php/settings (public)", () => {
  it("answers 200 with the seeded public defaults", async () => {
    const res = await publicSettings();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      site_title: "專業清潔維護服務",
      company_name: "安心清潔維護有限公司",
      active_theme_id: "1",
      menu_portfolio_enabled: "true",
      menu_services_enabled: "true",
      menu_blog_enabled: "true",
      floating_button_size: "56",
      floating_line_color: "#22c55e",
      floating_phone_color: "#3b82f6",
      meta_robots: "index,follow",
      font_family: "Inter",
      font_size: "16",
      line_height: "1.6",
      border_radius: "8",
      company_logo_height: "56",
      company_logo_max_width: "240",
      header_logo_height: "48",
      header_logo_max_width: "208",
      footer_logo_height: "40",
      footer_logo_max_width: "180",
    });
    expect(typeof body.data.site_title).toBe("string");
    expect(body.data.site_title.length).toBeGreaterThan(0);
  });

  it("holds exactly the public keys, every value a string", async () => {
    const data = (await publicSettings()).json().data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([...publicSettingKeys].sort());
    for (const value of Object.values(data)) expect(typeof value).toBe("string");
  });

  it("never shows a secret, even once the administrator has set them", async () => {
    const saved = await postSettings({ ...secrets, enable_registration: true, backup_frequency: "weekly" });
    expect(saved.statusCode).toBe(200);

    // The administrator sees them, so they really are stored...
    const all = await storedSettings();
    expect(all).toMatchObject(secrets);
    expect(all.enable_registration).toBe("true");

    // ...and the public answer holds neither the keys nor the values anywhere.
    const res = await publicSettings();
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, string>;
    for (const key of privateKeys) expect(data).not.toHaveProperty(key);
    for (const key of ["line_channel_access_token", "line_channel_secret", "discord_webhook_url", "line_admin_user_id", "discord_username"]) {
      expect(res.body).not.toContain(`"${key}"`);
    }
    for (const value of Object.values(secrets)) expect(res.body).not.toContain(value);
    // Nor half of a value (e.g. the secret part of the webhook URL).
    expect(res.body).not.toContain(secrets.discord_webhook_url.split("/").at(-1)!);
    expect(res.body).not.toContain(secrets.line_channel_access_token.slice(5, 30));
  });

  it("sends an ETag and answers 304 to a matching If-None-Match", async () => {
    const first = await publicSettings();
    const etag = first.headers.etag;
    expect(typeof etag).toBe("string");
    expect(etag).toMatch(/^(W\/)?".+"$/);

    const again = await t.app.inject({ method: "GET", url: "/api.php/settings", headers: { "if-none-match": etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    const stale = await t.app.inject({ method: "GET", url: "/api.php/settings", headers: { "if-none-match": '"not-the-etag"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().success).toBe(true);
  });

  it("changes the ETag after a write, so an old copy is answered in full", async () => {
    const before = await publicSettings();
    const oldEtag = before.headers.etag as string;
    expect((await postSettings({ site_title: "ETag 測試標題" })).statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api.php/settings", headers: { "if-none-match": oldEtag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(oldEtag);
    expect(after.json().data.site_title).toBe("ETag 測試標題");
  });

  it("accepts the cache-busting ?t= query and answers the same", async () => {
    const plain = await publicSettings();
    const busted = await t.app.inject({ method: "GET", url: "/api.php/settings?t=123" });
    expect(busted.statusCode).toBe(200);
    expect(busted.json()).toEqual(plain.json());
    expect(busted.headers.etag).toBe(plain.headers.etag);
  });

  it("accepts `Bearer public`, no header or even a bad token: it is a public read", async () => {
    for (const headers of [{ authorization: "Bearer public" }, { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }, {}]) {
      const res = await t.app.inject({ method: "GET", url: "/api.php/settings", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect(res.json().data).not.toHaveProperty("line_channel_secret");
    }
  });
});

describe("administrator settings: the token guard", () => {
  const badHeaders: Array<[string, Record<string, string>, string]> = [
    ["no Authorization header", {}, LOGIN_REQUIRED],
    ["Bearer public", { authorization: "Bearer public" }, LOGIN_REQUIRED],
    ["a forged random token", { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }, LOGIN_EXPIRED],
    ["a malformed header (no scheme)", { authorization: randomBytes(32).toString("base64url") }, LOGIN_REQUIRED],
    ["a malformed header (Basic)", { authorization: "Basic YWRtaW46cGFzc3dvcmQ=" }, LOGIN_REQUIRED],
    ["a malformed header (Bearer only)", { authorization: "Bearer" }, LOGIN_REQUIRED],
    ["a malformed header (two tokens)", { authorization: "Bearer abc def" }, LOGIN_REQUIRED],
  ];

  it.each(badHeaders)("GET /admin-api.php/settings with %s: 401", async (_label, headers, message) => {
    const res = await adminSettings(headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, message });
  });

  it.each(badHeaders)("POST /admin-api.php/settings with %s: 401 and nothing changes", async (_label, headers, message) => {
    const before = await storedSettings();
    const res = await postSettings({ company_name: "未授權的修改" }, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message });
    expect(await storedSettings()).toEqual(before);
  });

  it("a token whose administrator's tokens were deleted no longer works", async () => {
    const other = await adminToken(t);
    expect((await adminSettings(bearer(other))).statusCode).toBe(200);
    await t.database.db.deleteFrom("admin_tokens").execute();
    const res = await adminSettings(bearer(other));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_EXPIRED });
    token = await adminToken(t);
  });

  it("GET with a valid token: 200, every key including the private ones, never cached", async () => {
    const res = await adminSettings();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([...settingKeys].sort());
    for (const key of ["line_channel_access_token", "line_channel_secret", "discord_webhook_url", "line_admin_user_id", "discord_username", "notification_type"]) {
      expect(body.data).toHaveProperty(key);
    }
    expect(body.data.notification_type).toBe("line");
  });

  it("POST with a valid token: 200 with the saved settings and the success message", async () => {
    const res = await postSettings({ company_name: "新北清潔股份有限公司" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe("設定已成功儲存");
    expect(body.data.company_name).toBe("新北清潔股份有限公司");
    expect((await storedSettings()).company_name).toBe("新北清潔股份有限公司");
    expect((await publicSettings()).json().data.company_name).toBe("新北清潔股份有限公司");
  });
});

describe("POST /admin-api.php/settings: logo height 20–100, logo max width 100–400, floating button 40–80, font size 12–24, border radius 0–20, line height from its choices (001 §5)", () => {
  const logoCases: Array<[string, string]> = [
    ["company_logo", "公司 Logo"],
    ["header_logo", "頁首 Logo"],
    ["footer_logo", "頁尾 Logo"],
  ];

  describe.each(logoCases)("%s size", (prefix, label) => {
    it.each([19, 101, 0, -5])(`${prefix}_height %s is refused`, async (value) => {
      expectFieldErrors(await postSettings({ [`${prefix}_height`]: value }), {
        [`${prefix}_height`]: `${label} 高度必須介於 20 到 100 之間`,
      });
    });
    it.each([99, 401])(`${prefix}_max_width %s is refused`, async (value) => {
      expectFieldErrors(await postSettings({ [`${prefix}_max_width`]: value }), {
        [`${prefix}_max_width`]: `${label} 最大寬度必須介於 100 到 400 之間`,
      });
    });
    it("the boundaries 20, 100 (height) and 100, 400 (width) are accepted", async () => {
      for (const [height, width] of [[20, 100], [100, 400]] as const) {
        const res = await postSettings({ [`${prefix}_height`]: height, [`${prefix}_max_width`]: width });
        expect(res.statusCode).toBe(200);
        const stored = await storedSettings();
        expect(stored[`${prefix}_height`]).toBe(String(height));
        expect(stored[`${prefix}_max_width`]).toBe(String(width));
      }
    });
  });

  it.each([39, 81])("floating_button_size %s is refused", async (value) => {
    expectFieldErrors(await postSettings({ floating_button_size: value }), { floating_button_size: "浮動按鈕大小必須介於 40 到 80 之間" });
  });
  it.each([11, 25])("font_size %s is refused", async (value) => {
    expectFieldErrors(await postSettings({ font_size: value }), { font_size: "字體大小必須介於 12 到 24 之間" });
  });
  it.each([-1, 21])("border_radius %s is refused", async (value) => {
    expectFieldErrors(await postSettings({ border_radius: value }), { border_radius: "圓角大小必須介於 0 到 20 之間" });
  });
  it("a fractional size is refused", async () => {
    expectFieldErrors(await postSettings({ font_size: 14.5 }), { font_size: "字體大小必須是整數" });
  });
  it.each(["abc", "", true, null])("a non-number font_size (%s) is refused", async (value) => {
    const res = await postSettings({ font_size: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors.font_size).toMatch(/字體大小/);
  });

  it("the boundaries 40, 80, 12, 24, 0, 20 are accepted", async () => {
    for (const values of [
      { floating_button_size: 40, font_size: 12, border_radius: 0 },
      { floating_button_size: 80, font_size: 24, border_radius: 20 },
    ]) {
      const res = await postSettings(values);
      expect(res.statusCode).toBe(200);
      const stored = await storedSettings();
      for (const [key, value] of Object.entries(values)) expect(stored[key]).toBe(String(value));
    }
  });

  it("line_height 1.5 is not one of the choices", async () => {
    expectFieldErrors(await postSettings({ line_height: "1.5" }), { line_height: "行高必須是以下其中之一：1.2、1.4、1.6、1.8、2.0" });
    expectFieldErrors(await postSettings({ line_height: 1.5 }), { line_height: "行高必須是以下其中之一：1.2、1.4、1.6、1.8、2.0" });
  });

  it.each([["2.0"], [2], ["2"], ["2.00"]])("line_height %j is accepted as \"2.0\"", async (value) => {
    await postSettings({ line_height: "1.2" });
    const res = await postSettings({ line_height: value });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.line_height).toBe("2.0");
    expect((await storedSettings()).line_height).toBe("2.0");
  });

  it.each(["1.2", "1.4", "1.6", "1.8"])("line_height %s is accepted", async (value) => {
    const res = await postSettings({ line_height: value });
    expect(res.statusCode).toBe(200);
    expect((await storedSettings()).line_height).toBe(value);
  });

  it("font_family Comic Sans is refused", async () => {
    expectFieldErrors(await postSettings({ font_family: "Comic Sans" }), {
      font_family: "字型必須是以下其中之一：Inter、Roboto、Open Sans、Noto Sans TC、Microsoft JhengHei",
    });
  });
  it.each(["Inter", "Roboto", "Open Sans", "Noto Sans TC", "Microsoft JhengHei"])("font_family %s is accepted", async (font) => {
    const res = await postSettings({ font_family: font });
    expect(res.statusCode).toBe(200);
    expect((await publicSettings()).json().data.font_family).toBe(font);
  });

  it.each(["red", "#12345", "#gggggg", "22c55e", "#22c55e; background:url(x)", "rgb(0,0,0)"])("colour %j is refused", async (value) => {
    expectFieldErrors(await postSettings({ floating_line_color: value, primary_color: value }), {
      floating_line_color: "LINE 按鈕顏色必須是 #RRGGBB 格式的顏色",
      primary_color: "主要顏色必須是 #RRGGBB 格式的顏色",
    });
  });
  it("colours #RGB and #RRGGBB are accepted; a blank theme colour follows the theme", async () => {
    const res = await postSettings({ floating_line_color: "#0f0", floating_phone_color: "#1D4ED8", primary_color: "" });
    expect(res.statusCode).toBe(200);
    expect(await storedSettings()).toMatchObject({ floating_line_color: "#0f0", floating_phone_color: "#1D4ED8", primary_color: "" });
  });

  it.each(["not-an-email", "a@", "@example.com", "a b@example.com"])("email %j is refused", async (value) => {
    expectFieldErrors(await postSettings({ company_email: value }), { company_email: "公司 Email格式不正確" });
  });
  it("a valid email and a blank one are accepted", async () => {
    expect((await postSettings({ company_email: "hello@clean.example.tw", contact_email: "" })).statusCode).toBe(200);
    expect(await storedSettings()).toMatchObject({ company_email: "hello@clean.example.tw", contact_email: "" });
  });

  it.each(["javascript:alert(1)", "JavaScript:alert(document.cookie)", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=", "/uploads/../../etc/passwd", "/uploads/x.png\" onerror=\"alert(1)"])(
    "image field %j is refused",
    async (value) => {
      expectFieldErrors(await postSettings({ company_logo: value, og_image: value }), {
        company_logo: "公司 Logo必須是上傳的圖片路徑或 https:// 網址",
        og_image: "分享時的預覽圖片必須是上傳的圖片路徑或 https:// 網址",
      });
    },
  );
  it("an uploaded path and an https URL are accepted as images", async () => {
    const res = await postSettings({ company_logo: "/uploads/images/logo.png", og_image: "https://cdn.example.com/og.jpg", favicon: "" });
    expect(res.statusCode).toBe(200);
    expect((await publicSettings()).json().data).toMatchObject({ company_logo: "/uploads/images/logo.png", og_image: "https://cdn.example.com/og.jpg" });
  });
  it("a javascript: link is refused in a link field too", async () => {
    expectFieldErrors(await postSettings({ facebook_url: "javascript:alert(1)" }), { facebook_url: "Facebook 網址必須是 http:// 或 https:// 開頭的網址" });
  });

  it("an unknown key is refused and named in errors", async () => {
    expectFieldErrors(await postSettings({ company_name: "應該不會存下", not_a_setting: "x" }), { not_a_setting: "不支援的設定項目：not_a_setting" });
    expect((await storedSettings()).company_name).not.toBe("應該不會存下");
  });
  it("several unknown keys are each named", async () => {
    const res = await postSettings({ foo: 1, bar: 2 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["bar", "foo"]);
    for (const message of Object.values(res.json().errors)) expect(message).toMatch(/^不支援的設定項目：/);
  });
  it("prototype-looking keys do not get through", async () => {
    for (const raw of ['{"toString":"x"}', '{"__proto__":{"company_name":"x"}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: { ...bearer(token), "content-type": "application/json" }, payload: raw });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(HAN);
    }
    expect((await storedSettings()).company_name).not.toBe("x");
  });

  it.each([["an array", "[]"], ["a string", '"company_name"'], ["a number", "42"], ["null", "null"], ["true", "true"]])(
    "a JSON body that is %s: 400, never 500",
    async (_label, raw) => {
      const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: { ...bearer(token), "content-type": "application/json" }, payload: raw });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.message).toBe(VALIDATION_MESSAGE);
    },
  );
  it("malformed JSON: 400 with a plain message, never 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/settings",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: '{"company_name": "abc",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: "資料格式不正確，請確認送出的 JSON" });
  });
  it("an empty JSON body: 400, never 500", async () => {
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: { ...bearer(token), "content-type": "application/json" }, payload: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(HAN);
  });
  it("a form-encoded or text body: 4xx envelope, never 500", async () => {
    for (const [type, payload] of [["text/plain", "company_name=x"], ["application/x-www-form-urlencoded", "company_name=x"]]) {
      const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: { ...bearer(token), "content-type": type }, payload });
      expect([400, 415]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(HAN);
    }
    expect((await storedSettings()).company_name).not.toBe("x");
  });

  it("an active_theme_id that names no theme: 400 with errors.active_theme_id", async () => {
    expectFieldErrors(await postSettings({ active_theme_id: 999 }), { active_theme_id: "找不到這個主題" });
    expectFieldErrors(await postSettings({ active_theme_id: "999" }), { active_theme_id: "找不到這個主題" });
    const res = await postSettings({ active_theme_id: "abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.active_theme_id).toMatch(HAN);
    expect((await postSettings({ active_theme_id: 0 })).statusCode).toBe(400);
    expect((await postSettings({ active_theme_id: 3_000_000_000 })).statusCode).toBe(400);
    expect((await storedSettings()).active_theme_id).toBe("1");
  });
  it("an active_theme_id that names a theme is accepted (and put back)", async () => {
    expect((await postSettings({ active_theme_id: 2 })).statusCode).toBe(200);
    expect((await publicSettings()).json().data.active_theme_id).toBe("2");
    expect((await postSettings({ active_theme_id: "1" })).statusCode).toBe(200);
    expect((await publicSettings()).json().data.active_theme_id).toBe("1");
  });

  it.each([
    ["company_tax_id", "1234", "統一編號必須是 8 位數字"],
    ["company_phone", "call me<script>", "公司電話只能包含數字、空白與 + - ( ) #"],
    ["line_channel_secret", "not-hex", "LINE Channel Secret 必須是 32 位英數字"],
    ["line_admin_user_id", "u123", "LINE 管理員 User ID 格式不正確（U 開頭加 32 位英數字）"],
    ["google_analytics", "<script>", "Google Analytics 訪客統計編號格式不正確，應為 G- 開頭的英數字（例如 G-XXXXXXXXXX）"],
    ["google_analytics", "UA-1234567-1", "Google Analytics 訪客統計編號格式不正確，應為 G- 開頭的英數字（例如 G-XXXXXXXXXX）"],
    ["meta_robots", "all", "搜尋引擎索引必須是以下其中之一：index,follow、noindex,follow、index,nofollow、noindex,nofollow"],
    ["notification_type", "email", "通知方式必須是以下其中之一：line、discord"],
  ])("%s %j is refused with its own message", async (key, value, message) => {
    expectFieldErrors(await postSettings({ [key]: value }), { [key]: message });
  });
  it("a Google Analytics measurement id is kept in Google's capitals, public (the pages load its tag), and blank clears it", async () => {
    expect((await postSettings({ google_analytics: " g-ab12cd34 " })).statusCode).toBe(200);
    expect((await publicSettings()).json().data.google_analytics).toBe("G-AB12CD34");
    expect((await postSettings({ google_analytics: "" })).statusCode).toBe(200);
    expect((await storedSettings()).google_analytics).toBe("");
  });
  it("a text over its length limit is refused", async () => {
    expectFieldErrors(await postSettings({ company_name: "長".repeat(121) }), { company_name: "公司名稱不能超過 120 個字元" });
  });
});

describe("POST /admin-api.php/settings: all or nothing, stored as text", () => {
  it("a failed POST changes nothing, not even its valid fields", async () => {
    const before = await storedSettings();
    const attempts: unknown[] = [
      { company_name: "半途而廢公司", font_size: 99 },
      { company_name: "半途而廢公司", active_theme_id: 999 },
      { company_name: "半途而廢公司", discord_webhook_url: "https://evil.example.com/api/webhooks/1/x" },
      { company_name: "半途而廢公司", unknown_thing: true },
      { site_title: "新標題", header_logo_height: 101, font_family: "Comic Sans" },
    ];
    for (const attempt of attempts) {
      const res = await postSettings(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await storedSettings()).toEqual(before);
    expect((await publicSettings()).json().data.company_name).toBe(before.company_name);
  });

  it("several invalid fields are all reported at once", async () => {
    expectFieldErrors(await postSettings({ header_logo_height: 101, font_family: "Comic Sans", border_radius: -1 }), {
      header_logo_height: "頁首 Logo 高度必須介於 20 到 100 之間",
      font_family: "字型必須是以下其中之一：Inter、Roboto、Open Sans、Noto Sans TC、Microsoft JhengHei",
      border_radius: "圓角大小必須介於 0 到 20 之間",
    });
  });

  it("numbers sent as numbers come back as strings", async () => {
    const res = await postSettings({ font_size: 18, border_radius: 12, floating_button_size: 64, company_logo_height: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ font_size: "18", border_radius: "12", floating_button_size: "64", company_logo_height: "60" });
    const pub = (await publicSettings()).json().data;
    expect(pub).toMatchObject({ font_size: "18", border_radius: "12", floating_button_size: "64", company_logo_height: "60" });
  });

  it("numeric strings with spaces are normalised", async () => {
    const res = await postSettings({ font_size: " 20 " });
    expect(res.statusCode).toBe(200);
    expect((await storedSettings()).font_size).toBe("20");
  });

  it('booleans become "true" and "false"', async () => {
    const res = await postSettings({ menu_blog_enabled: false, floating_buttons_enabled: false, maintenance_mode: true, footer_logo_no_grayscale: true });
    expect(res.statusCode).toBe(200);
    expect(await storedSettings()).toMatchObject({
      menu_blog_enabled: "false",
      floating_buttons_enabled: "false",
      maintenance_mode: "true",
      footer_logo_no_grayscale: "true",
    });
    expect((await publicSettings()).json().data.menu_blog_enabled).toBe("false");

    expect((await postSettings({ menu_blog_enabled: "true", floating_buttons_enabled: "1", maintenance_mode: "0", footer_logo_no_grayscale: "false" })).statusCode).toBe(200);
    expect(await storedSettings()).toMatchObject({
      menu_blog_enabled: "true",
      floating_buttons_enabled: "true",
      maintenance_mode: "false",
      footer_logo_no_grayscale: "false",
    });
  });
  it("a flag that is not a boolean is refused", async () => {
    expectFieldErrors(await postSettings({ maintenance_mode: "yes" }), { maintenance_mode: "維護模式必須是開啟或關閉" });
  });

  it("texts are trimmed and stored as given", async () => {
    const res = await postSettings({ company_name: "  基隆安心清潔  ", footer_text: "" });
    expect(res.statusCode).toBe(200);
    expect(await storedSettings()).toMatchObject({ company_name: "基隆安心清潔", footer_text: "" });
  });

  it("an empty object saves nothing and still answers 200", async () => {
    const before = await storedSettings();
    const res = await postSettings({});
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(await storedSettings()).toEqual(before);
  });

  it("the full settings object (as the screen sends it) round-trips", async () => {
    const all = await storedSettings();
    const res = await postSettings(all);
    expect(res.statusCode).toBe(200);
    expect(await storedSettings()).toEqual(all);
  });
});

describe("discord_webhook_url with the default DISCORD_API_BASE_URL", () => {
  it("accepts discord.com and discordapp.com webhooks, refuses other hosts", async () => {
    expect((await postSettings({ discord_webhook_url: "https://discord.com/api/webhooks/111/aaa" })).statusCode).toBe(200);
    expect((await postSettings({ discord_webhook_url: "https://discordapp.com/api/webhooks/222/bbb" })).statusCode).toBe(200);
    expect((await storedSettings()).discord_webhook_url).toBe("https://discordapp.com/api/webhooks/222/bbb");
    for (const url of ["https://evil.example.com/api/webhooks/1/x", "https://discord.com.evil.example/api/webhooks/1/x", "https://discord.com/api/other/1/x", "http://discord.com/api/webhooks/1/x"]) {
      expectFieldErrors(await postSettings({ discord_webhook_url: url }), { discord_webhook_url: "Discord Webhook 網址必須以 https://discord.com/api/webhooks/ 開頭" });
    }
    expect((await storedSettings()).discord_webhook_url).toBe("https://discordapp.com/api/webhooks/222/bbb");
  });
  it("a blank webhook URL clears it", async () => {
    expect((await postSettings({ discord_webhook_url: "" })).statusCode).toBe(200);
    expect((await storedSettings()).discord_webhook_url).toBe("");
  });
});

describe("discord_webhook_url follows DISCORD_API_BASE_URL", () => {
  let fake: TestApp;
  let fakeToken: string;
  beforeAll(async () => {
    fake = await createTestApp({ DISCORD_API_BASE_URL: "http://127.0.0.1:9" });
    fakeToken = await adminToken(fake);
  });
  afterAll(async () => fake.close());

  const post = (payload: object) => fake.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(fakeToken), payload });
  const stored = async () => (await fake.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(fakeToken) })).json().data;

  it("accepts a URL under {DISCORD_API_BASE_URL}/api/webhooks/", async () => {
    const url = "http://127.0.0.1:9/api/webhooks/123/abc-DEF_456";
    const res = await post({ discord_webhook_url: url });
    expect(res.statusCode).toBe(200);
    expect((await stored()).discord_webhook_url).toBe(url);
  });

  it.each([
    "https://discord.com/api/webhooks/1/x",
    "https://discordapp.com/api/webhooks/1/x",
    "http://127.0.0.1:90/api/webhooks/1/x",
    "http://127.0.0.1:9/api/other/1/x",
    "http://example.com/api/webhooks/1/x",
  ])("refuses %s", async (url) => {
    const before = (await stored()).discord_webhook_url;
    expectFieldErrors(await post({ discord_webhook_url: url }), {
      discord_webhook_url: "Discord Webhook 網址必須以 http://127.0.0.1:9/api/webhooks/ 開頭",
    });
    expect((await stored()).discord_webhook_url).toBe(before);
  });
});
