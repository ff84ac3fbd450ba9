// Telling the company's staff that something happened (a visitor's message):
// LINE push to the administrator or a Discord webhook, as the notification
// settings choose, and mail to the contact address when email notifications are
// on. Each delivery is a job enqueued in the transaction of the event itself
// (the outbox): it exists exactly when the event does, never slows or fails the
// visitor's answer, and is retried with backoff; from its first failure it is
// listed on the notification settings screen (and counted on the dashboard)
// until it is delivered, or, once given up, dismissed.
// Credentials are read when a delivery runs, so fixing a token lets a retry pass.
// Visitors' messages go through a cap (notice-cap.ts, decision 021): beyond 10
// notices per 10 minutes or 50 a day, and for messages that look like spam, one
// summary notice replaces theirs, so a flood cannot spend the month's LINE pushes.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isOn, type Settings } from "#contract/settings.ts";
import {
  DEFAULT_TEST_MESSAGE,
  LINE_FREE_MONTHLY_PUSHES,
  NOTICE_CAP,
  NOTIFICATION_MESSAGES,
  discordTestSchema,
  lineTestSchema,
  quotaFrom,
  summaryNoticeText,
  type DeliveryChannel,
  type FailedDelivery,
  type LineQuota,
  type NoticeCapStatus,
} from "#contract/notifications.ts";
import type { Db } from "#server/db/database.ts";
import type { DiscordApi } from "#server/integrations/discord.ts";
import type { LineApi } from "#server/integrations/line.ts";
import type { Mailer } from "#server/integrations/mailer.ts";
import type { JobQueue, JobRow } from "#server/jobs/job-queue.ts";
import { AppError, badRequest, notFound } from "#server/lib/errors.ts";
import type { Tx, WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import { capKeys, capPeriods, decideNotice, heldToday, summaryJobKey, type CapLimits } from "./notice-cap.ts";

/** What the staff are told: one line for lists, the chat text, the mail. */
export interface Notice {
  summary: string;
  text: string;
  mail: { subject: string; text: string; replyTo?: string };
}

/** How a capped notice came out: its own notice, held for a summary, or no channel is on. */
export type NoticeOutcome = "sent" | "held" | "off";

const KIND_OF: Record<DeliveryChannel, string> = { line: "notify.line", discord: "notify.discord", email: "notify.email" };
const SUMMARY_KIND = "notify.summary";
const SWEEP_KIND = "counters.sweep";
const NOTIFY_KINDS = Object.values(KIND_OF);
const channelOf = (kind: string) => (Object.entries(KIND_OF).find(([, value]) => value === kind)?.[0] ?? "line") as DeliveryChannel;

type LinePayload = { summary: string; text: string; retryKey: string };
type DiscordPayload = { summary: string; text: string };
type EmailPayload = { summary: string; subject: string; text: string; replyTo?: string };
/** The summary notice: where the staff read the messages it counts. */
type SummaryPayload = { link?: string };

export interface NotificationsDeps {
  db: Db;
  settings: { getAll(): Promise<Settings>; readWith(handle: Db): Promise<Settings> };
  jobs: JobQueue;
  write: WriteRunner;
  activity: ActivityService;
  line: LineApi;
  discord: DiscordApi;
  /** Absent without SMTP_URL: mail is then not sent, and the screen says why. */
  mailer?: Mailer;
  clock?: () => Date;
  /** The cap's figures; tests lower them. */
  capLimits?: CapLimits;
}

/** A send that the outside service refused: 502, with the reason in people's words. */
const upstreamFailure = (prefix: string, error: unknown) =>
  new AppError(502, `${prefix}：${error instanceof Error ? error.message : "請稍後再試"}`);

const idSchema = z.object({ id: z.coerce.number({ error: "編號不正確" }).int("編號不正確").positive("編號不正確") });

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, settings, jobs, write, activity, line, discord, mailer } = deps;
  const clock = deps.clock ?? (() => new Date());
  const capLimits = deps.capLimits ?? NOTICE_CAP;

  const mailRecipient = (current: Settings) => current.contact_email || current.company_email;

  jobs.register<LinePayload>(KIND_OF.line, async (payload) => {
    const current = await settings.getAll();
    if (!current.line_channel_access_token || !current.line_admin_user_id) throw new Error(NOTIFICATION_MESSAGES.lineTestNeedsSettings);
    await line.pushText({ token: current.line_channel_access_token, to: current.line_admin_user_id, text: payload.text, retryKey: payload.retryKey });
  });

  jobs.register<DiscordPayload>(KIND_OF.discord, async (payload) => {
    const current = await settings.getAll();
    if (!current.discord_webhook_url) throw new Error(NOTIFICATION_MESSAGES.discordTestNeedsSettings);
    await discord.send({ webhookUrl: current.discord_webhook_url, content: payload.text, username: current.discord_username, avatarUrl: current.discord_avatar_url });
  });

  jobs.register<EmailPayload>(KIND_OF.email, async (payload) => {
    if (!mailer) throw new Error("伺服器尚未設定寄信（SMTP_URL），無法寄出 Email 通知");
    const to = mailRecipient(await settings.getAll());
    if (!to) throw new Error("請先在網站設定填寫聯絡 Email");
    await mailer.send({ to, subject: payload.subject, text: payload.text, replyTo: payload.replyTo });
  });

  /** What the channels the settings switch on would get; empty when none is on. */
  function channelJobs(current: Settings, notice: Notice): Array<[kind: string, payload: unknown]> {
    const planned: Array<[string, unknown]> = [];
    if (current.notification_type === "line" && isOn(current.line_enable_notifications)) {
      planned.push([KIND_OF.line, { summary: notice.summary, text: notice.text, retryKey: randomUUID() } satisfies LinePayload]);
    }
    if (current.notification_type === "discord" && isOn(current.discord_enable_notifications)) {
      planned.push([KIND_OF.discord, { summary: notice.summary, text: notice.text } satisfies DiscordPayload]);
    }
    if (isOn(current.email_notifications) && mailer) planned.push([KIND_OF.email, { summary: notice.summary, ...notice.mail } satisfies EmailPayload]);
    return planned;
  }

  async function announce(tx: Tx, notice: Notice): Promise<number> {
    const planned = channelJobs(await settings.readWith(tx.db), notice);
    for (const [kind, payload] of planned) await tx.enqueue(kind, payload);
    return planned.length;
  }

  // The summary of the messages held since the last one: taken from the shared counters in one transaction, so two runs never report the same message.
  jobs.register<SummaryPayload>(SUMMARY_KIND, async (payload) => {
    await write(async (tx) => {
      const count = await rateCounters.take(tx.db, capKeys.pending);
      const suspect = Math.min(count, await rateCounters.take(tx.db, capKeys.pendingSuspect));
      await rateCounters.sweep(tx.db, clock());
      if (count === 0) return;
      const text = summaryNoticeText(count, suspect);
      const link = payload.link ? `\n\n到後台查看：${payload.link}` : "";
      await announce(tx, {
        summary: text,
        text: `📩 ${text}${link}`,
        mail: { subject: `網站又收到 ${count} 則新訊息`, text: `${text}。${link}` },
      });
    });
  });

  // Counters past their time (per-address limits, the cap's windows) are forgotten once a day.
  jobs.register(SWEEP_KIND, async () => {
    await rateCounters.sweep(db, clock());
  });

  const toFailedDelivery = (row: JobRow): FailedDelivery => {
    const payload = JSON.parse(row.payload) as { summary?: string };
    const failed = row.failed_at !== null;
    return {
      id: row.id,
      channel: channelOf(row.kind),
      summary: payload.summary ?? "",
      error: row.last_error,
      attempts: Number(row.attempts),
      state: failed ? "failed" : "retrying",
      next_attempt_at: failed ? null : row.run_at,
      failed_at: row.failed_at ?? row.updated_at,
    };
  };

  return {
    /**
     * Enqueues the deliveries the settings ask for, in the caller's transaction. A
     * channel switched on but not yet configured still gets its job: its failure
     * then shows on the notification settings screen instead of passing unseen.
     */
    async announce(tx: Tx, notice: Notice): Promise<void> {
      await announce(tx, notice);
    },

    /**
     * A visitor's message: its own notice while the cap allows (10 per 10 minutes, 50 a
     * day), else (and always when `suspect`) counted for a summary notice enqueued in this
     * transaction for the window's end (one per window by its key), or the day's end once
     * the day's ceiling is reached. `link` is where the summary sends the staff.
     */
    async announceCapped(tx: Tx, notice: Notice, options: { suspect: boolean; link?: string }): Promise<NoticeOutcome> {
      const periods = capPeriods(clock(), capLimits.windowMinutes);
      await tx.enqueue(SWEEP_KIND, null, { runAt: periods.dayEnd, key: `${SWEEP_KIND}:${periods.day}` });
      const current = await settings.readWith(tx.db);
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

    /** The cap as the settings screen shows it, with what it held back today. */
    capStatus: async (): Promise<NoticeCapStatus> => ({
      per_window: capLimits.perWindow,
      window_minutes: capLimits.windowMinutes,
      per_day: capLimits.perDay,
      held_today: await heldToday(db, clock()),
    }),

    /** POST /line-test.php: the screen's values, else the saved ones. */
    async lineTest(input: unknown): Promise<void> {
      const request = parseInput(lineTestSchema, input ?? {});
      const current = await settings.getAll();
      const token = request.accessToken || current.line_channel_access_token;
      const to = request.adminUserId || current.line_admin_user_id;
      if (!token || !to) throw badRequest(NOTIFICATION_MESSAGES.lineTestNeedsSettings);
      try {
        await line.pushText({ token, to, text: request.message || DEFAULT_TEST_MESSAGE, retryKey: randomUUID() });
      } catch (error) {
        throw upstreamFailure(NOTIFICATION_MESSAGES.testFailed, error);
      }
    },

    /** POST /discord-test.php: the screen's values, else the saved ones. */
    async discordTest(input: unknown): Promise<void> {
      const request = parseInput(discordTestSchema, input ?? {});
      const current = await settings.getAll();
      const webhookUrl = request.webhookUrl || current.discord_webhook_url;
      if (!webhookUrl) throw badRequest(NOTIFICATION_MESSAGES.discordTestNeedsSettings);
      if (!discord.isWebhookUrl(webhookUrl)) {
        const message = `Discord Webhook 網址必須以 ${discord.webhookPrefixes()[0]} 開頭`;
        throw badRequest(message, { webhookUrl: message });
      }
      try {
        await discord.send({
          webhookUrl,
          content: request.message || DEFAULT_TEST_MESSAGE,
          username: request.username || current.discord_username,
          avatarUrl: request.avatarUrl || current.discord_avatar_url,
        });
      } catch (error) {
        throw upstreamFailure(NOTIFICATION_MESSAGES.testFailed, error);
      }
    },

    /** GET /api/line-quota.php: this month's pushes against the plan (500 free when LINE states no limit). */
    async lineQuota(): Promise<LineQuota> {
      const token = (await settings.getAll()).line_channel_access_token;
      if (!token) throw badRequest("請先設定 LINE Channel Access Token");
      try {
        const { used, limit } = await line.quota(token);
        return quotaFrom(used, limit ?? LINE_FREE_MONTHLY_PUSHES);
      } catch (error) {
        throw upstreamFailure(NOTIFICATION_MESSAGES.quotaUnavailable, error);
      }
    },

    /** Whether mail can go out at all (SMTP_URL set): the screen warns when it cannot. */
    mailConfigured: () => mailer !== undefined,

    /** Deliveries still retrying and those given up: the settings screen lists them, the dashboard warns. */
    failures: async (): Promise<FailedDelivery[]> => (await jobs.listFailing(NOTIFY_KINDS)).map(toFailedDelivery),

    dashboard: {
      stats: async () => ({ failing_notifications: await jobs.countFailing(NOTIFY_KINDS) }),
    },

    /** 重新傳送: now, for a given-up delivery and for one waiting out its backoff (LINE's retry key stays, so it is never delivered twice). */
    async retryFailure(idInput: unknown, adminId: number): Promise<void> {
      const { id } = parseInput(idSchema, { id: idInput });
      await write(async (tx) => {
        if (!(await jobs.retryNow(tx.db, id, NOTIFY_KINDS))) throw notFound("找不到這則未送達的通知，可能已經送出");
        await activity.record(tx.db, { adminId, action: "notification.retry", entityType: "notification", entityId: id, summary: "重新傳送未送達的通知" });
        // Wakes the runner after commit.
        tx.afterCommit(() => jobs.wake());
      });
    },

    async discardFailure(idInput: unknown, adminId: number): Promise<void> {
      const { id } = parseInput(idSchema, { id: idInput });
      await write(async (tx) => {
        if (!(await jobs.discardFailed(tx.db, id, NOTIFY_KINDS))) throw notFound("找不到這則未送達的通知");
        await activity.record(tx.db, { adminId, action: "notification.discard", entityType: "notification", entityId: id, summary: "移除未送達的通知" });
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
