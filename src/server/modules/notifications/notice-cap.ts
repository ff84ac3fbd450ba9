// The cap on notices (decision 021): LINE's free plan has 500 pushes a month,
// and a flood of messages must not spend them in an afternoon. Each message
// asks, in its own transaction, whether it may have its own notice: yes while
// this 10-minute window has given fewer than 10 and the Taiwan day fewer than
// 50; otherwise (and always for a message that looks like spam) it is held:
// counted for a summary notice, which is a job enqueued in the same
// transaction for the window's end (one per window by the job key), or for
// the day's end once the day's ceiling is reached. Every count lives in
// `rate_counters`, bumped atomically, so several instances share the cap.
import { NOTICE_CAP } from "#contract/notifications.ts";
import type { Db, ReadDb } from "#server/db/database.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Taiwan has one time zone, UTC+8, and no daylight saving. */
const TAIWAN_OFFSET = 8 * 60 * MINUTE;

export interface CapPeriods {
  windowStart: Date;
  windowEnd: Date;
  /** The Taiwan day, e.g. 2026-11-24. */
  day: string;
  dayEnd: Date;
}

export function capPeriods(now: Date, windowMinutes: number = NOTICE_CAP.windowMinutes): CapPeriods {
  const t = now.getTime();
  const windowMs = windowMinutes * MINUTE;
  const windowStart = Math.floor(t / windowMs) * windowMs;
  const dayStart = Math.floor((t + TAIWAN_OFFSET) / DAY) * DAY - TAIWAN_OFFSET;
  return {
    windowStart: new Date(windowStart),
    windowEnd: new Date(windowStart + windowMs),
    day: new Date(dayStart + TAIWAN_OFFSET).toISOString().slice(0, 10),
    dayEnd: new Date(dayStart + DAY),
  };
}

/** The counters' keys. `pending` is what the next summary will report. */
export const capKeys = {
  windowNotices: (periods: CapPeriods) => `notice:window:${periods.windowStart.toISOString()}`,
  dayNotices: (periods: CapPeriods) => `notice:day:${periods.day}`,
  windowSummary: (periods: CapPeriods) => `notice:summary:${periods.windowStart.toISOString()}`,
  heldToday: (day: string) => `notice:held:${day}`,
  pending: "notice:pending",
  pendingSuspect: "notice:pending-suspect",
};

/** The summary job's key: one per window, or one for the day once the day's ceiling is reached. */
export const summaryJobKey = (periods: CapPeriods, scope: "window" | "day") =>
  scope === "window" ? `notify.summary:${periods.windowStart.toISOString()}` : `notify.summary:day:${periods.day}`;

export type CapDecision = { notify: true } | { notify: false; summary: { scope: "window" | "day"; runAt: Date } | null };

export interface CapLimits {
  perWindow: number;
  perDay: number;
  windowMinutes: number;
}

/** How many messages were held today (Taiwan's day): the settings screen shows it. */
export const heldToday = (db: ReadDb, now: Date) => rateCounters.read(db, capKeys.heldToday(capPeriods(now).day));

/** Kept a little past their period, so the screen can still read today's count at midnight. */
const keepUntil = (end: Date) => new Date(end.getTime() + DAY);
const FOREVER = new Date("9999-12-31T00:00:00.000Z");

/**
 * Decides, in the message's transaction, whether it gets its own notice, and counts it.
 * A held message says whether the caller must enqueue a summary job (the first held
 * message of a window reserves one of the day's notices for it), and when it runs.
 *
 * Every message locks the counters it touches in one order (window notices, day notices,
 * window summary, held today, pending, pending spam): on PostgreSQL concurrent messages
 * then queue on the rows instead of deadlocking. A spam message bumps the notice
 * counters by 0 only to keep that order.
 */
export async function decideNotice(db: Db, periods: CapPeriods, options: { suspect: boolean; limits?: CapLimits }): Promise<CapDecision> {
  const limits = options.limits ?? NOTICE_CAP;
  const dayKey = capKeys.dayNotices(periods);
  const dayUntil = keepUntil(periods.dayEnd);
  const inWindow = await rateCounters.bump(db, capKeys.windowNotices(periods), keepUntil(periods.windowEnd), options.suspect ? 0 : 1);
  const today = await rateCounters.bump(db, dayKey, dayUntil, 0);
  if (!options.suspect && inWindow <= limits.perWindow && today < limits.perDay) {
    await rateCounters.bump(db, dayKey, dayUntil);
    return { notify: true };
  }
  // The window's first held message schedules its summary: at the window's end while the day allows one more notice, else at the day's end.
  // Later ones in the window are covered by it.
  let summary: { scope: "window" | "day"; runAt: Date } | null = null;
  if ((await rateCounters.bump(db, capKeys.windowSummary(periods), keepUntil(periods.windowEnd))) === 1) {
    const withSummary = await rateCounters.bump(db, dayKey, dayUntil);
    summary = withSummary <= limits.perDay ? { scope: "window", runAt: periods.windowEnd } : { scope: "day", runAt: periods.dayEnd };
  }
  await rateCounters.bump(db, capKeys.heldToday(periods.day), dayUntil);
  await rateCounters.bump(db, capKeys.pending, FOREVER);
  if (options.suspect) await rateCounters.bump(db, capKeys.pendingSuspect, FOREVER);
  return { notify: false, summary };
}
