// The /admin/line form (002 §2.3, §3, §4, §5, §8, §9): which setting sits
// on which tab of which channel and how it is edited, the form values from the
// server's answer and back, the shared zod rules as client-side checks, the
// test-send preconditions, the quota's words and colour, and how a failed
// delivery is described. Pure: the screen renders from this.
import {
  deliveryChannelLabels,
  LINE_FREE_MONTHLY_PUSHES,
  NOTICE_CAP_HELD_RULE,
  noticeCapRule,
  NOTIFICATION_MESSAGES,
  quotaLevel,
  quotaNeedsWarning,
  type FailedDelivery,
  type DeliveryChannel,
  type LineQuota,
  type NoticeCapStatus,
  type NotificationType,
  type QuotaLevel,
} from "#contract/notifications.ts";
import { defaultSettings, type SettingKey, type Settings } from "#contract/settings.ts";
import { settingRules } from "#contract/settings.schema.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

export const SETTINGS_PATH = "/admin-api.php/settings";
export const LINE_TEST_PATH = "/line-test.php";
export const DISCORD_TEST_PATH = "/discord-test.php";
export const QUOTA_PATH = "/api/line-quota.php";
export const FAILURES_PATH = "/admin-api.php/notification-failures";
export const WEBHOOK_PATH = "/line-webhook.php";

export const NOTIFICATION_SETTINGS_QUERY_KEY = ["admin", "settings"] as const;
export const QUOTA_QUERY_KEY = ["admin", "line-quota"] as const;
export const FAILURES_QUERY_KEY = ["admin", "notification-failures"] as const;

/** The screen's own words beside the contract's (NOTIFICATION_MESSAGES). */
export const SCREEN_MESSAGES = {
  invalid: "輸入資料有誤，請檢查標示的欄位",
  copied: "已複製到剪貼簿",
  copyFailed: "無法複製，請手動選取網址後複製",
  retried: "已重新排入傳送",
  removed: "已移除這則通知",
  retryFailed: "重新傳送失敗",
  removeFailed: "移除失敗",
  failuresLoadFailed: "載入傳送失敗的通知時發生錯誤",
  leave: "您有尚未儲存的變更，確定要離開此頁面嗎？",
  mailNotConfigured: "網站主機尚未設定寄信功能，所以 Email 通知目前寄不出去。請聯絡負責架設網站的技術人員完成寄信設定。",
  quotaWarning: "本月推播額度已使用超過 80%。額度用完後，LINE 通知會送不出去，直到下個月 1 日重新計算。",
  quotaFreePlan: `LINE 免費方案每月可發送 ${LINE_FREE_MONTHLY_PUSHES} 則推播訊息，每月 1 日重新計算；回覆客人的訊息不計入額度。`,
} as const;

export const TYPE_CHOICES: ReadonlyArray<{ value: NotificationType; label: string; description: string }> = [
  { value: "line", label: "LINE 官方帳號", description: "以 LINE 推播訊息通知管理員" },
  { value: "discord", label: "Discord", description: "傳送到 Discord 頻道" },
];

export type NotificationTabId = "basic" | "api" | "test" | "usage";

export interface NotificationTab {
  id: NotificationTabId;
  label: string;
}

const ALL_TABS: readonly NotificationTab[] = [
  { id: "basic", label: "基本設定" },
  { id: "api", label: "API 設定" },
  { id: "test", label: "測試發送" },
  { id: "usage", label: "使用統計" },
];

/** The tabs of a channel: the usage statistics only for LINE (002 §2.3). */
export const tabsFor = (type: NotificationType): readonly NotificationTab[] => (type === "line" ? ALL_TABS : ALL_TABS.filter((tab) => tab.id !== "usage"));

/** After switching channel: the same tab when the channel has it, else the first. */
export const tabAfterTypeChange = (type: NotificationType, current: NotificationTabId): NotificationTabId =>
  tabsFor(type).some((tab) => tab.id === current) ? current : "basic";

export type FieldKind = "switch" | "text" | "url" | "email" | "secret";

export interface FieldSpec {
  key: ScreenKey;
  kind: FieldKind;
  label: string;
  help?: string;
  placeholder?: string;
}

/** The fields of each channel's basic and API tabs (002 §3). */
export const CHANNEL_FIELDS: Record<NotificationType, Record<"basic" | "api", readonly FieldSpec[]>> = {
  line: {
    basic: [
      { key: "line_enable_notifications", kind: "switch", label: "啟用 LINE 通知", help: "開啟後，有人填寫聯絡表單時，會用 LINE 推播訊息通知管理員" },
      { key: "line_official_id", kind: "text", label: "LINE 官方帳號 ID", placeholder: "@example", help: "以 @ 開頭的帳號 ID，客人可用它搜尋並加入好友" },
      { key: "line_add_friend_url", kind: "url", label: "加好友網址", placeholder: "https://line.me/R/ti/p/@example", help: "網站上的 LINE 按鈕會開啟這個網址" },
      { key: "line_display_name", kind: "text", label: "顯示名稱", help: "LINE 官方帳號的名稱" },
    ],
    api: [
      { key: "line_channel_access_token", kind: "secret", label: "Channel Access Token", help: "在 LINE Developers 後台的「Messaging API」分頁最下方發行並複製" },
      { key: "line_channel_secret", kind: "secret", label: "Channel Secret", help: "在 LINE Developers 後台的「Basic settings」分頁，用來確認訊息真的來自 LINE" },
      { key: "line_admin_user_id", kind: "text", label: "管理員 User ID", placeholder: "U 開頭加 32 位英數字", help: "接收通知的 LINE 帳號，在「Basic settings」分頁最下方的「Your user ID」" },
    ],
  },
  discord: {
    basic: [
      { key: "discord_enable_notifications", kind: "switch", label: "啟用 Discord 通知", help: "開啟後，有人填寫聯絡表單時，會傳送訊息到 Discord 頻道" },
      { key: "discord_username", kind: "text", label: "顯示名稱", help: "通知訊息在 Discord 中顯示的發送者名稱" },
      { key: "discord_avatar_url", kind: "url", label: "頭像網址", placeholder: "https://", help: "發送者頭像圖片的網址（可不填）" },
    ],
    api: [
      {
        key: "discord_webhook_url",
        kind: "url",
        label: "Webhook URL",
        placeholder: "https://discord.com/api/webhooks/…",
        help: "在 Discord 頻道按「編輯頻道」→「整合」→「Webhook」建立 Webhook，再按「複製 Webhook 網址」貼到這裡",
      },
    ],
  },
};

/** The Email section, shown under the tabs whichever channel is chosen. */
export const EMAIL_FIELDS: readonly FieldSpec[] = [
  { key: "email_notifications", kind: "switch", label: "啟用 Email 通知", help: "開啟後，有人填寫聯絡表單時，也會寄一封通知信" },
  { key: "contact_email", kind: "email", label: "收件信箱", placeholder: "name@example.com" },
];

/** Every key this screen edits and saves. */
export const SCREEN_KEYS = [
  "notification_type",
  "line_enable_notifications",
  "line_official_id",
  "line_add_friend_url",
  "line_display_name",
  "line_channel_access_token",
  "line_channel_secret",
  "line_admin_user_id",
  "line_webhook_url",
  "discord_enable_notifications",
  "discord_username",
  "discord_avatar_url",
  "discord_webhook_url",
  "email_notifications",
  "contact_email",
] as const satisfies readonly SettingKey[];

export type ScreenKey = (typeof SCREEN_KEYS)[number];

/** Shown, never typed: the address LINE must call, saved with the rest so the setting tells the truth. */
const DERIVED_KEYS: ReadonlySet<ScreenKey> = new Set(["line_webhook_url"]);

export type NotificationValues = Pick<Settings, ScreenKey>;
export type FieldErrors = Partial<Record<string, string>>;

/** Where LINE sends its webhook: this site's /line-webhook.php. */
export const webhookUrlFor = (origin: string) => `${origin.replace(/\/+$/, "")}${WEBHOOK_PATH}`;

/**
 * The site's address LINE is told to call: 網站正式網址 when it is an https address (the back office
 * may be opened at another name, a local one, that LINE cannot reach), else where this screen is open.
 */
export function webhookOrigin(canonicalUrl: unknown, screenOrigin: string): string {
  if (typeof canonicalUrl !== "string" || canonicalUrl.trim() === "") return screenOrigin;
  try {
    const url = new URL(canonicalUrl.trim());
    return url.protocol === "https:" ? url.origin : screenOrigin;
  } catch {
    return screenOrigin;
  }
}

export const asType = (value: string | undefined): NotificationType => (value === "discord" ? "discord" : "line");

/** The server's answer as form values: every key a string, defaults where missing, the webhook address of this site. */
export function formFromSettings(loaded: Partial<Record<string, unknown>> | null | undefined, origin: string): NotificationValues {
  const values = {} as NotificationValues;
  for (const key of SCREEN_KEYS) {
    const value = loaded?.[key];
    values[key] = typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : defaultSettings[key];
  }
  values.notification_type = asType(values.notification_type);
  values.line_webhook_url = webhookUrlFor(webhookOrigin(loaded?.canonical_url, origin));
  return values;
}

/** POST /admin-api.php/settings: this screen's keys only. */
export const notificationPayload = (values: NotificationValues): Partial<Settings> => Object.fromEntries(SCREEN_KEYS.map((key) => [key, values[key]])) as Partial<Settings>;

/** The fields a person changed (the derived webhook address is not one). */
export const changedKeys = (values: NotificationValues, saved: NotificationValues): ScreenKey[] =>
  SCREEN_KEYS.filter((key) => !DERIVED_KEYS.has(key) && values[key] !== saved[key]);

export function validateField(key: SettingKey, value: string): string | undefined {
  const result = settingRules[key].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The shared rules (settings.schema.ts), with the server's messages, one per field. */
export function validateNotifications(values: NotificationValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of SCREEN_KEYS) {
    const message = validateField(key, values[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

export type FieldPlace = { section: "tab"; type: NotificationType; tab: "basic" | "api" } | { section: "email" } | { section: "type" };

export function placeOf(key: string): FieldPlace | undefined {
  if (key === "notification_type") return { section: "type" };
  if (EMAIL_FIELDS.some((field) => field.key === key)) return { section: "email" };
  for (const type of ["line", "discord"] as const) {
    for (const tab of ["basic", "api"] as const) {
      if (CHANNEL_FIELDS[type][tab].some((field) => field.key === key)) return { section: "tab", type, tab };
    }
  }
  if (key === "line_webhook_url") return { section: "tab", type: "line", tab: "api" };
  return undefined;
}

/** Errors per tab of the chosen channel, to mark the tabs. */
export function errorCountByTab(errors: FieldErrors, type: NotificationType): Partial<Record<NotificationTabId, number>> {
  const counts: Partial<Record<NotificationTabId, number>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const place = placeOf(key);
    if (message && place?.section === "tab" && place.type === type) counts[place.tab] = (counts[place.tab] ?? 0) + 1;
  }
  return counts;
}

/** After a refused save: the current tab if it holds an error, else the first tab of the chosen channel that does. */
export function tabToShow(current: NotificationTabId, errors: FieldErrors, type: NotificationType): NotificationTabId {
  const counts = errorCountByTab(errors, type);
  if (counts[current]) return current;
  return tabsFor(type).find((tab) => counts[tab.id])?.id ?? current;
}

/** Errors on fields that are not on screen (the other channel's, or keys the screen does not show): they go in the notice. */
export function hiddenErrors(errors: FieldErrors, type: NotificationType): string[] {
  return Object.entries(errors)
    .filter(([key, message]) => {
      if (!message) return false;
      const place = placeOf(key);
      return !place || (place.section === "tab" && place.type !== type);
    })
    .map(([, message]) => message!);
}

/** The notice for a refused save: the server's words (or ours), plus what cannot be seen beside a field. */
export function refusedSaveMessage(base: string, errors: FieldErrors, type: NotificationType): string {
  const hidden = hiddenErrors(errors, type);
  return hidden.length > 0 ? `${base}：${hidden.join("；")}` : base;
}

/** What POST /line-test.php or /discord-test.php receives: the unsaved values on screen. */
export type TestRequest =
  | { type: "line"; body: { accessToken: string; adminUserId: string; message: string } }
  | { type: "discord"; body: { webhookUrl: string; username: string; avatarUrl: string; message: string } };

export function testRequest(values: NotificationValues, message: string): TestRequest {
  if (asType(values.notification_type) === "line") {
    return { type: "line", body: { accessToken: values.line_channel_access_token.trim(), adminUserId: values.line_admin_user_id.trim(), message: message.trim() } };
  }
  return {
    type: "discord",
    body: { webhookUrl: values.discord_webhook_url.trim(), username: values.discord_username.trim(), avatarUrl: values.discord_avatar_url.trim(), message: message.trim() },
  };
}

/** 002 §5: what a test send needs before it may go; null when it may. */
export function testPrecondition(request: TestRequest): string | null {
  if (request.type === "line") return request.body.accessToken && request.body.adminUserId ? null : NOTIFICATION_MESSAGES.lineTestNeedsSettings;
  return request.body.webhookUrl ? null : NOTIFICATION_MESSAGES.discordTestNeedsSettings;
}

/** The message for a failed quota call: 無法取得配額資訊 when the server answered, 載入配額資訊失敗 when no answer came; the reason after it. */
export function quotaErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError) {
    const reason = error.message.trim();
    if (!reason) return NOTIFICATION_MESSAGES.quotaUnavailable;
    return reason.startsWith(NOTIFICATION_MESSAGES.quotaUnavailable) ? reason : `${NOTIFICATION_MESSAGES.quotaUnavailable}：${reason}`;
  }
  if (error instanceof ApiError) return `${NOTIFICATION_MESSAGES.quotaLoadFailed}：${NETWORK_ERROR_MESSAGE}`;
  return NOTIFICATION_MESSAGES.quotaLoadFailed;
}

const count = (value: number) => value.toLocaleString("zh-TW");

export interface QuotaView {
  level: QuotaLevel;
  warning: boolean;
  /** The bar's width, 0–100. */
  width: number;
  percentText: string;
  usedText: string;
  remainingText: string;
  /** For screen readers, on the bar. */
  valueText: string;
}

/** 002 §4: under 50 % green, under 80 % yellow, otherwise red; a warning above 80 %. */
export function quotaView(quota: LineQuota): QuotaView {
  const percentage = Number.isFinite(quota.percentage) ? quota.percentage : 0;
  const width = Math.min(100, Math.max(0, percentage));
  const percentText = `${Number.isInteger(percentage) ? percentage : percentage.toFixed(1)}%`;
  return {
    level: quotaLevel(percentage),
    warning: quotaNeedsWarning(percentage),
    width,
    percentText,
    usedText: `${count(quota.used)} / ${count(quota.limit)} 則`,
    remainingText: `${count(quota.remaining)} 則`,
    valueText: `已使用 ${count(quota.used)} 則，共 ${count(quota.limit)} 則（${percentText}）`,
  };
}

/** The bar's colour class per level. */
export const QUOTA_BAR_CLASSES: Record<QuotaLevel, string> = { ok: "bg-green-500", high: "bg-yellow-400", critical: "bg-red-600" };
export const QUOTA_LEVEL_LABELS: Record<QuotaLevel, string> = { ok: "用量正常", high: "用量偏高", critical: "用量接近上限" };

export interface FailureView {
  id: number;
  channel: string;
  summary: string;
  reason: string;
  time: string;
  attempts: string;
  /** Still retrying (and when next), or given up. */
  state: string;
  /** Only a given-up delivery can be removed; one still retrying can only be sent now. */
  removable: boolean;
  /** How the confirmation and the buttons name it. */
  name: string;
}

export interface CapView {
  channels: Array<{ channel: DeliveryChannel; rule: string; held: string | null }>;
  /** What happens past a cap, said once. */
  past: string;
}

/** The caps on notices in words: each channel's rule, and what it held back today when it did. */
export function capView(cap: NoticeCapStatus): CapView {
  return {
    channels: cap.channels.map((channel) => ({
      channel: channel.channel,
      rule: noticeCapRule(channel.channel, channel),
      held:
        channel.held_today > 0
          ? `今天已有 ${channel.held_today} 則訊息沒有單獨的 ${deliveryChannelLabels[channel.channel]} 通知，已計入摘要通知（訊息都在聯絡表單裡）。`
          : null,
    })),
    past: NOTICE_CAP_HELD_RULE,
  };
}

/** A failed delivery in people's words: LINE 通知, the summary, the reason, the time in Taipei. */
export function failureView(failure: FailedDelivery): FailureView {
  const channel = `${deliveryChannelLabels[failure.channel] ?? "通知"} 通知`;
  const summary = failure.summary.trim() || "（沒有摘要）";
  return {
    id: failure.id,
    channel,
    summary,
    reason: failure.error.trim() || "未提供原因",
    time: formatDateTime(failure.failed_at),
    attempts: `已嘗試 ${failure.attempts} 次`,
    state:
      failure.state === "retrying"
        ? `仍在自動重試${failure.next_attempt_at ? `，下次嘗試：${formatDateTime(failure.next_attempt_at)}` : ""}`
        : "已停止自動重試",
    removable: failure.state === "failed",
    name: `${channel}：${summary}`,
  };
}

/** Who receives the mail: the contact email, else the company email (the server's rule). */
export function mailRecipient(contactEmail: string, companyEmail: string | undefined): { address: string; fallback: boolean } | null {
  if (contactEmail.trim()) return { address: contactEmail.trim(), fallback: false };
  if (companyEmail?.trim()) return { address: companyEmail.trim(), fallback: true };
  return null;
}

/**
 * How often the failing deliveries are asked for again while the screen is open: a delivery
 * that is about to be tried (just sent again, or its next attempt near) is looked at every few
 * seconds, so it leaves the list by itself once delivered; other retrying ones twice a minute;
 * none at all when nothing is on its way.
 */
export function failuresRefetchInterval(failures: readonly Pick<FailedDelivery, "state" | "next_attempt_at">[] | undefined, now: number): number | false {
  const retrying = (failures ?? []).filter((failure) => failure.state === "retrying");
  if (retrying.length === 0) return false;
  const soon = retrying.some((failure) => failure.next_attempt_at === null || Date.parse(failure.next_attempt_at) - now < 15_000);
  return soon ? 2_000 : 30_000;
}
