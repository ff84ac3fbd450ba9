// The notification settings screen's reads and tools (002 §2.3, §7): the test
// sends, LINE's quota, the cap with what it held back today, and the failing
// deliveries (still retrying or given up), which the dashboard counts too.
// How notices are made and delivered: notices.ts, notifications.jobs.ts.
import { randomUUID } from "node:crypto";
import type { Settings } from "#contract/settings.ts";
import {
  DEFAULT_TEST_MESSAGE,
  LINE_FREE_MONTHLY_PUSHES,
  DELIVERY_CHANNELS,
  NOTICE_CAPS,
  type ChannelCap,
  type DeliveryChannel,
  NOTIFICATION_MESSAGES,
  discordTestSchema,
  lineTestSchema,
  quotaFrom,
  type FailedDelivery,
  type LineQuota,
  type NoticeCapStatus,
} from "#contract/notifications.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { DiscordApi } from "#server/integrations/discord.ts";
import type { LineApi } from "#server/integrations/line.ts";
import type { JobQueue, JobRow } from "#server/jobs/job-queue.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import { parseInput } from "#server/lib/validation.ts";
import { heldToday } from "./notice-cap.ts";
import { channelOf, NOTIFY_KINDS } from "./notices.ts";

export interface NotificationsDeps {
  db: ReadDb;
  settings: { getAll(): Promise<Settings> };
  jobs: Pick<JobQueue, "listFailing" | "countFailing">;
  line: LineApi;
  discord: DiscordApi;
  /** Whether mail can go out at all (SMTP_URL set): the screen warns when it cannot. */
  mailConfigured: boolean;
  clock?: () => Date;
  /** The cap's figures; tests lower them. */
  capLimits?: Record<DeliveryChannel, ChannelCap>;
}

/** A send that the outside service refused: 502, with the reason in people's words. */
const upstreamFailure = (prefix: string, error: unknown) =>
  new AppError(502, `${prefix}：${error instanceof Error ? error.message : "請稍後再試"}`);

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, settings, jobs, line, discord } = deps;
  const clock = deps.clock ?? (() => new Date());
  const capLimits = deps.capLimits ?? NOTICE_CAPS;

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
    /** Each channel's cap as the settings screen shows it, with what it held back today. */
    capStatus: async (): Promise<NoticeCapStatus> => ({
      channels: await Promise.all(
        DELIVERY_CHANNELS.map(async (channel) => ({
          channel,
          per_window: capLimits[channel].perWindow,
          window_minutes: capLimits[channel].windowMinutes,
          per_day: capLimits[channel].perDay,
          held_today: await heldToday(db, clock(), channel),
        })),
      ),
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
    mailConfigured: () => deps.mailConfigured,

    /** Deliveries still retrying and those given up: the settings screen lists them, the dashboard warns. */
    failures: async (): Promise<FailedDelivery[]> => (await jobs.listFailing(NOTIFY_KINDS)).map(toFailedDelivery),

    dashboard: {
      stats: async () => ({ failing_notifications: await jobs.countFailing(NOTIFY_KINDS) }),
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
