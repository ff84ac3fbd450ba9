// What LINE tells us through the webhook (002 §2.5, §3, §4), read: the events'
// shape, how a LINE message is kept as a row of the conversation, and how a file
// a customer sent is named and typed. A customer's file is an outsider's file
// (decision 022): its type and extension are decided from its bytes, and the
// name the customer gave is kept only as the download name. Storing the events
// is line-events.operations.ts; fetching profiles and files is line-events.jobs.ts.
import { randomBytes } from "node:crypto";
import type { ScratchFile } from "#server/integrations/storage.ts";

export const FETCH_PROFILE = "line.fetch-profile";
export const DOWNLOAD_CONTENT = "line.download-content";

/** A reply token is good for a short while after the event; past this we push. */
export const REPLY_TOKEN_LIFETIME_MS = 50_000;
/** The largest file taken from LINE (a customer's video can be bigger: they see it in LINE). */
export const MAX_CONTENT_BYTES = 50 * 1024 * 1024;
/** The whole download's time limit: a slow or stalled stream is cut and tried again later. */
export const CONTENT_DOWNLOAD_MS = 2 * 60_000;
/** Tries of a download before the message says the file could not be fetched. */
export const DOWNLOAD_ATTEMPTS = 5;
/**
 * The download job's key: the conversation finds by it whether a message's download has
 * failed a try (and is retrying) or has given up.
 */
export const downloadKeyOf = (messageId: number) => `line-content:${messageId}`;

/** Shown in the chat in place of a file we did not keep. */
export const CONTENT_TOO_LARGE = "檔案過大（超過 50MB），沒有保存在後台，請客戶改用其他方式傳送";

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
export function contentKey(extension: string, now: Date): string {
  return `${now.toISOString().slice(0, 4)}/${now.toISOString().slice(5, 7)}/line-${randomBytes(10).toString("hex")}.${extension}`;
}

/** The reference index's field for a message's file: a media-library file can only be a picture or a video. */
export const referenceFieldOf = (url: string) => (/\.(mp4|m4v|mov|webm)$/i.test(url) ? "video_url" : "image_url");

