// Visitors' contact messages: taken from the public form (JSON from the page's
// script, or a plain form post without it), kept, and handled by the staff in
// the contacts inbox (new → read → replied / closed). A message is committed,
// with its notifications in the same transaction, before the visitor hears
// "sent": an acknowledged message survives the process dying the next instant.
// Anti-spam without friction, never refusing a person: a field people never see
// (the message is dropped), a minimum fill time (the message is kept but marked
// suspect, and counted in a summary notice instead of its own), and a limit per
// sender address, counted atomically in the insert's transaction on the shared
// counters (right with several instances and under concurrency). Notices go
// through the cap of notifications/notice-cap.ts (decision 021).
import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  MIN_FILL_MS,
  contactInputSchema,
  contactListQuerySchema,
  contactStatusLabels,
  contactStatusUpdateSchema,
  type Contact,
  type ContactCounts,
  type ContactFormOutcome,
  type ContactList,
  type ContactStatus,
  type SuspectReason,
} from "#contract/contact.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { Db } from "#server/db/database.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "#server/lib/database-errors.ts";
import { AppError, notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import type { Notice, NotificationsService } from "#server/modules/notifications/notifications.service.ts";
import { contactsRepo } from "./contacts.repo.ts";

/** At most this many messages from one address in a RATE_WINDOW_MS window (fixed windows, counted in rate_counters). */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60 * 1000;

/** Who sent a message, as the server saw it. */
export interface SenderMeta {
  clientIp: string;
  userAgent: string;
}

/** What the visitor is told: `stored` is false for a message taken as spam (the robot is not told). */
export interface SubmitOutcome {
  stored: boolean;
}

export interface ContactsDeps {
  db: Db;
  write: WriteRunner;
  activity: ActivityService;
  notifications: Pick<NotificationsService, "announceCapped">;
  logger: Logger;
  /** The back office's address, for the link in notifications; unset: no link. */
  publicUrl?: string;
  clock?: () => Date;
}

type ContactRow = NonNullable<Awaited<ReturnType<typeof contactsRepo.findById>>>;

const toContact = ({ notice, ...row }: ContactRow): Contact => ({
  ...row,
  status: (CONTACT_STATUSES as readonly string[]).includes(row.status) ? (row.status as ContactStatus) : "new",
  notice: notice === "sent" || notice === "held" ? notice : "",
});

/** The fixed 10-minute window an address's messages are counted in, and when it ends. */
function addressWindow(now: Date) {
  const start = Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  return { start: new Date(start).toISOString(), end: new Date(start + RATE_WINDOW_MS) };
}

const NOTICE_MESSAGE_LIMIT = 1500;

function noticeOf(contact: Omit<Contact, "id" | "status" | "suspect_reason" | "notice" | "created_at" | "updated_at">, inboxUrl: string | undefined): Notice {
  const details = [
    `姓名：${contact.name}`,
    `Email：${contact.email}`,
    ...(contact.phone ? [`電話：${contact.phone}`] : []),
    ...(contact.company ? [`公司：${contact.company}`] : []),
    ...(contact.subject ? [`主旨：${contact.subject}`] : []),
  ].join("\n");
  const message = contact.message.length > NOTICE_MESSAGE_LIMIT ? `${contact.message.slice(0, NOTICE_MESSAGE_LIMIT)}…` : contact.message;
  const link = inboxUrl ? `\n\n到後台查看：${inboxUrl}` : "";
  return {
    summary: `新的聯絡表單：${contact.name}`,
    text: `📩 新的聯絡表單\n${details}\n\n${message}${link}`,
    mail: {
      subject: `新的聯絡表單：${contact.subject || contact.name}`,
      text: `網站收到一則新的聯絡表單。\n\n${details}\n\n${contact.message}${link}\n\n直接回覆這封信，就會寄給 ${contact.name}。`,
      replyTo: contact.email,
    },
  };
}

export function createContactsService(deps: ContactsDeps) {
  const { db, write, activity, notifications, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const inboxUrl = deps.publicUrl ? `${deps.publicUrl}/admin/contacts` : undefined;

  async function find(handle: Db, idInput: unknown): Promise<Contact> {
    const id = Number(idInput);
    const row = Number.isInteger(id) && id > 0 ? await contactsRepo.findById(handle, id) : undefined;
    if (!row) throw notFound("找不到這則聯絡表單，可能已被刪除");
    return toContact(row);
  }

  async function counts(): Promise<ContactCounts> {
    const byStatus = await contactsRepo.countByStatus(db);
    const result = Object.fromEntries(CONTACT_STATUSES.map((status) => [status, byStatus[status] ?? 0])) as ContactCounts;
    result.total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    return result;
  }

  /** POST /api.php/contact and the /contact page's form post. */
  async function submit(input: unknown, sender: SenderMeta): Promise<SubmitOutcome> {
    const form = parseInput(contactInputSchema, input);
    const now = clock();
    if (form.website) {
      logger.info({ clientIp: sender.clientIp }, "a contact message filled the hidden field: taken as spam, not kept");
      return { stored: false };
    }
    // A form rendered in the future (a clock change) says nothing; one sent within seconds of its rendering was
    // probably not typed, but a quick person (autofill, a prefilled message) must never be refused: it is kept, marked.
    let suspect: SuspectReason | "" = "";
    if (form.rendered_at !== undefined) {
      const elapsed = now.getTime() - form.rendered_at;
      if (elapsed >= 0 && elapsed < MIN_FILL_MS) suspect = "fast";
    }
    const { website: _website, rendered_at: _renderedAt, ...fields } = form;
    const stamp = now.toISOString();
    const window = addressWindow(now);
    await write(async (tx) => {
      // Counted in this transaction: concurrent posts from one address queue on the counter's row, and a refusal rolls its count back.
      if ((await rateCounters.bump(tx.db, `contact:address:${sender.clientIp}:${window.start}`, window.end)) > RATE_LIMIT) {
        const wait = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
        throw new AppError(429, CONTACT_MESSAGES.tooMany, undefined, { "retry-after": String(wait) });
      }
      const notice = await notifications.announceCapped(tx, noticeOf(fields, inboxUrl), { suspect: suspect !== "", link: inboxUrl });
      await contactsRepo.insert(tx.db, {
        ...fields,
        status: "new",
        suspect_reason: suspect,
        notice: notice === "off" ? "" : notice,
        client_ip: sender.clientIp,
        user_agent: sender.userAgent.slice(0, 300),
        created_at: stamp,
        updated_at: stamp,
      });
    });
    return { stored: true };
  }

  return {
    /** What public pages may do, in-process (site-reads.ts): send the form without JavaScript, told how it went instead of thrown at. */
    site: {
      async submitForm(input: unknown, sender: SenderMeta): Promise<ContactFormOutcome> {
        try {
          await submit(input, sender);
          return { sent: true };
        } catch (error) {
          // The database away: the visitor keeps the form and their words, and is told to send again shortly.
          if (isDatabaseUnavailable(error)) return { sent: false, message: DATABASE_UNAVAILABLE_MESSAGE, errors: {}, status: 503 };
          if (!(error instanceof AppError)) throw error;
          return { sent: false, message: error.message, errors: error.errors ?? {}, status: error.status };
        }
      },
    },

    dashboard: {
      stats: async () => {
        const [total_contacts, new_contacts] = await Promise.all([contactsRepo.count(db), contactsRepo.count(db, "new")]);
        return { total_contacts, new_contacts };
      },
      /** Messages not yet read: the sidebar badge. */
      notifications: async () => ({ contacts: await contactsRepo.count(db, "new") }),
    },

    submit,

    /** GET /admin-api.php/contacts: newest first, 10 a page, with the four counts. */
    async list(queryInput: unknown): Promise<ContactList> {
      const query = parseInput(contactListQuerySchema, queryInput ?? {});
      const [total, rows, allCounts] = await Promise.all([
        contactsRepo.count(db, query.status),
        contactsRepo.page(db, { status: query.status, limit: query.limit, offset: (query.page - 1) * query.limit }),
        counts(),
      ]);
      return {
        contacts: rows.map(toContact),
        pagination: paginationOf(query.page, query.limit, total),
        counts: allCounts,
      };
    },

    get: (idInput: unknown) => find(db, idInput),

    /** PUT /admin-api.php/contacts/{id}: read, replied or closed. */
    async setStatus(idInput: unknown, input: unknown, adminId: number): Promise<Contact> {
      const { status } = parseInput(contactStatusUpdateSchema, input);
      const id = await write(async (tx) => {
        const contact = await find(tx.db, idInput);
        if (contact.status === status) return contact.id;
        await contactsRepo.setStatus(tx.db, contact.id, status, clock().toISOString());
        await activity.record(tx.db, {
          adminId,
          action: "contact.status",
          entityType: "contact",
          entityId: contact.id,
          summary: `將「${contact.name}」的聯絡表單標為${contactStatusLabels[status]}`,
        });
        return contact.id;
      });
      return find(db, id);
    },

    /** DELETE /admin-api.php/contacts/{id} */
    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const contact = await find(tx.db, idInput);
        await contactsRepo.delete(tx.db, contact.id);
        await activity.record(tx.db, { adminId, action: "contact.delete", entityType: "contact", entityId: contact.id, summary: `刪除「${contact.name}」的聯絡表單` });
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
