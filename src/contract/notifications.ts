// Notifications to the company's staff (002 §2.3, §3, §4, §5, §7, §8, §9): the
// test sends of the notification settings screen, the LINE push quota, and the
// record of deliveries that kept failing.
import { z } from "zod";

export const NOTIFICATION_TYPES = ["line", "discord"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** LINE's free plan: 500 push messages a month, counted from the 1st; replies are free (002 §9). */
export const LINE_FREE_MONTHLY_PUSHES = 500;

export const NOTIFICATION_MESSAGES = {
  lineTestNeedsSettings: "請先設定 LINE Channel Access Token 和管理員 User ID",
  discordTestNeedsSettings: "請先設定 Discord Webhook URL",
  testSent: "測試訊息已發送",
  testFailed: "測試發送失敗",
  saved: "通知設定保存成功！",
  saveFailed: "保存失敗",
  loadFailed: "載入設定失敗",
  quotaUnavailable: "無法取得配額資訊",
  quotaLoadFailed: "載入配額資訊失敗",
} as const;

export const DEFAULT_TEST_MESSAGE = "這是一則測試訊息：網站通知設定成功！";

const optionalText = (max: number, label: string) =>
  z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`).optional();

/** POST /line-test.php: empty fields fall back to the saved settings. */
export const lineTestSchema = z.object({
  accessToken: optionalText(1000, "LINE Channel Access Token"),
  adminUserId: optionalText(64, "管理員 User ID"),
  message: optionalText(1000, "測試訊息"),
});

/** POST /discord-test.php: empty fields fall back to the saved settings. */
export const discordTestSchema = z.object({
  webhookUrl: optionalText(500, "Discord Webhook URL"),
  username: optionalText(80, "Discord 顯示名稱"),
  avatarUrl: optionalText(500, "Discord 頭像網址"),
  message: optionalText(1000, "測試訊息"),
});

/** GET /api/line-quota.php */
export interface LineQuota {
  used: number;
  remaining: number;
  limit: number;
  /** 0–100, one decimal. */
  percentage: number;
}

export function quotaFrom(used: number, limit: number): LineQuota {
  const safeLimit = Math.max(0, limit);
  const percentage = safeLimit === 0 ? 100 : Math.min(100, Math.round((used / safeLimit) * 1000) / 10);
  return { used, remaining: Math.max(0, safeLimit - used), limit: safeLimit, percentage };
}

/** The bar's colour: under 50 % green, under 80 % yellow, otherwise red; a warning above 80 % (002 §4). */
export type QuotaLevel = "ok" | "high" | "critical";
export const quotaLevel = (percentage: number): QuotaLevel => (percentage < 50 ? "ok" : percentage < 80 ? "high" : "critical");
export const quotaNeedsWarning = (percentage: number) => percentage > 80;

export const DELIVERY_CHANNELS = ["line", "discord", "email"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const deliveryChannelLabels: Record<DeliveryChannel, string> = { line: "LINE", discord: "Discord", email: "Email" };

/**
 * The caps on notices (issue 22 §4, decision 021), one per channel, each by what a flood
 * would cost there: at most `perWindow` individual notices per `windowMinutes`-minute
 * window and `perDay` a day (Taiwan's calendar, summaries included). Messages beyond a
 * channel's cap (and messages that look like spam) are kept in the inbox and counted in
 * that channel's summary notice when the window ends (past the day's ceiling, when the
 * day ends); the other channels still notify them one by one.
 */
export interface ChannelCap {
  perWindow: number;
  windowMinutes: number;
  perDay: number;
}

export const NOTICE_CAPS: Record<DeliveryChannel, ChannelCap> = {
  // LINE's free plan has 500 pushes a month: a flood's day spends at most ~51 of them (decision 021).
  line: { perWindow: 10, windowMinutes: 10, perDay: 50 },
  // Discord spends no quota; a webhook takes about 30 messages a minute on a channel before it answers 429,
  // so 30 in a window stays under that even when they all come in one minute, and 180 an hour is more than
  // any real busy hour of the company's leads. The day's 300 bounds a flood's noise in the channel.
  discord: { perWindow: 30, windowMinutes: 10, perDay: 300 },
  // Mail spends no quota of ours, but mail services' free plans send 100–300 a day (and the company's
  // other mail shares them): 30 in a window for a busy hour, 100 a day for a flood.
  email: { perWindow: 30, windowMinutes: 10, perDay: 100 },
};

/** Why each channel's cap is what it is, in the staff's words (after the figures). */
const CAP_REASONS: Record<DeliveryChannel, string> = {
  line: "以免大量訊息用完 LINE 每月的免費推播額度。",
  discord: "Discord 不用推播額度，忙碌時段每位客戶的訊息都會即時通知。",
  email: "Email 不用推播額度，忙碌時段每位客戶的訊息都會即時通知；每天的上限配合一般寄信服務的寄送限制。",
};

/** A channel's rule as the notification settings screen states it, e.g. LINE：每 10 分鐘最多即時通知 10 則、每天最多 50 則，以免…。 */
export function noticeCapRule(channel: DeliveryChannel, cap: { per_window: number; window_minutes: number; per_day: number }): string {
  const figures = `每 ${cap.window_minutes} 分鐘最多即時通知 ${cap.per_window} 則、每天最多 ${cap.per_day} 則`;
  return `${deliveryChannelLabels[channel]}：${figures}${channel === "line" ? "，" : "。"}${CAP_REASONS[channel]}`;
}

/** What happens past a channel's cap, said once under the rules. */
export const NOTICE_CAP_HELD_RULE = "超過上限的訊息和疑似垃圾訊息照常收進後台，並在該時段結束時合併成一則摘要通知（當天額度用完時，於午夜傳送一則摘要）。";

/** The summary notice: how many messages were kept without a notice of their own. */
export function summaryNoticeText(count: number, suspect: number): string {
  const spam = suspect > 0 ? `（其中 ${suspect} 則可能是垃圾訊息）` : "";
  return `今天又收到 ${count} 則新訊息${spam}，請到後台查看`;
}

/** One channel's cap as the settings screen shows it. */
export interface ChannelCapStatus {
  channel: DeliveryChannel;
  per_window: number;
  window_minutes: number;
  per_day: number;
  /** Messages kept today (Taiwan's day) without a notice of their own on this channel: counted in its summary. */
  held_today: number;
}

/** Every channel's cap, in the order of DELIVERY_CHANNELS. */
export interface NoticeCapStatus {
  channels: ChannelCapStatus[];
}

/** A notification that is failing: still retrying with backoff, or given up after every attempt. */
export type DeliveryState = "retrying" | "failed";

/** A notification that failed at least once and has not been delivered: shown on the notification settings screen and the dashboard. */
export interface FailedDelivery {
  id: number;
  channel: DeliveryChannel;
  /** What it was about, in people's words, e.g. 新的聯絡表單：王小明. */
  summary: string;
  error: string;
  attempts: number;
  state: DeliveryState;
  /** When the next automatic attempt is due (state retrying), else null. */
  next_attempt_at: string | null;
  /** When it last failed. */
  failed_at: string;
}

/** GET /admin-api.php/notification-failures */
export interface NotificationHealth {
  failures: FailedDelivery[];
  /** False without SMTP_URL on the server: email notifications cannot go out. */
  mail_configured: boolean;
  cap: NoticeCapStatus;
}
