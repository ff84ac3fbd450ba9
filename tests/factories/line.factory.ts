// LINE customers and their messages written straight into the database, as the
// webhook would have stored them, so that inbox and sending tests do not depend
// on the webhook's own tests.
import { randomBytes } from "node:crypto";
import type { Insertable } from "kysely";
import type { Db } from "#server/db/database.ts";
import type { LineCustomersTable, LineMessagesTable } from "#server/db/schema.ts";
import { customerSearchColumns, messageSearchColumns } from "#server/modules/customers/customer-search.ts";

export const lineUserId = () => `U${randomBytes(16).toString("hex")}`;

export async function insertCustomer(
  db: Db,
  overrides: Partial<Omit<Insertable<LineCustomersTable>, "tags">> & { tags?: string[] } = {},
): Promise<{ id: number; line_user_id: string }> {
  const now = new Date().toISOString();
  const { tags, ...rest } = overrides;
  const values: Insertable<LineCustomersTable> = {
    line_user_id: lineUserId(),
    display_name: "陳小姐",
    is_following: 1,
    last_interaction: now,
    created_at: now,
    updated_at: now,
    ...rest,
    tags: JSON.stringify(tags ?? []),
  };
  const { id } = await db.insertInto("line_customers").values({ ...values, ...customerSearchColumns(values) }).returning("id").executeTakeFirstOrThrow();
  return { id, line_user_id: values.line_user_id };
}

export async function insertMessage(db: Db, customerId: number, overrides: Partial<Insertable<LineMessagesTable>> = {}): Promise<number> {
  const values: Insertable<LineMessagesTable> = {
    customer_id: customerId,
    line_message_id: randomBytes(9).toString("hex"),
    message_type: "text",
    message_content: "請問冷氣清洗多少錢？",
    direction: "incoming",
    is_read: 0,
    created_at: new Date().toISOString(),
    ...overrides,
  };
  const { id } = await db
    .insertInto("line_messages")
    .values({ ...values, ...messageSearchColumns(values) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A reply token as the webhook keeps it: good until `expiresInMs` from now. */
export const withReplyToken = (replyToken: string, expiresInMs = 50_000) => ({
  reply_token: replyToken,
  reply_token_expires_at: new Date(Date.now() + expiresInMs).toISOString(),
});
