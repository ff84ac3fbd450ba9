// LINE customer service (002 §2.5, §3, §4, §5, §7, §8, §9; 001 §2): the
// customers who wrote to the official account, their conversations with the
// staff, what the staff send (text, an image, a PDF as a link), the canned
// replies they reuse, and the spec's messages and limits.
import { z } from "zod";
import { MB } from "./media.ts";
import { limitParam, pageParam, type Pagination } from "./pagination.ts";

export const CUSTOMER_PAGE_SIZE = 20;
/** The tag filter's choices; any other tag text filters too. */
export const CUSTOMER_TAG_FILTERS = ["VIP", "潛在客戶", "活躍用戶"] as const;
/** The chat's attachment limit (002 §5, §9). */
export const LINE_FILE_MAX_BYTES = 10 * MB;
/** A LINE text message's limit. */
export const LINE_TEXT_MAX = 5000;
/** LINE's quick-reply limits: 13 buttons, a label of 20 characters, a message action's text of 300. */
export const QUICK_REPLY_MAX_ITEMS = 13;
export const QUICK_REPLY_LABEL_MAX = 20;
export const QUICK_REPLY_TEXT_MAX = 300;
export const CUSTOMER_TAG_MAX = 30;
export const CUSTOMER_TAGS_MAX = 20;

/** The chat's messages (002 §5, §8), and the server's own refusals in the same words. */
export const CUSTOMER_MESSAGES = {
  uploadFailed: "檔案上傳失敗",
  fileSendFailed: "檔案發送失敗",
  imageSendFailed: "發送圖片失敗",
  messageSendFailed: "訊息發送失敗",
  sendFailed: "發送訊息失敗",
  updateFailed: "更新客戶失敗",
  deleteFailed: "刪除客戶失敗",
  messageSent: "訊息發送成功！",
  imageSent: "圖片發送成功！",
  pdfSent: "PDF 檔案發送成功！",
  customerUpdated: "客戶資料更新成功！",
  customerDeleted: "客戶刪除成功！",
  fileTooLarge: "檔案大小不能超過 10MB",
  fileTypeRefused: "僅支援圖片和 PDF 檔案",
  deleteWarning: "確定要刪除這位客戶嗎？這位客戶的所有對話紀錄都會一併刪除，而且無法復原。",
  customerNotFound: "找不到這位客戶，可能已被刪除",
  needsAccessToken: "請先在通知設定填寫 LINE Channel Access Token",
  imageNeedsHttpsSite: "請到 網站設定 → SEO 設定 → 網站正式網址 填入 https:// 開頭的網址，LINE 才能取得圖片",
  fileNeedsHttpsSite: "請到 網站設定 → SEO 設定 → 網站正式網址 填入 https:// 開頭的網址，客戶才能開啟檔案連結",
  cannedReplyNotFound: "找不到這則常用回覆，可能已被刪除",
  cannedRepliesChanged: "常用回覆清單已有變更，請重新整理後再調整順序",
  messageNotFound: "找不到這則訊息，可能已被刪除",
  notResendable: "只有傳送失敗的訊息可以重新傳送",
  sendTimedOut: "LINE 沒有回覆傳送結果（傳送過程中斷），請按重新傳送",
} as const;

export const MESSAGE_TYPES = ["text", "image", "sticker", "location", "file"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type MessageDirection = "incoming" | "outgoing";
/** '' for incoming messages; the staff's are sending, then sent or failed. */
export type DeliveryStatus = "" | "sending" | "sent" | "failed";
/** What an outgoing message's delivery shows; incoming messages ('') show none. */
export const deliveryStatusLabels: Record<Exclude<DeliveryStatus, "">, string> = { sending: "傳送中", sent: "已送出", failed: "傳送失敗" };
/** How an outgoing message went: a reply (free, with the customer's fresh reply token) or a push (counted in the monthly quota). */
export type DeliveryMethod = "" | "reply" | "push";

export interface Customer {
  id: number;
  display_name: string;
  picture_url: string;
  status_message: string;
  last_interaction: string | null;
  last_message: string;
  unread_count: number;
  message_count: number;
  tags: string[];
  notes: string;
  is_following: boolean;
  /**
   * The last 4 characters of the customer's LINE user id: tells apart customers whose
   * LINE profile could not be read (all named LINE 使用者 otherwise).
   */
  line_user_tail: string;
}

/**
 * Where a customer's picture or file is while it is not stored: '' (being fetched, or
 * nothing to fetch), `retrying` (a try failed, more will come) or `failed` (every try
 * failed; `media_error` says why when known).
 */
export type MediaDownload = "" | "retrying" | "failed";

export interface Message {
  id: number;
  message_type: MessageType;
  /** Text; a sticker is JSON {"packageId","stickerId"}, a location JSON {"title","address","latitude","longitude"}. */
  message_content: string;
  /** /uploads/… for images and files, once stored. */
  media_url: string;
  file_name: string;
  direction: MessageDirection;
  timestamp: string;
  is_read: boolean;
  delivery_status: DeliveryStatus;
  delivery_method: DeliveryMethod;
  /** Why LINE refused the message, in people's words. */
  delivery_error: string;
  /** Why a customer's file is not here (too large, no longer in LINE), in people's words; '' otherwise. */
  media_error: string;
  media_download: MediaDownload;
}

export interface CustomerList {
  customers: Customer[];
  pagination: Pagination;
}

export interface CustomerConversation {
  customer: Customer;
  /** Oldest first. */
  messages: Message[];
  /** Older messages exist: ask again with `before` = the first message's id. */
  has_more: boolean;
}

export interface CannedReply {
  id: number;
  title: string;
  text: string;
  sort_order: number;
}

/** POST /admin-api.php/upload-line-file */
export interface UploadedLineFile {
  url: string;
  file_name: string;
  kind: "image" | "file";
}

/** GET /admin-api.php/customers?page&limit&search&tag */
export const customerListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(CUSTOMER_PAGE_SIZE),
  search: z.string({ error: "搜尋文字必須是文字" }).trim().max(100, "搜尋文字不能超過 100 個字元").optional().default(""),
  tag: z.string({ error: "標籤必須是文字" }).trim().max(CUSTOMER_TAG_MAX, `標籤不能超過 ${CUSTOMER_TAG_MAX} 個字元`).optional().default(""),
});

/** GET /admin-api.php/customers/{id}?before&limit: the newest `limit` messages before `before`. */
export const conversationQuerySchema = z.object({
  before: z.coerce.number({ error: "訊息編號必須是數字" }).int("訊息編號必須是整數").positive("訊息編號必須是正整數").max(2_147_483_647, "訊息編號不正確").optional(),
  limit: limitParam(100, 500),
});

/** Tags as typed (comma-separated, 002 §5) or as a list: trimmed, blanks and repeats dropped. */
export function splitTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(/[,，]/);
  return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
}

const tagsField = z
  .union([z.string(), z.array(z.string({ error: "每個標籤都必須是文字" }))], { error: "標籤必須是以逗號分隔的文字或文字清單" })
  .transform(splitTags)
  .pipe(
    z
      .array(z.string().max(CUSTOMER_TAG_MAX, `每個標籤不能超過 ${CUSTOMER_TAG_MAX} 個字元`))
      .max(CUSTOMER_TAGS_MAX, `標籤最多 ${CUSTOMER_TAGS_MAX} 個`),
  );

/** PUT /admin-api.php/customers/{id}: fields left out keep their values. */
export const customerUpdateSchema = z.object({
  display_name: z.string({ error: "顯示名稱必須是文字" }).trim().min(1, "請輸入顯示名稱").max(100, "顯示名稱不能超過 100 個字元"),
  tags: tagsField,
  notes: z.string({ error: "備註必須是文字" }).trim().max(2000, "備註不能超過 2000 個字元"),
});
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/** What a send names: text (the default), an image or a file. */
export const sendTypeSchema = z.object({
  type: z.enum(["text", "image", "file"], { error: "訊息類型必須是 text、image 或 file" }).optional().default("text"),
});

const quickRepliesField = z
  .array(
    z.string({ error: "快速回覆必須是文字" }).trim().min(1, "快速回覆不能是空白").max(QUICK_REPLY_TEXT_MAX, `每個快速回覆不能超過 ${QUICK_REPLY_TEXT_MAX} 個字元`),
    { error: "快速回覆必須是文字清單" },
  )
  .max(QUICK_REPLY_MAX_ITEMS, `快速回覆最多 ${QUICK_REPLY_MAX_ITEMS} 個`)
  .optional()
  .default([]);

const uploadedUrl = (label: string) =>
  z
    .string({ error: `請先上傳${label}` })
    .trim()
    .min(1, `請先上傳${label}`)
    .max(500, `${label}網址太長了`);

/** POST /send-line-message.php/{id}, by type. */
export const sendMessageSchemas = {
  text: z.object({
    message: z.string({ error: "請輸入訊息內容" }).trim().min(1, "請輸入訊息內容").max(LINE_TEXT_MAX, `訊息內容不能超過 ${LINE_TEXT_MAX} 個字元`),
    quick_replies: quickRepliesField,
  }),
  image: z.object({ imageUrl: uploadedUrl("圖片") }),
  file: z.object({
    fileUrl: uploadedUrl("檔案"),
    fileName: z.string({ error: "請提供檔案名稱" }).trim().min(1, "請提供檔案名稱").max(200, "檔案名稱不能超過 200 個字元"),
  }),
} as const;

export type OutgoingMessage =
  | ({ type: "text" } & z.output<typeof sendMessageSchemas.text>)
  | ({ type: "image" } & z.output<typeof sendMessageSchemas.image>)
  | ({ type: "file" } & z.output<typeof sendMessageSchemas.file>);

/** POST and PUT /admin-api.php/line-canned-replies */
export const cannedReplyInputSchema = z.object({
  title: z.string({ error: "請輸入標題" }).trim().min(1, "請輸入標題").max(50, "標題不能超過 50 個字元"),
  text: z.string({ error: "請輸入回覆內容" }).trim().min(1, "請輸入回覆內容").max(LINE_TEXT_MAX, `回覆內容不能超過 ${LINE_TEXT_MAX} 個字元`),
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;
