// /services and the home page's core-services grid (000 §2, §4, §5, §8): the
// hero and its stat chips, the category filter (links: 全部服務 and one per
// category, each list its own address), the cards (price chip only above 0,
// four features then 還有 N 項服務亮點..., a link to the service's page, a
// contact button carrying the service), the empty texts, the contact block;
// the cards are the services of 服務管理 (decision 031): one made there shows
// on /services and the home grid at once.
import { describe, expect, it } from "vitest";
import type { ServicesPageRecord } from "#contract/pages.ts";
import { defaultServicesPageContent } from "#server/modules/seed/built-in-pages.ts";
import { adminApi } from "../support/admin.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const serviceCards = async () => (await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/service-cards")).body.data as Array<{ id: number; name: string }>;

async function saveServicesPage(mutate: (content: ServicesPageRecord) => void) {
  const content = defaultServicesPageContent();
  mutate(content);
  await adminApi(e2e, e2e.server.token, "PUT", "/admin-api.php/pages/services_page", { title: "服務項目頁面", content: JSON.stringify(content), is_active: 1 });
}

describe("the services page", () => {
  it("shows the hero, every service as a card, and filters by category through links", async () => {
    const page = await e2e.newPage();
    await page.goto("/services");
    expect(await page.locator("h1").textContent()).toBe("專業清潔服務");
    expect(await page.getByRole("list", { name: "服務概況" }).locator("li").count()).toBe(3);
    expect(await page.getByTestId("service-card").count()).toBe(12);
    const filter = page.getByRole("navigation", { name: "服務分類" });
    expect(await filter.getByRole("link", { name: "全部服務" }).getAttribute("aria-current")).toBe("page");
    await filter.getByRole("link", { name: "駐點維護" }).click();
    await page.waitForURL(/category=/);
    const titles = await page.getByTestId("service-card").locator("h3").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(12);
    expect(await filter.getByRole("link", { name: "駐點維護" }).getAttribute("aria-current")).toBe("page");

    const card = page.getByTestId("service-card").first();
    const details = card.getByRole("link", { name: /了解詳情/ });
    expect(await details.getAttribute("href")).toMatch(/^\/services\/\d+$/);
    const contact = new URL((await card.getByRole("link", { name: /立即諮詢/ }).getAttribute("href"))!, "http://x");
    expect(contact.pathname).toBe("/contact");
    expect(contact.searchParams.get("service")).toBe(titles[0]);
    expect(contact.searchParams.get("message")).toContain(`「${titles[0]}」`);
  });

  it("a price above 0 gets its chip with thousands separators; four features, then how many more", async () => {
    // The cards' prices and features are the services' own, set in 服務管理 (decision 031).
    const [one, two] = await serviceCards();
    await adminApi(e2e, e2e.server.token, "PUT", `/admin-api.php/service-items/${one!.id}`, { price: 12000, price_unit: "坪", features: ["一", "二", "三", "四", "五", "六"] });
    await adminApi(e2e, e2e.server.token, "PUT", `/admin-api.php/service-items/${two!.id}`, { price: 0 });
    const page = await e2e.newPage();
    await page.goto("/services");
    const [first, second] = [page.getByTestId("service-card").nth(0), page.getByTestId("service-card").nth(1)];
    expect(await first.getByTestId("price-chip").textContent()).toBe("NT$ 12,000 / 坪");
    expect(await first.locator("ul li").allTextContents()).toEqual(["一", "二", "三", "四"]);
    expect(await first.textContent()).toContain("還有 2 項服務亮點...");
    expect(await second.getByTestId("price-chip").count()).toBe(0);
  });

  it("says 此分類目前沒有服務項目。 for an empty category and 目前尚未設定服務內容，請稍後再試。 without services", async () => {
    // The page leaves every service out (an empty choice would be every service).
    const hidden = (await serviceCards()).map((card) => ({ service_id: card.id, hidden: true }));
    await saveServicesPage((content) => void (content.services = hidden));
    const page = await e2e.newPage();
    await page.goto("/services");
    expect(await page.locator("#services-list").textContent()).toContain("目前尚未設定服務內容，請稍後再試。");
    await saveServicesPage(() => {});
    await page.goto(`/services?category=${encodeURIComponent("沒有這個分類")}`);
    // An unknown category is no filter at all: every service shows.
    expect(await page.getByTestId("service-card").count()).toBe(12);
  });

  it("a service made in 服務管理 is on /services and the home grid at once, every card linking to its page; the home grid shows the home services' texts", async () => {
    const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/pages");
    const home = (body as { data: Array<{ page_key: string; content: string }> }).data.find((entry) => entry.page_key === "home_services")!;
    const content = JSON.parse(home.content);
    content.title = "我們最受歡迎的服務";
    await adminApi(e2e, e2e.server.token, "PUT", "/admin-api.php/pages/home_services", { title: "首頁核心服務", content: JSON.stringify(content), is_active: 1 });
    const made = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-items", { name: "冷氣深層清洗", description: "室內機拆洗與殺菌", features: ["拆卸清洗"], price: 2500, price_unit: "台" });
    const id = (made.body as { data: { id: number } }).data.id;

    for (const path of ["/services", "/"]) {
      const html = (await e2e.server.fetchPage(path)).html;
      expect(html, path).toContain("冷氣深層清洗");
      expect(html, path).toContain(`href="/services/${id}"`);
    }
    const page = await e2e.newPage();
    await page.goto("/");
    const grid = page.getByTestId("core-services");
    expect(await grid.locator("h2").textContent()).toBe("我們最受歡迎的服務");
    const cards = grid.getByTestId("service-card");
    expect(await cards.count()).toBe(13);
    // Every card links to its service's page, which has its price.
    const links = await cards.getByRole("link", { name: /了解詳情/ }).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(links.every((href) => /^\/services\/\d+$/.test(href ?? ""))).toBe(true);
    await cards.filter({ hasText: "冷氣深層清洗" }).getByRole("link", { name: /了解詳情/ }).click();
    await page.waitForURL(`**/services/${id}`);
    expect(await page.locator("h1").textContent()).toBe("冷氣深層清洗");
    expect(await page.locator("main").textContent()).toContain("2,500");
    await adminApi(e2e, e2e.server.token, "DELETE", `/admin-api.php/service-items/${id}`);
  });
});
