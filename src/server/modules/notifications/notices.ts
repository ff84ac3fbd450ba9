// How a notice reaches the staff: one delivery job per channel the notification
// settings switch on (LINE push to the administrator, a Discord webhook, mail to
// the contact address), enqueued in the transaction of the event itself (the
// outbox): it exists exactly when the event does, never slows or fails the
// visitor's answer, and is retried with backoff. Visitors' messages go through
// each channel's cap (notice-cap.ts, decision 021).
import { randomUUID } from "node:crypto";
import { isOn, type Settings } from "#contract/settings.ts";
import { DELIVERY_CHANNELS, NOTICE_CAPS, type ChannelCap, type DeliveryChannel } from "#contract/notifications.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { OperationTx } from "#server/lib/operations.ts";
import { capPeriods, decideNotice, summaryJobKey } from "./notice-cap.ts";

/** What the staff are told: one line for lists, the chat text, the mail. */
export interface Notice {
  summary: string;
  text: string;
  mail: { subject: string; text: string; replyTo?: string };
}

/** How a capped notice came out: its own notice on every channel that is on, held for a summary on one at least, or no channel is on. */
export type NoticeOutcome = "sent" | "held" | "off";

export const KIND_OF: Record<DeliveryChannel, string> = { line: "notify.line", discord: "notify.discord", email: "notify.email" };
export const SUMMARY_KIND = "notify.summary";
export const SWEEP_KIND = "counters.sweep";
export const NOTIFY_KINDS = Object.values(KIND_OF);
export const channelOf = (kind: string) => (Object.entries(KIND_OF).find(([, value]) => value === kind)?.[0] ?? "line") as DeliveryChannel;

export type LinePayload = { summary: string; text: string; retryKey: string };
export type DiscordPayload = { summary: string; text: string };
export type EmailPayload = { summary: string; subject: string; text: string; replyTo?: string };
/** The summary notice: the channel whose held messages it counts (none: enqueued before each channel had its cap), and where the staff read them. */
export type SummaryPayload = { link?: string; channel?: DeliveryChannel };

export interface NoticesDeps {
  /** Every setting, read with the event's own transaction. */
  readSettings: (db: ReadDb) => Promise<Settings>;
  /** Whether mail can go out at all (SMTP_URL set). */
  mailConfigured: boolean;
  clock?: () => Date;
  /** The caps' figures; tests lower them. */
  capLimits?: Record<DeliveryChannel, ChannelCap>;
}

export function createNotices(deps: NoticesDeps) {
  const clock = deps.clock ?? (() => new Date());
  const capLimits = deps.capLimits ?? NOTICE_CAPS;

  /** What the channels the settings switch on would get, by channel; empty when none is on. */
  function channelJobs(current: Settings, notice: Notice): Array<[channel: DeliveryChannel, payload: unknown]> {
    const planned: Array<[DeliveryChannel, unknown]> = [];
    if (current.notification_type === "line" && isOn(current.line_enable_notifications)) {
      planned.push(["line", { summary: notice.summary, text: notice.text, retryKey: randomUUID() } satisfies LinePayload]);
    }
    if (current.notification_type === "discord" && isOn(current.discord_enable_notifications)) {
      planned.push(["discord", { summary: notice.summary, text: notice.text } satisfies DiscordPayload]);
    }
    if (isOn(current.email_notifications) && deps.mailConfigured) planned.push(["email", { summary: notice.summary, ...notice.mail } satisfies EmailPayload]);
    return planned;
  }

  /**
   * Enqueues the deliveries the settings ask for (`only`: on that channel alone), in the caller's
   * transaction. A channel switched on but not yet configured still gets its job: its failure
   * then shows on the notification settings screen instead of passing unseen.
   */
  async function announce(tx: OperationTx, notice: Notice, only?: DeliveryChannel): Promise<number> {
    const planned = channelJobs(await deps.readSettings(tx.db), notice).filter(([channel]) => only === undefined || channel === only);
    for (const [channel, payload] of planned) await tx.enqueue(KIND_OF[channel], payload);
    return planned.length;
  }

  return {
    announce,

    /**
     * A visitor's message: on each channel that is on, its own notice while that channel's cap
     * allows (LINE 10 per 10 minutes and 50 a day; Discord and mail more: NOTICE_CAPS), else (and
     * always when `suspect`) counted for the channel's summary notice, enqueued in this transaction
     * for the window's end (one per channel and window by its key), or the day's end once the
     * channel's day is spent. `link` is where the summary sends the staff.
     */
    async announceCapped(tx: OperationTx, notice: Notice, options: { suspect: boolean; link?: string }): Promise<NoticeOutcome> {
      const now = clock();
      const day = capPeriods(now);
      await tx.enqueue(SWEEP_KIND, null, { runAt: day.dayEnd, key: `${SWEEP_KIND}:${day.day}` });
      const planned = new Map(channelJobs(await deps.readSettings(tx.db), notice));
      if (planned.size === 0) return "off";
      let held = false;
      // In DELIVERY_CHANNELS' order: the counters are locked in one order by every message (notice-cap.ts).
      for (const channel of DELIVERY_CHANNELS.filter((each) => planned.has(each))) {
        const periods = capPeriods(now, capLimits[channel].windowMinutes);
        const decision = await decideNotice(tx.db, periods, { channel, suspect: options.suspect, limits: capLimits[channel] });
        if (decision.notify) {
          await tx.enqueue(KIND_OF[channel], planned.get(channel));
          continue;
        }
        held = true;
        if (decision.summary) {
          const payload: SummaryPayload = { link: options.link, channel };
          await tx.enqueue(SUMMARY_KIND, payload, { runAt: decision.summary.runAt, key: summaryJobKey(channel, periods, decision.summary.scope) });
        }
      }
      return held ? "held" : "sent";
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
