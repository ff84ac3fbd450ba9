// The contacts inbox without a browser (001 §2, §3, §4, §8, §9): which page,
// filter and search are asked for (and how the address holds them), where to
// go after a delete, a status change applied to a loaded page (the optimistic "read"),
// and the reply and call links of the detail dialog.
import { CONTACT_PAGE_SIZE, CONTACT_STATUSES, contactStatusLabels, type Contact, type ContactList, type ContactStatus } from "#contract/contact.ts";

export const CONTACTS_PATH = "/admin-api.php/contacts";
export const CONTACTS_QUERY_KEY = ["admin", "contacts"] as const;

/** The filter: every message, or one status (001 §9: empty by default). */
export type ContactFilter = ContactStatus | "all";
export const CONTACT_FILTERS: readonly ContactFilter[] = ["all", ...CONTACT_STATUSES];
export const filterLabel = (filter: ContactFilter) => (filter === "all" ? "全部" : contactStatusLabels[filter]);

export interface ContactListParams {
  page: number;
  filter: ContactFilter;
  /** Words in the name, telephone, email, company, subject, message or note; '' for none. */
  search: string;
}

export const contactListKey = ({ page, filter, search }: ContactListParams) => [...CONTACTS_QUERY_KEY, { page, filter, search }] as const;

/** GET /admin-api.php/contacts?page={n}&limit=10[&status={status}][&search={words}] */
export function contactListPath({ page, filter, search }: ContactListParams): string {
  const query = new URLSearchParams({ page: String(Math.max(1, Math.floor(page) || 1)), limit: String(CONTACT_PAGE_SIZE) });
  if (filter !== "all") query.set("status", filter);
  if (search.trim()) query.set("search", search.trim());
  return `${CONTACTS_PATH}?${query}`;
}

/**
 * The list as the address holds it (?status=&search=&page=), so that a reload or the
 * back button finds it as it was left; anything unreadable counts as no filter.
 */
export function contactParamsOf(address: URLSearchParams): ContactListParams {
  const page = Number(address.get("page"));
  const status = address.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    filter: (CONTACT_STATUSES as readonly string[]).includes(status) ? (status as ContactStatus) : "all",
    search: (address.get("search") ?? "").trim().slice(0, 100),
  };
}

/** The address's query for the list; the defaults are left out. */
export function contactAddressOf({ page, filter, search }: ContactListParams): URLSearchParams {
  const address = new URLSearchParams();
  if (filter !== "all") address.set("status", filter);
  if (search) address.set("search", search);
  if (page > 1) address.set("page", String(page));
  return address;
}

/** 001 §8 and the server's own words; the fallbacks when it gave none. */
export const CONTACT_MESSAGES = {
  loadFailed: "載入聯絡表單失敗",
  statusUpdated: "狀態已更新",
  operationFailed: "操作失敗",
  deleted: "聯絡表單已刪除",
  deleteFailed: "刪除失敗",
  emptyInbox: "尚未收到任何聯絡表單",
  emptyFilter: "沒有符合條件的聯絡表單",
} as const;

/** The question of our confirmation dialog, naming the sender. */
export const deleteQuestion = (contact: Pick<Contact, "name">) => `確定要刪除「${contact.name}」的聯絡表單嗎？此動作無法復原。`;

export const DEFAULT_REPLY_SUBJECT = "您的詢問";

/** 以 Email 回覆: mailto with the subject "Re: {subject or 您的詢問}". */
export function replyMailto(contact: Pick<Contact, "email" | "subject">): string {
  const subject = `Re: ${contact.subject.trim() || DEFAULT_REPLY_SUBJECT}`;
  // The address stays as typed (it passed the server's email check); only its query is encoded.
  return `mailto:${contact.email.trim()}?subject=${encodeURIComponent(subject)}`;
}

/**
 * 撥打電話: a tel: link with the digits (and a leading +) of the number as
 * typed, an extension after # kept as ;ext= (RFC 3966); null when there is
 * nothing to dial.
 */
export function telHref(phone: string): string | null {
  const [main = "", extension = ""] = phone.split("#", 2);
  const trimmed = main.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length === 0) return null;
  const number = `${trimmed.startsWith("+") ? "+" : ""}${digits}`;
  const ext = extension.replace(/\D/g, "");
  return `tel:${number}${ext ? `;ext=${ext}` : ""}`;
}

/** A page beyond the last (messages deleted elsewhere) falls back to the last one; null when the page is fine. */
export function pageFallback(list: Pick<ContactList, "contacts" | "pagination">, page: number): number | null {
  if (list.contacts.length > 0 || page <= 1) return null;
  const last = Math.max(1, list.pagination.total_pages);
  return page > last ? last : null;
}

/**
 * A loaded page with one message's status changed, and the counts moved with
 * it: what the screen shows at once when a new message is opened (and what
 * puts it back when the server refuses). Unchanged when the message is not on
 * the page or already has that status.
 */
export function withStatus(list: ContactList, id: number, status: ContactStatus): ContactList {
  const contact = list.contacts.find((item) => item.id === id);
  if (!contact || contact.status === status) return list;
  return {
    ...list,
    contacts: list.contacts.map((item) => (item.id === id ? { ...item, status } : item)),
    counts: {
      ...list.counts,
      [contact.status]: Math.max(0, list.counts[contact.status] - 1),
      [status]: list.counts[status] + 1,
    },
  };
}

/** A short line that tells two messages from the same person apart, for the confirmation. */
export function contactSummary(contact: Pick<Contact, "subject" | "message">, max = 40): string {
  const text = (contact.subject.trim() || contact.message.trim()).replace(/\s+/g, " ");
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
