// The site header as a visitor uses it: the logo and its fallbacks, the main
// navigation with its active link, the three menu switches, the mobile menu,
// and every navigation starting at the top of the new page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const ALL_LINKS = ["首頁", "關於我們", "服務項目", "清潔案例", "最新消息", "聯絡我們"];
const COMPANY = "安心清潔維護有限公司";

const mainNav = (page: Page) => page.locator("nav[aria-label='主選單']");
const headerLogo = (page: Page) => page.locator(`header a[aria-label='${COMPANY} 首頁']`);

async function navLabels(page: Page): Promise<string[]> {
  return mainNav(page).locator("a").allTextContents();
}

async function currentLinks(page: Page): Promise<string[]> {
  return mainNav(page).locator("a[aria-current='page']").allTextContents();
}

/** The src the header logo image settles on (a loaded image), or null when it fell back to text. */
async function settledLogo(page: Page): Promise<{ src: string | null; text: string }> {
  const read = () =>
    headerLogo(page).evaluate((link) => {
      const img = link.querySelector("img");
      if (!img) return { state: "text", src: null, text: link.textContent ?? "" };
      return { state: img.complete && img.naturalWidth > 0 ? "image" : "pending", src: img.getAttribute("src"), text: link.textContent ?? "" };
    });
  await expect.poll(async () => (await read()).state, { ...SETTLE, timeout: 10_000 }).not.toBe("pending");
  const { src, text } = await read();
  return { src, text };
}

describe("header logo", () => {
  it("shows the default logo when neither a logo nor a favicon is set", async () => {
    const page = await e2e.newPage();
    await visit(page, "/");
    const logo = await settledLogo(page);
    expect(logo.src).toBe("/default-logo.svg");
    expect(await headerLogo(page).locator("img").getAttribute("alt")).toBe(COMPANY);
  });

  it("falls back from a broken logo to the favicon, then to the default logo, then to the company name", async () => {
    const server = e2e.server;
    // The broken images are requested on purpose; Chromium logs their 404s.
    e2e.expectConsoleError(/status of 404.*\/uploads\/missing-/);

    await server.updateSettings({ company_logo: "/uploads/missing-logo.png", favicon: "/favicon.ico" });
    let page = await e2e.newPage();
    await visit(page, "/");
    expect((await settledLogo(page)).src).toBe("/favicon.ico");

    await server.updateSettings({ favicon: "/uploads/missing-favicon.png" });
    // Run several times: the favicon's 404 can arrive within milliseconds of the
    // switch to it, and one failure must still advance the chain only once.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      page = await e2e.newPage();
      await visit(page, "/");
      expect((await settledLogo(page)).src).toBe("/default-logo.svg");
    }

    // The default logo cannot break on a working server; the browser is made to lose it.
    page = await e2e.newPage();
    await page.route("**/default-logo.svg", (route) => route.abort());
    e2e.expectConsoleError(/ERR_FAILED.*default-logo\.svg|default-logo\.svg.*ERR_FAILED/);
    await visit(page, "/");
    const logo = await settledLogo(page);
    expect(logo.src).toBeNull();
    expect(logo.text).toBe(COMPANY);
  });
});

describe("main navigation", () => {
  it("lists the six pages and marks the current one, home only exactly", async () => {
    const page = await e2e.newPage();
    await visit(page, "/");
    expect(await navLabels(page)).toEqual(ALL_LINKS);
    expect(await currentLinks(page)).toEqual(["首頁"]);

    await visit(page, "/services/5");
    expect(await currentLinks(page)).toEqual(["服務項目"]);

    await visit(page, "/blog/some-post");
    expect(await currentLinks(page)).toEqual(["最新消息"]);
  });

  it("moves between pages in place when a link is clicked, and moves the current marker along", async () => {
    const page = await e2e.newPage();
    await visit(page, "/");
    // Survives only if the clicks below are client-side navigations, not page loads.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    const steps: Array<[label: string, path: string, heading: string]> = [
      ["關於我們", "/about", "關於我們"],
      ["服務項目", "/services", "服務項目"],
      ["清潔案例", "/portfolio", "清潔案例展示"],
      ["最新消息", "/blog", "最新消息"],
      ["聯絡我們", "/contact", "聯絡我們"],
      ["首頁", "/", COMPANY],
    ];
    for (const [label, path, heading] of steps) {
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL(`${e2e.server.baseUrl}${path}`);
      await expect.poll(() => page.locator("h1").textContent(), { ...SETTLE, message: path }).toBe(heading);
      expect(await currentLinks(page), path).toEqual([label]);
    }
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  });

  it.each([
    ["menu_services_enabled", "服務項目"],
    ["menu_portfolio_enabled", "清潔案例"],
    ["menu_blog_enabled", "最新消息"],
  ])("drops its link when %s is switched off, on the next page load", async (key, label) => {
    const page = await e2e.newPage();
    // The page is now in the page cache; the setting change must empty it.
    await visit(page, "/about");
    expect(await navLabels(page)).toContain(label);

    await e2e.server.updateSettings({ [key]: "false" });
    await visit(page, "/about");
    expect(await navLabels(page)).toEqual(ALL_LINKS.filter((link) => link !== label));
    const headerNav = /<nav aria-label="主選單"[\s\S]*?<\/nav>/.exec((await e2e.server.fetchPage("/about")).html)?.[0];
    expect(headerNav).toContain("關於我們");
    expect(headerNav).not.toContain(label);

    await e2e.server.updateSettings({ [key]: "true" });
    await visit(page, "/about");
    expect(await navLabels(page)).toEqual(ALL_LINKS);
  });

  it("drops all three switchable links at once", async () => {
    await e2e.server.updateSettings({ menu_services_enabled: "false", menu_portfolio_enabled: "false", menu_blog_enabled: "false" });
    const page = await e2e.newPage();
    await visit(page, "/");
    expect(await navLabels(page)).toEqual(["首頁", "關於我們", "聯絡我們"]);
  });
});

describe("mobile menu", () => {
  it("hides the desktop navigation, opens from the toggle, and closes after a link is followed", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/");
    expect(await mainNav(page).isVisible()).toBe(false);
    expect(await page.locator("#mobile-menu").count()).toBe(0);

    const toggle = page.getByRole("button", { name: "開啟選單" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();

    const menu = page.locator("#mobile-menu");
    await menu.waitFor({ state: "visible" });
    expect(await menu.locator("a").allTextContents()).toEqual(ALL_LINKS);
    const close = page.getByRole("button", { name: "關閉選單" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");

    await menu.getByRole("link", { name: "服務項目" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/services`);
    await menu.waitFor({ state: "detached" });
    expect(await page.locator("h1").textContent()).toBe("服務項目");
    expect(await page.getByRole("button", { name: "開啟選單" }).getAttribute("aria-expanded")).toBe("false");

    // Closing by the toggle itself, without navigating.
    await page.getByRole("button", { name: "開啟選單" }).click();
    await menu.waitFor({ state: "visible" });
    expect(await menu.locator("a[aria-current='page']").allTextContents()).toEqual(["服務項目"]);
    await page.getByRole("button", { name: "關閉選單" }).click();
    await menu.waitFor({ state: "detached" });
  });
});

describe("scroll position", () => {
  it("starts a page reached from the footer at the top", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/");
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 3_000);
    await expect.poll(() => page.evaluate(() => window.scrollY), SETTLE).toBeGreaterThan(500);

    await page.locator("footer").getByRole("link", { name: "關於我們" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/about`);
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe("關於我們");
    // Only meaningful when the new page could have stayed scrolled down.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(300);
    await expect.poll(() => page.evaluate(() => window.scrollY), SETTLE).toBe(0);
  });
});
