// Visitors' contact messages and their status (new, read, replied, closed).
import type { Db } from "#server/db/database.ts";
import { contactsRepo } from "./contacts.repo.ts";

export function createContactsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    dashboard: {
      stats: async () => {
        const [total_contacts, new_contacts] = await Promise.all([contactsRepo.count(db), contactsRepo.count(db, "new")]);
        return { total_contacts, new_contacts };
      },
      /** Messages not yet read: the sidebar badge. */
      notifications: async () => ({ contacts: await contactsRepo.count(db, "new") }),
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
