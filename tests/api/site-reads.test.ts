// What server-rendered pages read, in-process: the footer's services from the
// services data and the home page's call to action from the home_services page
// (never the seed constants), on SQLite and PostgreSQL. Each read here is the
// app's first, so nothing is cached before the rows are changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterAll(async () => t.close());

describe("the footer's services", () => {
  it("are the first four active service items in display order, as stored", async () => {
    const items = await t.database.db.selectFrom("service_items").select(["id", "name"]).orderBy("display_order").orderBy("id").limit(6).execute();
    await t.database.db.updateTable("service_items").set({ name: "測試改名的服務" }).where("id", "=", items[0]!.id).execute();
    await t.database.db.updateTable("service_items").set({ is_active: 0 }).where("id", "=", items[1]!.id).execute();

    expect(await t.services.site.services.footerServiceNames()).toEqual(["測試改名的服務", items[2]!.name, items[3]!.name, items[4]!.name]);
  });
});

describe("the home page's call to action", () => {
  it("is the stored home_services content, over the defaults for fields it lacks", async () => {
    const cta = { title: "今日預約享優惠", subtitle: "限基隆地區", buttonText: "馬上詢價", buttonLink: "/contact?from=home" };
    await t.database.db.updateTable("pages").set({ content: JSON.stringify({ cta }) }).where("page_key", "=", "home_services").execute();

    const content = await t.services.site.pages.homeServices();
    expect(content.cta).toEqual(cta);
    expect(content.title).toBe("核心服務");
  });
});
