// POST /send-line-message.php/{id}: the staff's answer to a customer. The
// outgoing message is committed first ("sending", with the reply token taken
// in the same transaction so two sends never use one token), LINE is called
// outside any transaction, and the delivery result is then stored on the
// message with its activity row: the conversation and the activity log show
// what reached the customer and what did not (decision 022).
//
// A process that dies between committing "sending" and storing LINE's answer
// would leave the message 傳送中 for ever: every send enqueues, in its own
// transaction, a check a few minutes later that marks sends still without a
// result failed, in words; 重新傳送 then sends it again with the same retry key.
import { randomUUID } from "node:crypto";
import { CUSTOMER_MESSAGES, sendMessageSchemas, sendTypeSchema, type Message, type OutgoingMessage } from "#contract/customers.ts";
import type { Settings } from "#contract/settings.ts";
import type { Db } from "#server/db/database.ts";
import { LineApiError, type LineApi, type LineOutgoingMessage } from "#server/integrations/line.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { AppError, badRequest, conflict, notFound } from "#server/lib/errors.ts";
import { idFrom } from "#server/lib/entity-input.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { toMessage } from "./customer-views.ts";
import { customersRepo } from "./customers.repo.ts";
import { referenceFieldOf } from "./line-events.service.ts";
import { deliveryFailureReason, httpsOrigin, isTransient, lineMessagesFor, previewKeyOf, replyTokenUsable, storedFormOf } from "./line-send.ts";

export interface LineSendDeps {
  db: Db;
  write: WriteRunner;
  activity: ActivityService;
  line: LineApi;
  storage: FileStorage;
  settings: { getAll(): Promise<Settings> };
  /** PUBLIC_URL: the site's address when the canonical_url setting is empty. */
  publicUrl?: string;
  jobs: Pick<JobQueue, "register">;
  /** The media reference index (media.syncReferences), written in the message's transaction. */
  syncFileReferences: (handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}

export const CHECK_STALE_SENDS = "line.check-stale-sends";
/** A send's LINE calls take at most about 30 s (10 s each, one retry): one without a result after this never gets one. */
export const STALE_SEND_MS = 3 * 60_000;
/** A reply carries no retry key: a resend after a lost answer may reach the customer twice, so staff are told to check. */
const STALE_REASONS: Record<string, string> = {
  push: CUSTOMER_MESSAGES.sendTimedOut,
  reply: "LINE 沒有回覆傳送結果（傳送過程中斷），客戶可能已經收到；請先確認再重新傳送",
};

const customerLabel = (customer: { display_name: string }) => customer.display_name || "LINE 客戶";

const SENT: Record<OutgoingMessage["type"], string> = { text: CUSTOMER_MESSAGES.messageSent, image: CUSTOMER_MESSAGES.imageSent, file: CUSTOMER_MESSAGES.pdfSent };
const FAILED: Record<OutgoingMessage["type"], string> = {
  text: CUSTOMER_MESSAGES.messageSendFailed,
  image: CUSTOMER_MESSAGES.imageSendFailed,
  file: CUSTOMER_MESSAGES.fileSendFailed,
};

function parseOutgoing(input: unknown): OutgoingMessage {
  const body = input ?? {};
  const { type } = parseInput(sendTypeSchema, body);
  switch (type) {
    case "text":
      return { type, ...parseInput(sendMessageSchemas.text, body) };
    case "image":
      return { type, ...parseInput(sendMessageSchemas.image, body) };
    case "file":
      return { type, ...parseInput(sendMessageSchemas.file, body) };
  }
}

export function createLineSendService(deps: LineSendDeps) {
  const { db, write, activity, line, storage, settings, syncFileReferences } = deps;
  const clock = deps.clock ?? (() => new Date());
  const staleCheckTime = (started: Date) => new Date(started.getTime() + STALE_SEND_MS + 5_000);

  /** Marks every send still without a result after STALE_SEND_MS failed, with the reason in words and an activity row each. */
  async function failStaleSends(): Promise<number> {
    return write(async (tx) => {
      const cutoff = new Date(clock().getTime() - STALE_SEND_MS).toISOString();
      const stale = await customersRepo.staleSends(tx.db, cutoff);
      for (const row of stale) {
        const reason = STALE_REASONS[row.delivery_method] ?? CUSTOMER_MESSAGES.sendTimedOut;
        // Conditional: an answer stored meanwhile is kept.
        if (!(await customersRepo.failIfSending(tx.db, row.id, reason))) continue;
        await activity.record(tx.db, {
          adminId: null,
          action: "customer.message-failed",
          entityType: "customer",
          entityId: row.customer_id,
          summary: `傳送給「${customerLabel(row)}」的 LINE 訊息沒有收到 LINE 的回覆，已標示為傳送失敗`,
        });
      }
      return stale.length;
    });
  }

  deps.jobs.register<{ message_id: number }>(CHECK_STALE_SENDS, async () => {
    await failStaleSends();
  });

  /** The absolute addresses LINE fetches an image or a PDF from; refused when the file is not one of ours or the site has no https address. */
  async function linksOf(outgoing: OutgoingMessage, current: Settings): Promise<{ mediaUrl: string; url: string; preview: string }> {
    if (outgoing.type === "text") return { mediaUrl: "", url: "", preview: "" };
    const field = outgoing.type === "image" ? "imageUrl" : "fileUrl";
    const key = storage.keyOf(outgoing.type === "image" ? outgoing.imageUrl : outgoing.fileUrl);
    const missing = outgoing.type === "image" ? "找不到這張圖片，請重新上傳" : "找不到這個檔案，請重新上傳";
    if (!key || !(await storage.exists(key))) throw badRequest(missing, { [field]: missing });
    const origin = httpsOrigin([current.canonical_url, deps.publicUrl]);
    if (!origin) throw badRequest(outgoing.type === "image" ? CUSTOMER_MESSAGES.imageNeedsHttpsSite : CUSTOMER_MESSAGES.fileNeedsHttpsSite);
    const mediaUrl = storage.urlOf(key);
    // An image uploaded through the chat has its small preview beside it; any other of ours is its own preview.
    const previewKey = previewKeyOf(key);
    const preview = outgoing.type === "image" && (await storage.exists(previewKey)) ? storage.urlOf(previewKey) : mediaUrl;
    return { mediaUrl, url: `${origin}${mediaUrl}`, preview: `${origin}${preview}` };
  }

  /** A push, tried once more with the same retry key when LINE did not answer: LINE delivers a key once. */
  async function push(request: { token: string; to: string; messages: LineOutgoingMessage[]; retryKey: string }) {
    try {
      await line.push(request);
    } catch (error) {
      if (!isTransient(error)) throw error;
      await line.push(request);
    }
  }

  /**
   * Calls LINE (outside any transaction) and stores the result on the message with its activity
   * row (sent, or failed with LINE's reason) in one transaction; throws 502 with the reason when it failed.
   */
  async function deliver(
    request: { token: string; to: string; messages: LineOutgoingMessage[]; retryKey: string; replyToken?: string; messageId: number; type: OutgoingMessage["type"] },
    by: { adminId: number; customer: { id: number; display_name: string }; resend: boolean },
  ) {
    const { token, to, messages, retryKey, replyToken, messageId } = request;
    let method: "reply" | "push" = replyToken ? "reply" : "push";
    let failure: string | undefined;
    try {
      try {
        if (replyToken) await line.reply({ token, replyToken, messages });
      } catch (error) {
        // A token LINE no longer takes (400) falls back to a push; any other failure is the send's.
        if (!(error instanceof LineApiError && error.status === 400)) throw error;
        method = "push";
      }
      if (method === "push") await push({ token, to, messages, retryKey });
    } catch (error) {
      failure = deliveryFailureReason(error);
    }
    const verb = by.resend ? "重新傳送" : "傳送";
    await write(async (tx) => {
      await customersRepo.setDelivery(tx.db, messageId, { delivery_status: failure === undefined ? "sent" : "failed", delivery_method: method, delivery_error: failure ?? "" });
      await activity.record(tx.db, {
        adminId: by.adminId,
        action: failure === undefined ? (by.resend ? "customer.message-resend" : "customer.message") : "customer.message-failed",
        entityType: "customer",
        entityId: by.customer.id,
        summary: failure === undefined ? `${verb} LINE 訊息給「${customerLabel(by.customer)}」` : `${verb} LINE 訊息給「${customerLabel(by.customer)}」失敗：${failure}`,
      });
    });
    if (failure !== undefined) throw new AppError(502, `${FAILED[request.type]}：${failure}`);
  }

  /** The reply token, when still fresh, taken for this send (a conditional update: two sends never share one). */
  async function takeReplyToken(handle: Db, customerId: number, now: Date): Promise<string | undefined> {
    const fresh = await customersRepo.findById(handle, customerId);
    if (!fresh) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
    return replyTokenUsable(fresh, now) && (await customersRepo.claimReplyToken(handle, fresh.id, fresh.reply_token)) ? fresh.reply_token : undefined;
  }

  return {
    async send(idInput: unknown, input: unknown, adminId: number): Promise<{ message: Message; notice: string }> {
      const outgoing = parseOutgoing(input);
      const id = idFrom(idInput);
      const customer = id === null ? undefined : await customersRepo.findById(db, id);
      if (!customer) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
      const current = await settings.getAll();
      const token = current.line_channel_access_token;
      if (!token) throw badRequest(CUSTOMER_MESSAGES.needsAccessToken);
      const links = await linksOf(outgoing, current);
      const messages = lineMessagesFor(outgoing, links);
      const stored = storedFormOf(outgoing, links.mediaUrl);
      // The message's own id is the push's retry key: a repeated push of it is never delivered twice.
      const retryKey = randomUUID();

      const { messageId, replyToken } = await write(async (tx) => {
        const now = clock();
        const replyToken = await takeReplyToken(tx.db, customer.id, now);
        const messageId = await customersRepo.insertMessage(tx.db, {
          customer_id: customer.id,
          line_message_id: retryKey,
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
        await customersRepo.update(tx.db, customer.id, { last_message: stored.summary, last_interaction: now.toISOString(), updated_at: now.toISOString() });
        if (stored.media_url) await syncFileReferences(tx.db, { type: "line_message", id: String(messageId) }, { [referenceFieldOf(stored.media_url)]: [stored.media_url] });
        await tx.enqueue(CHECK_STALE_SENDS, { message_id: messageId }, { runAt: staleCheckTime(now), key: `line-send-check:${messageId}` });
        return { messageId, replyToken };
      });

      // The activity row is written with the result: what really happened, sent or failed and why.
      await deliver({ token, to: customer.line_user_id, messages, retryKey, replyToken, messageId, type: outgoing.type }, { adminId, customer, resend: false });
      const row = await customersRepo.findMessage(db, customer.id, messageId);
      if (!row) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
      return { message: toMessage(row), notice: SENT[outgoing.type] };
    },

    /**
     * POST /admin-api.php/customers/{id}/messages/{messageId}/resend: a failed message sent
     * again in place, with its own retry key (if the first push did reach LINE after all, LINE
     * answers 409 and it counts as sent: never delivered twice).
     */
    async resend(idInput: unknown, messageIdInput: unknown, adminId: number): Promise<{ message: Message; notice: string }> {
      const id = idFrom(idInput);
      const customer = id === null ? undefined : await customersRepo.findById(db, id);
      if (!customer) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
      const messageId = idFrom(messageIdInput);
      const row = messageId === null ? undefined : await customersRepo.findMessage(db, customer.id, messageId);
      if (!row || row.direction !== "outgoing") throw notFound(CUSTOMER_MESSAGES.messageNotFound);
      if (row.delivery_status !== "failed") throw conflict(CUSTOMER_MESSAGES.notResendable);
      const current = await settings.getAll();
      const token = current.line_channel_access_token;
      if (!token) throw badRequest(CUSTOMER_MESSAGES.needsAccessToken);
      const outgoing = outgoingOf(row);
      const links = await linksOf(outgoing, current);
      const retryKey = (await customersRepo.retryKeyOf(db, row.id)) ?? randomUUID();
      const replyToken = await write(async (tx) => {
        const now = clock();
        const taken = await takeReplyToken(tx.db, customer.id, now);
        // Conditional: of two resends at once, only one sends.
        if (!(await customersRepo.restartIfFailed(tx.db, row.id, { delivery_method: taken ? "reply" : "push", delivery_started_at: now.toISOString() }))) {
          throw conflict(CUSTOMER_MESSAGES.notResendable);
        }
        await tx.enqueue(CHECK_STALE_SENDS, { message_id: row.id }, { runAt: staleCheckTime(now), key: `line-send-check:${row.id}` });
        return taken;
      });
      await deliver(
        { token, to: customer.line_user_id, messages: lineMessagesFor(outgoing, links), retryKey, replyToken, messageId: row.id, type: outgoing.type },
        { adminId, customer, resend: true },
      );
      const updated = await customersRepo.findMessage(db, customer.id, row.id);
      if (!updated) throw notFound(CUSTOMER_MESSAGES.messageNotFound);
      return { message: toMessage(updated), notice: SENT[outgoing.type] };
    },

    /** The check a send enqueues, callable directly (tests, an operator): how many sends were found without a result. */
    failStaleSends,
  };
}

/** What a stored outgoing message sends again (a text's quick-reply buttons are not stored: it goes without them). */
function outgoingOf(row: { message_type: string; message_content: string; media_url: string; file_name: string }): OutgoingMessage {
  if (row.message_type === "image") return { type: "image", imageUrl: row.media_url };
  if (row.message_type === "file") return { type: "file", fileUrl: row.media_url, fileName: row.file_name };
  return { type: "text", message: row.message_content, quick_replies: [] };
}

export type LineSendService = ReturnType<typeof createLineSendService>;
