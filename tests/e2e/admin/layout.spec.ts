// The back-office frame (001 §2): the twelve sidebar entries in order,
// each reachable without a console error (the ones still to come say so),
// the dashboard's cards and actions, unknown paths, the sidebar actions
// (view site, sound, background colour, version) and the mobile drawer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { axeViolations } from "../support/axe.ts";
import { computedRgb, expectPath, luminance, signedInPage } from "../support/admin.ts";

const e2e = useE2E();

const ENTRIES: Array<[path: string, label: string]> = [
  ["/admin/dashboard", "儀表板"],
  ["/admin/banners", "橫幅管理"],
  ["/admin/pages", "頁面管理"],
  ["/admin/portfolios", "清潔案例"],
  ["/admin/services", "服務管理"],
  ["/admin/blog", "最新消息"],
  ["/admin/media", "媒體庫"],
  ["/admin/contacts", "聯絡表單"],
  ["/admin/customers", "LINE 客服"],
  ["/admin/line", "通知設定"],
  ["/admin/settings", "網站設定"],
  ["/admin/backups", "備份與還原"],
  ["/admin/themes", "網站風格"],
];

const sidebar = (page: Page) => page.locator("nav[aria-label='後台選單']");
const heading = (page: Page) => page.locator("main h1");

describe("sidebar", () => {
  it("lists the twelve entries in the spec's order and reaches each in place, without console errors", async () => {
    const { page } = await signedInPage(e2e);
    expect(await sidebar(page).locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(ENTRIES.map(([path]) => path));
    // Survives only if every click is a client-side navigation.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    for (const [path, label] of [...ENTRIES.slice(1), ENTRIES[0]]) {
      await sidebar(page).locator(`a[href='${path}']`).click();
      await expectPath(page, path);
      if (path === "/admin/dashboard") {
        await expect.poll(() => heading(page).textContent(), SETTLE).toBe("歡迎回來，測試管理員");
      } else {
        await expect.poll(() => heading(page).textContent(), { ...SETTLE, message: path }).toBe(path === "/admin/contacts" ? "聯絡表單管理" : label);
        expect(await page.title(), path).toBe(`${label} | 後台管理系統`);
      }
      expect(await sidebar(page).locator("a[aria-current='page']").evaluateAll((links) => links.map((link) => link.getAttribute("href"))), path).toEqual([path]);
    }
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
  });

  it("shows the version label, opens the public site in a new tab and links to change password", async () => {
    const { page } = await signedInPage(e2e);
    expect(await page.getByTestId("admin-version").textContent()).toBe("v1.2.0");
    const viewSite = page.locator("aside").getByRole("link", { name: /查看網站/ });
    expect(await viewSite.getAttribute("href")).toBe("/");
    expect(await viewSite.getAttribute("target")).toBe("_blank");
    expect(await viewSite.getAttribute("rel")).toContain("noopener");
    await page.locator("aside").getByRole("link", { name: "變更密碼" }).click();
    await expectPath(page, "/admin/change-password");
    await expect.poll(() => heading(page).textContent(), SETTLE).toBe("變更密碼");
  });

  it("turns the sound off and on, and keeps the choice and the sound type in this browser", async () => {
    const { page } = await signedInPage(e2e);
    const toggle = page.getByRole("button", { name: /提示音：/ });
    expect(await toggle.textContent()).toBe("提示音：開");
    await toggle.click();
    expect(await toggle.textContent()).toBe("提示音：關");
    expect(await page.evaluate(() => localStorage.getItem("sound_enabled"))).toBe("false");

    await page.getByRole("button", { name: "提示音設定" }).click();
    const dialog = page.getByRole("dialog", { name: "提示音設定" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("有新訊息時播放提示音").check();
    // The default type is the new-message chord.
    expect(await dialog.getByRole("radio", { name: /新訊息音/ }).isChecked()).toBe(true);
    await dialog.getByRole("radio", { name: /^提示音/ }).check();
    // Web Audio plays both sounds without a console error.
    await dialog.getByRole("button", { name: "試聽" }).click();
    await dialog.getByRole("radio", { name: /新訊息音/ }).check();
    await dialog.getByRole("button", { name: "試聽" }).click();
    await dialog.getByRole("radio", { name: /^提示音/ }).check();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => [localStorage.getItem("sound_enabled"), localStorage.getItem("sound_type")])).toEqual(["true", "notification"]);

    await visit(page, "/admin/dashboard");
    expect(await page.getByRole("button", { name: /提示音：/ }).textContent()).toBe("提示音：開");
    await page.getByRole("button", { name: "提示音設定" }).click();
    expect(await page.getByRole("dialog").getByRole("radio", { name: /^提示音/ }).isChecked()).toBe(true);
  });

  it("applies a background preset at once, keeps it locally across loads and never tells the server", async () => {
    const { page } = await signedInPage(e2e);
    const frame = page.locator("[data-admin-background]");
    expect(await frame.getAttribute("data-admin-background")).toBe("gray-100");
    const serverCalls: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") serverCalls.push(`${request.method()} ${request.url()}`);
    });

    await page.getByRole("button", { name: "背景顏色" }).click();
    const dialog = page.getByRole("dialog", { name: "後台背景顏色" });
    expect(await dialog.locator("[data-preset]").count()).toBe(15);
    await dialog.getByRole("button", { name: "黑色" }).click();
    expect(await frame.getAttribute("data-admin-background")).toBe("black");
    expect(await frame.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(0, 0, 0)");
    // Dark presets switch the text on the background to a light colour.
    expect(luminance(await computedRgb(page.locator("main h1"), "color"))).toBeGreaterThan(0.7);
    expect(await page.evaluate(() => localStorage.getItem("admin_theme_color"))).toBe("black");
    await dialog.getByRole("button", { name: "關閉" }).click();

    await visit(page, "/admin/dashboard");
    expect(await page.locator("[data-admin-background]").getAttribute("data-admin-background")).toBe("black");
    expect(serverCalls).toEqual([]);
  });

  it("collapses behind a menu button on a phone", async () => {
    const { page } = await signedInPage(e2e, "/admin/dashboard", { viewport: MOBILE });
    const menu = page.getByRole("button", { name: "開啟選單" });
    expect(await sidebar(page).isVisible()).toBe(false);
    await menu.click();
    await expect.poll(() => sidebar(page).isVisible(), SETTLE).toBe(true);
    await sidebar(page).locator("a[href='/admin/blog']").click();
    await expectPath(page, "/admin/blog");
    await expect.poll(() => sidebar(page).isVisible(), SETTLE).toBe(false);
  });
});

describe("dashboard", () => {
  it("links the seven stat cards and the six quick actions to their screens, each one saying what it is", async () => {
    const { page } = await signedInPage(e2e);
    const cards = page.getByTestId("stat-cards").locator("a");
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/admin/products",
      "/admin/portfolios",
      "/admin/contacts",
      "/admin/customers",
      "/admin/blog",
      "/admin/banners",
      "/admin/categories",
    ]);
    const quick = page.locator("section[aria-labelledby='quick-heading'] a");
    expect(await quick.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/admin/customers",
      "/admin/products",
      "/admin/banners",
      "/admin/blog/new",
      "/admin/media",
      "/admin/settings",
    ]);
    for (const [path, title] of [
      ["/admin/products", "服務項目"],
      ["/admin/categories", "分類管理"],
    ]) {
      await page.getByTestId("stat-cards").locator(`a[href='${path}']`).click();
      await expectPath(page, path);
      await expect.poll(() => heading(page).textContent(), SETTLE).toBe(title);
      await sidebar(page).locator("a[href='/admin/dashboard']").click();
      await expectPath(page, "/admin/dashboard");
    }
  });

  it("shows real counts, and the sample numbers with a notice only when the stats call fails", async () => {
    const { page } = await signedInPage(e2e);
    const contacts = page.getByTestId("stat-contacts");
    const stats = (await e2e.server.services.dashboard.stats()) as { total_contacts: number };
    await expect.poll(() => contacts.textContent(), SETTLE).toBe(String(stats.total_contacts));
    expect(await page.getByText("範例數字").count()).toBe(0);

    e2e.expectConsoleError(/status of 500.*\/admin-api\.php\/stats/);
    await page.route("**/admin-api.php/stats", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"boom"}' }));
    await visit(page, "/admin/dashboard");
    await expect.poll(() => page.getByRole("alert").textContent(), { ...SETTLE, timeout: 10_000 }).toContain("範例數字");
    expect(await contacts.textContent()).toBe("24");
    expect(await page.getByTestId("stat-products").textContent()).toBe("12");
  });

  it("shows the system info box: version, status and sign-in time", async () => {
    const { page } = await signedInPage(e2e);
    const info = page.locator("section[aria-labelledby='system-heading']");
    const text = await info.textContent();
    expect(text).toContain("v1.2.0");
    expect(text).toContain("正常運作");
    expect(await page.getByTestId("login-time").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe("the dashboard's warning about notifications that keep failing", () => {
  it("shows failing deliveries, still retrying or given up, with their reasons in words, and 系統狀態 no longer says 正常運作", async () => {
    const db = e2e.server.app.database.db;
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 3600_000).toISOString();
    await db
      .insertInto("jobs")
      .values([
        { kind: "notify.line", payload: JSON.stringify({ summary: "新的聯絡表單：甲", text: "甲", retryKey: crypto.randomUUID() }), run_at: later, attempts: 2, max_attempts: 8, last_error: "LINE 伺服器暫時無法處理（500）", created_at: at, updated_at: at },
        { kind: "notify.discord", payload: JSON.stringify({ summary: "新的聯絡表單：乙", text: "乙" }), run_at: at, attempts: 8, max_attempts: 8, last_error: "找不到這個 Discord Webhook，可能已被刪除", failed_at: at, created_at: at, updated_at: at },
      ])
      .execute();
    try {
      const { page } = await signedInPage(e2e);
      const warning = page.getByTestId("delivery-warning");
      await warning.waitFor({ state: "visible", timeout: 15_000 });
      expect(await warning.locator("h2").textContent()).toBe("有 2 則通知送不出去");
      await expect.poll(() => warning.getByTestId("delivery-warning-reasons").locator("li").allTextContents(), SETTLE).toEqual(
        expect.arrayContaining(["LINE（仍在重試）：LINE 伺服器暫時無法處理（500）", "Discord（已停止重試）：找不到這個 Discord Webhook，可能已被刪除"]),
      );
      expect(await page.getByTestId("system-status").textContent()).toBe("通知傳送異常");
      expect(await axeViolations(page)).toEqual([]);
      await warning.getByRole("link", { name: "前往通知設定" }).click();
      await expectPath(page, "/admin/line");
    } finally {
      await db.deleteFrom("jobs").where("kind", "in", ["notify.line", "notify.discord"]).execute();
    }
  });
});

describe("unknown back-office paths", () => {
  it("show an admin not-found message inside the layout", async () => {
    const { page } = await signedInPage(e2e, "/admin/xyz");
    await expect.poll(() => heading(page).textContent(), SETTLE).toBe("找不到此後台頁面");
    expect(await sidebar(page).isVisible()).toBe(true);
    await page.getByRole("link", { name: "返回儀表板" }).click();
    await expectPath(page, "/admin/dashboard");
  });
});

describe("public pages", () => {
  it("load none of the back office's code: no router runtime, no back-office stylesheet, at most an island's script", async () => {
    const { html } = await e2e.server.fetchPage("/");
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((src) => !src.startsWith("/assets/islands/"))).toEqual([]);
    expect(html).not.toContain("__reactRouterContext");
    const { html: adminShell } = await e2e.server.fetchPage("/admin/login");
    expect(adminShell).toMatch(/href="\/assets\/admin-[\w-]+\.css"/);
    expect(adminShell).toContain("__reactRouterContext");
  });
});
