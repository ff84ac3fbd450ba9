// POST /send-line-message.php/{id}: the staff's answer to a customer. The
// outgoing message is committed first ("sending", with the reply token taken
// in the same transaction so two sends never use one token), LINE is called
// outside any transaction, and the delivery result is then stored on the
// message with its activity row: the conversation and the activity log show
// what reached the customer and what did not (decision 022). Each step that
// writes is an operation (customers.operations.ts).
//
// A process that dies between committing "sending" and storing LINE's answer
// would leave the message 傳送中 for ever: every send enqueues, in its own
// transaction, a check a few minutes later that marks sends still without a
// result failed, in words; 重新傳送 then sends it again with the same retry key.
import { randomUUID } from "node:crypto";
import { CUSTOMER_MESSAGES, sendMessageSchemas, sendTypeSchema, type Message, type OutgoingMessage } from "#contract/customers.ts";
import type { Settings } from "#contract/settings.ts";
import type { ReadDb } from "#server/db/database.ts";
import { LineApiError, type LineApi, type LineOutgoingMessage } from "#server/integrations/line.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { idFrom } from "#server/lib/entity-input.ts";
import { AppError, badRequest, conflict, notFound } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import type { Actor } from "#server/lib/operations.ts";
import { parseInput } from "#server/lib/validation.ts";
import { toMessage } from "./customer-views.ts";
import type { CustomersOperations } from "./customers.operations.ts";
import { customersRepo } from "./customers.repo.ts";
import { deliveryFailureReason, httpsOrigin, isTransient, lineMessagesFor, previewKeyOf, storedFormOf } from "./line-send.ts";

export interface LineSendDeps {
  db: ReadDb;
  run: RunOperation;
  operations: Pick<CustomersOperations, "startSend" | "restartSend" | "recordDelivery">;
  line: LineApi;
  storage: FileStorage;
  settings: { getAll(): Promise<Settings> };
  /** PUBLIC_URL: the site's address when the canonical_url setting is not https. */
  publicUrl?: string;
}

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

/** What a stored outgoing message sends again (a text's quick-reply buttons are not stored: it goes without them). */
function outgoingOf(row: { message_type: string; message_content: string; media_url: string; file_name: string }): OutgoingMessage {
  if (row.message_type === "image") return { type: "image", imageUrl: row.media_url };
  if (row.message_type === "file") return { type: "file", fileUrl: row.media_url, fileName: row.file_name };
  return { type: "text", message: row.message_content, quick_replies: [] };
}

export function createLineSendService(deps: LineSendDeps) {
  const { db, run, operations, line, storage, settings } = deps;

  /** The absolute addresses LINE fetches an image or a PDF from; refused when the file is not one of ours or the site has no https address. */
  async function linksOf(outgoing: OutgoingMessage, current: Settings, requestOrigin: string | undefined): Promise<{ mediaUrl: string; url: string; preview: string }> {
    if (outgoing.type === "text") return { mediaUrl: "", url: "", preview: "" };
    const field = outgoing.type === "image" ? "imageUrl" : "fileUrl";
    const key = storage.keyOf(outgoing.type === "image" ? outgoing.imageUrl : outgoing.fileUrl);
    const missing = outgoing.type === "image" ? "找不到這張圖片，請重新上傳" : "找不到這個檔案，請重新上傳";
    if (!key || !(await storage.exists(key))) throw badRequest(missing, { [field]: missing });
    const origin = httpsOrigin([current.canonical_url, deps.publicUrl, requestOrigin]);
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
   * row (sent, or failed with LINE's reason); throws 502 with the reason when it failed.
   */
  async function deliver(
    request: { token: string; to: string; messages: LineOutgoingMessage[]; retryKey: string; replyToken?: string; messageId: number; type: OutgoingMessage["type"] },
    by: { actor: Actor; customer: { id: number; display_name: string }; resend: boolean },
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
    await run(operations.recordDelivery, { actor: by.actor, input: { messageId, customer: by.customer, method, failure, resend: by.resend } });
    if (failure !== undefined) throw new AppError(502, `${FAILED[request.type]}：${failure}`);
  }

  return {
    /** `requestOrigin`: the https address the back office was opened at, if it was (see httpsRequestOrigin). */
    async send(idInput: unknown, input: unknown, actor: Actor, requestOrigin?: string): Promise<{ message: Message; notice: string }> {
      const outgoing = parseOutgoing(input);
      const id = idFrom(idInput);
      const customer = id === null ? undefined : await customersRepo.findById(db, id);
      if (!customer) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
      const current = await settings.getAll();
      const token = current.line_channel_access_token;
      if (!token) throw badRequest(CUSTOMER_MESSAGES.needsAccessToken);
      const links = await linksOf(outgoing, current, requestOrigin);
      const messages = lineMessagesFor(outgoing, links);
      // The message's own id is the push's retry key: a repeated push of it is never delivered twice.
      const retryKey = randomUUID();
      const { messageId, replyToken } = await run(operations.startSend, { actor, id: customer.id, input: { stored: storedFormOf(outgoing, links.mediaUrl), retryKey } });

      // The activity row is written with the result: what really happened, sent or failed and why.
      await deliver({ token, to: customer.line_user_id, messages, retryKey, replyToken, messageId, type: outgoing.type }, { actor, customer, resend: false });
      const row = await customersRepo.findMessage(db, customer.id, messageId);
      if (!row) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
      return { message: toMessage(row), notice: SENT[outgoing.type] };
    },

    /**
     * POST /admin-api.php/customers/{id}/messages/{messageId}/resend: a failed message sent
     * again in place, with its own retry key (if the first push did reach LINE after all, LINE
     * answers 409 and it counts as sent: never delivered twice).
     */
    async resend(idInput: unknown, messageIdInput: unknown, actor: Actor, requestOrigin?: string): Promise<{ message: Message; notice: string }> {
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
      const links = await linksOf(outgoing, current, requestOrigin);
      const retryKey = (await customersRepo.retryKeyOf(db, row.id)) ?? randomUUID();
      const { replyToken } = await run(operations.restartSend, { actor, id: customer.id, input: { messageId: row.id } });
      await deliver(
        { token, to: customer.line_user_id, messages: lineMessagesFor(outgoing, links), retryKey, replyToken, messageId: row.id, type: outgoing.type },
        { actor, customer, resend: true },
      );
      const updated = await customersRepo.findMessage(db, customer.id, row.id);
      if (!updated) throw notFound(CUSTOMER_MESSAGES.messageNotFound);
      return { message: toMessage(updated), notice: SENT[outgoing.type] };
    },
  };
}

export type LineSendService = ReturnType<typeof createLineSendService>;
