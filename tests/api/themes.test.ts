// Site themes through the HTTP API (002 §2.4, §7): the public list and
// read, activation and editing by an administrator.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken, bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const HAN = /\p{Script=Han}/u;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

interface ThemeItem {
  id: number;
  name: string;
  layout_type: string;
  is_active: boolean;
  [key: string]: unknown;
}

const listThemes = async (): Promise<ThemeItem[]> => {
  const res = await t.app.inject({ method: "GET", url: "/api.php/themes" });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const getTheme = (id: number | string) => t.app.inject({ method: "GET", url: `/api.php/themes/${id}` });
const activate = (id: number | string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: "POST", url: `/api.php/themes/${id}/activate`, headers });
const putTheme = (id: number | string, payload: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: "PUT", url: `/api.php/themes/${id}`, headers, payload: payload as object });
const activeThemeId = async () => (await t.app.inject({ method: "GET", url: "/api.php/settings" })).json().data.active_theme_id as string;

/** The body the themes screen sends (002 §7): name, texts, four colours and fixed defaults. */
const screenBody = (overrides: Record<string, unknown> = {}) => ({
  name: "海洋藍",
  industry: "清潔服務",
  description: "清爽的海洋藍配色",
  primary_color: "#0369a1",
  primary_hover: "#075985",
  secondary_color: "#14b8a6",
  accent_color: "#f97316",
  bg_primary: "#ffffff",
  bg_secondary: "#f8fafc",
  text_primary: "#1f2937",
  text_secondary: "#4b5563",
  border_color: "#e5e7eb",
  font_family: "Inter",
  ...overrides,
});

describe("GET /api.php/themes", () => {
  it("lists the seeded themes: theme 1 is the active service layout", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api.php/themes" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.success).toBe(true);
    const themes = body.data as ThemeItem[];
    expect(Array.isArray(themes)).toBe(true);
    expect(themes.length).toBeGreaterThanOrEqual(4);

    const first = themes.find((theme) => theme.id === 1)!;
    expect(first).toBeDefined();
    expect(first.layout_type).toBe("service");
    expect(first.is_active).toBe(true);
    expect(themes.filter((theme) => theme.is_active)).toHaveLength(1);

    const layouts = new Set(themes.map((theme) => theme.layout_type));
    expect(layouts).toContain("corporate");
    expect(layouts).toContain("ecommerce");

    for (const theme of themes) {
      expect(typeof theme.id).toBe("number");
      expect(theme.name).toMatch(/\S/);
      expect(typeof theme.is_active).toBe("boolean");
      for (const key of ["primary_color", "primary_hover", "secondary_color", "accent_color"]) expect(theme[key]).toMatch(/^#[0-9a-f]{3,6}$/i);
      expect(typeof theme.navigation_structure).not.toBe("string");
      expect(typeof theme.homepage_layout).not.toBe("string");
      expect(typeof theme.content_sections).not.toBe("string");
    }
    // Ordered by id.
    expect(themes.map((theme) => theme.id)).toEqual([...themes.map((theme) => theme.id)].sort((a, b) => a - b));
  });

  it("is public: no token, `Bearer public` or a bad token all read it", async () => {
    for (const headers of [{}, { authorization: "Bearer public" }, { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }]) {
      const res = await t.app.inject({ method: "GET", url: "/api.php/themes", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    }
  });
});

describe("GET /api.php/themes/{id}", () => {
  it("answers the theme with its JSON text fields parsed", async () => {
    const res = await getTheme(1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const theme = body.data;
    expect(theme.id).toBe(1);
    expect(theme.layout_type).toBe("service");
    expect(theme).not.toHaveProperty("is_active");
    expect(theme.navigation_structure).toEqual({ items: expect.arrayContaining(["/", "/services", "/contact"]) });
    expect(theme.homepage_layout).toEqual({ sections: expect.arrayContaining(["hero", "services"]) });
    expect(Array.isArray(theme.content_sections)).toBe(true);
    expect(theme.content_sections).toContain("hero");
  });

  it("answers null for a JSON field that holds no JSON", async () => {
    const res = await getTheme(2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content_sections).toBeNull();
  });

  it("answers null for a JSON field whose text cannot be parsed, never a 500", async () => {
    await t.database.db
      .updateTable("themes")
      .set({ navigation_structure: "{not json", homepage_layout: "[1, 2", content_sections: "   " })
      .where("id", "=", 4)
      .execute();
    const res = await getTheme(4);
    expect(res.statusCode).toBe(200);
    const theme = res.json().data;
    expect(theme.navigation_structure).toBeNull();
    expect(theme.homepage_layout).toBeNull();
    expect(theme.content_sections).toBeNull();
    expect(theme.name).toMatch(/\S/);

    const listed = (await listThemes()).find((item) => item.id === 4)!;
    expect(listed.navigation_structure).toBeNull();
    expect(listed.homepage_layout).toBeNull();
  });

  it("404 找不到這個主題 for an unknown id", async () => {
    const res = await getTheme(999);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
  });

  // One rule for every path id (decision 026): what is not a positive integer names no theme.
  it.each(["abc", "0", "-1", "1.5", "1abc"])("404 for the id %j", async (id) => {
    const res = await getTheme(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
  });

  it.each([
    ["GET", "3000000000"],
    ["GET", "99999999999999999999"],
    ["POST activate", "3000000000"],
    ["PUT", "3000000000"],
  ])("%s with an id beyond the integer column's range (%s) is not found or refused, never a 500", async (label, id) => {
    const res = label === "GET" ? await getTheme(id) : label === "PUT" ? await putTheme(id, screenBody()) : await activate(id);
    expect(res.statusCode, `${label} /api.php/themes/${id}: ${res.body}`).not.toBe(500);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(HAN);
  });
});

describe("POST /api.php/themes/{id}/activate", () => {
  it.each([
    ["no token", {}],
    ["Bearer public", { authorization: "Bearer public" }],
  ])("401 with %s, and the active theme stays", async (_label, headers) => {
    const res = await activate(2, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_REQUIRED });
    expect(await activeThemeId()).toBe("1");
  });

  it("401 with a forged token", async () => {
    const res = await activate(2, bearer(randomBytes(32).toString("base64url")));
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(HAN);
    expect(await activeThemeId()).toBe("1");
  });

  it("404 for an unknown theme, and the active theme stays", async () => {
    const res = await activate(999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
    expect(await activeThemeId()).toBe("1");
  });

  it("404 for a malformed id", async () => {
    const res = await activate("abc");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
  });

  it("200: settings.active_theme_id becomes the id and is_active moves", async () => {
    const res = await activate(3);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe("風格已成功切換");
    expect(body.data.id).toBe(3);
    expect(body.data.layout_type).toBe("ecommerce");

    expect(await activeThemeId()).toBe("3");
    const themes = await listThemes();
    expect(themes.filter((theme) => theme.is_active).map((theme) => theme.id)).toEqual([3]);
    expect(themes.find((theme) => theme.id === 1)!.is_active).toBe(false);

    const admin = await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(token) });
    expect(admin.json().data.active_theme_id).toBe("3");
  });

  it("activating the active theme again is harmless", async () => {
    const res = await activate(3);
    expect(res.statusCode).toBe(200);
    expect((await listThemes()).filter((theme) => theme.is_active).map((theme) => theme.id)).toEqual([3]);
  });

  it("switching back to theme 1 restores it", async () => {
    expect((await activate(1)).statusCode).toBe(200);
    expect(await activeThemeId()).toBe("1");
    expect((await listThemes()).filter((theme) => theme.is_active).map((theme) => theme.id)).toEqual([1]);
  });

  it("when the active theme's row is gone, no theme is marked and pages use the built-in theme", async () => {
    // Bypass validation to point the setting at a missing theme, then let a harmless write drop the caches.
    await t.database.db.updateTable("settings").set({ value: "4242" }).where("key", "=", "active_theme_id").execute();
    expect((await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: {} })).statusCode).toBe(200);

    expect((await listThemes()).some((theme) => theme.is_active)).toBe(false);
    const active = await t.services.site.themes.activeTheme();
    expect(active.id).toBe(0);
    expect(active.slug).toBe("builtin-default");

    expect((await activate(1)).statusCode).toBe(200);
    expect((await t.services.site.themes.activeTheme()).id).toBe(1);
  });
});

describe("PUT /api.php/themes/{id}", () => {
  it.each([
    ["no token", {}],
    ["Bearer public", { authorization: "Bearer public" }],
    ["a forged token", { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }],
  ])("401 with %s, and nothing changes", async (_label, headers) => {
    const before = (await getTheme(2)).json().data;
    const res = await putTheme(2, screenBody({ name: "未授權" }), headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(HAN);
    expect((await getTheme(2)).json().data).toEqual(before);
  });

  it("400 請輸入主題名稱 for an empty or blank name", async () => {
    for (const name of ["", "   "]) {
      const res = await putTheme(2, screenBody({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { name: "請輸入主題名稱" } });
    }
  });

  it("400 when the name is missing", async () => {
    const { name: _name, ...body } = screenBody();
    const res = await putTheme(2, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toMatch(HAN);
  });

  it("400 for a name over 60 characters", async () => {
    const res = await putTheme(2, screenBody({ name: "長".repeat(61) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: "主題名稱不能超過 60 個字元" });
  });

  it.each(["blue", "#12345", "#zzzzzz", "#0369a1;}body{display:none"])("400 for the colour %j", async (colour) => {
    const res = await putTheme(2, screenBody({ primary_color: colour, accent_color: colour }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: VALIDATION_MESSAGE,
      errors: { primary_color: "主要顏色必須是 #RRGGBB 格式的顏色", accent_color: "強調顏色必須是 #RRGGBB 格式的顏色" },
    });
  });

  it("400 for an unknown field, named in errors", async () => {
    const res = await putTheme(2, screenBody({ favourite_animal: "cat" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { favourite_animal: "不支援的欄位：favourite_animal" } });
  });

  it.each(["magazine", "", 3])("400 for the layout_type %j", async (layout) => {
    const res = await putTheme(2, screenBody({ layout_type: layout }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { layout_type: "版面類型必須是 service、corporate 或 ecommerce" } });
  });

  it("400 for a body that is not an object, or malformed JSON; never 500", async () => {
    for (const raw of ["[]", "null", '"name"', '{"name": "x",']) {
      const res = await t.app.inject({ method: "PUT", url: "/api.php/themes/2", headers: { ...bearer(token), "content-type": "application/json" }, payload: raw });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(HAN);
    }
  });

  it("a refused PUT changes nothing", async () => {
    const before = (await getTheme(2)).json().data;
    expect((await putTheme(2, screenBody({ name: "不會存下", primary_color: "blue" }))).statusCode).toBe(400);
    expect((await putTheme(2, screenBody({ name: "不會存下", layout_type: "magazine" }))).statusCode).toBe(400);
    expect((await putTheme(2, screenBody({ name: "不會存下", extra: 1 }))).statusCode).toBe(400);
    expect((await getTheme(2)).json().data).toEqual(before);
  });

  it("404 for an unknown id", async () => {
    const res = await putTheme(999, screenBody());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
  });

  it("404 for a malformed id", async () => {
    const res = await putTheme("abc", screenBody());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個主題" });
  });

  it("200 updates name, industry, description and the four colours; GET reflects it", async () => {
    const before = (await getTheme(2)).json().data;
    const body = screenBody();
    const res = await putTheme(2, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe("主題已成功更新");
    const changed = {
      name: body.name,
      industry: body.industry,
      description: body.description,
      primary_color: body.primary_color,
      primary_hover: body.primary_hover,
      secondary_color: body.secondary_color,
      accent_color: body.accent_color,
    };
    expect(answer.data).toMatchObject({ id: 2, ...changed });

    const read = (await getTheme(2)).json().data;
    expect(read).toMatchObject({ id: 2, ...changed });
    // What was not sent stays as it was.
    expect(read.slug).toBe(before.slug);
    expect(read.layout_type).toBe(before.layout_type);
    expect(read.homepage_layout).toEqual(before.homepage_layout);
    expect(read.created_at).toBe(before.created_at);
    expect(Date.parse(read.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));

    const listed = (await listThemes()).find((theme) => theme.id === 2)!;
    expect(listed).toMatchObject(changed);
    // Editing does not activate.
    expect(listed.is_active).toBe(false);
    expect(await activeThemeId()).toBe("1");
  });

  it("values are trimmed; lengths, layout and JSON fields are accepted", async () => {
    const res = await putTheme(3, {
      name: "  電商橘  ",
      layout_type: "corporate",
      btn_border_radius: 6,
      card_border_radius: "1rem",
      navigation_structure: { items: ["/", "/shop"] },
      content_sections: ["hero", "products"],
    });
    expect(res.statusCode).toBe(200);
    const theme = (await getTheme(3)).json().data;
    expect(theme).toMatchObject({ name: "電商橘", layout_type: "corporate", btn_border_radius: "6", card_border_radius: "1rem" });
    expect(theme.navigation_structure).toEqual({ items: ["/", "/shop"] });
    expect(theme.content_sections).toEqual(["hero", "products"]);
  });

  it("a refused length value is named", async () => {
    const res = await putTheme(3, { name: "電商橘", btn_border_radius: "8px; color:red" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ btn_border_radius: "按鈕圓角必須是長度，例如 8px" });
  });
});

describe("GET /api.php/themes/:id/preview (decision 030)", () => {
  const preview = (id: number | string, headers: Record<string, string> = bearer(token)) => t.app.inject({ method: "GET", url: `/api.php/themes/${id}/preview`, headers });
  const ticketOf = (url: string) => new URLSearchParams(url.slice(url.indexOf("?") + 1)).get("theme_preview") ?? "";
  const previewTheme = (ticket: string) => t.services.site.themes.previewTheme(ticket);

  afterEach(() => vi.useRealTimers());

  it("is for administrators only: the public cannot get a preview address", async () => {
    for (const headers of [{}, { authorization: "Bearer public" }] as Array<Record<string, string>>) {
      const res = await preview(2, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: LOGIN_REQUIRED });
    }
    const forged = await preview(2, bearer(randomBytes(32).toString("base64url")));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(HAN);
    expect((await preview(999)).statusCode).toBe(404);
  });

  it("gives the home page's address with a ticket that shows that theme, without changing the active one or any cached read", async () => {
    const res = await preview(2);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const link = res.json().data as { url: string; expires_at: string };
    expect(link.url).toMatch(/^\/\?theme_preview=/);
    expect(Date.parse(link.expires_at)).toBeGreaterThan(Date.now());
    expect((await previewTheme(ticketOf(link.url)))?.id).toBe(2);
    expect(await activeThemeId()).toBe("1");
    expect((await t.services.site.themes.activeTheme()).id).toBe(1);
  });

  it("a ticket someone made up or changed shows nothing: no other theme, no other session, not after it expires", async () => {
    const ticket = ticketOf((await preview(3)).json().data.url);
    const [themeId, tokenId, expires, mac] = ticket.split(".");
    expect(await previewTheme(`2.${tokenId}.${expires}.${mac}`)).toBeNull();
    expect(await previewTheme(`${themeId}.${Number(tokenId) + 1}.${expires}.${mac}`)).toBeNull();
    expect(await previewTheme(`${themeId}.${tokenId}.${Number(expires) + 60_000}.${mac}`)).toBeNull();
    expect(await previewTheme(`${themeId}.${tokenId}.${expires}.${"A".repeat(43)}`)).toBeNull();
    expect(await previewTheme("3")).toBeNull();
    expect(await previewTheme("")).toBeNull();
    expect((await previewTheme(ticket))?.id).toBe(3);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Number(expires) + 1);
    expect(await previewTheme(ticket)).toBeNull();
  });

  it("signing out ends the session's preview tickets", async () => {
    const admin = await createAdmin(t);
    const own = await sessionToken(t, admin.id);
    const ticket = ticketOf((await preview(2, bearer(own))).json().data.url);
    expect((await previewTheme(ticket))?.id).toBe(2);
    expect((await t.app.inject({ method: "POST", url: "/admin-api.php/logout", headers: bearer(own) })).statusCode).toBe(200);
    expect(await previewTheme(ticket)).toBeNull();
  });
});
