// The pure parts of the back-office notifications (001 §4, §9): what
// counts as a rise between two polls, what the banner and the tab title say,
// and the favicon badge text.
import type { NotificationCounts } from "#contract/dashboard.ts";

export const NOTIFICATION_POLL_MS = 15_000;
export const NEW_MESSAGE_BANNER_MS = 3_000;
export const TITLE_BLINK_MS = 1_000;
export const BADGE_CAP = 99;

export const EMPTY_COUNTS: NotificationCounts = { contacts: 0, customers: 0, total_messages: 0 };

export type CountKey = keyof NotificationCounts;
const COUNT_KEYS: CountKey[] = ["contacts", "customers", "total_messages"];

/** Coerces an answer into three non-negative integers (a missing field counts 0). */
export function normaliseCounts(value: Partial<Record<CountKey, unknown>> | null | undefined): NotificationCounts {
  const pick = (key: CountKey) => {
    const n = Number(value?.[key]);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  };
  return { contacts: pick("contacts"), customers: pick("customers"), total_messages: pick("total_messages") };
}

/**
 * The counts that went up since the previous poll. The first poll after the
 * back office opens is the baseline: messages that were already waiting do
 * not ring or blink again on every page load.
 */
export function risenCounts(previous: NotificationCounts | null, next: NotificationCounts): CountKey[] {
  if (!previous) return [];
  return COUNT_KEYS.filter((key) => next[key] > previous[key]);
}

/** What the tab title and the favicon badge count: unread contact forms plus unread LINE messages. */
export const unreadTotal = (counts: NotificationCounts) => counts.contacts + counts.total_messages;

const RISE_LABELS: Record<CountKey, string> = {
  contacts: "聯絡表單",
  customers: "LINE 客服",
  total_messages: "LINE 訊息",
};

/** The 3-second banner: 有新訊息！ and where from. */
export function newMessageText(risen: CountKey[]): string {
  // A new LINE message raises both the customer and the message count; name LINE once.
  const labels = risen.includes("customers") ? risen.filter((key) => key !== "total_messages") : risen;
  const where = labels.map((key) => RISE_LABELS[key]);
  return where.length > 0 ? `有新訊息！來自${where.join("、")}` : "有新訊息！";
}

/** Favicon badge text: empty for none, the number up to 99, then 99+. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The alternate tab title: `(N) 新訊息 - <title>`, N capped like the badge. */
export function blinkTitle(count: number, title: string): string {
  return `(${badgeText(count) || "0"}) 新訊息 - ${title}`;
}
