// Stored rows as the API shows them (002 §3): tags as a list, flags as booleans,
// counts as numbers on both databases, a message's time as `timestamp`.
import { MESSAGE_TYPES, type Customer, type DeliveryMethod, type DeliveryStatus, type MediaDownload, type Message, type MessageType } from "#contract/customers.ts";
import { parseStoredList } from "#server/lib/stored-list.ts";
import type { CustomerRow, MessageRow } from "./customers.repo.ts";

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  display_name: row.display_name,
  picture_url: row.picture_url,
  status_message: row.status_message,
  last_interaction: row.last_interaction,
  last_message: row.last_message,
  unread_count: Number(row.unread_count),
  message_count: Number(row.message_count),
  tags: parseStoredList(row.tags),
  notes: row.notes,
  is_following: Boolean(row.is_following),
  line_user_tail: row.line_user_id.slice(-4),
});

const DELIVERY_STATUSES: readonly string[] = ["", "sending", "sent", "failed"];
const DELIVERY_METHODS: readonly string[] = ["", "reply", "push"];

export const toMessage = (row: MessageRow, mediaDownload: MediaDownload = ""): Message => ({
  id: row.id,
  message_type: (MESSAGE_TYPES as readonly string[]).includes(row.message_type) ? (row.message_type as MessageType) : "text",
  message_content: row.message_content,
  media_url: row.media_url,
  file_name: row.file_name,
  direction: row.direction === "outgoing" ? "outgoing" : "incoming",
  timestamp: row.created_at,
  is_read: Boolean(row.is_read),
  delivery_status: (DELIVERY_STATUSES.includes(row.delivery_status) ? row.delivery_status : "") as DeliveryStatus,
  delivery_method: (DELIVERY_METHODS.includes(row.delivery_method) ? row.delivery_method : "") as DeliveryMethod,
  delivery_error: row.delivery_error,
  media_error: row.media_error,
  // A file whose reason is stored has its final word already.
  media_download: row.media_url || row.media_error ? "" : mediaDownload,
});
