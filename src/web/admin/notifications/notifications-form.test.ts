import { describe, expect, it } from "vitest";
import { DEFAULT_TEST_MESSAGE, LINE_FREE_MONTHLY_PUSHES, NOTIFICATION_MESSAGES, quotaFrom, type FailedDelivery } from "#contract/notifications.ts";
import { defaultSettings, settingKeys } from "#contract/settings.ts";
import { ApiError } from "#web/admin/shared/api-client.ts";
import {
  failuresRefetchInterval,
  CHANNEL_FIELDS,
  changedKeys,
  EMAIL_FIELDS,
  errorCountByTab,
  capView,
  failureView,
  formFromSettings,
  hiddenErrors,
  mailRecipient,
  notificationPayload,
  placeOf,
  QUOTA_BAR_CLASSES,
  quotaErrorMessage,
  quotaView,
  refusedSaveMessage,
  SCREEN_KEYS,
  SCREEN_MESSAGES,
  tabAfterTypeChange,
  tabsFor,
  tabToShow,
  testPrecondition,
  testRequest,
  TYPE_CHOICES,
  validateField,
  validateNotifications,
  webhookUrlFor,
} from "./notifications-form.ts";

const ORIGIN = "https://clean.example";
const USER_ID = `U${"a".repeat(32)}`;
const form = (overrides: Record<string, string> = {}) => formFromSettings({ ...defaultSettings, ...overrides }, ORIGIN);

describe("tabs", () => {
  it("shows usage statistics only for LINE, in the spec's order and words", () => {
    expect(tabsFor("line").map((tab) => tab.label)).toEqual(["基本設定", "API 設定", "測試發送", "使用統計"]);
    expect(tabsFor("discord").map((tab) => tab.label)).toEqual(["基本設定", "API 設定", "測試發送"]);
  });

  it("keeps the tab when switching channel unless the new channel lacks it", () => {
    expect(tabAfterTypeChange("discord", "usage")).toBe("basic");
    expect(tabAfterTypeChange("discord", "test")).toBe("test");
    expect(tabAfterTypeChange("line", "api")).toBe("api");
  });

  it("names the channels in people's words", () => {
    expect(TYPE_CHOICES.map((choice) => choice.label)).toEqual(["LINE 官方帳號", "Discord"]);
  });
});

describe("form values", () => {
  it("takes the screen's keys from the answer, with defaults and this site's webhook address", () => {
    const values = formFromSettings({ notification_type: "discord", discord_username: "通知小幫手", line_enable_notifications: true, unrelated: "x" }, ORIGIN);
    expect(Object.keys(values).sort()).toEqual([...SCREEN_KEYS].sort());
    expect(values.notification_type).toBe("discord");
    expect(values.discord_username).toBe("通知小幫手");
    expect(values.line_enable_notifications).toBe("true");
    expect(values.discord_enable_notifications).toBe(defaultSettings.discord_enable_notifications);
    expect(values.line_webhook_url).toBe("https://clean.example/line-webhook.php");
  });

  it("reads an unknown channel as LINE", () => {
    expect(formFromSettings({ notification_type: "pigeon" }, ORIGIN).notification_type).toBe("line");
    expect(formFromSettings(null, ORIGIN).notification_type).toBe("line");
  });

  it("tells LINE the site's https 網站正式網址 when it is set, else where the screen is open", () => {
    expect(formFromSettings({ canonical_url: "https://www.clean.example/about" }, "http://localhost:3000").line_webhook_url).toBe("https://www.clean.example/line-webhook.php");
    expect(formFromSettings({ canonical_url: "http://www.clean.example" }, ORIGIN).line_webhook_url).toBe("https://clean.example/line-webhook.php");
    expect(formFromSettings({ canonical_url: "" }, ORIGIN).line_webhook_url).toBe("https://clean.example/line-webhook.php");
  });

  it("builds the webhook address without a doubled slash", () => {
    expect(webhookUrlFor("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000/line-webhook.php");
  });

  it("sends only this screen's keys, every one of them settings the server knows", () => {
    const payload = notificationPayload(form({ line_official_id: "@shiny" }));
    expect(Object.keys(payload).sort()).toEqual([...SCREEN_KEYS].sort());
    expect(payload.line_official_id).toBe("@shiny");
    expect(payload.site_title).toBeUndefined();
    for (const key of SCREEN_KEYS) expect(settingKeys).toContain(key);
  });

  it("counts changes a person made, not the derived webhook address", () => {
    const saved = formFromSettings({ line_webhook_url: "" }, ORIGIN);
    const loaded = formFromSettings({ line_webhook_url: "" }, ORIGIN);
    expect(changedKeys(loaded, { ...saved, line_webhook_url: "" })).toEqual([]);
    expect(changedKeys({ ...loaded, discord_username: "新名字", notification_type: "discord" }, saved)).toEqual(["notification_type", "discord_username"]);
  });

  it("puts every field of the screen in exactly one place", () => {
    const shown = [...CHANNEL_FIELDS.line.basic, ...CHANNEL_FIELDS.line.api, ...CHANNEL_FIELDS.discord.basic, ...CHANNEL_FIELDS.discord.api, ...EMAIL_FIELDS].map((field) => field.key);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown, "notification_type", "line_webhook_url"].sort()).toEqual([...SCREEN_KEYS].sort());
    expect(placeOf("line_channel_secret")).toEqual({ section: "tab", type: "line", tab: "api" });
    expect(placeOf("discord_username")).toEqual({ section: "tab", type: "discord", tab: "basic" });
    expect(placeOf("contact_email")).toEqual({ section: "email" });
    expect(placeOf("site_title")).toBeUndefined();
  });
});

describe("validation with the server's rules and messages", () => {
  it("accepts the defaults and well-formed values", () => {
    expect(validateNotifications(form())).toEqual({});
    expect(
      validateNotifications(form({ line_admin_user_id: USER_ID, line_channel_secret: "0123456789abcdef0123456789abcdef", discord_webhook_url: "https://discord.com/api/webhooks/1/abc", contact_email: "office@example.com" })),
    ).toEqual({});
  });

  it("refuses a malformed user id, secret, web address and email", () => {
    const errors = validateNotifications(form({ line_admin_user_id: "abc", line_channel_secret: "short", discord_avatar_url: "ftp://x", contact_email: "not-an-email" }));
    expect(errors).toEqual({
      line_admin_user_id: "LINE 管理員 User ID 格式不正確（U 開頭加 32 位英數字）",
      line_channel_secret: "LINE Channel Secret 必須是 32 位英數字",
      discord_avatar_url: "Discord 頭像網址必須是 http:// 或 https:// 開頭的網址",
      contact_email: "聯絡 Email格式不正確",
    });
    expect(validateField("line_admin_user_id", USER_ID)).toBeUndefined();
  });

  it("marks the tabs of the chosen channel and goes to the first one with an error", () => {
    const errors = { line_admin_user_id: "x", line_channel_secret: "y", line_add_friend_url: "z", discord_webhook_url: "w", contact_email: "v" };
    expect(errorCountByTab(errors, "line")).toEqual({ api: 2, basic: 1 });
    expect(errorCountByTab(errors, "discord")).toEqual({ api: 1 });
    expect(tabToShow("test", errors, "line")).toBe("basic");
    expect(tabToShow("api", errors, "line")).toBe("api");
    expect(tabToShow("test", { contact_email: "v" }, "line")).toBe("test");
  });

  it("tells in the notice what cannot be seen beside a field", () => {
    const errors = { line_admin_user_id: "LINE 管理員 User ID 格式不正確", contact_email: "聯絡 Email格式不正確", site_title: "網站標題太長" };
    expect(hiddenErrors(errors, "discord")).toEqual(["LINE 管理員 User ID 格式不正確", "網站標題太長"]);
    expect(hiddenErrors(errors, "line")).toEqual(["網站標題太長"]);
    expect(refusedSaveMessage(SCREEN_MESSAGES.invalid, { contact_email: "x" }, "line")).toBe(SCREEN_MESSAGES.invalid);
    expect(refusedSaveMessage("保存失敗", { site_title: "網站標題太長" }, "line")).toBe("保存失敗：網站標題太長");
  });
});

describe("test send", () => {
  it("uses the unsaved LINE values and checks the token and user id first", () => {
    const values = form({ notification_type: "line", line_channel_access_token: " token ", line_admin_user_id: USER_ID });
    const request = testRequest(values, DEFAULT_TEST_MESSAGE);
    expect(request).toEqual({ type: "line", body: { accessToken: "token", adminUserId: USER_ID, message: DEFAULT_TEST_MESSAGE } });
    expect(testPrecondition(request)).toBeNull();
    expect(testPrecondition(testRequest({ ...values, line_admin_user_id: "  " }, "hi"))).toBe(NOTIFICATION_MESSAGES.lineTestNeedsSettings);
    expect(testPrecondition(testRequest({ ...values, line_channel_access_token: "" }, "hi"))).toBe("請先設定 LINE Channel Access Token 和管理員 User ID");
  });

  it("uses the unsaved Discord values and needs a webhook URL", () => {
    const values = form({ notification_type: "discord", discord_webhook_url: "https://discord.com/api/webhooks/1/abc", discord_username: "機器人", discord_avatar_url: "" });
    expect(testRequest(values, "哈囉")).toEqual({ type: "discord", body: { webhookUrl: "https://discord.com/api/webhooks/1/abc", username: "機器人", avatarUrl: "", message: "哈囉" } });
    expect(testPrecondition(testRequest({ ...values, discord_webhook_url: "" }, "哈囉"))).toBe("請先設定 Discord Webhook URL");
  });
});

describe("quota", () => {
  it("colours the bar green under 50 %, yellow under 80 %, red otherwise, and warns above 80 %", () => {
    const at = (used: number) => quotaView(quotaFrom(used, LINE_FREE_MONTHLY_PUSHES));
    expect([at(0), at(100), at(249), at(250), at(399), at(400), at(405), at(450)].map((view) => [view.level, view.warning])).toEqual([
      ["ok", false],
      ["ok", false],
      ["ok", false],
      ["high", false],
      ["high", false],
      ["critical", false],
      ["critical", true],
      ["critical", true],
    ]);
    expect(QUOTA_BAR_CLASSES).toEqual({ ok: "bg-green-500", high: "bg-yellow-400", critical: "bg-red-600" });
  });

  it("shows used / limit, remaining and the percentage", () => {
    const view = quotaView(quotaFrom(1234, 5000));
    expect(view).toMatchObject({ usedText: "1,234 / 5,000 則", remainingText: "3,766 則", percentText: "24.7%", width: 24.7 });
    expect(quotaView(quotaFrom(100, 500)).percentText).toBe("20%");
    expect(view.valueText).toBe("已使用 1,234 則，共 5,000 則（24.7%）");
  });

  it("keeps the bar within 0–100 %", () => {
    expect(quotaView({ used: 700, limit: 500, remaining: 0, percentage: 140 }).width).toBe(100);
    expect(quotaView({ used: 0, limit: 500, remaining: 500, percentage: Number.NaN }).width).toBe(0);
  });

  it("says 無法取得配額資訊 with the server's reason, or 載入配額資訊失敗 when no answer came", () => {
    expect(quotaErrorMessage(new ApiError(400, "請先設定 LINE Channel Access Token"))).toBe("無法取得配額資訊：請先設定 LINE Channel Access Token");
    expect(quotaErrorMessage(new ApiError(502, "無法取得配額資訊：LINE Channel Access Token 無效"))).toBe("無法取得配額資訊：LINE Channel Access Token 無效");
    expect(quotaErrorMessage(new ApiError(500, ""))).toBe("無法取得配額資訊");
    expect(quotaErrorMessage(new ApiError(0, "連線錯誤，請稍後再試"))).toBe("載入配額資訊失敗：連線錯誤，請稍後再試");
    expect(quotaErrorMessage(new TypeError("boom"))).toBe("載入配額資訊失敗");
  });
});

describe("failed deliveries", () => {
  const failure: FailedDelivery = { id: 7, channel: "discord", summary: "新的聯絡表單：王小明", error: "找不到這個 Discord Webhook，可能已被刪除", attempts: 8, state: "failed", next_attempt_at: null, failed_at: "2025-03-04T06:05:09.000Z" };

  it("describes one in people's words, at Taipei time", () => {
    expect(failureView(failure)).toEqual({
      id: 7,
      channel: "Discord 通知",
      summary: "新的聯絡表單：王小明",
      reason: "找不到這個 Discord Webhook，可能已被刪除",
      time: "2025/03/04 14:05:09",
      attempts: "已嘗試 8 次",
      state: "已停止自動重試",
      removable: true,
      name: "Discord 通知：新的聯絡表單：王小明",
    });
    expect(failureView({ ...failure, channel: "email", summary: " ", error: "" })).toMatchObject({ channel: "Email 通知", summary: "（沒有摘要）", reason: "未提供原因" });
  });

  it("says when one still retrying tries next, and that it cannot be removed, only sent now", () => {
    expect(failureView({ ...failure, state: "retrying", next_attempt_at: "2025-03-04T07:00:00.000Z", attempts: 3 })).toMatchObject({
      state: "仍在自動重試，下次嘗試：2025/03/04 15:00:00",
      removable: false,
      attempts: "已嘗試 3 次",
    });
  });
});

describe("the caps on notices", () => {
  const status = (heldOnLine: number) => ({
    channels: [
      { channel: "line" as const, per_window: 10, window_minutes: 10, per_day: 50, held_today: heldOnLine },
      { channel: "discord" as const, per_window: 30, window_minutes: 10, per_day: 300, held_today: 0 },
      { channel: "email" as const, per_window: 30, window_minutes: 10, per_day: 100, held_today: 0 },
    ],
  });

  it("states each channel's rule in words: LINE's to keep the month's pushes, the others' high enough for a busy hour", () => {
    const view = capView(status(0));
    expect(view.channels.map((channel) => channel.rule)).toEqual([
      "LINE：每 10 分鐘最多即時通知 10 則、每天最多 50 則，以免大量訊息用完 LINE 每月的免費推播額度。",
      "Discord：每 10 分鐘最多即時通知 30 則、每天最多 300 則。Discord 不用推播額度，忙碌時段每位客戶的訊息都會即時通知。",
      "Email：每 10 分鐘最多即時通知 30 則、每天最多 100 則。Email 不用推播額度，忙碌時段每位客戶的訊息都會即時通知；每天的上限配合一般寄信服務的寄送限制。",
    ]);
    expect(view.past).toContain("合併成一則摘要通知");
  });

  it("says what a channel held back today only when it did", () => {
    expect(capView(status(0)).channels.every((channel) => channel.held === null)).toBe(true);
    const held = capView(status(12)).channels;
    expect(held[0]!.held).toBe("今天已有 12 則訊息沒有單獨的 LINE 通知，已計入摘要通知（訊息都在聯絡表單裡）。");
    expect(held.slice(1).every((channel) => channel.held === null)).toBe(true);
  });
});

describe("mail recipient", () => {
  it("is the contact email, else the company email", () => {
    expect(mailRecipient(" office@example.com ", "company@example.com")).toEqual({ address: "office@example.com", fallback: false });
    expect(mailRecipient("", "company@example.com")).toEqual({ address: "company@example.com", fallback: true });
    expect(mailRecipient("", "")).toBeNull();
  });
});

describe("failuresRefetchInterval", () => {
  const now = Date.parse("2026-11-25T10:00:00.000Z");
  it("looks every 2 s while a delivery is about to be tried (just sent again), twice a minute for later retries, never when none is on its way", () => {
    expect(failuresRefetchInterval([{ state: "retrying", next_attempt_at: "2026-11-25T10:00:00.000Z" }], now)).toBe(2_000);
    expect(failuresRefetchInterval([{ state: "retrying", next_attempt_at: "2026-11-25T10:20:00.000Z" }], now)).toBe(30_000);
    expect(failuresRefetchInterval([{ state: "failed", next_attempt_at: null }], now)).toBe(false);
    expect(failuresRefetchInterval([], now)).toBe(false);
    expect(failuresRefetchInterval(undefined, now)).toBe(false);
  });
});
