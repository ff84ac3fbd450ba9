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
 * The cap on notices (issue 22 §4, decision 021): LINE's free plan has 500 pushes a month,
 * so a flood of messages must not spend them in an afternoon. At most `perWindow`
 * individual notices per `windowMinutes`-minute window and `perDay` notices a day
 * (Taiwan's calendar, summaries included); messages beyond it (and messages that look
 * like spam) are kept in the inbox and counted in one summary notice when the window
 * ends (past the day's ceiling, when the day ends).
 */
export const NOTICE_CAP = { perWindow: 10, windowMinutes: 10, perDay: 50 } as const;

/** The rule as the notification settings screen states it. */
export const NOTICE_CAP_RULE =
  `為了不讓大量訊息用完 LINE 每月的推播額度，每 ${NOTICE_CAP.windowMinutes} 分鐘最多即時通知 ${NOTICE_CAP.perWindow} 則、每天最多 ${NOTICE_CAP.perDay} 則。` +
  `超過的訊息和疑似垃圾訊息照常收進後台，並在該時段結束時合併成一則摘要通知（當天額度用完時，於午夜傳送一則摘要）。`;

/** The summary notice: how many messages were kept without a notice of their own. */
export function summaryNoticeText(count: number, suspect: number): string {
  const spam = suspect > 0 ? `（其中 ${suspect} 則可能是垃圾訊息）` : "";
  return `今天又收到 ${count} 則新訊息${spam}，請到後台查看`;
}

/** The cap as the settings screen shows it. */
export interface NoticeCapStatus {
  per_window: number;
  window_minutes: number;
  per_day: number;
  /** Messages kept today (Taiwan's day) without a notice of their own: counted in a summary. */
  held_today: number;
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
