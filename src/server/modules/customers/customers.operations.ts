// LINE customers and the staff's messages to them, written (002 §2.5, §7):
// marking a conversation read, the staff's name, tags and notes, deleting a
// customer with every message, and the steps of a send that the send's
// orchestration (line-send.service.ts) runs around LINE's call: the message
// committed as 傳送中 with the reply token it takes, LINE's answer stored with
// what really happened, and the job that finds sends that never got one.
import { CUSTOMER_MESSAGES, customerUpdateSchema } from "#contract/customers.ts";
import type { Db } from "#server/db/database.ts";
import { mergedWith } from "#server/lib/entity-input.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import { access, defineOperation, ownInput, type JobRequest } from "#server/lib/operations.ts";
import { noFiles } from "#server/modules/media/file-references.ts";
import { customersRepo } from "./customers.repo.ts";
import { requireCustomer } from "./customers.service.ts";
import { referenceFieldOf } from "./line-events.ts";
import { replyTokenUsable, type StoredOutgoing } from "./line-send.ts";

export const CHECK_STALE_SENDS = "line.check-stale-sends";
/** A send's LINE calls take at most about 30 s (10 s each, one retry): one without a result after this never gets one. */
export const STALE_SEND_MS = 3 * 60_000;
/** A reply carries no retry key: a resend after a lost answer may reach the customer twice, so staff are told to check. */
const STALE_REASONS: Record<string, string> = {
  push: CUSTOMER_MESSAGES.sendTimedOut,
  reply: "LINE 沒有回覆傳送結果（傳送過程中斷），客戶可能已經收到；請先確認再重新傳送",
};

export const customerLabel = (customer: { display_name: string }) => customer.display_name || "LINE 客戶";
const messageOwner = (id: number) => ({ type: "line_message", id: String(id) }) as const;

/** The reply token, when still fresh, taken for this send (a conditional update: two sends never share one). */
async function takeReplyToken(db: Db, customerId: number, now: Date): Promise<string | undefined> {
  const fresh = await customersRepo.findById(db, customerId);
  if (!fresh) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
  return replyTokenUsable(fresh, now) && (await customersRepo.claimReplyToken(db, fresh.id, fresh.reply_token)) ? fresh.reply_token : undefined;
}

/** What a delivery came to, for the message and the activity log. */
export interface DeliveryResult {
  messageId: number;
  customer: { id: number; display_name: string };
  method: "reply" | "push";
  /** LINE's reason in words; absent when it was delivered. */
  failure?: string;
  resend: boolean;
}

export function createCustomersOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const staleCheck = (messageId: number, started: Date): JobRequest => ({
    kind: CHECK_STALE_SENDS,
    payload: { message_id: messageId },
    options: { runAt: new Date(started.getTime() + STALE_SEND_MS + 5_000), key: `line-send-check:${messageId}` },
  });

  return {
    /** PUT /admin-api.php/customers/{id}/messages/read: opening a conversation reads it. */
    markRead: defineOperation({
      name: "customer.read",
      load: requireCustomer,
      access: access.administrators,
      async run({ tx, record }) {
        await customersRepo.markRead(tx.db, record.id);
        return { unread_count: 0 as const };
      },
    }),

    /** PUT /admin-api.php/customers/{id}: the staff's name for the customer, tags and notes; fields left out are kept. */
    update: defineOperation({
      name: "customer.update",
      input: customerUpdateSchema,
      load: requireCustomer,
      merge: (body, record) => mergedWith({ display_name: record.display_name, tags: record.tags, notes: record.notes }, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await customersRepo.update(tx.db, record.id, { display_name: input.display_name, tags: JSON.stringify(input.tags), notes: input.notes, updated_at: clock().toISOString() });
        return requireCustomer(tx.db, record.id);
      },
      effects: { activity: ({ input, record }) => ({ entityType: "customer", entityId: record.id, summary: `更新客戶「${input.display_name}」的資料` }) },
    }),

    /** DELETE /admin-api.php/customers/{id}: the customer and every message (the messages' file references go with them). */
    remove: defineOperation({
      name: "customer.delete",
      load: requireCustomer,
      access: access.administrators,
      async run({ tx, record }) {
        const withFiles = await customersRepo.messagesWithFiles(tx.db, record.id);
        await customersRepo.remove(tx.db, record.id);
        return { withFiles };
      },
      effects: {
        files: ({ result }) => result.withFiles.map((id) => noFiles(messageOwner(id))),
        activity: ({ record }) => ({ entityType: "customer", entityId: record.id, summary: `刪除客戶「${customerLabel(record)}」及其 ${record.message_count} 則訊息` }),
      },
    }),

    /** A send's first step: the message stored as 傳送中, with the reply token taken while fresh, and the check that it gets an answer. */
    startSend: defineOperation({
      name: "customer.message-start",
      input: ownInput<{ stored: StoredOutgoing; retryKey: string }>(),
      load: requireCustomer,
      access: access.administrators,
      async run({ tx, input, record }) {
        const now = clock();
        const replyToken = await takeReplyToken(tx.db, record.id, now);
        const { stored } = input;
        const messageId = await customersRepo.insertMessage(tx.db, {
          customer_id: record.id,
          line_message_id: input.retryKey,
          message_type: stored.message_type,
          message_content: stored.message_content,
          media_url: stored.media_url,
          file_name: stored.file_name,
          direction: "outgoing",
          is_read: 1,
          created_at: now.toISOString(),
          delivery_status: "sending",
          delivery_method: replyToken ? "reply" : "push",
          delivery_started_at: now.toISOString(),
        });
        await customersRepo.update(tx.db, record.id, { last_message: stored.summary, last_interaction: now.toISOString(), updated_at: now.toISOString() });
        return { messageId, replyToken, startedAt: now };
      },
      effects: {
        files: ({ input, result }) => (input.stored.media_url ? { owner: messageOwner(result.messageId), fields: { [referenceFieldOf(input.stored.media_url)]: [input.stored.media_url] } } : null),
        jobs: ({ result }) => [staleCheck(result.messageId, result.startedAt)],
      },
    }),

    /** 重新傳送's first step: a failed message back to 傳送中 (of two resends at once, only one goes). */
    restartSend: defineOperation({
      name: "customer.message-restart",
      input: ownInput<{ messageId: number }>(),
      load: requireCustomer,
      access: access.administrators,
      async run({ tx, input, record }) {
        const now = clock();
        const replyToken = await takeReplyToken(tx.db, record.id, now);
        if (!(await customersRepo.restartIfFailed(tx.db, input.messageId, { delivery_method: replyToken ? "reply" : "push", delivery_started_at: now.toISOString() }))) {
          throw conflict(CUSTOMER_MESSAGES.notResendable);
        }
        return { replyToken, startedAt: now };
      },
      effects: { jobs: ({ input, result }) => [staleCheck(input.messageId, result.startedAt)] },
    }),

    /** A send's last step: LINE's answer stored on the message, and the activity log says what really happened. */
    recordDelivery: defineOperation({
      name: "customer.message",
      input: ownInput<DeliveryResult>(),
      access: access.administrators,
      async run({ tx, input }) {
        await customersRepo.setDelivery(tx.db, input.messageId, {
          delivery_status: input.failure === undefined ? "sent" : "failed",
          delivery_method: input.method,
          delivery_error: input.failure ?? "",
        });
      },
      effects: {
        activity: ({ input }) => {
          const verb = input.resend ? "重新傳送" : "傳送";
          const who = customerLabel(input.customer);
          return input.failure === undefined
            ? { action: input.resend ? "customer.message-resend" : "customer.message", entityType: "customer", entityId: input.customer.id, summary: `${verb} LINE 訊息給「${who}」` }
            : { action: "customer.message-failed", entityType: "customer", entityId: input.customer.id, summary: `${verb} LINE 訊息給「${who}」失敗：${input.failure}` };
        },
      },
    }),

    /** The check a send enqueues: every send still without a result after STALE_SEND_MS is failed, with the reason in words. */
    failStaleSends: defineOperation({
      name: "customer.message-failed",
      access: access.system,
      async run({ tx }) {
        const cutoff = new Date(clock().getTime() - STALE_SEND_MS).toISOString();
        const stale = await customersRepo.staleSends(tx.db, cutoff);
        const failed: typeof stale = [];
        for (const row of stale) {
          const reason = STALE_REASONS[row.delivery_method] ?? CUSTOMER_MESSAGES.sendTimedOut;
          // Conditional: an answer stored meanwhile is kept.
          if (await customersRepo.failIfSending(tx.db, row.id, reason)) failed.push(row);
        }
        return { found: stale.length, failed };
      },
      effects: {
        activity: ({ result }) =>
          result.failed.map((row) => ({ entityType: "customer", entityId: row.customer_id, summary: `傳送給「${customerLabel(row)}」的 LINE 訊息沒有收到 LINE 的回覆，已標示為傳送失敗` })),
      },
    }),
  };
}

export type CustomersOperations = ReturnType<typeof createCustomersOperations>;
