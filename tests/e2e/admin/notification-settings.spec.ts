// /admin/line, the notification settings, against the real server and the
// fake LINE and Discord it is pointed at (002 §2.3, §3, §4, §5, §7, §8, §9;
// CONTRACT.md): LINE and Discord settings loaded and saved with the one save
// button (unsaved changes kept across tabs), the statistics tab only for LINE,
// the shared rules and the server's field errors beside their fields and
// focused, the webhook address copied, test sends with the unsaved values
// reaching the fakes, the preconditions, the quota bar's colours and warning,
// the Email section, the undelivered notifications sent again or removed, and
// accessibility on every tab at desktop and phone widths.
import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TEST_MESSAGE } from "#contract/notifications.ts";
import type { Settings } from "#contract/settings.ts";
import { adminApi, computedRgb, signedInPage } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };
const ACCESS_TOKEN = "e2e-line-channel-access-token";
const ADMIN_USER_ID = `U${"0123456789abcdef".repeat(2)}`;
const CHANNEL_SECRET = "0123456789abcdef0123456789abcdef";

const db = () => e2e.server.app.database.db;
const stored = () => e2e.server.services.settings.getAll();

// The screen saves through the same API: put back whatever a test changed.
let before: Settings;
beforeEach(async () => {
  e2e.server.line.reset();
  e2e.server.discord.reset();
  await db().deleteFrom("jobs").execute();
  before = { ...(await stored()) };
});
afterEach(async () => {
  const now = await stored();
  const changed = Object.fromEntries(Object.entries(before).filter(([key, value]) => now[key as keyof Settings] !== value));
  if (Object.keys(changed).length === 0) return;
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/settings", changed);
  if (!body.success) throw new Error(`restoring settings answered ${status}: ${body.message}`);
});

async function openScreen(viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/line", { viewport });
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("通知設定");
  await page.getByTestId("notify-form").waitFor({ state: "visible", timeout: 15_000 });
  return page;
}

const form = (page: Page) => page.getByTestId("notify-form");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const tabLabels = (page: Page) => page.getByRole("tab").allTextContents();
const notice = (page: Page) => page.getByTestId("notify-notice").textContent().catch(() => "");
const errorNotice = (page: Page) => page.getByTestId("notify-error").textContent().catch(() => "");
const isFocused = (page: Page, label: string) => field(page, label).evaluate((element) => element === document.activeElement);

async function chooseTab(page: Page, id: "basic" | "api" | "test" | "usage") {
  await page.getByTestId(`notify-tab-${id}`).click();
  await page.getByTestId(`notify-panel-${id}`).waitFor({ state: "visible" });
}

async function chooseType(page: Page, type: "LINE 官方帳號" | "Discord") {
  await form(page).getByRole("radio", { name: type }).check();
}

async function save(page: Page) {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/admin-api.php/settings") && response.request().method() === "POST", { timeout: 15_000 }),
    form(page).getByRole("button", { name: "儲存設定" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect.poll(() => notice(page), WAIT).toBe("通知設定保存成功！");
  await expect.poll(() => page.getByTestId("notify-dirty").textContent(), WAIT).toBe("所有變更皆已儲存");
}

/** What the screen sent in its last settings POST. */
function recordSettingsPosts(page: Page) {
  const posts: Array<Record<string, string>> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/admin-api.php/settings")) posts.push(request.postDataJSON() as Record<string, string>);
  });
  return posts;
}

/** A notification that failed every attempt, as the job runner leaves it. */
const rows_ = (section: ReturnType<Page["getByTestId"]>) => section.getByTestId("failed-delivery");

async function insertFailure(kind: "notify.line" | "notify.discord" | "notify.email", summary: string, error: string, failedAt = "2025-03-04T06:05:09.000Z") {
  const payload = kind === "notify.line" ? { summary, text: `${summary}\n請儘快回覆`, retryKey: crypto.randomUUID() } : { summary, text: summary };
  const row = await db()
    .insertInto("jobs")
    .values({ kind, payload: JSON.stringify(payload), run_at: failedAt, attempts: 8, max_attempts: 8, last_error: error, locked_until: null, failed_at: failedAt, dedupe_key: null, created_at: failedAt, updated_at: failedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("LINE settings", () => {
  it("loads the saved values, keeps unsaved changes across tabs and saves every tab with one button", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_official_id: "@before", line_display_name: "安心清潔" });
    const page = await openScreen();
    expect(await form(page).getByRole("radio", { name: "LINE 官方帳號" }).isChecked()).toBe(true);
    expect(await tabLabels(page)).toEqual(["基本設定", "API 設定", "測試發送", "使用統計"]);
    expect(await field(page, "LINE 官方帳號 ID").inputValue()).toBe("@before");
    expect(await field(page, "顯示名稱").inputValue()).toBe("安心清潔");
    const posts = recordSettingsPosts(page);

    await form(page).getByRole("switch", { name: "啟用 LINE 通知" }).check();
    await field(page, "LINE 官方帳號 ID").fill("@shiny-clean");
    await field(page, "加好友網址").fill("https://line.me/R/ti/p/@shiny-clean");
    await field(page, "顯示名稱").fill("閃亮清潔");
    await chooseTab(page, "api");
    const token = field(page, "Channel Access Token");
    expect(await token.getAttribute("type")).toBe("password");
    await token.fill(ACCESS_TOKEN);
    await field(page, "Channel Secret").fill(CHANNEL_SECRET);
    await field(page, "管理員 User ID").fill(ADMIN_USER_ID);
    // The secret can be shown to check it, and hidden again.
    await page.getByTestId("field-line_channel_access_token").getByRole("button", { name: "顯示密碼" }).click();
    expect(await token.getAttribute("type")).toBe("text");
    await page.getByTestId("field-line_channel_access_token").getByRole("button", { name: "隱藏密碼" }).click();
    expect(await token.getAttribute("type")).toBe("password");

    await chooseTab(page, "basic");
    expect(await field(page, "LINE 官方帳號 ID").inputValue()).toBe("@shiny-clean");
    expect(await page.getByTestId("notify-dirty").textContent()).toBe("7 個欄位尚未儲存");
    expect((await stored()).line_official_id).toBe("@before");

    await save(page);
    const now = await stored();
    expect({
      line_enable_notifications: now.line_enable_notifications,
      line_official_id: now.line_official_id,
      line_add_friend_url: now.line_add_friend_url,
      line_display_name: now.line_display_name,
      line_channel_access_token: now.line_channel_access_token,
      line_channel_secret: now.line_channel_secret,
      line_admin_user_id: now.line_admin_user_id,
      line_webhook_url: now.line_webhook_url,
    }).toEqual({
      line_enable_notifications: "true",
      line_official_id: "@shiny-clean",
      line_add_friend_url: "https://line.me/R/ti/p/@shiny-clean",
      line_display_name: "閃亮清潔",
      line_channel_access_token: ACCESS_TOKEN,
      line_channel_secret: CHANNEL_SECRET,
      line_admin_user_id: ADMIN_USER_ID,
      line_webhook_url: `${e2e.server.baseUrl}/line-webhook.php`,
    });
    // Only this screen's settings are sent.
    expect(Object.keys(posts.at(-1)!).sort()).toEqual(
      [
        "contact_email",
        "discord_avatar_url",
        "discord_enable_notifications",
        "discord_username",
        "discord_webhook_url",
        "email_notifications",
        "line_add_friend_url",
        "line_admin_user_id",
        "line_channel_access_token",
        "line_channel_secret",
        "line_display_name",
        "line_enable_notifications",
        "line_official_id",
        "line_webhook_url",
        "notification_type",
      ].sort(),
    );

    // A fresh visit shows what was saved.
    await visit(page, "/admin/line");
    await page.getByTestId("notify-form").waitFor({ state: "visible", timeout: 15_000 });
    expect(await form(page).getByRole("switch", { name: "啟用 LINE 通知" }).isChecked()).toBe(true);
    expect(await field(page, "顯示名稱").inputValue()).toBe("閃亮清潔");
  });

  it("shows the webhook address read-only and copies it to the clipboard", async () => {
    const page = await openScreen();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await chooseTab(page, "api");
    const webhook = field(page, "Webhook 網址");
    expect(await webhook.inputValue()).toBe(`${e2e.server.baseUrl}/line-webhook.php`);
    expect(await webhook.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByTestId("field-line_webhook_url").textContent()).toContain("LINE Developers");
    await form(page).getByRole("button", { name: "複製 Webhook 網址" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("已複製到剪貼簿");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.baseUrl}/line-webhook.php`);
  });
});

describe("Discord settings", () => {
  it("switching to Discord hides 使用統計, shows the Discord fields and saves them", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: ACCESS_TOKEN });
    const page = await openScreen();
    await chooseTab(page, "usage");
    await page.getByTestId("quota").waitFor({ state: "visible", timeout: 15_000 });
    await chooseType(page, "Discord");
    expect(await tabLabels(page)).toEqual(["基本設定", "API 設定", "測試發送"]);
    expect(await page.getByTestId("notify-tab-usage").count()).toBe(0);
    expect(await page.getByTestId("notify-tab-basic").getAttribute("aria-selected")).toBe("true");
    expect(await field(page, "LINE 官方帳號 ID").count()).toBe(0);

    await form(page).getByRole("switch", { name: "啟用 Discord 通知" }).check();
    await field(page, "顯示名稱").fill("清潔通知機器人");
    await field(page, "頭像網址").fill("https://example.com/bot.png");
    await chooseTab(page, "api");
    const webhookUrl = e2e.server.discord.webhookUrl();
    await field(page, "Webhook URL").fill(webhookUrl);
    await save(page);
    const now = await stored();
    expect([now.notification_type, now.discord_enable_notifications, now.discord_username, now.discord_avatar_url, now.discord_webhook_url]).toEqual([
      "discord",
      "true",
      "清潔通知機器人",
      "https://example.com/bot.png",
      webhookUrl,
    ]);

    await visit(page, "/admin/line");
    await page.getByTestId("notify-form").waitFor({ state: "visible", timeout: 15_000 });
    expect(await form(page).getByRole("radio", { name: "Discord" }).isChecked()).toBe(true);
    expect(await tabLabels(page)).toEqual(["基本設定", "API 設定", "測試發送"]);
    expect(await field(page, "顯示名稱").inputValue()).toBe("清潔通知機器人");
    // Back to LINE: the statistics come back.
    await chooseType(page, "LINE 官方帳號");
    expect(await tabLabels(page)).toEqual(["基本設定", "API 設定", "測試發送", "使用統計"]);
  });
});

describe("errors on the form", () => {
  it("shows the server's field error beside its field, marks its tab and puts the cursor there", async () => {
    e2e.expectConsoleError(/status of 400/);
    await e2e.server.updateSettings({ notification_type: "discord" });
    const page = await openScreen();
    await chooseTab(page, "api");
    // Passes the screen's own check (a web address), refused by the server (not a Discord webhook).
    await field(page, "Webhook URL").fill("https://example.com/api/webhooks/1/abc");
    await chooseTab(page, "basic");
    await field(page, "顯示名稱").fill("清潔小幫手");
    await form(page).getByRole("button", { name: "儲存設定" }).click();

    await expect.poll(() => page.getByTestId("error-discord_webhook_url").textContent().catch(() => ""), WAIT).toBe(
      `Discord Webhook 網址必須以 ${e2e.server.discord.baseUrl}/api/webhooks/ 開頭`,
    );
    expect(await page.getByTestId("notify-tab-api").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("notify-tab-api").getAttribute("data-has-error")).toBe("true");
    expect(await field(page, "Webhook URL").getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => isFocused(page, "Webhook URL"), WAIT).toBe(true);
    expect(await errorNotice(page)).not.toBe("");
    expect((await stored()).discord_username).toBe(before.discord_username);
    expect(await page.getByTestId("notify-dirty").textContent()).toBe("2 個欄位尚未儲存");

    // A good address clears the error at once and saves.
    await field(page, "Webhook URL").fill(e2e.server.discord.webhookUrl());
    await expect.poll(() => page.getByTestId("error-discord_webhook_url").count(), WAIT).toBe(0);
    await save(page);
    expect((await stored()).discord_username).toBe("清潔小幫手");
  });

  it("checks the shared rules before sending: a bad user id is refused on the screen, beside its field, focused", async () => {
    await e2e.server.updateSettings({ notification_type: "line" });
    const page = await openScreen();
    const posts = recordSettingsPosts(page);
    await chooseTab(page, "api");
    await field(page, "管理員 User ID").fill("abc");
    await chooseTab(page, "test");
    await form(page).getByRole("button", { name: "儲存設定" }).click();
    await expect.poll(() => page.getByTestId("notify-tab-api").getAttribute("aria-selected"), WAIT).toBe("true");
    expect(await page.getByTestId("field-line_admin_user_id").textContent()).toContain("LINE 管理員 User ID 格式不正確（U 開頭加 32 位英數字）");
    await expect.poll(() => isFocused(page, "管理員 User ID"), WAIT).toBe(true);
    expect(await field(page, "管理員 User ID").evaluate((input) => {
      const box = input.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    expect(await errorNotice(page)).toContain("輸入資料有誤");
    expect(posts).toEqual([]);
  });
});

describe("test send", () => {
  it("sends the message to the fake LINE with the unsaved token and user id, saying 傳送中… meanwhile", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: "", line_admin_user_id: "" });
    const page = await openScreen();
    await chooseTab(page, "api");
    await field(page, "Channel Access Token").fill(ACCESS_TOKEN);
    await field(page, "管理員 User ID").fill(ADMIN_USER_ID);
    await chooseTab(page, "test");
    const message = field(page, "測試訊息");
    expect(await message.inputValue()).toBe(DEFAULT_TEST_MESSAGE);
    await message.fill("測試：LINE 通知收得到嗎？");

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/line-test.php", async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole("button", { name: "傳送測試訊息" }).click();
    const sending = form(page).getByRole("button", { name: "傳送中…" });
    await expect.poll(() => sending.count(), WAIT).toBe(1);
    expect(await sending.isDisabled()).toBe(true);
    release();

    await expect.poll(() => notice(page), WAIT).toBe("測試訊息已發送");
    const push = await e2e.server.line.waitForRequest((request) => request.path === "/v2/bot/message/push");
    expect(push.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(e2e.server.line.sent).toEqual([{ kind: "push", to: ADMIN_USER_ID, messages: [{ type: "text", text: "測試：LINE 通知收得到嗎？" }] }]);
    // Nothing was saved by the test.
    expect((await stored()).line_channel_access_token).toBe("");
  });

  it("sends the message to the fake Discord webhook with the unsaved name", async () => {
    await e2e.server.updateSettings({ notification_type: "discord", discord_webhook_url: "" });
    const page = await openScreen();
    await field(page, "顯示名稱").fill("測試機器人");
    await chooseTab(page, "api");
    await field(page, "Webhook URL").fill(e2e.server.discord.webhookUrl());
    await chooseTab(page, "test");
    await form(page).getByRole("button", { name: "傳送測試訊息" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("測試訊息已發送");
    const call = await e2e.server.discord.waitForRequest(() => true);
    expect([call.content, call.username, call.status]).toEqual([DEFAULT_TEST_MESSAGE, "測試機器人", 204]);
    expect((await stored()).discord_webhook_url).toBe("");
  });

  it("says what is missing before calling, and the service's reason when the send fails", async () => {
    e2e.expectConsoleError(/status of 502/);
    await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: "", line_admin_user_id: "", discord_webhook_url: "" });
    const page = await openScreen();
    const calls: string[] = [];
    page.on("request", (request) => {
      if (/\/(line|discord)-test\.php$/.test(request.url())) calls.push(request.url());
    });
    await chooseTab(page, "test");
    expect(await page.getByTestId("test-missing").textContent()).toContain("請先設定 LINE Channel Access Token 和管理員 User ID");
    await form(page).getByRole("button", { name: "傳送測試訊息" }).click();
    await expect.poll(() => errorNotice(page), WAIT).toBe("請先設定 LINE Channel Access Token 和管理員 User ID");
    // The way to the missing fields.
    await form(page).getByRole("button", { name: "前往 API 設定" }).click();
    await expect.poll(() => page.getByTestId("notify-tab-api").getAttribute("aria-selected"), WAIT).toBe("true");

    await chooseType(page, "Discord");
    await chooseTab(page, "test");
    await form(page).getByRole("button", { name: "傳送測試訊息" }).click();
    await expect.poll(() => errorNotice(page), WAIT).toBe("請先設定 Discord Webhook URL");
    expect(calls).toEqual([]);

    // LINE refuses the token: the reason, in people's words.
    e2e.server.line.setAccessToken("the-right-token");
    await chooseType(page, "LINE 官方帳號");
    await chooseTab(page, "api");
    await field(page, "Channel Access Token").fill("a-wrong-token");
    await field(page, "管理員 User ID").fill(ADMIN_USER_ID);
    await chooseTab(page, "test");
    await form(page).getByRole("button", { name: "傳送測試訊息" }).click();
    await expect.poll(() => errorNotice(page), WAIT).toMatch(/^測試發送失敗：.+/);
    expect(e2e.server.line.sent).toEqual([]);
  });
});

describe("usage statistics", () => {
  const level = async (page: Page) => page.getByTestId("quota-bar").getAttribute("data-level");
  const fill = (page: Page) => computedRgb(page.getByTestId("quota-bar-fill"), "backgroundColor");
  const percentage = (page: Page) => page.getByTestId("quota-percentage").textContent().catch(() => "");

  async function refresh(page: Page, used: number) {
    e2e.server.line.setQuota({ limit: 500, used });
    await form(page).getByRole("button", { name: "重新整理" }).click();
    await expect.poll(() => page.getByTestId("quota-used").textContent().catch(() => ""), WAIT).toBe(`${used} / 500 則`);
  }

  it("colours the bar green at 20 %, yellow at 60 %, red at 80 % and 90 %, warning only above 80 %", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: ACCESS_TOKEN });
    e2e.server.line.setQuota({ limit: 500, used: 100 });
    const page = await openScreen();
    await chooseTab(page, "usage");
    await expect.poll(() => percentage(page), WAIT).toContain("20%");
    expect(await page.getByTestId("quota-remaining").textContent()).toBe("400 則");
    expect(await level(page)).toBe("ok");
    const [r1, g1] = await fill(page);
    expect(g1).toBeGreaterThan(r1 + 80);
    expect(await page.getByTestId("quota-warning").count()).toBe(0);
    const plan = await page.getByTestId("quota-plan").textContent();
    expect(plan).toContain("每月可發送 500 則推播訊息");
    expect(plan).toContain("每月 1 日重新計算");
    expect(plan).toContain("不計入額度");

    await refresh(page, 300);
    expect(await percentage(page)).toContain("60%");
    expect(await level(page)).toBe("high");
    const [r2, g2, b2] = await fill(page);
    expect(r2).toBeGreaterThan(200);
    expect(g2).toBeGreaterThan(150);
    expect(b2).toBeLessThan(100);
    expect(await page.getByTestId("quota-warning").count()).toBe(0);

    await refresh(page, 400);
    expect(await level(page)).toBe("critical");
    expect(await page.getByTestId("quota-warning").count()).toBe(0);

    await refresh(page, 450);
    expect(await percentage(page)).toContain("90%");
    expect(await page.getByTestId("quota-remaining").textContent()).toBe("50 則");
    expect(await level(page)).toBe("critical");
    const [r3, g3] = await fill(page);
    expect(r3).toBeGreaterThan(180);
    expect(g3).toBeLessThan(80);
    expect(await page.getByTestId("quota-warning").textContent()).toContain("超過 80%");
  });

  it("says why the quota cannot be shown when no token is saved", async () => {
    e2e.expectConsoleError(/status of 400/);
    await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: "" });
    const page = await openScreen();
    await chooseTab(page, "usage");
    await expect.poll(() => page.getByTestId("quota-error").textContent().catch(() => ""), WAIT).toBe("無法取得配額資訊：請先設定 LINE Channel Access Token");
  });
});

describe("Email notification", () => {
  it("warns that the server cannot send mail yet, and saves the switch and the address", async () => {
    const page = await openScreen();
    const health = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/notification-failures");
    expect((health.body.data as { mail_configured: boolean }).mail_configured).toBe(false);
    await expect.poll(() => page.getByTestId("mail-not-configured").textContent().catch(() => ""), WAIT).toContain("Email 通知目前寄不出去");
    const email = page.getByTestId("notify-email");
    expect(await email.getByRole("link", { name: /網站設定/ }).getAttribute("href")).toBe("/admin/settings");
    await email.getByRole("switch", { name: "啟用 Email 通知" }).setChecked(before.email_notifications !== "true");
    await field(page, "收件信箱").fill("office@clean.example");
    expect(await page.getByTestId("mail-recipient").textContent()).toBe("通知信會寄到：office@clean.example");
    await save(page);
    const now = await stored();
    expect([now.email_notifications, now.contact_email]).toEqual([before.email_notifications === "true" ? "false" : "true", "office@clean.example"]);
  });
});

describe("undelivered notifications", () => {
  it("lists them in people's words, sends one again to the fake LINE and removes another after our own confirmation", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_enable_notifications: "true", line_channel_access_token: ACCESS_TOKEN, line_admin_user_id: ADMIN_USER_ID });
    const lineId = await insertFailure("notify.line", "新的聯絡表單：王小明", "LINE Channel Access Token 無效，請重新發行");
    await insertFailure("notify.discord", "新的聯絡表單：陳小姐", "找不到這個 Discord Webhook，可能已被刪除", "2025-03-05T01:00:00.000Z");
    const page = await openScreen();
    const section = page.getByTestId("failed-deliveries");
    await section.waitFor({ state: "visible", timeout: 15_000 });
    expect(await section.locator("h2").textContent()).toBe("傳送失敗的通知（2）");
    expect(await rows_(section).getByTestId("failed-delivery-state").allTextContents()).toEqual(["已停止自動重試", "已停止自動重試"]);
    const rows = section.getByTestId("failed-delivery");
    expect(await rows.getByTestId("failed-delivery-channel").allTextContents()).toEqual(["Discord 通知", "LINE 通知"]);
    expect(await rows.getByTestId("failed-delivery-summary").allTextContents()).toEqual(["新的聯絡表單：陳小姐", "新的聯絡表單：王小明"]);
    expect(await rows.getByTestId("failed-delivery-reason").allTextContents()).toEqual(["原因：找不到這個 Discord Webhook，可能已被刪除", "原因：LINE Channel Access Token 無效，請重新發行"]);
    expect(await rows.getByTestId("failed-delivery-time").allTextContents()).toEqual(["2025/03/05 09:00:00", "2025/03/04 14:05:09"]);

    // Sent again: the runner delivers it to LINE with the saved settings.
    await section.getByRole("button", { name: "重新傳送：LINE 通知：新的聯絡表單：王小明" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("已重新排入傳送");
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await e2e.server.line.waitForRequest((request) => request.path === "/v2/bot/message/push" && request.status === 200, 10_000);
    expect(e2e.server.line.sent[0]?.messages[0]?.text).toContain("新的聯絡表單：王小明");
    await expect.poll(async () => (await db().selectFrom("jobs").select("id").where("id", "=", lineId).execute()).length, WAIT).toBe(0);

    // Removed only once confirmed, in our own dialog naming it.
    await section.getByRole("button", { name: "移除：Discord 通知：新的聯絡表單：陳小姐" }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "移除通知", message: "確定要移除這則傳送失敗的通知嗎？移除後就不會再傳送。", items: ["Discord 通知：新的聯絡表單：陳小姐"], confirmLabel: "移除" });
    expect(await rows.count()).toBe(1);
    await section.getByRole("button", { name: "移除：Discord 通知：新的聯絡表單：陳小姐" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("已移除這則通知");
    await expect.poll(() => page.getByTestId("failed-deliveries").count(), WAIT).toBe(0);
    expect(await db().selectFrom("jobs").select("id").execute()).toEqual([]);
  });
});

describe("deliveries still retrying, and the cap on notices", () => {
  it("lists a delivery still retrying with its reason and next attempt, sends it now without waiting for its backoff, and states the cap with what it held back today", async () => {
    await e2e.server.updateSettings({ notification_type: "line", line_enable_notifications: "true", line_channel_access_token: ACCESS_TOKEN, line_admin_user_id: ADMIN_USER_ID });
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const failedAt = new Date(Date.now() - 60 * 1000).toISOString();
    const payload = { summary: "新的聯絡表單：趙先生", text: "新的聯絡表單：趙先生", retryKey: crypto.randomUUID() };
    const { id } = await db()
      .insertInto("jobs")
      .values({ kind: "notify.line", payload: JSON.stringify(payload), run_at: later, attempts: 3, max_attempts: 8, last_error: "LINE 伺服器暫時無法處理（500）", locked_until: null, failed_at: null, dedupe_key: null, created_at: failedAt, updated_at: failedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    const taipeiDay = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
    await db().insertInto("rate_counters").values({ key: `notice:line:held:${taipeiDay}`, count: 37, expires_at: "9999-12-31T00:00:00.000Z" }).onConflict((oc) => oc.column("key").doUpdateSet({ count: 37 })).execute();

    const page = await openScreen();
    const cap = page.getByTestId("notice-cap");
    await cap.waitFor({ state: "visible", timeout: 15_000 });
    // Each channel's rule in words: LINE's keeps the month's pushes; Discord's and mail's let a busy hour's leads through.
    expect(await cap.getByTestId("notice-cap-rule-line").textContent()).toBe("LINE：每 10 分鐘最多即時通知 10 則、每天最多 50 則，以免大量訊息用完 LINE 每月的免費推播額度。");
    expect(await cap.getByTestId("notice-cap-rule-discord").textContent()).toBe("Discord：每 10 分鐘最多即時通知 30 則、每天最多 300 則。Discord 不用推播額度，忙碌時段每位客戶的訊息都會即時通知。");
    expect(await cap.getByTestId("notice-cap-rule-email").textContent()).toContain("Email：每 10 分鐘最多即時通知 30 則、每天最多 100 則。");
    expect(await cap.getByTestId("notice-cap-held-line").textContent()).toBe("今天已有 37 則訊息沒有單獨的 LINE 通知，已計入摘要通知（訊息都在聯絡表單裡）。");
    expect(await cap.getByTestId("notice-cap-held-discord").count()).toBe(0);

    const section = page.getByTestId("failed-deliveries");
    const row = section.getByTestId("failed-delivery");
    expect(await row.getAttribute("data-state")).toBe("retrying");
    expect(await row.getByTestId("failed-delivery-reason").textContent()).toBe("原因：LINE 伺服器暫時無法處理（500）");
    expect(await row.getByTestId("failed-delivery-state").textContent()).toMatch(/^仍在自動重試，下次嘗試：\d{4}\/\d{2}\/\d{2} /);
    // Still retrying: it cannot be removed, only sent now.
    expect(await row.getByRole("button", { name: /^移除/ }).count()).toBe(0);
    await row.getByRole("button", { name: "重新傳送：LINE 通知：新的聯絡表單：趙先生" }).click();
    await e2e.server.line.waitForRequest((request) => request.path === "/v2/bot/message/push" && request.status === 200, 10_000);
    expect(e2e.server.line.sent.at(-1)?.messages[0]?.text).toBe("新的聯絡表單：趙先生");
    await expect.poll(async () => (await db().selectFrom("jobs").select("id").where("id", "=", id).execute()).length, WAIT).toBe(0);
    await db().deleteFrom("rate_counters").execute();
  });
});

describe("accessibility", () => {
  for (const { name, viewport } of [
    { name: "desktop", viewport: DESKTOP },
    { name: "phone", viewport: MOBILE },
  ]) {
    it(`has no axe violations on any tab of either channel at ${name} width${name === "phone" ? ", with 44 px tap targets and named controls" : ""}`, async () => {
      await e2e.server.updateSettings({ notification_type: "line", line_channel_access_token: ACCESS_TOKEN });
      e2e.server.line.setQuota({ limit: 500, used: 450 });
      await insertFailure("notify.email", "新的聯絡表單：林先生", "伺服器尚未設定寄信（SMTP_URL），無法寄出 Email 通知");
      // The cap has held messages back today: its notice shows too.
      const taipeiDay = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
      await db().insertInto("rate_counters").values({ key: `notice:line:held:${taipeiDay}`, count: 4, expires_at: "9999-12-31T00:00:00.000Z" }).onConflict((oc) => oc.column("key").doUpdateSet({ count: 4 })).execute();
      const page = await openScreen(viewport);
      await page.getByTestId("failed-deliveries").waitFor({ state: "visible", timeout: 15_000 });
      await page.getByTestId("mail-not-configured").waitFor({ state: "visible", timeout: 15_000 });

      const check = async (where: string) => {
        expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
        if (viewport.width <= MOBILE.width) {
          expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
          expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
        }
      };
      for (const tab of ["basic", "api", "test", "usage"] as const) {
        await chooseTab(page, tab);
        if (tab === "usage") await page.getByTestId("quota-warning").waitFor({ state: "visible", timeout: 15_000 });
        await check(`LINE ${tab}`);
      }
      await chooseType(page, "Discord");
      for (const tab of ["basic", "api", "test"] as const) {
        await chooseTab(page, tab);
        await check(`Discord ${tab}`);
      }
      // A refused save and the confirmation dialog.
      await chooseTab(page, "api");
      await field(page, "Webhook URL").fill("not a url");
      await form(page).getByRole("button", { name: "儲存設定" }).click();
      await expect.poll(() => errorNotice(page), WAIT).toContain("輸入資料有誤");
      await check("Discord api with an error");
      await page.getByTestId("failed-deliveries").getByRole("button", { name: /^移除/ }).click();
      await page.locator("dialog[open]").waitFor({ state: "visible" });
      await check("the remove confirmation");
      await answerConfirm(page, "cancel");
    });
  }
});
