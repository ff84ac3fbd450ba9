// The notifications' jobs. A delivery calls LINE, Discord or the mail server and
// writes nothing (the queue records how it went); credentials are read when it
// runs, so fixing a token lets a retry pass. The summary and the sweep write, so
// they run as operations.
import { NOTIFICATION_MESSAGES } from "#contract/notifications.ts";
import type { Settings } from "#contract/settings.ts";
import type { DiscordApi } from "#server/integrations/discord.ts";
import type { LineApi } from "#server/integrations/line.ts";
import type { Mailer } from "#server/integrations/mailer.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import type { NotificationsOperations } from "./notifications.operations.ts";
import { KIND_OF, SUMMARY_KIND, SWEEP_KIND, type DiscordPayload, type EmailPayload, type LinePayload, type SummaryPayload } from "./notices.ts";

export interface NotificationJobsDeps {
  jobs: Pick<JobQueue, "register">;
  run: RunOperation;
  operations: NotificationsOperations;
  settings: { getAll(): Promise<Settings> };
  line: LineApi;
  discord: DiscordApi;
  /** Absent without SMTP_URL. */
  mailer?: Mailer;
}

/** The address notification mail goes to. */
export const mailRecipient = (current: Settings) => current.contact_email || current.company_email;

export function registerNotificationJobs(deps: NotificationJobsDeps) {
  const { jobs, run, operations, settings, line, discord, mailer } = deps;

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

  jobs.register<SummaryPayload>(SUMMARY_KIND, (payload) => run(operations.sendSummary, { actor: systemActor(SUMMARY_KIND), input: payload }));
  jobs.register(SWEEP_KIND, () => run(operations.sweepCounters, { actor: systemActor(SWEEP_KIND) }));
}
