import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const customersRepo = {
  count: (db: Db) => countRows(db.selectFrom("line_customers")),

  unreadIncoming: async (db: Db) => {
    const row = await db
      .selectFrom("line_messages")
      .select((eb) => [eb.fn.countAll<number>().as("messages"), eb.fn.count<number>("customer_id").distinct().as("customers")])
      .where("direction", "=", "incoming")
      .where("is_read", "=", 0)
      .executeTakeFirstOrThrow();
    return { messages: Number(row.messages), customers: Number(row.customers) };
  },
};
