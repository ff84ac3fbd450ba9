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

  it("falls back from a missing logo to the favicon, then to the default logo, then to the company name", async () => {
    const server = e2e.server;
    // The page is static: the server names the first logo whose file is there, so no broken image is even requested.
    const requested: string[] = [];

    await server.updateSettings({ company_logo: "/uploads/missing-logo.png", favicon: "/favicon.ico" });
    let page = await e2e.newPage();
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await visit(page, "/");
    expect((await settledLogo(page)).src).toBe("/favicon.ico");

    await server.updateSettings({ favicon: "/uploads/missing-favicon.png" });
    page = await e2e.newPage();
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await visit(page, "/");
    expect((await settledLogo(page)).src).toBe("/default-logo.svg");
    expect(requested.filter((path) => path.startsWith("/uploads/missing-"))).toEqual([]);

    // The default logo cannot go missing on a working server; if the browser loses it, the
    // image's text alternative, the company name, stands in its place.
    page = await e2e.newPage();
    await page.route("**/default-logo.svg", (route) => route.abort());
    e2e.expectConsoleError(/ERR_FAILED.*default-logo\.svg|default-logo\.svg.*ERR_FAILED/);
    await visit(page, "/");
    const image = headerLogo(page).locator("img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0), SETTLE).toBe(true);
    expect(await image.getAttribute("alt")).toBe(COMPANY);
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

    // No such post: its 404 page still marks the news link.
    e2e.expectConsoleError(/status of 404.*\/blog\/some-post/);
    await visit(page, "/blog/some-post");
    expect(await currentLinks(page)).toEqual(["最新消息"]);
  });

  it("loads each page its link names, and moves the current marker along", async () => {
    const page = await e2e.newPage();
    await visit(page, "/");

    const steps: Array<[label: string, path: string, heading: string]> = [
      ["關於我們", "/about", "關於我們"],
      ["服務項目", "/services", "專業清潔服務"],
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
      // A static page: no router runtime came with it (decision 015).
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    }
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
  it("hides the desktop navigation, opens and closes from its toggle without any script, and a followed link loads the page with it closed", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/");
    expect(await mainNav(page).isVisible()).toBe(false);
    const disclosure = page.getByTestId("mobile-menu");
    const toggle = disclosure.locator("summary");
    const menu = page.locator("#mobile-menu");
    const isOpen = () => disclosure.evaluate((details: HTMLDetailsElement) => details.open);
    expect(await toggle.getAttribute("aria-label")).toBe("選單");
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    await menu.waitFor({ state: "visible" });
    expect(await isOpen()).toBe(true);
    expect(await menu.locator("a").allTextContents()).toEqual(ALL_LINKS);

    await menu.getByRole("link", { name: "服務項目" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/services`);
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe("專業清潔服務");
    expect(await isOpen()).toBe(false);
    expect(await menu.isVisible()).toBe(false);

    // From the keyboard, and closing by the toggle itself.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    expect(await menu.locator("a[aria-current='page']").allTextContents()).toEqual(["服務項目"]);
    await toggle.click();
    await menu.waitFor({ state: "hidden" });
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
