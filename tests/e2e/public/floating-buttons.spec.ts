// The floating LINE and phone buttons: they appear 500 ms after the page is
// up (the stylesheet's animation delay: the page has no script), each only when
// switched on and when it has somewhere to go, in the size and colours the
// settings give.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const LINE_URL = "https://line.me/R/ti/p/@e2e-cleaning";
const buttons = (page: Page) => page.locator("[data-testid='floating-buttons']");
const lineButton = (page: Page) => buttons(page).getByRole("link", { name: "加入 LINE 好友" });
const phoneButton = (page: Page) => buttons(page).locator("a[href^='tel:']");

/**
 * Loads a page and waits for the buttons to come in (500 ms, the stylesheet's
 * animation delay). With `expectNone`, checks they are not in the page at all.
 */
async function openSettled(path = "/", { expectNone = false, viewport }: { expectNone?: boolean; viewport?: { width: number; height: number } } = {}) {
  const page = await e2e.newPage(viewport);
  await visit(page, path);
  if (!expectNone) await buttons(page).locator("a").first().waitFor({ state: "visible", timeout: 5_000 });
  return page;
}

/** Holds the buttons' entrance animation at `ms` after the page came up: what a visitor sees then. */
async function seenAt(page: Page, ms: number) {
  await page.evaluate((at) => {
    for (const animation of document.getAnimations()) {
      if ((animation as CSSAnimation).animationName !== "floating-in") continue;
      animation.pause();
      animation.currentTime = at;
    }
  }, ms);
  return phoneButton(page).evaluate((button) => {
    const style = getComputedStyle(button);
    return { visibility: style.visibility, opacity: Number(style.opacity) };
  });
}

describe("floating buttons", () => {
  it("are in the page from the start, hidden (out of reach of taps and the keyboard) until 500 ms have passed", async () => {
    // Static HTML, no script: the buttons are in the first answer and the stylesheet times their entrance.
    const { html } = await e2e.server.fetchPage("/");
    expect(html).toContain('data-testid="floating-buttons"');

    const page = await e2e.newPage();
    await visit(page, "/");
    expect(await seenAt(page, 0)).toEqual({ visibility: "hidden", opacity: 0 });
    expect(await seenAt(page, 490)).toEqual({ visibility: "hidden", opacity: 0 });
    expect((await seenAt(page, 600)).visibility).toBe("visible");
    expect(await seenAt(page, 700)).toEqual({ visibility: "visible", opacity: 1 });
  });

  it("show only the phone button while no LINE add-friend URL is set, calling company_phone", async () => {
    const page = await openSettled();
    expect(await lineButton(page).count()).toBe(0);
    expect(await phoneButton(page).getAttribute("href")).toBe("tel:0224200000");
    expect(await phoneButton(page).getAttribute("aria-label")).toBe("撥打電話 02-2420-0000");

    await e2e.server.updateSettings({ company_phone: "(02) 8765-4321" });
    const next = await openSettled("/about");
    expect(await phoneButton(next).getAttribute("href")).toBe("tel:0287654321");
    expect(await phoneButton(next).getAttribute("aria-label")).toBe("撥打電話 (02) 8765-4321");
  });

  it("show the LINE button once the add-friend URL is set and the LINE button is switched on", async () => {
    await e2e.server.updateSettings({ line_add_friend_url: LINE_URL });
    let page = await openSettled();
    expect(await lineButton(page).getAttribute("href")).toBe(LINE_URL);
    expect(await lineButton(page).getAttribute("target")).toBe("_blank");
    expect(await lineButton(page).getAttribute("rel")).toContain("noopener");
    expect(await phoneButton(page).count()).toBe(1);

    await e2e.server.updateSettings({ floating_line_enabled: "false" });
    page = await openSettled();
    expect(await lineButton(page).count()).toBe(0);
    expect(await phoneButton(page).count()).toBe(1);

    await e2e.server.updateSettings({ floating_line_enabled: "true", floating_phone_enabled: "false" });
    page = await openSettled();
    expect(await lineButton(page).count()).toBe(1);
    expect(await phoneButton(page).count()).toBe(0);
  });

  it("are all gone when floating_buttons_enabled is off", async () => {
    await e2e.server.updateSettings({ line_add_friend_url: LINE_URL, floating_buttons_enabled: "false" });
    const page = await openSettled("/", { expectNone: true });
    expect(await buttons(page).count()).toBe(0);
    expect(await page.locator("a[href^='tel:0224200000'][aria-label^='撥打電話']").count()).toBe(0);
  });

  it("take their size from floating_button_size and their colours from the colour settings", async () => {
    await e2e.server.updateSettings({ line_add_friend_url: LINE_URL });
    let page = await openSettled();
    expect(await lineButton(page).evaluate(renderedSize)).toEqual({ width: 56, height: 56 });
    expect(await backgroundOf(lineButton(page))).toBe("rgb(34, 197, 94)");
    expect(await backgroundOf(phoneButton(page))).toBe("rgb(59, 130, 246)");

    await e2e.server.updateSettings({ floating_button_size: "72", floating_line_color: "#ff0000", floating_phone_color: "#123456" });
    page = await openSettled();
    expect(await lineButton(page).evaluate(renderedSize)).toEqual({ width: 72, height: 72 });
    expect(await phoneButton(page).evaluate(renderedSize)).toEqual({ width: 72, height: 72 });
    expect(await backgroundOf(lineButton(page))).toBe("rgb(255, 0, 0)");
    expect(await backgroundOf(phoneButton(page))).toBe("rgb(18, 52, 86)");
  });

  it("stay in the bottom-right corner on a phone screen", async () => {
    const page = await openSettled("/", { viewport: MOBILE });
    // Past the 200 ms entrance animation, which moves the buttons while it runs.
    await seenAt(page, 1_000);
    const box = (await phoneButton(page).boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(MOBILE.width - 40);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.y + box.height).toBeGreaterThan(MOBILE.height - 60);
    expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
  });
});

/** Layout size, untouched by the entrance animation's transform. */
const renderedSize = (element: HTMLElement) => ({ width: element.offsetWidth, height: element.offsetHeight });

function backgroundOf(locator: ReturnType<Page["locator"]>) {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}
