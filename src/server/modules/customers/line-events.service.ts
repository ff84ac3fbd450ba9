// What LINE tells us through the webhook (002 §2.5, §3, §4): follows,
// unfollows and messages of users. Each request's events are stored in one
// transaction, in the request's order and with LINE's own timestamps (a
// conversation reads in the order things were said whatever the delivery
// order); an event already taken (a redelivery) is skipped by its
// webhookEventId. The slow parts are jobs enqueued in that transaction: the
// user's profile, and the pictures and files they sent (LINE keeps content for
// a limited time only, so they are fetched at once into our storage).
import { randomBytes } from "node:crypto";
import type { FileStorage } from "#server/integrations/storage.ts";
import type { LineApi } from "#server/integrations/line.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { Tx, WriteRunner } from "#server/lib/transactions.ts";
import { lineEventsRepo } from "./line-events.repo.ts";

export const FETCH_PROFILE = "line.fetch-profile";
export const DOWNLOAD_CONTENT = "line.download-content";

/** A reply token is good for a short while after the event; past this we push. */
export const REPLY_TOKEN_LIFETIME_MS = 50_000;
/** A profile older than this is read again when the customer writes. */
const PROFILE_REFRESH_MS = 24 * 3600_000;
/** The largest file taken from LINE (a customer's video can be bigger: they see it in LINE). */
const MAX_CONTENT_BYTES = 50 * 1024 * 1024;
const LAST_MESSAGE_LENGTH = 200;

/** LINE's webhook event, the parts we read (https://developers.line.biz/en/reference/messaging-api/#webhook-event-objects). */
export interface LineWebhookEvent {
  type: string;
  timestamp?: number;
  webhookEventId?: string;
  replyToken?: string;
  source?: { type?: string; userId?: string };
  message?: {
    id?: string;
    type?: string;
    text?: string;
    fileName?: string;
    packageId?: string;
    stickerId?: string;
    title?: string;
    address?: string;
    latitude?: number;
    longitude?: number;
    contentProvider?: { type?: string; originalContentUrl?: string };
  };
}

interface StoredMessage {
  message_type: "text" | "image" | "sticker" | "location" | "file";
  message_content: string;
  file_name: string;
  /** Shown in the list beside the customer's name. */
  summary: string;
  /** Content to fetch from LINE's data API. */
  download: boolean;
  media_url: string;
}

const FILE_NAMES: Record<string, string> = { video: "影片.mp4", audio: "語音訊息.m4a" };

/** A LINE message as one row of the conversation, or null for a kind we do not keep. */
export function storedMessageOf(message: NonNullable<LineWebhookEvent["message"]>): StoredMessage | null {
  const external = message.contentProvider?.type === "external" ? (message.contentProvider.originalContentUrl ?? "") : "";
  switch (message.type) {
    case "text":
      return { message_type: "text", message_content: message.text ?? "", file_name: "", summary: message.text ?? "", download: false, media_url: "" };
    case "image":
      return { message_type: "image", message_content: "", file_name: "", summary: "[圖片]", download: !external, media_url: external };
    case "sticker":
      return { message_type: "sticker", message_content: JSON.stringify({ packageId: message.packageId ?? "", stickerId: message.stickerId ?? "" }), file_name: "", summary: "[貼圖]", download: false, media_url: "" };
    case "location": {
      const { title = "", address = "", latitude = 0, longitude = 0 } = message;
      return { message_type: "location", message_content: JSON.stringify({ title, address, latitude, longitude }), file_name: "", summary: `[位置] ${title || address}`.trim(), download: false, media_url: "" };
    }
    case "file":
    case "video":
    case "audio": {
      const name = message.fileName || FILE_NAMES[message.type] || "檔案";
      return { message_type: "file", message_content: "", file_name: name, summary: `[檔案] ${name}`, download: !external, media_url: external };
    }
    default:
      return null;
  }
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "video/mp4": "mp4",
  "audio/m4a": "m4a",
  "audio/x-m4a": "m4a",
  "audio/mp4": "m4a",
};

/** The storage key of a file a customer sent: its month, a random name, an extension by its type (the name they gave is kept as data only). */
function contentKey(contentType: string, fileName: string, now: Date): string {
  const byName = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  const extension = EXTENSIONS[contentType.split(";")[0]!.trim().toLowerCase()] ?? byName ?? "bin";
  return `${now.toISOString().slice(0, 4)}/${now.toISOString().slice(5, 7)}/line-${randomBytes(10).toString("hex")}.${extension}`;
}

export interface LineEventsDeps {
  write: WriteRunner;
  jobs: Pick<JobQueue, "register">;
  line: LineApi;
  storage: FileStorage;
  logger: Logger;
  /** The channel's access token (settings); empty when LINE is not set up. */
  accessToken: () => Promise<string>;
  clock?: () => Date;
}

export function createLineEventsService(deps: LineEventsDeps) {
  const { write, line, storage } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function customerFor(tx: Tx, userId: string, at: string): Promise<number> {
    const existing = await lineEventsRepo.customerByLineId(tx.db, userId);
    const stale = !existing?.profile_refreshed_at || clock().getTime() - Date.parse(existing.profile_refreshed_at) > PROFILE_REFRESH_MS;
    // One pending profile read per user, however many messages arrive meanwhile.
    if (stale) await tx.enqueue(FETCH_PROFILE, { user_id: userId }, { key: `line-profile:${userId}` });
    if (existing) return existing.id;
    const now = clock().toISOString();
    return lineEventsRepo.insertCustomer(tx.db, { line_user_id: userId, last_interaction: at, created_at: now, updated_at: now });
  }

  async function takeEvent(tx: Tx, event: LineWebhookEvent): Promise<void> {
    const userId = event.source?.type === "user" ? event.source.userId : undefined;
    if (!userId) return;
    const at = new Date(Number.isFinite(event.timestamp) ? Number(event.timestamp) : clock().getTime()).toISOString();
    const now = clock().toISOString();
    const replyToken = event.replyToken
      ? { reply_token: event.replyToken, reply_token_expires_at: new Date(Date.parse(at) + REPLY_TOKEN_LIFETIME_MS).toISOString() }
      : {};

    if (event.type === "follow") {
      const id = await customerFor(tx, userId, at);
      await lineEventsRepo.updateCustomer(tx.db, id, { is_following: 1, updated_at: now, ...replyToken });
      return;
    }
    if (event.type === "unfollow") {
      await lineEventsRepo.updateCustomerByLineId(tx.db, userId, { is_following: 0, reply_token: "", reply_token_expires_at: null, updated_at: now });
      return;
    }
    if (event.type !== "message" || !event.message?.id) return;
    const stored = storedMessageOf(event.message);
    if (!stored || (await lineEventsRepo.hasMessage(tx.db, event.message.id))) return;
    const customerId = await customerFor(tx, userId, at);
    const messageId = await lineEventsRepo.insertMessage(tx.db, {
      customer_id: customerId,
      line_message_id: event.message.id,
      message_type: stored.message_type,
      message_content: stored.message_content,
      media_url: stored.media_url,
      file_name: stored.file_name,
      direction: "incoming",
      is_read: 0,
      created_at: at,
    });
    const customer = await lineEventsRepo.customerByLineId(tx.db, userId);
    // A late redelivery of an older message does not take the list's place of a newer one.
    const newest = !customer?.last_interaction || customer.last_interaction <= at;
    await lineEventsRepo.updateCustomer(tx.db, customerId, {
      is_following: 1,
      updated_at: now,
      ...(newest ? { last_interaction: at, last_message: [...stored.summary].slice(0, LAST_MESSAGE_LENGTH).join(""), ...replyToken } : {}),
    });
    if (stored.download) await tx.enqueue(DOWNLOAD_CONTENT, { message_id: messageId, line_message_id: event.message.id, file_name: stored.file_name });
  }

  deps.jobs.register<{ user_id: string }>(FETCH_PROFILE, async ({ user_id }) => {
    const token = await deps.accessToken();
    if (!token) throw new Error("尚未設定 LINE Channel Access Token，無法讀取客戶的 LINE 個人資料");
    const profile = await line.profile({ token, userId: user_id });
    await write(async (tx) => {
      const current = await lineEventsRepo.customerByLineId(tx.db, user_id);
      // The shown name follows LINE's until staff type their own (kept then: LINE's goes to line_display_name only).
      const following = !current || current.display_name === "" || current.display_name === current.line_display_name;
      await lineEventsRepo.updateCustomerByLineId(tx.db, user_id, {
        ...(following ? { display_name: profile.displayName } : {}),
        line_display_name: profile.displayName,
        picture_url: profile.pictureUrl,
        status_message: profile.statusMessage,
        profile_refreshed_at: clock().toISOString(),
        updated_at: clock().toISOString(),
      });
    });
  });

  deps.jobs.register<{ message_id: number; line_message_id: string; file_name: string }>(DOWNLOAD_CONTENT, async ({ message_id, line_message_id, file_name }, context) => {
    const row = await lineEventsRepo.message(context.db, message_id);
    // Deleted with its customer, or already fetched by an earlier run: nothing to do.
    if (!row || row.media_url) return;
    const token = await deps.accessToken();
    if (!token) throw new Error("尚未設定 LINE Channel Access Token，無法下載客戶傳來的檔案");
    const content = await line.content({ token, messageId: line_message_id });
    if (content.body.length > MAX_CONTENT_BYTES) {
      deps.logger.warn({ messageId: message_id, bytes: content.body.length }, "a file a LINE customer sent is too large to keep; it stays in LINE");
      return;
    }
    const key = contentKey(content.contentType, file_name, clock());
    await storage.putBuffer(key, content.body);
    await write(async (tx) => lineEventsRepo.setMedia(tx.db, message_id, { media_url: storage.urlOf(key) }));
  });

  return {
    /** Stores a webhook request's events (in its order) in one transaction; redeliveries are skipped. */
    async receive(events: readonly LineWebhookEvent[]): Promise<void> {
      if (events.length === 0) return;
      await write(async (tx) => {
        const now = clock().toISOString();
        for (const event of events) {
          if (event.webhookEventId && !(await lineEventsRepo.takeEvent(tx.db, event.webhookEventId, now))) continue;
          await takeEvent(tx, event);
        }
      });
    },
  };
}

export type LineEventsService = ReturnType<typeof createLineEventsService>;
