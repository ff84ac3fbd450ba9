// The public site for a visitor whose browser runs no scripts (decision 015):
// every page reads in full from the server's HTML and stylesheet, the phone menu
// opens and its links go, the contact buttons come in, and the home page shows
// its first banner with a working button. Nothing on a public page may need a
// script to be read or used.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, uploadMedia } from "../support/admin.ts";
import { MOBILE, SETTLE } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const COMPANY = "安心清潔維護有限公司";

/** Every public page type there is today, with the heading it opens with. */
const PAGES: Array<[path: string, heading: string]> = [
  ["/about", "關於我們"],
  ["/services", "專業清潔服務"],
  ["/services/1", "水塔清洗消毒"],
  ["/portfolio", "清潔案例展示"],
  ["/blog", "最新消息"],
  ["/blog/spring-cleaning-tips", "春季大掃除的五個小技巧"],
  ["/contact", "聯絡我們"],
  ["/no-such-page", "找不到頁面"],
];

// The article the news route opens.
beforeAll(async () => {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/blog/posts", {
    title: "春季大掃除的五個小技巧",
    slug: "spring-cleaning-tips",
    content: "<p>從高處到低處、從乾到濕，大掃除事半功倍。</p>",
    status: "published",
  });
  if (!body.success) throw new Error(`creating the article answered ${status}: ${body.message}`);
});

async function scriptless(viewport?: { width: number; height: number }): Promise<Page> {
  return e2e.newPage(viewport, { javaScript: false });
}

describe("without JavaScript", () => {
  it.each(PAGES)("%s reads in full: its heading, the header's links, the footer, styled by the inline stylesheet", async (path, heading) => {
    // The browser reports the not-found page's own 404 status as a console error.
    if (path === "/no-such-page") e2e.expectConsoleError(/status of 404/);
    const page = await scriptless();
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(path === "/no-such-page" ? 404 : 200);
    expect(await page.locator("h1").first().textContent()).toBe(heading);
    expect(await page.locator("nav[aria-label='主選單'] a").allTextContents()).toEqual(["首頁", "關於我們", "服務項目", "清潔案例", "最新消息", "聯絡我們"]);
    expect(await page.locator("footer").textContent()).toContain(COMPANY);
    // Styled: the header's navigation is laid out in a row (display: flex from the stylesheet).
    expect(await page.locator("nav[aria-label='主選單'] ul").evaluate((list) => getComputedStyle(list).display)).toBe("flex");
  });

  it("the phone menu opens from its toggle and a link in it loads that page", async () => {
    const page = await scriptless(MOBILE);
    await page.goto("/about");
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.getByTestId("mobile-menu").locator("summary").click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "聯絡我們" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/contact`);
    expect(await page.locator("h1").textContent()).toBe("聯絡我們");
    expect(await menu.isVisible()).toBe(false);
  });

  it("the floating phone button comes in by itself and calls the company", async () => {
    const page = await scriptless(MOBILE);
    await page.goto("/");
    const phone = page.locator("[data-testid='floating-buttons'] a[href^='tel:']");
    await phone.waitFor({ state: "visible", timeout: 5_000 });
    expect(await phone.getAttribute("href")).toBe("tel:0224200000");
  });

  describe("the home page with banners", () => {
    let banners: Banner[] = [];
    beforeAll(async () => {
      const image = await uploadMedia(e2e, "hero-nojs.jpg", await photo(1600, 800, 4).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
      for (const [index, title] of ["專業水塔清洗", "大樓地板打蠟"].entries()) {
        const { body } = await adminApi(e2e, e2e.server.token, "POST", "/api.php/hero-banners", { media_type: "image", title, image_url: image.file_path, button_link: "/contact", sort_order: index + 1 });
        banners.push(body.data as Banner);
      }
    });
    afterAll(async () => {
      for (const banner of banners) await adminApi(e2e, e2e.server.token, "DELETE", `/api.php/hero-banners/${banner.id}`);
      banners = [];
    });

    it("shows the first banner's picture and title, and its button goes where it says", async () => {
      const page = await scriptless();
      await page.goto("/");
      const image = page.getByTestId("hero-image").first();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SETTLE).toBe(true);
      expect(await page.getByTestId("hero-title").first().textContent()).toBe("專業水塔清洗");
      await page.getByRole("link", { name: "立即諮詢" }).first().click();
      await page.waitForURL(`${e2e.server.baseUrl}/contact`);
    });
  });
});
