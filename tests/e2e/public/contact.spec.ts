// /contact as a visitor uses it (000 §2, §4, §5, §8, §9): the information
// panel, the consultation form with JavaScript (傳送中..., the thank-you panel,
// another message, the server's messages beside the fields, failures in
// people's words) and without it (a plain post answered by the server), the
// query's prefill, the minimum fill time (marks, never refuses), and the map: only with an
// address, 地圖載入失敗 with a maps link after 5 seconds without it loading. Every state of the
// form passes axe in the light and the dark scheme, in every seeded theme, and no field in focus
// is under the floating buttons (decision 043).
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { signedInPage } from "../support/admin.ts";
import { SEED_THEMES } from "#server/modules/seed/seed-themes.ts";
import { axeViolations, settle, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, waitForHydration } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const SENT = "感謝您的來信！我們將盡快回覆您。";
/** A form sent within 3 s of its rendering (a robot's speed) is kept but marked suspect: the tests that expect a plain message wait. */
const HUMAN_PAUSE_MS = 3_100;

const MAPS = /^https:\/\/www\.google\.com\/maps/;
/** Both floating buttons show once the LINE one has somewhere to go. */
const LINE_URL = "https://line.me/R/ti/p/@e2e-cleaning";

beforeEach(async () => {
  await e2e.server.app.database.db.deleteFrom("contacts").execute();
  // Every test posts from 127.0.0.1: its five messages per ten minutes start over.
  await e2e.server.app.database.db.deleteFrom("rate_counters").execute();
});

const stored = () => e2e.server.app.database.db.selectFrom("contacts").selectAll().orderBy("id").execute();

/** Keeps the test off the internet: the map's frame answers with a tiny page, or never. */
async function mapAnswers(page: Page, how: "loads" | "hangs") {
  await page.route(MAPS, (route) => (how === "loads" ? route.fulfill({ contentType: "text/html", body: "<p>map</p>" }) : undefined));
}

async function open(path = "/contact", options: { javaScript?: boolean; viewport?: { width: number; height: number } } = {}) {
  const page = await e2e.newPage(options.viewport, { javaScript: options.javaScript });
  await mapAnswers(page, "loads");
  await page.goto(path);
  if (options.javaScript !== false) await waitForHydration(page);
  return page;
}

async function fillForm(page: Page, values: Partial<Record<"姓名" | "Email" | "電話" | "公司名稱" | "主旨" | "訊息內容", string>>) {
  for (const [label, value] of Object.entries(values)) await form(page).getByLabel(label, { exact: false }).first().fill(value);
}

const form = (page: Page) => page.locator("#contact-form");

describe("the contact page", () => {
  it("shows the company's ways to reach it beside the form", async () => {
    const page = await open();
    const details = page.getByTestId("contact-details");
    const settings = await e2e.server.services.settings.getAll();
    for (const value of [settings.company_phone, settings.company_email, settings.company_address]) expect(await details.textContent()).toContain(value);
    expect(await details.getByRole("link", { name: settings.company_address }).getAttribute("href")).toBe("/contact#map");
    expect(await form(page).getByRole("heading", { name: "線上諮詢" }).count()).toBe(1);
    expect(await form(page).getByLabel("Email").getAttribute("type")).toBe("email");
    expect(await form(page).getByLabel("電話").getAttribute("type")).toBe("tel");
    expect(await form(page).getByLabel("訊息內容").getAttribute("placeholder")).toBe("請詳細描述您的需求...");
  });
});

describe("the form with JavaScript", () => {
  it("sends, shows 傳送中... while it goes, then the thanks; the message is kept with its source", async () => {
    const page = await open("/contact?source=home-cta");
    await fillForm(page, { 姓名: "王小明", Email: "ming@example.com", 電話: "0912-345-678", 公司名稱: "小明管委會", 主旨: "水塔清洗", 訊息內容: "請問報價" });
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api.php/contact", async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    const button = form(page).getByRole("button", { name: "傳送中..." });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    const thanks = page.getByTestId("contact-thanks");
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain(SENT);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("contact-thanks");
    expect(await stored()).toEqual([expect.objectContaining({ name: "王小明", email: "ming@example.com", phone: "0912-345-678", company: "小明管委會", subject: "水塔清洗", message: "請問報價", source: "home-cta", status: "new" })]);

    await thanks.getByRole("link", { name: "再寫一封" }).click();
    await form(page).getByRole("button", { name: "送出諮詢" }).waitFor();
    // Another message: the visitor's own details stay, the subject and the message start empty.
    expect(await form(page).getByLabel("訊息內容").inputValue()).toBe("");
    expect(await form(page).getByLabel("主旨").inputValue()).toBe("");
    expect(await form(page).getByLabel("姓名", { exact: false }).first().inputValue()).toBe("王小明");
    expect(page.url()).toBe(`${e2e.server.baseUrl}/contact?source=home-cta`);
  });

  it("shows the server's message beside each refused field and focuses the first", async () => {
    e2e.expectConsoleError(/status of 400/);
    const page = await open();
    await fillForm(page, { Email: "not-an-email" });
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    const nameError = page.locator("#contact-name-error");
    await nameError.waitFor();
    expect(await nameError.textContent()).toBe("請輸入您的姓名");
    expect(await page.locator("#contact-email-error").textContent()).toContain("Email 格式不正確");
    expect(await page.locator("#contact-message-error").textContent()).toBe("請輸入訊息內容");
    expect(await form(page).getByLabel("姓名", { exact: false }).first().getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SETTLE).toBe("contact-name");
    expect(await stored()).toHaveLength(0);
  });

  it("never refuses a visitor who sends faster than a person usually types: the message is kept, marked suspect", async () => {
    const page = await open();
    await fillForm(page, { 姓名: "快手", Email: "fast@example.com", 訊息內容: "很快" });
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await page.getByTestId("contact-thanks").waitFor();
    expect(await stored()).toEqual([expect.objectContaining({ name: "快手", suspect_reason: "fast" })]);
  });

  it("shows the server's message on a failure, 傳送失敗，請稍後再試 without one, and 傳送失敗，請檢查網路連線 offline", async () => {
    const page = await open();
    await fillForm(page, { 姓名: "林小姐", Email: "lin@example.com", 訊息內容: "詢問" });
    const answers = [
      () => ({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "系統維護中，請稍後再試" }) }),
      () => ({ status: 500, contentType: "text/html", body: "<h1>oops</h1>" }),
    ];
    let call = 0;
    await page.route("**/api.php/contact", (route) => (call < answers.length ? route.fulfill(answers[call++]()) : route.abort("internetdisconnected")));
    const alert = form(page).getByRole("alert");
    for (const expected of ["系統維護中，請稍後再試", "傳送失敗，請稍後再試", "傳送失敗，請檢查網路連線"]) {
      e2e.expectConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
      await form(page).getByRole("button", { name: "送出諮詢" }).click();
      await expect.poll(() => alert.textContent().catch(() => null), SETTLE).toBe(expected);
    }
    expect(await form(page).getByLabel("訊息內容").inputValue()).toBe("詢問");
  });

  it("fills the subject and the message from ?service= (000 §5) and keeps ?message=", async () => {
    const page = await open(`/contact?service=${encodeURIComponent("水塔清洗")}`);
    expect(await form(page).getByLabel("主旨").inputValue()).toBe("諮詢服務：水塔清洗");
    expect(await form(page).getByLabel("訊息內容").inputValue()).toBe("您好，我想了解「水塔清洗」的服務內容與報價，麻煩與我聯絡，謝謝。");
    const withMessage = await open(`/contact?service=${encodeURIComponent("地毯清洗")}&message=${encodeURIComponent("客廳約 3 坪")}`);
    expect(await form(withMessage).getByLabel("訊息內容").inputValue()).toBe("客廳約 3 坪");
  });
});

describe("the form without JavaScript", () => {
  it("posts to the server, which answers the thank-you panel; a reload does not send again", async () => {
    const page = await open("/contact?source=flyer", { javaScript: false });
    await fillForm(page, { 姓名: "陳先生", Email: "chen@example.com", 訊息內容: "想詢問定期清潔" });
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await page.waitForURL(/\/contact\?sent=1/);
    expect(await page.getByTestId("contact-thanks").textContent()).toContain(SENT);
    await page.reload();
    expect(await stored()).toEqual([expect.objectContaining({ name: "陳先生", message: "想詢問定期清潔", source: "flyer" })]);
    await page.getByRole("link", { name: "再寫一封" }).click();
    await form(page).getByRole("button", { name: "送出諮詢" }).waitFor();
  });

  it("answers a refused post with the form again: what was typed, and the message beside the field", async () => {
    e2e.expectConsoleError(/status of 400/);
    const page = await open("/contact", { javaScript: false });
    await fillForm(page, { 姓名: "陳先生", Email: "chen@example.com", 電話: "call me", 訊息內容: "想詢問" });
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), form(page).getByRole("button", { name: "送出諮詢" }).click()]);
    expect(answer.status()).toBe(400);
    await page.locator("#contact-phone-error").waitFor();
    expect(await page.locator("#contact-phone-error").textContent()).toContain("電話格式不正確");
    expect(await form(page).getByLabel("姓名", { exact: false }).first().inputValue()).toBe("陳先生");
    expect(await form(page).getByLabel("訊息內容").inputValue()).toBe("想詢問");
    expect(await stored()).toHaveLength(0);
  });
});

describe("the map", () => {
  it("is in a section #map when there is an address, and shows the embedded map once it loads", async () => {
    const page = await open();
    const map = page.locator("section#map");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.locator("[data-map-state]").getAttribute("data-map-state"), SETTLE).toBe("loaded");
    expect(await map.locator("iframe").getAttribute("src")).toMatch(MAPS);
  });

  it("says 地圖載入失敗 with a link to the maps service when it has not loaded within 5 seconds", async () => {
    const page = await e2e.newPage();
    await mapAnswers(page, "hangs");
    await page.goto("/contact#map");
    await waitForHydration(page);
    const map = page.locator("section#map");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.locator("[data-map-state]").getAttribute("data-map-state"), SETTLE).toBe("loading");
    const loadingSince = Date.now();
    expect(await map.getByRole("status").textContent()).toBe("地圖載入中…");
    await map.getByText("地圖載入失敗").waitFor({ timeout: 8_000 });
    const waited = Date.now() - loadingSince;
    // Measured from when the test saw "loading", a little after the page's timer started.
    expect(waited).toBeGreaterThan(3_500);
    expect(waited).toBeLessThan(6_500);
    const link = map.getByRole("link", { name: "在 Google 地圖開啟" });
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(await link.getAttribute("target")).toBe("_blank");
  });

  it("is a plain link without JavaScript, and not there at all without an address", async () => {
    const scriptless = await open("/contact", { javaScript: false });
    expect(await scriptless.locator("section#map").getByRole("link", { name: "在 Google 地圖開啟" }).count()).toBe(1);
    await e2e.server.updateSettings({ company_address: "" });
    const page = await open();
    expect(await page.locator("#map").count()).toBe(0);
    expect(await page.locator("iframe").count()).toBe(0);
  });
});

describe("from the public form to the inbox", () => {
  it("a visitor's message arrives unread in /admin/contacts, and opening it marks it read", async () => {
    const page = await open();
    await fillForm(page, { 姓名: "黃太太", Email: "huang@example.com", 主旨: "大樓外牆清洗", 訊息內容: "十二層樓外牆，想約時間估價" });
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await page.getByTestId("contact-thanks").waitFor();

    const { page: admin } = await signedInPage(e2e, "/admin/contacts");
    const row = admin.getByText("黃太太").first();
    await row.waitFor();
    expect(await admin.locator("body").textContent()).toContain("大樓外牆清洗");
    await row.click();
    const dialog = admin.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("十二層樓外牆，想約時間估價");
    await expect.poll(async () => (await stored())[0]?.status, SETTLE).toBe("read");
  });
});

describe("accessibility of the failed map", () => {
  it.each([
    { name: "desktop", viewport: undefined },
    { name: "phone", viewport: MOBILE },
  ])("地圖載入失敗 and its link pass axe at $name width", async ({ viewport }) => {
    const page = await e2e.newPage(viewport);
    await mapAnswers(page, "hangs");
    await page.goto("/contact");
    await waitForHydration(page);
    await page.locator("section#map").scrollIntoViewIfNeeded();
    await page.locator("section#map").getByText("地圖載入失敗").waitFor({ timeout: 8_000 });
    expect.soft(await axeViolations(page), "axe: the failed map").toEqual([]);
    if (viewport) {
      expect.soft(await smallTapTargets(page), "tap targets: the failed map").toEqual([]);
      expect.soft(await unnamedControls(page), "unnamed controls: the failed map").toEqual([]);
    }
  });
});

// Every state a visitor can see (empty, refused beside the fields, refused with a notice, 傳送中..., the thanks),
// in the light and the dark scheme (theme_mode auto: the browser's prefers-color-scheme picks it, as a visitor's
// phone would), at phone and desktop width, with both floating buttons shown; axe checks the form in each state
// (the rest of the page: accessibility.spec.ts). The other seeded themes change colours only, the same at every
// width: each is checked at phone width in the states with colours of their own, the refusals and the thanks
// (theme-css.test.ts holds every theme's ratios).
describe("every state of the form, in every seeded theme and both schemes", () => {
  const [active, ...others] = SEED_THEMES.map((theme) => theme.name);
  const cases = [
    { theme: active!, width: "phone", viewport: MOBILE, everyState: true },
    { theme: active!, width: "desktop", viewport: DESKTOP, everyState: true },
    ...others.map((theme) => ({ theme, width: "phone", viewport: MOBILE, everyState: false })),
  ];

  it.each(cases)("$theme at $width width", async ({ theme: themeName, viewport, everyState }) => {
    e2e.expectConsoleError(/status of (400|503)/);
    const theme = await e2e.server.app.database.db.selectFrom("themes").select("id").where("name", "=", themeName).executeTakeFirstOrThrow();
    await e2e.server.activateTheme(theme.id);
    await e2e.server.updateSettings({ theme_mode: "auto", line_add_friend_url: LINE_URL });
    const page = await open("/contact", { viewport });
    await page.getByTestId("floating-buttons").waitFor();
    const expectReadable = async (state: string, { ownColours = true } = {}) => {
      if (!everyState && !ownColours) return;
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect.soft(await axeViolations(page, { within: "#contact-form" }), `axe: ${state}, ${colorScheme} scheme`).toEqual([]);
      }
      // Sizes and names are the same in every scheme.
      if (viewport === MOBILE && everyState) {
        expect.soft(await smallTapTargets(page), `tap targets: ${state}`).toEqual([]);
        expect.soft(await unnamedControls(page), `unnamed controls: ${state}`).toEqual([]);
      }
    };
    await expectReadable("the empty form", { ownColours: false });

    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await page.locator("#contact-name-error").waitFor();
    await expectReadable("refused fields");

    await fillForm(page, { 姓名: "無障礙測試", Email: "a11y@example.com", 訊息內容: "測試" });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route("**/api.php/contact", async (route) => {
      posts += 1;
      if (posts === 1) return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "系統維護中，請稍後再試" }) });
      await held;
      return route.continue();
    });
    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await form(page).getByRole("alert").waitFor();
    await expectReadable("a refusal's notice");

    await form(page).getByRole("button", { name: "送出諮詢" }).click();
    await form(page).getByRole("button", { name: "傳送中..." }).waitFor();
    await expectReadable("傳送中...", { ownColours: false });

    release();
    await page.getByTestId("contact-thanks").waitFor();
    await expectReadable("the thanks");
  });
});

// The floating LINE and phone buttons sit over the page's bottom right corner, where a field is when a visitor
// scrolls down to it. Each field and the button in turn is scrolled to the bottom of the window, then reached
// with Tab: once the browser has brought it into view, no floating button covers any of it.
describe("the floating buttons and the field in focus", () => {
  /** The focusable element before `selector` in the tab order, focused without scrolling; then Tab onto it. */
  async function tabOnto(page: Page, selector: string) {
    await page.evaluate((target) => {
      const element = document.querySelector<HTMLElement>(target)!;
      window.scrollBy({ top: element.getBoundingClientRect().bottom - (window.innerHeight - 2), behavior: "instant" });
      const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select")].filter(
        (candidate) => candidate.tabIndex >= 0 && !(candidate as HTMLInputElement).disabled && candidate.checkVisibility({ visibilityProperty: true }),
      );
      focusable[focusable.indexOf(element) - 1]!.focus({ preventScroll: true });
    }, selector);
    await page.keyboard.press("Tab");
    await page.waitForFunction((target) => document.activeElement === document.querySelector(target), selector, { polling: 20, timeout: 5_000 });
  }

  /** How much of the element (px²) each floating button that can be seen covers. */
  const overlaps = (page: Page, selector: string) =>
    page.evaluate((target) => {
      const box = document.querySelector(target)!.getBoundingClientRect();
      return [...document.querySelectorAll("[data-testid=floating-buttons] a")]
        .filter((button) => button.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((button) => {
          const over = button.getBoundingClientRect();
          return Math.max(0, Math.min(over.right, box.right) - Math.max(over.left, box.left)) * Math.max(0, Math.min(over.bottom, box.bottom) - Math.max(over.top, box.top));
        })
        .reduce((sum, area) => sum + area, 0);
    }, selector);

  const CONTROLS = ["#contact-name", "#contact-email", "#contact-phone", "#contact-company", "#contact-subject", "#contact-message", "#contact-form button[type=submit]"];

  it.each([
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ])("cover nothing of the field or button in focus at $width px", async (viewport) => {
    await e2e.server.updateSettings({ line_add_friend_url: LINE_URL });
    const page = await open("/contact", { viewport });
    // Where the browser brings the field, not its glide there (scroll-behavior: smooth stops under reduced motion).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await settle(page);
    const covered: string[] = [];
    for (const control of CONTROLS) {
      await tabOnto(page, control);
      const area = await overlaps(page, control);
      if (area > 0) covered.push(`${control}: ${Math.round(area)} px² under the floating buttons`);
    }
    expect(covered).toEqual([]);
  });
});
