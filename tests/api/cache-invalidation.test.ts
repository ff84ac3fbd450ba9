// Public reads are cached in memory (src/server/lib/public-cache.ts); every
// write must drop them, in this instance and, on PostgreSQL, in every other
// instance on the same database (LISTEN/NOTIFY, src/server/lib/cache-bus.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const publicSettings = async (app: TestApp) => {
  const res = await app.app.inject({ method: "GET", url: "/api.php/settings" });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, string>;
};
const postSettings = (app: TestApp, token: string, payload: object) =>
  app.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload });
const activeInList = async (app: TestApp) => {
  const res = await app.app.inject({ method: "GET", url: "/api.php/themes" });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ id: number; is_active: boolean }>).filter((theme) => theme.is_active).map((theme) => theme.id);
};

/** Polls until check passes or the deadline is over; the last failure is rethrown. */
async function eventually(check: () => Promise<void>, { within = 1000, every = 25 } = {}) {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  }
}

describe("one instance: a write is seen by the next read", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await adminToken(t);
  });
  afterAll(async () => t.close());

  it("public settings: warm, change company_name, read the new value", async () => {
    const warm = await publicSettings(t);
    expect(warm.company_name).toBe("安心清潔維護有限公司");
    await publicSettings(t); // served from the cache now
    const etag = (await t.app.inject({ method: "GET", url: "/api.php/settings" })).headers.etag;

    const res = await postSettings(t, token, { company_name: "基隆快潔清潔社" });
    expect(res.statusCode).toBe(200);

    expect((await publicSettings(t)).company_name).toBe("基隆快潔清潔社");
    expect((await t.app.inject({ method: "GET", url: "/api.php/settings" })).headers.etag).not.toBe(etag);
    expect((await t.services.site.settings.publicSettings()).company_name).toBe("基隆快潔清潔社");
    expect((await t.services.settings.getAll()).company_name).toBe("基隆快潔清潔社");
  });

  it("a refused write leaves the cached answer as it was", async () => {
    const before = await publicSettings(t);
    expect((await postSettings(t, token, { company_name: "不該出現", font_size: 99 })).statusCode).toBe(400);
    expect(await publicSettings(t)).toEqual(before);
  });

  it("theme activation: activeTheme() follows at once", async () => {
    expect((await t.services.site.themes.activeTheme()).id).toBe(1);
    expect((await t.services.site.themes.activeTheme()).layout_type).toBe("service");

    const res = await t.app.inject({ method: "POST", url: "/api.php/themes/3/activate", headers: bearer(token) });
    expect(res.statusCode).toBe(200);

    const active = await t.services.site.themes.activeTheme();
    expect(active.id).toBe(3);
    expect(active.layout_type).toBe("ecommerce");
    expect((await publicSettings(t)).active_theme_id).toBe("3");
    expect(await activeInList(t)).toEqual([3]);
  });

  it("active_theme_id written through the settings API moves activeTheme() too", async () => {
    await t.services.site.themes.activeTheme();
    expect((await postSettings(t, token, { active_theme_id: 2 })).statusCode).toBe(200);
    expect((await t.services.site.themes.activeTheme()).id).toBe(2);
    expect(await activeInList(t)).toEqual([2]);
  });

  it("editing the active theme is seen by activeTheme() at once", async () => {
    expect((await t.services.site.themes.activeTheme()).id).toBe(2);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api.php/themes/2",
      headers: bearer(token),
      payload: { name: "改過的企業藍", primary_color: "#123456" },
    });
    expect(res.statusCode).toBe(200);
    const active = await t.services.site.themes.activeTheme();
    expect(active.name).toBe("改過的企業藍");
    expect(active.primary_color).toBe("#123456");
  });

  it("back to theme 1", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api.php/themes/1/activate", headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.services.site.themes.activeTheme()).id).toBe(1);
    expect(await activeInList(t)).toEqual([1]);
  });
});

// SQLite is the embedded, single-process store (README.md: DATABASE_URL is what allows
// several app instances behind a load balancer), and its cache bus is local.
// Skipped on SQLite: two instances on one database only exist with PostgreSQL.
describe.skipIf(process.env.TEST_DB !== "postgres")("two instances on one PostgreSQL database (LISTEN/NOTIFY)", () => {
  let store: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let tokenA: string;
  let tokenB: string;

  /** Like tests/setup/test-app.ts, but on a database that already exists, so two instances can share it. */
  async function instanceOn(database: TestDatabase): Promise<TestApp> {
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "silent",
    });
    const built = await buildApp({ env, web: false });
    await built.app.ready();
    return { ...built, env, close: () => built.app.close() };
  }

  beforeAll(async () => {
    store = await createTestDatabase("postgres");
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await instanceOn(store);
    b = await instanceOn(store);
    tokenA = await adminToken(a);
    tokenB = await adminToken(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it("both instances see the one seeded database", async () => {
    expect(await publicSettings(a)).toEqual(await publicSettings(b));
    const themesA = (await a.app.inject({ method: "GET", url: "/api.php/themes" })).json().data;
    const themesB = (await b.app.inject({ method: "GET", url: "/api.php/themes" })).json().data;
    expect(themesB.map((theme: { id: number }) => theme.id)).toEqual(themesA.map((theme: { id: number }) => theme.id));
  });

  it("a token issued by one instance works on the other", async () => {
    const res = await b.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(tokenA) });
    expect(res.statusCode).toBe(200);
  });

  it("a settings write through A reaches B's warm cache within about a second", async () => {
    // Warm both caches (twice, so B certainly answers from memory).
    for (const app of [a, b, a, b]) expect((await publicSettings(app)).company_name).toBe("安心清潔維護有限公司");
    const staleEtag = (await b.app.inject({ method: "GET", url: "/api.php/settings" })).headers.etag;

    const res = await postSettings(a, tokenA, { company_name: "多節點清潔公司" });
    expect(res.statusCode).toBe(200);
    // A reads its own write at once.
    expect((await publicSettings(a)).company_name).toBe("多節點清潔公司");

    await eventually(async () => {
      expect((await publicSettings(b)).company_name).toBe("多節點清潔公司");
    });
    const fresh = await b.app.inject({ method: "GET", url: "/api.php/settings", headers: { "if-none-match": staleEtag as string } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(staleEtag);
    expect((await b.services.settings.getAll()).company_name).toBe("多節點清潔公司");
  });

  it("a banner through A drops B's banner list by its tag and leaves B's settings answer kept (decision 026)", async () => {
    const bannerTitles = async (app: TestApp) =>
      ((await app.app.inject({ method: "GET", url: "/api.php/hero-banners" })).json().data as Array<{ title: string }>).map((banner) => banner.title);
    for (const app of [b, b]) await publicSettings(app);
    await bannerTitles(b);
    // Changed behind the services' back: only a dropped cache would show it.
    await a.database.db.updateTable("settings").set({ value: "沒有人寫過的名稱" }).where("key", "=", "company_name").execute();

    const res = await a.app.inject({ method: "POST", url: "/api.php/hero-banners", headers: bearer(tokenA), payload: { title: "跨節點橫幅" } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => {
      expect(await bannerTitles(b)).toContain("跨節點橫幅");
    });
    expect((await publicSettings(b)).company_name).not.toBe("沒有人寫過的名稱");
    // Put the row back as the services know it.
    await postSettings(b, tokenB, { company_name: (await b.services.settings.getAll()).company_name });
  });

  it("and the other way round: a write through B reaches A", async () => {
    await publicSettings(a);
    await publicSettings(b);
    expect((await postSettings(b, tokenB, { site_title: "B 寫入的標題", font_size: 18 })).statusCode).toBe(200);
    await eventually(async () => {
      const seen = await publicSettings(a);
      expect(seen.site_title).toBe("B 寫入的標題");
      expect(seen.font_size).toBe("18");
    });
  });

  it("a theme activated through A becomes B's active theme", async () => {
    expect((await b.services.site.themes.activeTheme()).id).toBe(1);
    expect(await activeInList(b)).toEqual([1]);

    const res = await a.app.inject({ method: "POST", url: "/api.php/themes/3/activate", headers: bearer(tokenA) });
    expect(res.statusCode).toBe(200);
    expect((await a.services.site.themes.activeTheme()).id).toBe(3);

    await eventually(async () => {
      expect((await b.services.site.themes.activeTheme()).id).toBe(3);
      expect(await activeInList(b)).toEqual([3]);
      expect((await publicSettings(b)).active_theme_id).toBe("3");
    });
  });

  it("an edit of the active theme through B reaches A's activeTheme()", async () => {
    expect((await a.services.site.themes.activeTheme()).id).toBe(3);
    const res = await b.app.inject({
      method: "PUT",
      url: "/api.php/themes/3",
      headers: bearer(tokenB),
      payload: { name: "跨節點改名", accent_color: "#abcdef" },
    });
    expect(res.statusCode).toBe(200);
    await eventually(async () => {
      const active = await a.services.site.themes.activeTheme();
      expect(active.name).toBe("跨節點改名");
      expect(active.accent_color).toBe("#abcdef");
    });
  });
});
