// Visitors' contact messages (000 §2 /contact, §3, §5, §7, §8; 001 §2, §3, §4,
// §7, §8): the form's rules, shared by the public form and the server, the
// statuses the back office moves a message through, and the inbox's answers.
import { z } from "zod";
import { CONTACT_LIMITS, MIN_FILL_MS } from "./contact-form.ts";
import { limitParam, pageParam, type Pagination } from "./pagination.ts";

export * from "./contact-form.ts";

export const CONTACT_STATUSES = ["new", "read", "replied", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** The statuses the detail dialog offers: a message is 'new' only until someone opens it. */
export const SETTABLE_CONTACT_STATUSES = ["read", "replied", "closed"] as const satisfies readonly ContactStatus[];

export const contactStatusLabels: Record<ContactStatus, string> = {
  new: "未讀",
  read: "已讀",
  replied: "已回覆",
  closed: "已結案",
};

export const CONTACT_PAGE_SIZE = 10;

/** The pages that send visitors to /contact with a `source` (service cards, a service's page, the cases). */
const CONTACT_SOURCES: Record<string, string> = {
  "": "聯絡我們頁面（直接填寫）",
  home: "首頁的核心服務",
  services: "服務頁面",
  portfolio: "作品集頁面",
};

/** Where a message came from, in words (服務頁面, not `services`); a tag staff put in a link of their own is named as theirs. */
export function contactSourceText(source: string): string {
  const value = source.trim();
  if (value in CONTACT_SOURCES) return CONTACT_SOURCES[value]!;
  if (/^services\/\d+$/.test(value)) return "服務項目的介紹頁";
  return `其他頁面的連結（標記「${value}」）`;
}

/** A staff note on a message: at most this many characters. */
export const CONTACT_NOTE_LIMIT = 2000;

/**
 * Why a kept message may be spam (issue 22 §1, decision 021): a timing signal never
 * refuses a person; it marks the message, which is then counted in a summary notice
 * instead of notified at once. The code is stored; the words are shown.
 */
export const SUSPECT_REASONS = {
  fast: `表單開啟後不到 ${MIN_FILL_MS / 1000} 秒就送出，一般人很難這麼快填完，可能是自動程式`,
} as const;
export type SuspectReason = keyof typeof SUSPECT_REASONS;
export const SUSPECT_LABEL = "可能是垃圾訊息";
/** The words for a stored code; an unknown code still says the message is suspect. */
export const suspectReasonText = (code: string) => (code in SUSPECT_REASONS ? SUSPECT_REASONS[code as SuspectReason] : code ? "系統判斷這則訊息可疑" : "");

/** How the staff heard of a message: its own notice, or counted in a summary notice (the cap, or a suspect message). '' for none recorded. */
export type ContactNotice = "sent" | "held" | "";

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}必須是文字` })
    .trim()
    .max(max, `${label}不能超過 ${max} 個字元`)
    .optional()
    .default("");

/**
 * POST /api.php/contact: the spec's six fields. The last three are ours and optional, so
 * a client sending only the spec's fields is served: `source` (the ?source= of the page),
 * `website` (a field people never see, that robots fill) and `rendered_at` (when the
 * server rendered the form, in milliseconds since 1970: a message sent within
 * MIN_FILL_MS of it is kept but marked suspect).
 */
export const contactInputSchema = z.object({
  name: z.string({ error: "請輸入您的姓名" }).trim().min(1, "請輸入您的姓名").max(CONTACT_LIMITS.name, `姓名不能超過 ${CONTACT_LIMITS.name} 個字元`),
  email: z
    .string({ error: "請輸入您的 Email" })
    .trim()
    .min(1, "請輸入您的 Email")
    .max(CONTACT_LIMITS.email, "Email 太長了")
    .pipe(z.email("Email 格式不正確，例如 name@example.com")),
  phone: z
    .string({ error: "電話必須是文字" })
    .trim()
    .max(CONTACT_LIMITS.phone, `電話不能超過 ${CONTACT_LIMITS.phone} 個字元`)
    .refine((value) => value === "" || /^[+\d][\d\s()#-]{5,}$/.test(value), "電話格式不正確，例如 02-2345-6789 或 0912-345-678")
    .optional()
    .default(""),
  company: optionalText(CONTACT_LIMITS.company, "公司名稱"),
  subject: optionalText(CONTACT_LIMITS.subject, "主旨"),
  message: z
    .string({ error: "請輸入訊息內容" })
    .trim()
    .min(1, "請輸入訊息內容")
    .max(CONTACT_LIMITS.message, `訊息內容不能超過 ${CONTACT_LIMITS.message} 個字元`),
  source: optionalText(CONTACT_LIMITS.source, "來源"),
  website: z.string().optional(),
  rendered_at: z.coerce.number().finite().optional().catch(undefined),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  status: ContactStatus;
  source: string;
  /** A code of SUSPECT_REASONS, '' when the message looks genuine. */
  suspect_reason: string;
  notice: ContactNotice;
  /** The staff's own note, never shown to the visitor; '' when there is none. */
  staff_note: string;
  created_at: string;
  updated_at: string;
}

export type ContactCounts = Record<ContactStatus, number> & { total: number };

/** GET /admin-api.php/contacts?page&limit&status */
export const contactListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(CONTACT_PAGE_SIZE),
  status: z
    .union([z.enum(CONTACT_STATUSES), z.literal("")], { error: "狀態必須是未讀、已讀、已回覆或已結案" })
    .optional()
    .transform((value) => value || undefined),
  /** Words found in the name, subject, telephone, email, company (first), the message or the staff's note. */
  search: z.string({ error: "搜尋文字必須是文字" }).trim().max(100, "搜尋文字不能超過 100 個字元").optional().default(""),
});

export interface ContactList {
  contacts: Contact[];
  pagination: Pagination;
  /** The four cards above the table: every message counted by status, whatever the filter. */
  counts: ContactCounts;
}

/** PUT /admin-api.php/contacts/{id}/note: the staff's note ('' clears it). */
export const contactNoteSchema = z.object({
  note: z
    .string({ error: "備註必須是文字" })
    .trim()
    .max(CONTACT_NOTE_LIMIT, `備註不能超過 ${CONTACT_NOTE_LIMIT} 個字元`),
});

/** PUT /admin-api.php/contacts/{id} */
export const contactStatusUpdateSchema = z.object({
  status: z.enum(SETTABLE_CONTACT_STATUSES, { error: "狀態必須是已讀、已回覆或已結案" }),
});
