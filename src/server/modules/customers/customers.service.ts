// LINE customers and their conversations with the staff.
import type { Db } from "#server/db/database.ts";
import { customersRepo } from "./customers.repo.ts";

export function createCustomersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    dashboard: {
      stats: async () => ({ line_customers: await customersRepo.count(db) }),
      /** Customers with unread messages and the unread messages in all: the sidebar badges. */
      notifications: async () => {
        const unread = await customersRepo.unreadIncoming(db);
        return { customers: unread.customers, total_messages: unread.messages };
      },
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
