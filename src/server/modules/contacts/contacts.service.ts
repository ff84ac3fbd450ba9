// Visitors' contact messages, read: the inbox (newest first, with the counts by
// status) and a message; and the /contact page's form action, which runs the
// submit operation (contacts.operations.ts) and tells the page how it went
// instead of throwing at it.
import {
  CONTACT_STATUSES,
  contactListQuerySchema,
  type Contact,
  type ContactCounts,
  type ContactFormOutcome,
  type ContactList,
  type ContactStatus,
} from "#contract/contact.ts";
import { cappedPaginationOf, COUNT_CAP } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "#server/lib/database-errors.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { AppError } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ContactsOperations } from "./contacts.operations.ts";
import { contactsRepo } from "./contacts.repo.ts";

/** Who sent a message, as the server saw it. */
export interface SenderMeta {
  clientIp: string;
  userAgent: string;
}

type ContactRow = NonNullable<Awaited<ReturnType<typeof contactsRepo.findById>>>;

const toContact = ({ notice, ...row }: ContactRow): Contact => ({
  ...row,
  status: (CONTACT_STATUSES as readonly string[]).includes(row.status) ? (row.status as ContactStatus) : "new",
  notice: notice === "sent" || notice === "held" ? notice : "",
});

/** A message by the id its address names; 404 when there is none. */
export async function requireContact(db: ReadDb, id: unknown): Promise<Contact> {
  const row = await requireById(id, (found) => contactsRepo.findById(db, found), "找不到這則聯絡表單，可能已被刪除");
  return toContact(row);
}

export function createContactsService(deps: { db: ReadDb; run: RunOperation; operations: Pick<ContactsOperations, "submit"> }) {
  const { db, run, operations } = deps;

  async function counts(): Promise<ContactCounts> {
    const byStatus = await contactsRepo.countByStatus(db);
    const result = Object.fromEntries(CONTACT_STATUSES.map((status) => [status, byStatus[status] ?? 0])) as ContactCounts;
    result.total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    return result;
  }

  return {
    /** What public pages may do, in-process (site-reads.ts): send the form without JavaScript, told how it went instead of thrown at. */
    site: {
      async submitForm(input: unknown, sender: SenderMeta): Promise<ContactFormOutcome> {
        try {
          await run(operations.submit, { actor: { kind: "visitor", ...sender }, input });
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

    /** GET /admin-api.php/contacts: newest first, 10 a page, with the four counts. */
    async list(queryInput: unknown): Promise<ContactList> {
      const query = parseInput(contactListQuerySchema, queryInput ?? {});
      const [total, rows, allCounts] = await Promise.all([
        contactsRepo.countFiltered(db, { status: query.status, search: query.search }, COUNT_CAP),
        contactsRepo.page(db, { status: query.status, search: query.search }, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        counts(),
      ]);
      return {
        contacts: rows.map(toContact),
        pagination: cappedPaginationOf(query.page, query.limit, total),
        counts: allCounts,
      };
    },

    get: (idInput: unknown) => requireContact(db, idInput),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
