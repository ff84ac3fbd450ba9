// Visitors' contact messages (000 §2 /contact, §3, §5, §7, §8; 001 §2, §3, §4,
// §7, §8): the form's rules, shared by the public form and the server, the
// statuses the back office moves a message through, and the inbox's answers.
import { z } from "zod";
import { CONTACT_LIMITS } from "./contact-form.ts";
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
 * MIN_FILL_MS of it was not typed by a person).
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
});

export interface ContactList {
  contacts: Contact[];
  pagination: Pagination;
  /** The four cards above the table: every message counted by status, whatever the filter. */
  counts: ContactCounts;
}

/** PUT /admin-api.php/contacts/{id} */
export const contactStatusUpdateSchema = z.object({
  status: z.enum(SETTABLE_CONTACT_STATUSES, { error: "狀態必須是已讀、已回覆或已結案" }),
});
