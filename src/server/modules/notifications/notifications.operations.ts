// The notifications' writes: the summary notice of held messages and the daily
// sweep of counters (both jobs), and the staff's 重新傳送 and 移除 of a failing
// delivery on the notification settings screen.
import { summaryNoticeText } from "#contract/notifications.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { idFrom } from "#server/lib/entity-input.ts";
import { notFound } from "#server/lib/errors.ts";
import { access, defineOperation, ownInput } from "#server/lib/operations.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import { capKeys, sharedCapKeys } from "./notice-cap.ts";
import { NOTIFY_KINDS, type Notices, type SummaryPayload } from "./notices.ts";

export function createNotificationsOperations(deps: { notices: Pick<Notices, "announce">; jobs: Pick<JobQueue, "retryNow" | "discardFailed" | "wake">; clock?: () => Date }) {
  const { notices, jobs } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /**
     * A channel's summary of the messages it held since its last one: taken from the shared counters in
     * one transaction, so two runs never report the same message; sent on that channel only.
     */
    sendSummary: defineOperation({
      name: "notify.summary",
      input: ownInput<SummaryPayload | null>(),
      access: access.system,
      async run({ tx, input }) {
        const channel = input?.channel;
        const keys = channel ? { pending: capKeys.pending(channel), pendingSuspect: capKeys.pendingSuspect(channel) } : sharedCapKeys;
        const count = await rateCounters.take(tx.db, keys.pending);
        const suspect = Math.min(count, await rateCounters.take(tx.db, keys.pendingSuspect));
        await rateCounters.sweep(tx.db, clock());
        if (count === 0) return;
        const text = summaryNoticeText(count, suspect);
        const link = input?.link ? `\n\n到後台查看：${input.link}` : "";
        const notice = { summary: text, text: `📩 ${text}${link}`, mail: { subject: `網站又收到 ${count} 則新訊息`, text: `${text}。${link}` } };
        await notices.announce(tx, notice, channel);
      },
    }),

    /** Counters past their time (per-address limits, the cap's windows) are forgotten once a day. */
    sweepCounters: defineOperation({
      name: "counters.sweep",
      access: access.system,
      async run({ tx }) {
        await rateCounters.sweep(tx.db, clock());
      },
    }),

    /** 重新傳送: now, for a given-up delivery and for one waiting out its backoff (LINE's retry key stays, so it is never delivered twice). */
    retryFailure: defineOperation({
      name: "notification.retry",
      input: ownInput<{ id: unknown }>(),
      access: access.administrators,
      async run({ tx, input }) {
        const id = idFrom(input.id);
        if (id === null || !(await jobs.retryNow(tx.db, id, NOTIFY_KINDS))) throw notFound("找不到這則未送達的通知，可能已經送出");
        // The runner is woken after commit.
        tx.afterCommit(() => jobs.wake());
        return { id };
      },
      effects: { activity: ({ result }) => ({ entityType: "notification", entityId: result.id, summary: "重新傳送未送達的通知" }) },
    }),

    discardFailure: defineOperation({
      name: "notification.discard",
      input: ownInput<{ id: unknown }>(),
      access: access.administrators,
      async run({ tx, input }) {
        const id = idFrom(input.id);
        if (id === null || !(await jobs.discardFailed(tx.db, id, NOTIFY_KINDS))) throw notFound("找不到這則未送達的通知");
        return { id };
      },
      effects: { activity: ({ result }) => ({ entityType: "notification", entityId: result.id, summary: "移除未送達的通知" }) },
    }),
  };
}

export type NotificationsOperations = ReturnType<typeof createNotificationsOperations>;
