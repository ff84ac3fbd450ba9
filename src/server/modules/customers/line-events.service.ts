// What LINE tells us through the webhook (002 §2.5, §3, §4): follows,
// unfollows and messages of users. Each request's events are stored in one
// transaction, in the request's order and with LINE's own timestamps (a
// conversation reads in the order things were said whatever the delivery
// order); an event already taken (a redelivery) is skipped by its
// webhookEventId. The slow parts are jobs enqueued in that transaction: the
// user's profile, and the pictures and files they sent (LINE keeps content for
// a limited time only, so they are fetched at once into our storage).
//
// A customer's file is an outsider's file (decision 022): it is streamed (never
// held whole) with a byte cap and a time limit, its type and extension are
// decided from its bytes, and the name the customer gave is kept only as the
// download name.
import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { ContentTooLargeError, LineApiError, type LineApi } from "#server/integrations/line.ts";
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
export const MAX_CONTENT_BYTES = 50 * 1024 * 1024;
/** The whole download's time limit: a slow or stalled stream is cut and tried again later. */
export const CONTENT_DOWNLOAD_MS = 2 * 60_000;
/** Tries of a download before the message says the file could not be fetched. */
export const DOWNLOAD_ATTEMPTS = 5;
/** Shown in the chat in place of a file we did not keep. */
export const CONTENT_TOO_LARGE = "檔案過大（超過 50MB），沒有保存在後台，請客戶改用其他方式傳送";
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
    /** Bytes, for files (LINE announces it in the event). */
    fileSize?: number;
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

/**
 * The kinds a customer's file is kept as, by what its bytes are (file-type's extension):
 * pictures, videos, audio and PDF (shown in the chat), office documents and archives
 * (downloads). Anything else, HTML, SVG, XML and scripts included, is kept as `.bin`.
 */
const SAFE_EXTENSIONS = new Set(["jpg", "png", "gif", "webp", "avif", "heic", "mp4", "m4v", "mov", "webm", "m4a", "mp3", "aac", "wav", "pdf", "docx", "xlsx", "pptx", "zip"]);

/** The extension a stored file gets: from its first bytes (the customer's name and LINE's type are never asked). */
export async function storedExtensionOf(file: Pick<ScratchFile, "path">): Promise<string> {
  const { fileTypeFromFile } = await import("file-type");
  const detected = await fileTypeFromFile(file.path).catch(() => undefined);
  return detected && SAFE_EXTENSIONS.has(detected.ext) ? detected.ext : "bin";
}

/** The storage key of a file a customer sent: its month, a random name, the extension its bytes give. */
function contentKey(extension: string, now: Date): string {
  return `${now.toISOString().slice(0, 4)}/${now.toISOString().slice(5, 7)}/line-${randomBytes(10).toString("hex")}.${extension}`;
}

/** The reference index's field for a message's file: a media-library file can only be a picture or a video. */
export const referenceFieldOf = (url: string) => (/\.(mp4|m4v|mov|webm)$/i.test(url) ? "video_url" : "image_url");

export interface LineEventsDeps {
  write: WriteRunner;
  jobs: Pick<JobQueue, "register">;
  line: LineApi;
  storage: FileStorage;
  logger: Logger;
  /** The channel's access token (settings); empty when LINE is not set up. */
  accessToken: () => Promise<string>;
  /** The media reference index (media.syncReferences), written in the message's transaction. */
  syncFileReferences: (handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>) => Promise<void>;
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
    if (stored.download) {
      const fileSize = Number(event.message.fileSize);
      await tx.enqueue(
        DOWNLOAD_CONTENT,
        { message_id: messageId, line_message_id: event.message.id, file_name: stored.file_name, ...(Number.isFinite(fileSize) && fileSize > 0 ? { file_size: fileSize } : {}) },
        { maxAttempts: DOWNLOAD_ATTEMPTS },
      );
    }
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

  /** A file we do not keep: the message says why, in words, instead of 下載中… for ever. */
  const refuse = async (messageId: number, reason: string) => {
    await write(async (tx) => lineEventsRepo.setMedia(tx.db, messageId, { media_error: reason }));
  };

  deps.jobs.register<{ message_id: number; line_message_id: string; file_name: string; file_size?: number }>(DOWNLOAD_CONTENT, async (payload, context) => {
    const { message_id, line_message_id, file_name, file_size } = payload;
    const row = await lineEventsRepo.message(context.db, message_id);
    // Deleted with its customer, already fetched by an earlier run, or given up: nothing to do.
    if (!row || row.media_url || row.media_error) return;
    // LINE said how big it is: a file over the cap is refused before a byte is fetched.
    if (file_size !== undefined && file_size > MAX_CONTENT_BYTES) {
      deps.logger.warn({ messageId: message_id, bytes: file_size }, "a file a LINE customer sent is too large to keep; it stays in LINE");
      return refuse(message_id, CONTENT_TOO_LARGE);
    }
    const token = await deps.accessToken();
    if (!token) throw new Error("尚未設定 LINE Channel Access Token，無法下載客戶傳來的檔案");

    let scratch: ScratchFile;
    try {
      const content = await line.content({ token, messageId: line_message_id, maxBytes: MAX_CONTENT_BYTES, timeoutMs: CONTENT_DOWNLOAD_MS });
      // Straight into the storage's scratch file: memory holds one chunk at a time.
      scratch = await storage.receive(content.body);
    } catch (error) {
      if (error instanceof ContentTooLargeError) {
        deps.logger.warn({ messageId: message_id }, "a file a LINE customer sent is too large to keep; its download was cut at the limit");
        return refuse(message_id, CONTENT_TOO_LARGE);
      }
      // Tried again later (LINE away, a stalled download); after the last try the message says so.
      if (context.attempt >= DOWNLOAD_ATTEMPTS) {
        const reason = error instanceof LineApiError ? error.message : "無法連線到 LINE";
        return refuse(message_id, `無法從 LINE 取得這個檔案：${reason}`);
      }
      throw error;
    }
    try {
      const key = contentKey(await storedExtensionOf(scratch), clock());
      await storage.putFile(key, scratch, file_name ? { downloadName: file_name } : {});
      const url = storage.urlOf(key);
      await write(async (tx) => {
        await lineEventsRepo.setMedia(tx.db, message_id, { media_url: url });
        await deps.syncFileReferences(tx.db, { type: "line_message", id: String(message_id) }, { [referenceFieldOf(url)]: [url] });
      });
    } finally {
      await scratch.discard();
    }
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
