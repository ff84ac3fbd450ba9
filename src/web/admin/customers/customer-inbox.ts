// The LINE inbox without a browser (002 §2.5, §3, §5, §9): which page,
// search and tag are asked for, how a customer is named and summed up in the
// list (99+, the first two tags and a count), what a sticker or a location
// shows, which attachment the chat takes, and what the text box may send.
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PAGE_SIZE,
  LINE_FILE_MAX_BYTES,
  QUICK_REPLY_MAX_ITEMS,
  type Customer,
  type Message,
} from "#contract/customers.ts";
import type { ZodType } from "zod";

export const CUSTOMERS_PATH = "/admin-api.php/customers";
export const CANNED_REPLIES_PATH = "/admin-api.php/line-canned-replies";
export const CUSTOMERS_QUERY_KEY = ["admin", "customers"] as const;
export const CANNED_REPLIES_QUERY_KEY = ["admin", "line-canned-replies"] as const;

/** How often an open chat asks for new messages, and the list for new customers. */
export const CHAT_POLL_MS = 4_000;
export const LIST_POLL_MS = 15_000;
/** How many earlier messages 載入較早的訊息 brings. */
export const OLDER_PAGE_SIZE = 50;

/** The screen's own words where the server gave none (002 §8 are in the contract). */
export const INBOX_TEXTS = {
  loadFailed: "載入客戶列表失敗",
  chatLoadFailed: "載入對話失敗",
  unnamed: "LINE 使用者",
  blocked: "已封鎖",
  emptyInbox: "尚未有客戶透過 LINE 傳訊息給您",
  emptyFilter: "沒有符合條件的客戶",
  noMessages: "尚無對話紀錄",
  readFailed: "標為已讀失敗",
  cannedSaved: "常用回覆已儲存",
  cannedDeleted: "常用回覆已刪除",
  cannedSaveFailed: "儲存常用回覆失敗",
  cannedDeleteFailed: "刪除常用回覆失敗",
  cannedOrderFailed: "調整常用回覆順序失敗",
} as const;

export interface CustomerListParams {
  page: number;
  search: string;
  tag: string;
}

export const customerListKey = (params: CustomerListParams) => [...CUSTOMERS_QUERY_KEY, "list", params] as const;
export const conversationKey = (id: number) => [...CUSTOMERS_QUERY_KEY, "conversation", id] as const;

/** GET /admin-api.php/customers?page&limit=20[&search][&tag] */
export function customerListPath({ page, search, tag }: CustomerListParams): string {
  const query = new URLSearchParams({ page: String(Math.max(1, Math.floor(page) || 1)), limit: String(CUSTOMER_PAGE_SIZE) });
  if (search.trim()) query.set("search", search.trim());
  if (tag.trim()) query.set("tag", tag.trim());
  return `${CUSTOMERS_PATH}?${query}`;
}

/**
 * The name shown: the LINE profile's (or the staff's own), else, while the profile could not
 * be read, LINE 使用者 with the end of the customer's LINE id, so that two such customers are
 * not identical rows.
 */
export function customerName(customer: Pick<Customer, "display_name" | "line_user_tail">): string {
  const name = customer.display_name.trim();
  if (name) return name;
  return customer.line_user_tail ? `${INBOX_TEXTS.unnamed}（末四碼 ${customer.line_user_tail}）` : INBOX_TEXTS.unnamed;
}

/** The avatar's letter when there is no picture: the name's first character (a whole emoji or CJK character). */
export function customerInitial(customer: Pick<Customer, "display_name" | "line_user_tail">): string {
  const [first = "L"] = Array.from(customerName(customer));
  return first.toUpperCase();
}

export const UNREAD_CAP = 99;
/** The unread badge: nothing for none, the number up to 99, then 99+ (002 §9). */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  return count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(Math.floor(count));
}

/** The list shows the first two tags and how many more there are (002 §9). */
export function tagSummary(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, 2), more: Math.max(0, tags.length - 2) };
}

/** A message as the list's last-message line and the screen readers say it. */
export function messagePreview(message: Pick<Message, "message_type" | "message_content" | "file_name">): string {
  switch (message.message_type) {
    case "text":
      return message.message_content;
    case "image":
      return "[圖片]";
    case "sticker":
      return "[貼圖]";
    case "location":
      return `[位置] ${parseLocation(message.message_content)?.title ?? ""}`.trim();
    case "file":
      return `[檔案] ${message.file_name}`.trim();
  }
}

export interface Sticker {
  packageId: string;
  stickerId: string;
}

/** A sticker's JSON content, or null when it cannot be read. */
export function parseSticker(content: string): Sticker | null {
  const value = parseObject(content);
  const stickerId = value ? String(value.stickerId ?? "") : "";
  if (!/^\d+$/.test(stickerId)) return null;
  return { packageId: String(value?.packageId ?? ""), stickerId };
}

/** LINE's own picture of a sticker (the shop's static PNG). */
export const stickerImageUrl = (sticker: Sticker) => `https://stickershop.line-scdn.net/stickershop/v1/sticker/${sticker.stickerId}/android/sticker.png`;

export interface SharedLocation {
  title: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** A location's JSON content, or null when it cannot be read. */
export function parseLocation(content: string): SharedLocation | null {
  const value = parseObject(content);
  if (!value) return null;
  const number = (raw: unknown) => (typeof raw === "number" && Number.isFinite(raw) ? raw : typeof raw === "string" && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : null);
  return {
    title: typeof value.title === "string" ? value.title : "",
    address: typeof value.address === "string" ? value.address : "",
    latitude: number(value.latitude),
    longitude: number(value.longitude),
  };
}

/** Google Maps at the shared point, else a search for the address; null with neither. */
export function mapsLink(location: SharedLocation): string | null {
  if (location.latitude !== null && location.longitude !== null) {
    return `https://www.google.com/maps/search/?api=1&query=${location.latitude},${location.longitude}`;
  }
  const words = location.address.trim() || location.title.trim();
  return words ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(words)}` : null;
}

function parseObject(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The one attachment the chat takes (002 §5): an image or a PDF of at most 10 MB; the refusal in the spec's words. */
export function attachmentProblem(file: Pick<File, "type" | "size" | "name">): string | null {
  const pdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!file.type.startsWith("image/") && !pdf) return CUSTOMER_MESSAGES.fileTypeRefused;
  if (file.size > LINE_FILE_MAX_BYTES) return CUSTOMER_MESSAGES.fileTooLarge;
  return null;
}

export const isImageFile = (file: Pick<File, "type">) => file.type.startsWith("image/");

/** Send is possible with some text or a file (002 §5). */
export const canSend = (text: string, file: File | null) => text.trim() !== "" || file !== null;

/**
 * Enter sends, Shift+Enter makes a new line (002 §5); so does Enter while an
 * input method is still composing (a 注音 candidate being chosen).
 */
export const sendsOnEnter = (event: { key: string; shiftKey: boolean; isComposing: boolean }) => event.key === "Enter" && !event.shiftKey && !event.isComposing;

/** A quick-reply button added to the list: trimmed, no blank, no repeat, at most 13. */
export function addQuickReply(list: readonly string[], label: string): string[] {
  const text = label.trim();
  if (!text || list.includes(text) || list.length >= QUICK_REPLY_MAX_ITEMS) return [...list];
  return [...list, text];
}

/** Messages from the same customer, merged by id and kept oldest first (a poll may answer while a send is on its way). */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id - b.id);
}

/**
 * A failed send's notice: the server's answer already carries the prefix (訊息發送失敗：LINE's
 * reason), so it is shown as it is; a bare reason gets the prefix once; none, the prefix alone.
 */
export function sendFailureText(prefix: string, reason: string): string {
  const text = reason.trim();
  if (!text || text === prefix) return prefix;
  return text.startsWith(prefix) ? text : `${prefix}：${text}`;
}

/** A send refused because the site has no https address LINE can fetch from: the chat links to the setting. */
export const needsHttpsSite = (message: string) => message === CUSTOMER_MESSAGES.imageNeedsHttpsSite || message === CUSTOMER_MESSAGES.fileNeedsHttpsSite;

/** Where the address is set: the settings screen's SEO 設定 tab, field 網站正式網址. */
export const SITE_ADDRESS_SETTINGS_HREF = "/admin/settings?tab=seo";

/** What a customer's picture or file shows while it is not here: being fetched, retrying after a failed try, or given up. */
export function mediaWaitText(message: Pick<Message, "message_type" | "media_download">): string {
  const what = message.message_type === "image" ? "圖片" : "檔案";
  if (message.media_download === "retrying") return "下載失敗，重試中";
  if (message.media_download === "failed") return `${what}無法下載`;
  return message.message_type === "image" ? "圖片下載中…" : "下載中…";
}

export const hasUnreadIncoming = (messages: readonly Message[]) => messages.some((message) => message.direction === "incoming" && !message.is_read);

/** The day heading above a day's first message, in Taiwan's calendar: 2025/03/04. */
const day = new Intl.DateTimeFormat("zh-TW", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit", day: "2-digit" });
const clock = new Intl.DateTimeFormat("zh-TW", { timeZone: "Asia/Taipei", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

export function messageDay(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "" : day.format(date);
}

export function messageClock(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "" : clock.format(date);
}

/** The list's time: the clock for today, else the day (in Taiwan). */
export function listTime(timestamp: string | null, now = new Date()): string {
  if (!timestamp) return "";
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "";
  return day.format(date) === day.format(now) ? clock.format(date) : day.format(date);
}

/** The confirmation's items: who goes, and how much of their history. */
export const deleteItems = (customer: Pick<Customer, "display_name" | "line_user_tail" | "message_count">) => [`${customerName(customer)}（${customer.message_count} 則訊息）`];

/** A form's values checked with the contract's schema: the first message of each field. */
export function schemaErrors(schema: ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}
