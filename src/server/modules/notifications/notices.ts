// How a notice reaches the staff: one delivery job per channel the notification
// settings switch on (LINE push to the administrator, a Discord webhook, mail to
// the contact address), enqueued in the transaction of the event itself (the
// outbox): it exists exactly when the event does, never slows or fails the
// visitor's answer, and is retried with backoff. Visitors' messages go through
// the cap (notice-cap.ts, decision 021).
import { randomUUID } from "node:crypto";
import { isOn, type Settings } from "#contract/settings.ts";
import { NOTICE_CAP, type DeliveryChannel } from "#contract/notifications.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { OperationTx } from "#server/lib/operations.ts";
import { capPeriods, decideNotice, summaryJobKey, type CapLimits } from "./notice-cap.ts";

/** What the staff are told: one line for lists, the chat text, the mail. */
export interface Notice {
  summary: string;
  text: string;
  mail: { subject: string; text: string; replyTo?: string };
}

/** How a capped notice came out: its own notice, held for a summary, or no channel is on. */
export type NoticeOutcome = "sent" | "held" | "off";

export const KIND_OF: Record<DeliveryChannel, string> = { line: "notify.line", discord: "notify.discord", email: "notify.email" };
export const SUMMARY_KIND = "notify.summary";
export const SWEEP_KIND = "counters.sweep";
export const NOTIFY_KINDS = Object.values(KIND_OF);
export const channelOf = (kind: string) => (Object.entries(KIND_OF).find(([, value]) => value === kind)?.[0] ?? "line") as DeliveryChannel;

export type LinePayload = { summary: string; text: string; retryKey: string };
export type DiscordPayload = { summary: string; text: string };
export type EmailPayload = { summary: string; subject: string; text: string; replyTo?: string };
/** The summary notice: where the staff read the messages it counts. */
export type SummaryPayload = { link?: string };

export interface NoticesDeps {
  /** Every setting, read with the event's own transaction. */
  readSettings: (db: ReadDb) => Promise<Settings>;
  /** Whether mail can go out at all (SMTP_URL set). */
  mailConfigured: boolean;
  clock?: () => Date;
  /** The cap's figures; tests lower them. */
  capLimits?: CapLimits;
}

export function createNotices(deps: NoticesDeps) {
  const clock = deps.clock ?? (() => new Date());
  const capLimits = deps.capLimits ?? NOTICE_CAP;

  /** What the channels the settings switch on would get; empty when none is on. */
  function channelJobs(current: Settings, notice: Notice): Array<[kind: string, payload: unknown]> {
    const planned: Array<[string, unknown]> = [];
    if (current.notification_type === "line" && isOn(current.line_enable_notifications)) {
      planned.push([KIND_OF.line, { summary: notice.summary, text: notice.text, retryKey: randomUUID() } satisfies LinePayload]);
    }
    if (current.notification_type === "discord" && isOn(current.discord_enable_notifications)) {
      planned.push([KIND_OF.discord, { summary: notice.summary, text: notice.text } satisfies DiscordPayload]);
    }
    if (isOn(current.email_notifications) && deps.mailConfigured) planned.push([KIND_OF.email, { summary: notice.summary, ...notice.mail } satisfies EmailPayload]);
    return planned;
  }

  /**
   * Enqueues the deliveries the settings ask for, in the caller's transaction. A
   * channel switched on but not yet configured still gets its job: its failure
   * then shows on the notification settings screen instead of passing unseen.
   */
  async function announce(tx: OperationTx, notice: Notice): Promise<number> {
    const planned = channelJobs(await deps.readSettings(tx.db), notice);
    for (const [kind, payload] of planned) await tx.enqueue(kind, payload);
    return planned.length;
  }

  return {
    announce,

    /**
     * A visitor's message: its own notice while the cap allows (10 per 10 minutes, 50 a
     * day), else (and always when `suspect`) counted for a summary notice enqueued in this
     * transaction for the window's end (one per window by its key), or the day's end once
     * the day's ceiling is reached. `link` is where the summary sends the staff.
     */
    async announceCapped(tx: OperationTx, notice: Notice, options: { suspect: boolean; link?: string }): Promise<NoticeOutcome> {
      const periods = capPeriods(clock(), capLimits.windowMinutes);
      await tx.enqueue(SWEEP_KIND, null, { runAt: periods.dayEnd, key: `${SWEEP_KIND}:${periods.day}` });
      const current = await deps.readSettings(tx.db);
      if (channelJobs(current, notice).length === 0) return "off";
      const decision = await decideNotice(tx.db, periods, { suspect: options.suspect, limits: capLimits });
      if (decision.notify) {
        await announce(tx, notice);
        return "sent";
      }
      if (decision.summary) {
        await tx.enqueue(SUMMARY_KIND, { link: options.link } satisfies SummaryPayload, { runAt: decision.summary.runAt, key: summaryJobKey(periods, decision.summary.scope) });
      }
      return "held";
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
