// The active theme reaches the very first HTML as CSS variables (no flash of
// the wrong colours), switching themes through the API changes the next page
// at once, and the home page keeps the staff's sections under every layout type.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, SETTLE, visit } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";

const e2e = useE2E();

// Seeded themes: 1 清新潔淨 (service layout), 2 the corporate blue.
const THEME_1 = { primary: "#0891b2", primary600: "rgb(0, 120, 153)" }; // 600 = 10 % darker: #007899
const THEME_2 = { primary: "#3b82f6", primary600: "rgb(34, 105, 221)" }; // #2269dd

function themeStyle(html: string): string {
  // The active theme's variables, after the stylesheet whose built-in defaults they override.
  const theme = /<style data-theme-variables="">([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(html.indexOf("data-theme-variables")).toBeGreaterThan(html.indexOf("data-site-stylesheet"));
  if (!theme) throw new Error("no <style> with the theme variables in the first HTML");
  return theme;
}

const primaryVariable = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary-500").trim());

/** The colour the active navigation link is painted in (text-primary-600). */
const activeLinkColour = (page: Page) =>
  page.locator("nav[aria-label='主選單'] a[aria-current='page']").evaluate((link) => getComputedStyle(link).color);

describe("theme colours", () => {
  it("are in the first HTML and applied over the stylesheet's built-in defaults", async () => {
    const { html } = await e2e.server.fetchPage("/");
    expect(themeStyle(html)).toContain(`--primary-500:${THEME_1.primary}`);
    expect(tags(html, "meta").find((tag) => tag.name === "theme-color")?.content).toBe(THEME_1.primary);

    const page = await e2e.newPage();
    await visit(page, "/");
    expect(await primaryVariable(page)).toBe(THEME_1.primary);
    expect(await activeLinkColour(page)).toBe(THEME_1.primary600);
  });

  it("change on the next page when another theme is activated through the API", async () => {
    const before = await e2e.server.fetchPage("/about");
    expect(themeStyle(before.html)).toContain(`--primary-500:${THEME_1.primary}`);
    const etag = before.headers.get("etag");
    expect(etag).toBeTruthy();

    await e2e.server.activateTheme(2);

    const after = await fetch(`${e2e.server.baseUrl}/about`, { headers: { "if-none-match": etag! } });
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(themeStyle(html)).toContain(`--primary-500:${THEME_2.primary}`);
    expect(themeStyle(html)).not.toContain(THEME_1.primary);

    const page = await e2e.newPage();
    await visit(page, "/about");
    expect(await primaryVariable(page)).toBe(THEME_2.primary);
    expect(await activeLinkColour(page)).toBe(THEME_2.primary600);

    const themes = (await (await fetch(`${e2e.server.baseUrl}/api.php/themes`)).json()) as { data: Array<{ id: number; is_active: boolean }> };
    expect(themes.data.filter((theme) => theme.is_active).map((theme) => theme.id)).toEqual([2]);
  });

  it("a primary colour set in the settings overrides the theme's", async () => {
    await e2e.server.updateSettings({ primary_color: "#ff0000" });
    expect(themeStyle((await e2e.server.fetchPage("/")).html)).toContain("--primary-500:#ff0000");
    const page = await e2e.newPage();
    await visit(page, "/");
    expect(await primaryVariable(page)).toBe("#ff0000");
  });
});

describe("home page", () => {
  it("with the service-layout theme shows the contact band and leads to contact and services", async () => {
    const page = await e2e.newPage();
    await visit(page, "/");
    const band = page.locator("section[aria-labelledby='contact-info-title']");
    expect(await band.locator("h2").textContent()).toBe("聯絡資訊");
    // Each term and its value sit in one div straight under the <dl>, as the list semantics require.
    expect(await band.locator("dl > div > dt + dd").count()).toBe(await band.locator("dt").count());
    expect(await band.locator("dt").count()).toBeGreaterThanOrEqual(7);
    expect(await band.getByRole("link", { name: "02-2420-0000" }).getAttribute("href")).toBe("tel:0224200000");
    expect(await band.getByRole("link", { name: "service@example.com" }).getAttribute("href")).toBe("mailto:service@example.com");

    const hero = page.locator("main section").first();
    expect(await hero.getByRole("link", { name: "立即諮詢" }).getAttribute("href")).toBe("/contact");
    await hero.getByRole("link", { name: "了解服務" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/services`);
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe("專業清潔服務");

    await page.goBack();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.locator("main section").first().getByRole("link", { name: "立即諮詢" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/contact`);
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe("聯絡我們");
  });

  it("with the corporate theme keeps every section staff made: the core services, the contact band and the call to action (decision 030)", async () => {
    const sections = (html: string) => ["core-services-title", "contact-info-title", "cta-title"].filter((id) => html.includes(`id="${id}"`));
    const serviceHome = sections((await e2e.server.fetchPage("/")).html);
    expect(serviceHome).toEqual(["core-services-title", "contact-info-title", "cta-title"]);
    await e2e.server.activateTheme(2);
    try {
      const page = await e2e.newPage();
      await visit(page, "/");
      expect(sections(await page.content())).toEqual(serviceHome);
      // Without banners the fallback hero leads on; the staff's call to action stands in for the corporate one.
      expect(await page.getByTestId("fallback-hero").getByRole("link", { name: "了解服務" }).getAttribute("href")).toBe("/services");
      expect(await page.locator("h1").textContent()).toBe("安心清潔維護有限公司");
      expect(await page.locator("#corporate-cta-title").count()).toBe(0);
    } finally {
      await e2e.server.activateTheme(1);
    }
  });
});

describe("the first layout on a phone", () => {
  // The browser lays out what the screen shows; each service card under it and the footer wait
  // until they come near (content-visibility: auto, docs/decisions/047-light-to-parse.md).
  it("leaves the cards under the screen and the footer for later, and shows each as it is scrolled to", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/");
    const laidOut = () =>
      page.evaluate(() =>
        // An element with content-visibility: auto keeps its own box; what it holds is what waits.
        [...document.querySelectorAll("[data-testid=service-card], footer")].map((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
      );
    const atLoad = await laidOut();
    expect(atLoad.length).toBe(13);
    expect(atLoad.at(-1)).toBe(false);
    // The screen and the half of one more the browser lays out ahead: a few of the twelve cards.
    const cardsLaidOut = atLoad.slice(0, -1).filter(Boolean).length;
    expect(cardsLaidOut).toBeGreaterThanOrEqual(1);
    expect(cardsLaidOut).toBeLessThanOrEqual(5);

    // Scrolled to, the last card is laid out, then the footer.
    await page.getByTestId("service-card").last().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await laidOut()).at(-2), SETTLE).toBe(true);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(async () => (await laidOut()).at(-1), SETTLE).toBe(true);
  });
});
