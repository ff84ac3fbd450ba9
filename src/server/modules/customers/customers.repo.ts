import { sql, type ExpressionBuilder, type Insertable, type Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { Database, LineCustomersTable, LineMessagesTable } from "#server/db/schema.ts";
import { tallyOf } from "#server/lib/record-tallies.ts";
import { boundedCount } from "#server/lib/bounded-count.ts";
import { containsPattern } from "#server/lib/like-pattern.ts";
import { customersWhoSaid, matchesSearch, searchedOrder, type SearchPart } from "#server/lib/search/full-text.ts";
import { tieredPage, type PageRange } from "#server/lib/search/tiered-page.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { parseSearch } from "#server/lib/search/search-terms.ts";
import { CUSTOMER_SEARCH_SOURCES, customerSearchColumns, messageSearchColumns } from "./customer-search.ts";
import { DOWNLOAD_CONTENT, downloadKeyOf } from "./line-events.ts";

export interface CustomerFilter {
  search: string;
  tag: string;
}

/** A filter with who said its search looked up (customersRepo.whoSaid): a list's count and page both need it. */
export interface ListedFilter extends CustomerFilter {
  said: number[];
}

const CUSTOMER_COLUMNS = [
  "line_customers.id",
  "line_customers.line_user_id",
  "line_customers.display_name",
  "line_customers.picture_url",
  "line_customers.status_message",
  "line_customers.last_interaction",
  "line_customers.last_message",
  "line_customers.tags",
  "line_customers.notes",
  "line_customers.is_following",
  "line_customers.reply_token",
  "line_customers.reply_token_expires_at",
  "line_customers.created_at",
] as const;

const MESSAGE_COLUMNS = [
  "id",
  "message_type",
  "message_content",
  "media_url",
  "file_name",
  "direction",
  "created_at",
  "is_read",
  "delivery_status",
  "delivery_method",
  "delivery_error",
  "media_error",
] as const;

type CustomersEb = ExpressionBuilder<Database, "line_customers">;

/**
 * How many of the newest messages that say a searched word are looked at to find who said
 * it: a word said ten thousand times still lists its customers at once; those who said it
 * only long before show through their name, notes or a narrower search.
 */
const SAID_MESSAGES_SEARCHED = 300;

/**
 * The customers of the filter. A search finds a customer by its own name, notes and tags
 * ("title": listed first) or by what was said in its conversation ("body": the others).
 */
function filtered(db: ReadDb, filter: ListedFilter, part: SearchPart = "all") {
  let query = db.selectFrom("line_customers");
  if (filter.search) {
    const phrases = parseSearch(filter.search);
    if (!phrases) return query.where(sql<boolean>`1 = 0`);
    const own = matchesSearch(db, "line_customers", phrases);
    const said = filter.said.length > 0 ? sql<boolean>`${sql.ref("line_customers.id")} in (${sql.join(filter.said)})` : sql<boolean>`1 = 0`;
    query = query.where((eb) => (part === "title" ? own : part === "body" ? eb.and([said, eb.not(own)]) : eb.or([own, said])));
  }
  if (filter.tag) {
    // Tags are a JSON list: a tag matches as a whole quoted element, never as part of another tag.
    const pattern = containsPattern(JSON.stringify(filter.tag));
    query = query.where(sql`lower(${sql.ref("line_customers.tags")})`, "like", sql<string>`${pattern} escape '\\'`);
  }
  return query;
}

/**
 * Each customer with its message count (the tally the database keeps: a conversation of
 * twenty thousand messages is not counted on every read) and unread count (a partial index
 * holds only the unread; migration 021).
 */
const withCounts = (eb: CustomersEb) => [
  sql<number>`coalesce((select n from record_tallies where name = 'line_messages:' || ${sql.ref("line_customers.id")}), 0)`.as("message_count"),
  eb
    .selectFrom("line_messages")
    .select((counter) => counter.fn.countAll<number>().as("n"))
    .whereRef("line_messages.customer_id", "=", "line_customers.id")
    .where("line_messages.direction", "=", "incoming")
    .where("line_messages.is_read", "=", 0)
    .as("unread_count"),
];

/** A page of the query's customers, the most recent interaction first. */
const recentFirst = (db: ReadDb, query: ReturnType<typeof filtered>, range: PageRange, searched = false) => {
  const recent = sql`coalesce(${sql.ref("line_customers.last_interaction")}, ${sql.ref("line_customers.created_at")})`;
  return query
    .select(CUSTOMER_COLUMNS)
    .select(withCounts)
    .orderBy(searched ? searchedOrder(db, recent) : recent, "desc")
    .orderBy("line_customers.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
};

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customersRepo.findById>>>;
export type MessageRow = NonNullable<Awaited<ReturnType<typeof customersRepo.findMessage>>>;

export const customersRepo = {
  /** Every customer: the tally the database keeps (migration 021). */
  count: (db: ReadDb) => tallyOf(db, "line_customers"),

  unreadIncoming: async (db: ReadDb) => {
    const row = await db
      .selectFrom("line_messages")
      .select((eb) => [eb.fn.countAll<number>().as("messages"), eb.fn.count<number>("customer_id").distinct().as("customers")])
      .where("direction", "=", "incoming")
      .where("is_read", "=", 0)
      .executeTakeFirstOrThrow();
    return { messages: Number(row.messages), customers: Number(row.customers) };
  },

  /** The filter with the customers among whose newest matching messages its search was said. */
  whoSaid: async (db: ReadDb, filter: CustomerFilter): Promise<ListedFilter> => {
    const phrases = filter.search ? parseSearch(filter.search) : undefined;
    if (!phrases) return { ...filter, said: [] };
    const { rows } = await customersWhoSaid(db, phrases, SAID_MESSAGES_SEARCHED).execute(db);
    return { ...filter, said: [...new Set(rows.map((row) => row.customer_id))] };
  },

  /** How many customers the filter finds, counted up to `cap`. */
  countFiltered: (db: ReadDb, filter: ListedFilter, cap: number) =>
    filter.search || filter.tag ? boundedCount(db, filtered(db, filter), cap) : customersRepo.count(db),

  /**
   * Newest interaction first; a customer who never wrote counts from when it was added.
   * A search lists first those whose name, notes or tags match, then those who said it.
   */
  page: (db: ReadDb, filter: ListedFilter, range: PageRange) => {
    if (!filter.search) return recentFirst(db, filtered(db, filter), range);
    return tieredPage(
      range,
      (part, partRange) => recentFirst(db, filtered(db, filter, part), partRange, true),
      (cap) => boundedCount(db, filtered(db, filter, "title"), cap),
    );
  },

  findById: (db: ReadDb, id: number) =>
    db.selectFrom("line_customers").select(CUSTOMER_COLUMNS).select(withCounts).where("line_customers.id", "=", id).executeTakeFirst(),

  update: async (db: Db, id: number, values: Updateable<LineCustomersTable>) => {
    const current = () => db.selectFrom("line_customers").select(CUSTOMER_SEARCH_SOURCES).where("id", "=", id).executeTakeFirst();
    return db.updateTable("line_customers").set(await withSearchColumns(values, CUSTOMER_SEARCH_SOURCES, current, customerSearchColumns)).where("id", "=", id).executeTakeFirst();
  },

  /** Takes the reply token for one send: only the caller that still finds it there gets it (a token is good once). */
  claimReplyToken: async (db: Db, id: number, replyToken: string) => {
    const result = await db
      .updateTable("line_customers")
      .set({ reply_token: "", reply_token_expires_at: null })
      .where("id", "=", id)
      .where("reply_token", "=", replyToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Ids of a customer's messages that hold a stored file (their file references go with them). */
  messagesWithFiles: async (db: ReadDb, customerId: number) =>
    (await db.selectFrom("line_messages").select("id").where("customer_id", "=", customerId).where("media_url", "!=", "").execute()).map((row) => row.id),

  remove: async (db: Db, id: number) => {
    await db.deleteFrom("line_messages").where("customer_id", "=", id).execute();
    await db.deleteFrom("line_customers").where("id", "=", id).execute();
  },

  /** The newest `limit` messages (before one message, when given), oldest first, and whether older ones exist. */
  messages: async (db: ReadDb, customerId: number, options: { before?: { created_at: string; id: number }; limit: number }) => {
    let query = db.selectFrom("line_messages").select(MESSAGE_COLUMNS).where("customer_id", "=", customerId);
    const before = options.before;
    if (before) {
      // The first condition bounds the walk of the (customer, time) index; the second alone is an
      // OR neither database reads the index by, so an old page of a long conversation read
      // every newer message first (18,000 of them: 12–140 ms on PostgreSQL at scale 1).
      query = query
        .where("created_at", "<=", before.created_at)
        .where((eb) => eb.or([eb("created_at", "<", before.created_at), eb.and([eb("created_at", "=", before.created_at), eb("id", "<", before.id)])]));
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit + 1).execute();
    return { rows: rows.slice(0, options.limit).reverse(), hasMore: rows.length > options.limit };
  },

  /**
   * How the downloads of these messages stand, for those whose job has failed a try: retrying,
   * or failed (given up). Read from the job queue's table by the job's key (line-events.ts).
   */
  failingDownloads: async (db: ReadDb, messageIds: readonly number[]): Promise<Map<number, "retrying" | "failed">> => {
    const states = new Map<number, "retrying" | "failed">();
    if (messageIds.length === 0) return states;
    const byKey = new Map(messageIds.map((id) => [downloadKeyOf(id), id]));
    const jobs = await db
      .selectFrom("jobs")
      .select(["dedupe_key", "failed_at"])
      .where("kind", "=", DOWNLOAD_CONTENT)
      .where("dedupe_key", "in", [...byKey.keys()])
      .where("last_error", "<>", "")
      .execute();
    for (const job of jobs) {
      const id = job.dedupe_key === null ? undefined : byKey.get(job.dedupe_key);
      if (id !== undefined) states.set(id, job.failed_at === null ? "retrying" : "failed");
    }
    return states;
  },

  findMessage: (db: ReadDb, customerId: number, messageId: number) =>
    db.selectFrom("line_messages").select(MESSAGE_COLUMNS).where("customer_id", "=", customerId).where("id", "=", messageId).executeTakeFirst(),

  /** An outgoing message's push retry key (its line_message_id). */
  retryKeyOf: async (db: ReadDb, messageId: number) =>
    (await db.selectFrom("line_messages").select("line_message_id").where("id", "=", messageId).where("direction", "=", "outgoing").executeTakeFirst())?.line_message_id ?? undefined,

  insertMessage: async (db: Db, values: Insertable<LineMessagesTable>) =>
    (await db.insertInto("line_messages").values({ ...values, ...messageSearchColumns(values) }).returning("id").executeTakeFirstOrThrow()).id,

  /** Outgoing messages still sending whose current try began before `cutoff` (a try from before migration 008 counts from its creation). */
  staleSends: (db: ReadDb, cutoff: string) =>
    db
      .selectFrom("line_messages")
      .innerJoin("line_customers", "line_customers.id", "line_messages.customer_id")
      .select(["line_messages.id", "line_messages.customer_id", "line_messages.delivery_method", "line_customers.display_name"])
      .where("line_messages.direction", "=", "outgoing")
      .where("line_messages.delivery_status", "=", "sending")
      .where((eb) => eb(eb.fn.coalesce("line_messages.delivery_started_at", "line_messages.created_at"), "<", cutoff))
      .orderBy("line_messages.id")
      .execute(),

  /** Marks a send failed only while it is still sending; false when an answer was stored meanwhile. */
  failIfSending: async (db: Db, messageId: number, reason: string) => {
    const result = await db
      .updateTable("line_messages")
      .set({ delivery_status: "failed", delivery_error: reason })
      .where("id", "=", messageId)
      .where("delivery_status", "=", "sending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Starts a new try of a failed message; false when it is not failed (any more). */
  restartIfFailed: async (db: Db, messageId: number, values: { delivery_method: string; delivery_started_at: string }) => {
    const result = await db
      .updateTable("line_messages")
      .set({ delivery_status: "sending", delivery_error: "", ...values })
      .where("id", "=", messageId)
      .where("delivery_status", "=", "failed")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  setDelivery: (db: Db, messageId: number, values: Pick<Updateable<LineMessagesTable>, "delivery_status" | "delivery_method" | "delivery_error">) =>
    db.updateTable("line_messages").set(values).where("id", "=", messageId).executeTakeFirst(),

  /** Marks a customer's unread incoming messages read; answers how many were. */
  markRead: async (db: Db, customerId: number) => {
    const result = await db
      .updateTable("line_messages")
      .set({ is_read: 1 })
      .where("customer_id", "=", customerId)
      .where("direction", "=", "incoming")
      .where("is_read", "=", 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
