// /services/{serviceId} as a visitor sees it (000 §2, §5, §8): the breadcrumb
// and back link, the name, category, description, 服務特色, 實績亮點, 服務案例
// images, the price box (NT$ with thousands separators only above 0), the
// service area, 立即預約 carrying the service into /contact and the call link,
// Service JSON-LD for search engines; 服務項目不存在 with a 404 for an unknown
// or switched-off service; and a change in the back office reaching the page.
import { describe, expect, it } from "vitest";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, uploadMedia } from "../support/admin.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

async function createService(body: Record<string, unknown>) {
  const { body: answer } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-items", body);
  return (answer as { data: { id: number } }).data.id;
}

describe("a service's page", () => {
  it("shows everything the spec lists, with the book button carrying the service", async () => {
    const id = await createService({
      name: "外牆高壓清洗",
      description: "大樓外牆與廣場的高壓清洗。",
      features: "高壓熱水設備\n環保清潔劑\n高空作業人員",
      references: ["台北信義區商辦大樓"],
      price: 12000,
      price_unit: "棟",
    });
    await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-images", { service_id: id, image_path: "/default-logo.svg", title: "施工後" });
    const page = await e2e.newPage();
    const answer = await page.goto(`/services/${id}`);
    expect(answer?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("外牆高壓清洗");
    expect(await page.getByRole("navigation", { name: "麵包屑" }).textContent()).toBe("首頁/服務項目/外牆高壓清洗");
    expect(await page.getByRole("link", { name: "返回服務列表" }).getAttribute("href")).toBe("/services");
    expect(await page.getByRole("heading", { name: "服務特色" }).count()).toBe(1);
    expect(await page.locator("section[aria-labelledby='features-title'] li").allTextContents()).toEqual(["高壓熱水設備", "環保清潔劑", "高空作業人員"]);
    expect(await page.locator("section[aria-labelledby='references-title'] li").allTextContents()).toEqual(["台北信義區商辦大樓"]);
    expect(await page.locator("section[aria-labelledby='cases-title'] img").getAttribute("alt")).toBe("施工後");
    expect(await page.getByTestId("service-price").textContent()).toBe("NT$ 12,000 / 棟");
    const book = page.getByRole("link", { name: "立即預約" });
    expect(await book.getAttribute("href")).toBe(`/contact?service=外牆高壓清洗&source=services/${id}`);
    await book.click();
    await page.waitForURL(/\/contact\?/);
    expect(await page.locator("#contact-form").getByLabel("主旨").inputValue()).toBe("諮詢服務：外牆高壓清洗");

    const { html } = await e2e.server.fetchPage(`/services/${id}`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { "@type": string });
    expect(blocks.find((block) => block["@type"] === "Service")).toMatchObject({ "@type": "Service", name: "外牆高壓清洗", offers: { price: 12000, priceCurrency: "TWD" } });
    expect(html).toContain('content="index,follow"');
  });

  it("shows an uploaded main image through the media variants, with its size, first; case images lazily", async () => {
    const main = await uploadMedia(e2e, "外牆.jpg", await photo(1600, 900).jpeg().toBuffer(), "image/jpeg");
    const caseImage = await uploadMedia(e2e, "案例.jpg", await photo(1200, 900, 2).jpeg().toBuffer(), "image/jpeg");
    const id = await createService({ name: "有照片的服務", main_image: main.file_path });
    await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-images", { service_id: id, image_path: caseImage.file_path, title: "完工" });
    const { html } = await e2e.server.fetchPage(`/services/${id}`);
    const mainTag = /<img[^>]*alt="有照片的服務"[^>]*>/.exec(html)?.[0] ?? "";
    expect(mainTag).toContain('width="1600"');
    expect(mainTag).toContain('height="900"');
    expect(mainTag).toContain('fetchPriority="high"');
    expect(mainTag).toMatch(/srcSet="[^"]+\.webp \d+w/);
    expect(html).toMatch(/<source type="image\/avif" srcSet="[^"]+\.avif \d+w/);
    const caseTag = /<img[^>]*alt="完工"[^>]*>/.exec(html)?.[0] ?? "";
    expect(caseTag).toContain('loading="lazy"');
    expect(caseTag).toContain('width="1200"');
  });

  it("asks for a quote instead of a price when there is none", async () => {
    const page = await e2e.newPage();
    await page.goto("/services/1");
    expect(await page.getByTestId("service-price").textContent()).toBe("依現場評估報價");
  });

  it("is 服務項目不存在 with a 404 for an unknown id, a non-number and a switched-off service", async () => {
    const id = await createService({ name: "停用的服務", is_active: 0 });
    for (const path of ["/services/999999", "/services/abc", `/services/${id}`]) {
      e2e.expectConsoleError(/status of 404/);
      const page = await e2e.newPage();
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("服務項目不存在");
      expect(await page.locator("main").textContent()).toContain("抱歉，您要查看的服務項目不存在或已下線。");
      expect(await page.getByRole("link", { name: "返回服務列表" }).count()).toBe(1);
    }
  });

  it("follows the back office: a new name shows at once, switched off it is gone", async () => {
    const id = await createService({ name: "冷氣清洗" });
    expect((await e2e.server.fetchPage(`/services/${id}`)).html).toContain("冷氣清洗");
    await adminApi(e2e, e2e.server.token, "PUT", `/admin-api.php/service-items/${id}`, { name: "分離式冷氣清洗" });
    expect((await e2e.server.fetchPage(`/services/${id}`)).html).toContain("分離式冷氣清洗");
    await adminApi(e2e, e2e.server.token, "PUT", `/admin-api.php/service-items/${id}`, { is_active: 0 });
    expect((await e2e.server.fetchPage(`/services/${id}`)).status).toBe(404);
  });
});
