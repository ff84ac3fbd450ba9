// The caps on notices (decision 021), one per channel: LINE's free plan has
// 500 pushes a month, and a flood of messages must not spend them in an
// afternoon, while Discord and mail spend no quota and must still bring the
// 11th real lead of a busy hour (their caps only bound a flood: contract's
// NOTICE_CAPS). Each message asks, in its own transaction and for each channel
// switched on, whether it may have its own notice there: yes while this
// 10-minute window has given fewer than the channel's `perWindow` and the
// Taiwan day fewer than its `perDay`; otherwise (and always for a message that
// looks like spam) it is held on that channel: counted for the channel's
// summary notice, a job enqueued in the same transaction for the window's end
// (one per channel and window by the job key), or for the day's end once the
// day's ceiling is reached. Every count lives in `rate_counters`, bumped
// atomically, so several instances share the caps.
import { NOTICE_CAPS, type ChannelCap, type DeliveryChannel } from "#contract/notifications.ts";
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

export function capPeriods(now: Date, windowMinutes: number = NOTICE_CAPS.line.windowMinutes): CapPeriods {
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

/** The counters' keys, per channel. `pending` is what the channel's next summary will report. */
export const capKeys = {
  windowNotices: (channel: DeliveryChannel, periods: CapPeriods) => `notice:${channel}:window:${periods.windowStart.toISOString()}`,
  dayNotices: (channel: DeliveryChannel, periods: CapPeriods) => `notice:${channel}:day:${periods.day}`,
  windowSummary: (channel: DeliveryChannel, periods: CapPeriods) => `notice:${channel}:summary:${periods.windowStart.toISOString()}`,
  heldToday: (channel: DeliveryChannel, day: string) => `notice:${channel}:held:${day}`,
  pending: (channel: DeliveryChannel) => `notice:${channel}:pending`,
  pendingSuspect: (channel: DeliveryChannel) => `notice:${channel}:pending-suspect`,
};

/**
 * The counters of the one cap before each channel had its own: a summary enqueued then (its
 * payload names no channel) reports them, through every channel, as it would have.
 */
export const sharedCapKeys = { pending: "notice:pending", pendingSuspect: "notice:pending-suspect" };

/** The summary job's key: one per channel and window, or one per channel for the day once the day's ceiling is reached. */
export const summaryJobKey = (channel: DeliveryChannel, periods: CapPeriods, scope: "window" | "day") =>
  scope === "window" ? `notify.summary:${channel}:${periods.windowStart.toISOString()}` : `notify.summary:${channel}:day:${periods.day}`;

export type CapDecision = { notify: true } | { notify: false; summary: { scope: "window" | "day"; runAt: Date } | null };

/** How many messages a channel held today (Taiwan's day): the settings screen shows it. */
export const heldToday = (db: ReadDb, now: Date, channel: DeliveryChannel) => rateCounters.read(db, capKeys.heldToday(channel, capPeriods(now).day));

/** Kept a little past their period, so the screen can still read today's count at midnight. */
const keepUntil = (end: Date) => new Date(end.getTime() + DAY);
const FOREVER = new Date("9999-12-31T00:00:00.000Z");

/**
 * Decides, in the message's transaction, whether it gets its own notice on `channel`, and counts it.
 * A held message says whether the caller must enqueue the channel's summary job (the first held
 * message of a window reserves one of the channel's notices of the day for it), and when it runs.
 *
 * Every message locks the counters it touches in one order (channel by channel in the order of
 * DELIVERY_CHANNELS; within one, window notices, day notices, window summary, held today,
 * pending, pending spam): on PostgreSQL concurrent messages then queue on the rows instead of
 * deadlocking. A spam message bumps the notice counters by 0 only to keep that order.
 */
export async function decideNotice(db: Db, periods: CapPeriods, options: { channel: DeliveryChannel; suspect: boolean; limits?: ChannelCap }): Promise<CapDecision> {
  const { channel } = options;
  const limits = options.limits ?? NOTICE_CAPS[channel];
  const dayKey = capKeys.dayNotices(channel, periods);
  const dayUntil = keepUntil(periods.dayEnd);
  const inWindow = await rateCounters.bump(db, capKeys.windowNotices(channel, periods), keepUntil(periods.windowEnd), options.suspect ? 0 : 1);
  const today = await rateCounters.bump(db, dayKey, dayUntil, 0);
  if (!options.suspect && inWindow <= limits.perWindow && today < limits.perDay) {
    await rateCounters.bump(db, dayKey, dayUntil);
    return { notify: true };
  }
  // The window's first held message schedules its summary: at the window's end while the day allows one more notice, else at the day's end.
  // Later ones in the window are covered by it.
  let summary: { scope: "window" | "day"; runAt: Date } | null = null;
  if ((await rateCounters.bump(db, capKeys.windowSummary(channel, periods), keepUntil(periods.windowEnd))) === 1) {
    const withSummary = await rateCounters.bump(db, dayKey, dayUntil);
    summary = withSummary <= limits.perDay ? { scope: "window", runAt: periods.windowEnd } : { scope: "day", runAt: periods.dayEnd };
  }
  await rateCounters.bump(db, capKeys.heldToday(channel, periods.day), dayUntil);
  await rateCounters.bump(db, capKeys.pending(channel), FOREVER);
  if (options.suspect) await rateCounters.bump(db, capKeys.pendingSuspect(channel), FOREVER);
  return { notify: false, summary };
}
