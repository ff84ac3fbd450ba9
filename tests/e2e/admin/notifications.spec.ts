// Live notifications (001 §4, §7, §9): a contact message created by
// another client raises the sidebar badge and shows the 3-second banner, on
// the 15-second poll or on window focus; a LINE message raises the urgent
// customers badge; with the tab hidden the title blinks with the count and
// the favicon carries a badge until the administrator interacts.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { insertContact, insertLineCustomer, insertLineMessage } from "#tests/factories/content.factory.ts";
import { SETTLE, waitForHydration } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { computedRgb, signedInPage } from "../support/admin.ts";

const e2e = useE2E();

const DASHBOARD_TITLE = "儀表板 | 後台管理系統";
const banner = (page: Page) => page.getByTestId("new-message-banner");
const contactsBadge = (page: Page) => page.getByTestId("badge-contacts");
const customersBadge = (page: Page) => page.getByTestId("badge-customers");
const badgeNumber = async (page: Page, which: "contacts" | "customers") => {
  const badge = which === "contacts" ? contactsBadge(page) : customersBadge(page);
  if ((await badge.count()) === 0) return "";
  return (await badge.evaluate((element) => element.firstChild?.textContent ?? "")).trim();
};
const db = () => e2e.server.app.database.db;

/** Opens the dashboard signed in and waits for the first poll: the baseline against which rises count. */
async function openDashboard(options: { clock?: boolean } = {}) {
  const { page } = await signedInPage(e2e, "/admin/login");
  if (options.clock) await page.clock.install();
  const firstPoll = page.waitForResponse((response) => response.url().endsWith("/admin-api.php/notifications"));
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  await firstPoll;
  return page;
}

/** The administrator's tab goes to the background (Chromium's own tab stays visible under test). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("focus")));
const iconHref = (page: Page) => page.locator("link[rel~='icon']").first().getAttribute("href");

describe("new messages", () => {
  it("a contact form sent by a visitor shows on the next 15-second poll: badge, then the banner for 3 seconds", async () => {
    const page = await openDashboard({ clock: true });
    const before = Number((await badgeNumber(page, "contacts")) || 0);

    await insertContact(db());
    const polled = page.waitForResponse((response) => response.url().endsWith("/admin-api.php/notifications"));
    await page.clock.fastForward(15_000);
    await polled;

    await expect.poll(() => badgeNumber(page, "contacts"), SETTLE).toBe(String(before + 1));
    await banner(page).waitFor({ state: "visible", timeout: 5_000 });
    // The page's clock also runs in real time: the three seconds are counted from when the banner
    // was seen (on a loaded machine the checks below took a real second of them).
    const seenAt = await page.evaluate(() => Date.now());
    const sinceSeen = async () => (await page.evaluate(() => Date.now())) - seenAt;
    expect(await banner(page).textContent()).toBe("有新訊息！來自聯絡表單");
    expect(await page.getByRole("status").filter({ has: banner(page) }).count()).toBe(1);

    const shown = await sinceSeen();
    if (shown < 2_000) await page.clock.fastForward(2_000 - shown);
    expect(await banner(page).isVisible()).toBe(true);
    await page.clock.fastForward(Math.max(0, 3_100 - (await sinceSeen())));
    await banner(page).waitFor({ state: "detached", timeout: 5_000 });
  });

  it("polls again when the window gets focus", async () => {
    const page = await openDashboard();
    const before = Number((await badgeNumber(page, "contacts")) || 0);
    await insertContact(db());
    await focusWindow(page);
    await expect.poll(() => badgeNumber(page, "contacts"), SETTLE).toBe(String(before + 1));
    await banner(page).waitFor({ state: "visible", timeout: 5_000 });
  });

  it("does not ring for messages that were already waiting when the back office opened, nor for read ones", async () => {
    await insertContact(db());
    const page = await openDashboard();
    expect(Number(await badgeNumber(page, "contacts"))).toBeGreaterThan(0);
    await insertContact(db(), { status: "read" });
    const polled = page.waitForResponse((response) => response.url().endsWith("/admin-api.php/notifications"));
    await focusWindow(page);
    await polled;
    await page.waitForTimeout(300);
    expect(await banner(page).count()).toBe(0);
  });

  it("an unread LINE message raises the urgent customers badge", async () => {
    const page = await openDashboard();
    expect(await customersBadge(page).count()).toBe(0);
    const customer = await insertLineCustomer(db());
    await insertLineMessage(db(), customer, { direction: "incoming", is_read: false });
    await focusWindow(page);
    await expect.poll(() => badgeNumber(page, "customers"), SETTLE).toBe("1");
    // Urgent: red, unlike the contacts badge.
    const [r, g, b] = await computedRgb(customersBadge(page), "backgroundColor");
    expect(r).toBeGreaterThan(180);
    expect(Math.max(g, b)).toBeLessThan(80);
    expect(await banner(page).textContent()).toBe("有新訊息！來自LINE 客服");
    // Answered elsewhere: the badge goes when the messages are read.
    await db().updateTable("line_messages").set({ is_read: 1 }).where("customer_id", "=", customer).execute();
    await focusWindow(page);
    await expect.poll(() => customersBadge(page).count(), SETTLE).toBe(0);
  });
});

describe("browser tab", () => {
  it("blinks the title every second with the unread count and badges the favicon while hidden; pauses when visible; an interaction ends it", async () => {
    const page = await openDashboard({ clock: true });
    expect(await page.title()).toBe(DASHBOARD_TITLE);
    const originalIcon = await iconHref(page);
    await setHidden(page, true);

    await insertContact(db());
    const unread = (await e2e.server.services.dashboard.notifications()) as { contacts: number; total_messages: number };
    const total = unread.contacts + unread.total_messages;
    const blinking = `(${total}) 新訊息 - ${DASHBOARD_TITLE}`;
    await focusWindow(page);

    await expect.poll(() => page.title(), SETTLE).toBe(blinking);
    await expect.poll(() => iconHref(page), SETTLE).toMatch(/^data:image\/png;base64,/);
    await page.clock.fastForward(1_000);
    await expect.poll(() => page.title(), SETTLE).toBe(DASHBOARD_TITLE);
    await page.clock.fastForward(1_000);
    await expect.poll(() => page.title(), SETTLE).toBe(blinking);

    // Back to the tab: paused, title and icon as they were.
    await setHidden(page, false);
    await expect.poll(() => page.title(), SETTLE).toBe(DASHBOARD_TITLE);
    expect(await iconHref(page)).toBe(originalIcon);
    await page.clock.fastForward(2_000);
    expect(await page.title()).toBe(DASHBOARD_TITLE);

    // Away again without having touched anything: it resumes.
    await setHidden(page, true);
    await expect.poll(() => page.title(), SETTLE).toBe(blinking);

    // Any interaction ends it for good.
    await page.mouse.move(200, 300);
    await expect.poll(() => page.title(), SETTLE).toBe(DASHBOARD_TITLE);
    expect(await iconHref(page)).toBe(originalIcon);
    await page.clock.fastForward(3_000);
    expect(await page.title()).toBe(DASHBOARD_TITLE);
  });

  it("a route change ends it too, and the new screen's title stays", async () => {
    const page = await openDashboard();
    await setHidden(page, true);
    await insertContact(db());
    await focusWindow(page);
    await expect.poll(() => page.title(), SETTLE).toMatch(/^\(\d+\) 新訊息 - /);
    // Navigate without a pointer or key event reaching the page.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/admin/contacts"));
    await expect.poll(() => page.title(), SETTLE).toBe("聯絡表單 | 後台管理系統");
    await page.waitForTimeout(1_300);
    expect(await page.title()).toBe("聯絡表單 | 後台管理系統");
  });
});
