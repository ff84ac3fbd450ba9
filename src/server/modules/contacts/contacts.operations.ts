// Visitors' contact messages, written (000 §2 /contact, §7; 001 §7): the public
// form (JSON from the page's script, or a plain form post without it) and the
// inbox's status changes and deletes. A message is committed, with its
// notifications in the same transaction, before the visitor hears "sent": an
// acknowledged message survives the process dying the next instant.
// Anti-spam without friction, never refusing a person: a field people never see
// (the message is dropped), a minimum fill time (the message is kept but marked
// suspect, and counted in a summary notice instead of its own), and a limit per
// sender address, counted atomically in the insert's transaction on the shared
// counters (right with several instances and under concurrency). Notices go
// through the cap of notifications/notice-cap.ts (decision 021).
import {
  CONTACT_MESSAGES,
  MIN_FILL_MS,
  contactInputSchema,
  contactNoteSchema,
  contactStatusLabels,
  contactStatusUpdateSchema,
  type Contact,
  type SuspectReason,
} from "#contract/contact.ts";
import { AppError } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import type { Notice, Notices } from "#server/modules/notifications/notices.ts";
import { contactsRepo } from "./contacts.repo.ts";
import { requireContact } from "./contacts.service.ts";

/** At most this many messages from one address in a RATE_WINDOW_MS window (fixed windows, counted in rate_counters). */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60 * 1000;

/** The fixed 10-minute window an address's messages are counted in, and when it ends. */
function addressWindow(now: Date) {
  const start = Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  return { start: new Date(start).toISOString(), end: new Date(start + RATE_WINDOW_MS) };
}

const NOTICE_MESSAGE_LIMIT = 1500;

function noticeOf(contact: Omit<Contact, "id" | "status" | "suspect_reason" | "notice" | "staff_note" | "created_at" | "updated_at">, inboxUrl: string | undefined): Notice {
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

export interface ContactsOperationsDeps {
  notices: Pick<Notices, "announceCapped">;
  logger: Logger;
  /** The back office's address, for the link in notifications; unset: no link. */
  publicUrl?: string;
  clock?: () => Date;
}

export function createContactsOperations(deps: ContactsOperationsDeps) {
  const { notices, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const inboxUrl = deps.publicUrl ? `${deps.publicUrl}/admin/contacts` : undefined;

  return {
    /** POST /api.php/contact and the /contact page's form post; `stored` is false for a message taken as spam (the robot is not told). */
    submit: defineOperation({
      name: "contact.submit",
      input: contactInputSchema,
      access: access.anyone,
      async run({ tx, input, actor }): Promise<{ stored: boolean }> {
        const sender = actor.kind === "visitor" ? actor : { clientIp: "", userAgent: "" };
        const now = clock();
        if (input.website) {
          logger.info({ clientIp: sender.clientIp }, "a contact message filled the hidden field: taken as spam, not kept");
          return { stored: false };
        }
        // A form rendered in the future (a clock change) says nothing; one sent within seconds of its rendering was
        // probably not typed, but a quick person (autofill, a prefilled message) must never be refused: it is kept, marked.
        let suspect: SuspectReason | "" = "";
        if (input.rendered_at !== undefined) {
          const elapsed = now.getTime() - input.rendered_at;
          if (elapsed >= 0 && elapsed < MIN_FILL_MS) suspect = "fast";
        }
        const { website: _website, rendered_at: _renderedAt, ...fields } = input;
        const stamp = now.toISOString();
        const window = addressWindow(now);
        // Counted in this transaction: concurrent posts from one address queue on the counter's row, and a refusal rolls its count back.
        if ((await rateCounters.bump(tx.db, `contact:address:${sender.clientIp}:${window.start}`, window.end)) > RATE_LIMIT) {
          const wait = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
          throw new AppError(429, CONTACT_MESSAGES.tooMany, undefined, { "retry-after": String(wait) });
        }
        const notice = await notices.announceCapped(tx, noticeOf(fields, inboxUrl), { suspect: suspect !== "", link: inboxUrl });
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
        return { stored: true };
      },
    }),

    /** PUT /admin-api.php/contacts/{id}: read, replied or closed. */
    setStatus: defineOperation({
      name: "contact.status",
      input: contactStatusUpdateSchema,
      load: requireContact,
      access: access.administrators,
      async run({ tx, input, record }): Promise<{ contact: Contact; changed: boolean }> {
        if (record.status === input.status) return { contact: record, changed: false };
        await contactsRepo.setStatus(tx.db, record.id, input.status, clock().toISOString());
        return { contact: await requireContact(tx.db, record.id), changed: true };
      },
      effects: {
        activity: ({ input, record, result }) =>
          result.changed ? { entityType: "contact", entityId: record.id, summary: `將「${record.name}」的聯絡表單標為${contactStatusLabels[input.status]}` } : null,
      },
    }),

    /** PUT /admin-api.php/contacts/{id}/note: the staff's note on the message. */
    setNote: defineOperation({
      name: "contact.note",
      input: contactNoteSchema,
      load: requireContact,
      access: access.administrators,
      async run({ tx, input, record }): Promise<{ contact: Contact; changed: boolean }> {
        if (record.staff_note === input.note) return { contact: record, changed: false };
        await contactsRepo.setNote(tx.db, record.id, input.note, clock().toISOString());
        return { contact: await requireContact(tx.db, record.id), changed: true };
      },
      effects: {
        activity: ({ input, record, result }) =>
          result.changed ? { entityType: "contact", entityId: record.id, summary: input.note ? `更新「${record.name}」聯絡表單的備註` : `清除「${record.name}」聯絡表單的備註` } : null,
      },
    }),

    /** DELETE /admin-api.php/contacts/{id} */
    remove: defineOperation({
      name: "contact.delete",
      load: requireContact,
      access: access.administrators,
      async run({ tx, record }) {
        await contactsRepo.delete(tx.db, record.id);
      },
      effects: { activity: ({ record }) => ({ entityType: "contact", entityId: record.id, summary: `刪除「${record.name}」的聯絡表單` }) },
    }),
  };
}

export type ContactsOperations = ReturnType<typeof createContactsOperations>;
