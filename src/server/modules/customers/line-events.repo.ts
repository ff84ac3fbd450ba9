// What the LINE webhook writes: customers as LINE introduces them, their
// messages, and the ids of the events already taken (redeliveries are stored once).
import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { LineCustomersTable, LineMessagesTable } from "#server/db/schema.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { CUSTOMER_SEARCH_SOURCES, customerSearchColumns, messageSearchColumns } from "./customer-search.ts";

export const lineEventsRepo = {
  /** Remembers a request's event ids in one statement; answers those taken now (the others are redeliveries). */
  takeEvents: async (db: Db, eventIds: readonly string[], now: string): Promise<Set<string>> => {
    if (eventIds.length === 0) return new Set();
    const rows = await db
      .insertInto("line_webhook_events")
      .values([...new Set(eventIds)].map((event_id) => ({ event_id, received_at: now })))
      .onConflict((oc) => oc.column("event_id").doNothing())
      .returning("event_id")
      .execute();
    return new Set(rows.map((row) => row.event_id));
  },

  customerByLineId: (db: ReadDb, lineUserId: string) =>
    db
      .selectFrom("line_customers")
      .select(["id", "last_interaction", "profile_refreshed_at", "display_name", "line_display_name"])
      .where("line_user_id", "=", lineUserId)
      .executeTakeFirst(),
  /** The customers of these LINE users that exist, by LINE user id: a request's customers in one question. */
  customersByLineIds: async (db: ReadDb, lineUserIds: readonly string[]) => {
    if (lineUserIds.length === 0) return new Map<string, { id: number; last_interaction: string | null; profile_refreshed_at: string | null }>();
    const rows = await db
      .selectFrom("line_customers")
      .select(["id", "line_user_id", "last_interaction", "profile_refreshed_at"])
      .where("line_user_id", "in", [...lineUserIds])
      .execute();
    return new Map(rows.map(({ line_user_id, ...customer }) => [line_user_id, customer]));
  },

  /**
   * Adds the customers of LINE users a request introduces, in the given order, and answers every
   * one's id by LINE user id: one added meanwhile by a concurrent request is found, not refused.
   */
  addCustomers: async (db: Db, rows: ReadonlyArray<Insertable<LineCustomersTable>>): Promise<Map<string, number>> => {
    if (rows.length === 0) return new Map();
    const added = await db
      .insertInto("line_customers")
      .values(rows.map((row) => ({ ...row, ...customerSearchColumns(row) })))
      .onConflict((oc) => oc.column("line_user_id").doNothing())
      .returning(["id", "line_user_id"])
      .execute();
    const ids = new Map(added.map((row) => [row.line_user_id, row.id]));
    const meanwhile = rows.map((row) => row.line_user_id).filter((userId) => !ids.has(userId));
    if (meanwhile.length > 0) {
      for (const row of await db.selectFrom("line_customers").select(["id", "line_user_id"]).where("line_user_id", "in", meanwhile).execute()) ids.set(row.line_user_id, row.id);
    }
    return ids;
  },
  updateCustomer: async (db: Db, id: number, row: Updateable<LineCustomersTable>) => {
    const current = () => db.selectFrom("line_customers").select(CUSTOMER_SEARCH_SOURCES).where("id", "=", id).executeTakeFirst();
    return db.updateTable("line_customers").set(await withSearchColumns(row, CUSTOMER_SEARCH_SOURCES, current, customerSearchColumns)).where("id", "=", id).execute();
  },
  updateCustomerByLineId: async (db: Db, lineUserId: string, row: Updateable<LineCustomersTable>) => {
    const current = () => db.selectFrom("line_customers").select(CUSTOMER_SEARCH_SOURCES).where("line_user_id", "=", lineUserId).executeTakeFirst();
    return db.updateTable("line_customers").set(await withSearchColumns(row, CUSTOMER_SEARCH_SOURCES, current, customerSearchColumns)).where("line_user_id", "=", lineUserId).execute();
  },

  /** Which of these LINE message ids are stored already. */
  storedMessages: async (db: ReadDb, lineMessageIds: readonly string[]): Promise<Set<string>> => {
    if (lineMessageIds.length === 0) return new Set();
    const rows = await db.selectFrom("line_messages").select("line_message_id").where("line_message_id", "in", [...lineMessageIds]).execute();
    return new Set(rows.map((row) => row.line_message_id ?? ""));
  },

  /**
   * A request's messages in one statement, their ids by LINE message id. One statement also
   * means one update of each conversation's tally (migration 021), taken at the end of the
   * request and in the customers' order, so that concurrent requests wait briefly and never
   * on each other in a circle.
   */
  insertMessages: async (db: Db, rows: ReadonlyArray<Insertable<LineMessagesTable> & { line_message_id: string }>): Promise<Map<string, number>> => {
    if (rows.length === 0) return new Map();
    const inserted = await db
      .insertInto("line_messages")
      .values(rows.map((row) => ({ ...row, ...messageSearchColumns(row) })))
      .returning(["id", "line_message_id"])
      .execute();
    return new Map(inserted.map((row) => [row.line_message_id ?? "", row.id]));
  },
  message: (db: ReadDb, id: number) => db.selectFrom("line_messages").select(["id", "media_url", "media_error", "line_message_id"]).where("id", "=", id).executeTakeFirst(),
  /** The stored file of a message, or why it was not kept. */
  setMedia: (db: Db, id: number, row: { media_url: string } | { media_error: string }) => db.updateTable("line_messages").set(row).where("id", "=", id).execute(),
};
