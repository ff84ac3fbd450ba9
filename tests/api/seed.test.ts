import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "#server/modules/seed/seed.service.ts";
import { verifyPassword } from "#server/modules/auth/password.ts";
import { defaultSettings } from "#contract/settings.ts";
import { SERVICE_CATALOGUE } from "#server/modules/seed/service-catalogue.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const count = async (table: "themes" | "service_items" | "service_categories" | "pages" | "service_types" | "admin_users" | "settings") =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("seed of a new database", () => {
  it("stores every default setting, with active_theme_id 1", async () => {
    expect(await count("settings")).toBe(Object.keys(defaultSettings).length);
    const row = await t.database.db.selectFrom("settings").select("value").where("key", "=", "active_theme_id").executeTakeFirstOrThrow();
    expect(row.value).toBe("1");
  });

  it("creates at least four themes: theme 1 a service layout, the others corporate and ecommerce", async () => {
    const themes = await t.database.db.selectFrom("themes").select(["id", "layout_type"]).orderBy("id").execute();
    expect(themes.length).toBeGreaterThanOrEqual(4);
    expect(themes[0]).toEqual({ id: 1, layout_type: "service" });
    const others = new Set(themes.slice(1).map((theme) => theme.layout_type));
    expect(others).toEqual(new Set(["corporate", "ecommerce"]));
  });

  it("creates the 12-service fallback catalogue as categories and items, in order, with their units", async () => {
    const items = await t.database.db
      .selectFrom("service_items")
      .innerJoin("service_categories", "service_categories.id", "service_items.category_id")
      .select(["catalogue_key", "service_items.display_order", "price_unit", "service_categories.name as category"])
      .orderBy("service_items.display_order")
      .execute();
    expect(items).toHaveLength(12);
    expect(items.map((item) => [item.catalogue_key, item.display_order, item.category, item.price_unit])).toEqual(
      SERVICE_CATALOGUE.map((service) => [service.key, service.apiId, service.category, service.priceUnit]),
    );
    expect(items[1]).toMatchObject({ catalogue_key: "floor_cleaning", category: "深度清潔", price_unit: "坪" });
    expect(await count("service_categories")).toBe(6);
    expect(await count("service_types")).toBe(12);
  });

  it("creates the home_services, services_page and about_company pages", async () => {
    const pages = await t.database.db.selectFrom("pages").select(["page_key", "content", "is_active"]).orderBy("page_key").execute();
    expect(pages.map((page) => page.page_key)).toEqual(["about_company", "home_services", "services_page"]);
    // The JSON pages choose nothing yet: every service of 服務管理 shows (decision 031).
    const services = JSON.parse(pages.find((page) => page.page_key === "services_page")!.content);
    expect(services.services).toEqual([]);
    expect(pages.every((page) => page.is_active === 1)).toBe(true);
  });

  it("creates the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD with a hashed password", async () => {
    const admin = await t.database.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(admin.email).toBe(TEST_ADMIN.email);
    expect(admin.password_hash).not.toContain(TEST_ADMIN.password);
    expect(await verifyPassword(TEST_ADMIN.password, admin.password_hash)).toBe(true);
    expect(await verifyPassword("wrong", admin.password_hash)).toBe(false);
  });

  it("runs exactly once: a second seed changes nothing, even after staff delete services", async () => {
    await t.database.db.deleteFrom("service_items").where("catalogue_key", "=", "pest_control").execute();
    const lines: string[] = [];
    const logger = { info: (..._args: unknown[]) => lines.push("info"), warn: (..._args: unknown[]) => lines.push("warn") };
    expect(await seedIfEmpty(t.database.db, { logger: logger as never })).toBe(false);
    expect(await count("service_items")).toBe(11);
    expect(await count("admin_users")).toBe(1);
    expect(lines).toEqual([]);
  });
});

describe("seed without ADMIN_PASSWORD", () => {
  it("generates a password and prints it once, with admin@example.com when no email is given", async () => {
    const fresh = await createTestApp({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    try {
      const admin = await fresh.database.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
      expect(admin.email).toBe("admin@example.com");
      // The log line is the only place the password exists; a second seed prints nothing.
      const warnings: string[] = [];
      const logger = { info: () => {}, warn: (_obj: unknown, message: string) => warnings.push(message) };
      expect(await seedIfEmpty(fresh.database.db, { logger: logger as never })).toBe(false);
      expect(warnings).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
