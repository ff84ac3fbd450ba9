// What LINE tells us through the webhook, stored (002 §2.5, §3, §4): follows,
// unfollows and messages of users. Each request's events are stored in one
// transaction, in the request's order and with LINE's own timestamps (a
// conversation reads in the order things were said whatever the delivery
// order); an event already taken (a redelivery) is skipped by its
// webhookEventId. The slow parts are jobs enqueued in that transaction: the
// user's profile, and the pictures and files they sent (LINE keeps content for
// a limited time only, so they are fetched at once into our storage, by
// line-events.jobs.ts, whose results are stored here too).
import type { Insertable, Updateable } from "kysely";
import type { LineCustomersTable, LineMessagesTable } from "#server/db/schema.ts";
import type { LineProfile } from "#server/integrations/line.ts";
import { access, defineOperation, ownInput, type OperationTx } from "#server/lib/operations.ts";
import { lineEventsRepo } from "./line-events.repo.ts";
import {
  DOWNLOAD_ATTEMPTS,
  DOWNLOAD_CONTENT,
  downloadKeyOf,
  FETCH_PROFILE,
  REPLY_TOKEN_LIFETIME_MS,
  referenceFieldOf,
  storedMessageOf,
  type LineWebhookEvent,
} from "./line-events.ts";

/** A profile older than this is read again when the customer writes. */
const PROFILE_REFRESH_MS = 24 * 3600_000;
const LAST_MESSAGE_LENGTH = 200;
const messageOwner = (id: number) => ({ type: "line_message", id: String(id) }) as const;

export function createLineEventsOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());

  /** A customer as one request sees it: its row's id, its last interaction, and what the request changes of it (written once, at the end). */
  interface CustomerInRequest {
    id: number;
    lastInteraction: string | null;
    change?: Updateable<LineCustomersTable>;
  }
  /** A message to store at the end of the request, with the download its file needs. */
  interface PendingMessage {
    row: Insertable<LineMessagesTable> & { line_message_id: string };
    download?: { file_name: string | null; file_size?: number };
  }
  interface RequestState {
    /** LINE message ids stored already (before or by this request): a redelivered message is stored once. */
    stored: Set<string>;
    /** The request's customers by LINE user id: those that existed, and those it added. */
    customers: Map<string, CustomerInRequest>;
    /** LINE users whose profile is to be read: new, or read more than a day ago. */
    profiles: Set<string>;
    messages: PendingMessage[];
  }

  const userOf = (event: LineWebhookEvent) => (event.source?.type === "user" ? event.source.userId : undefined);
  const timeOf = (event: LineWebhookEvent) => new Date(Number.isFinite(event.timestamp) ? Number(event.timestamp) : clock().getTime()).toISOString();

  /** Whether an event makes its user a customer: a follow, or a message we keep that is not stored yet. */
  const makesCustomer = (event: LineWebhookEvent, stored: ReadonlySet<string>) =>
    event.type === "follow" || (event.type === "message" && !!event.message?.id && !stored.has(event.message.id) && storedMessageOf(event.message) !== null);

  /**
   * The request's customers: those that exist (one question), and the users it introduces, added
   * in one statement in LINE user id order (a concurrent request introducing the same users
   * waits for this one, then finds them). A profile is asked for when new or a day old.
   */
  async function customersOf(tx: OperationTx, events: readonly LineWebhookEvent[], stored: ReadonlySet<string>) {
    const userIds = [...new Set(events.flatMap((event) => userOf(event) ?? []))];
    const existing = await lineEventsRepo.customersByLineIds(tx.db, userIds);
    const firstSeen = new Map<string, string>();
    for (const event of events) {
      const userId = userOf(event);
      if (userId && !firstSeen.has(userId) && makesCustomer(event, stored)) firstSeen.set(userId, timeOf(event));
    }
    const customers = new Map<string, CustomerInRequest>();
    const profiles = new Set<string>();
    for (const [userId, row] of existing) {
      customers.set(userId, { id: row.id, lastInteraction: row.last_interaction });
      const stale = !row.profile_refreshed_at || clock().getTime() - Date.parse(row.profile_refreshed_at) > PROFILE_REFRESH_MS;
      if (stale && firstSeen.has(userId)) profiles.add(userId);
    }
    const now = clock().toISOString();
    const introduced = [...firstSeen].filter(([userId]) => !existing.has(userId)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const ids = await lineEventsRepo.addCustomers(tx.db, introduced.map(([line_user_id, at]) => ({ line_user_id, last_interaction: at, created_at: now, updated_at: now })));
    for (const [userId, at] of introduced) {
      customers.set(userId, { id: ids.get(userId)!, lastInteraction: at });
      profiles.add(userId);
    }
    return { customers, profiles };
  }

  /** Adds to what the request changes of a customer: later events' values replace earlier ones'. */
  const change = (customer: CustomerInRequest, values: Updateable<LineCustomersTable>) => void (customer.change = { ...customer.change, ...values });

  /** One event, taken in memory: what it changes of its customer, and the message it adds. */
  function takeEvent(state: RequestState, event: LineWebhookEvent): void {
    const userId = userOf(event);
    // A group's event, or an unfollow of someone we never knew: nothing to keep.
    const customer = userId === undefined ? undefined : state.customers.get(userId);
    if (!customer) return;
    const at = timeOf(event);
    const now = clock().toISOString();
    const replyToken = event.replyToken
      ? { reply_token: event.replyToken, reply_token_expires_at: new Date(Date.parse(at) + REPLY_TOKEN_LIFETIME_MS).toISOString() }
      : {};
    if (event.type === "follow") return change(customer, { is_following: 1, updated_at: now, ...replyToken });
    if (event.type === "unfollow") return change(customer, { is_following: 0, reply_token: "", reply_token_expires_at: null, updated_at: now });
    if (event.type !== "message" || !event.message?.id) return;
    const message = event.message;
    const lineMessageId: string = event.message.id;
    const stored = storedMessageOf(message);
    if (!stored || state.stored.has(lineMessageId)) return;
    state.stored.add(lineMessageId);
    const fileSize = Number(message.fileSize);
    state.messages.push({
      row: {
        customer_id: customer.id,
        line_message_id: lineMessageId,
        message_type: stored.message_type,
        message_content: stored.message_content,
        media_url: stored.media_url,
        file_name: stored.file_name,
        direction: "incoming",
        is_read: 0,
        created_at: at,
      },
      download: stored.download ? { file_name: stored.file_name, ...(Number.isFinite(fileSize) && fileSize > 0 ? { file_size: fileSize } : {}) } : undefined,
    });
    // A late redelivery of an older message does not take the list's place of a newer one.
    const newest = !customer.lastInteraction || customer.lastInteraction <= at;
    if (newest) customer.lastInteraction = at;
    change(customer, {
      is_following: 1,
      updated_at: now,
      ...(newest ? { last_interaction: at, last_message: [...stored.summary].slice(0, LAST_MESSAGE_LENGTH).join(""), ...replyToken } : {}),
    });
  }

  /**
   * What the request's events add, written at its end and always in the same order, each part
   * sorted: the messages in one statement (their conversations' tallies with them), the profiles
   * to read and the files to fetch, then each customer's row once. Concurrent requests about the
   * same customers then take the same locks in the same order: they wait briefly for each other,
   * never in a circle (a deadlock PostgreSQL would end by failing one of them).
   */
  async function write(tx: OperationTx, state: RequestState): Promise<void> {
    const ids = await lineEventsRepo.insertMessages(tx.db, state.messages.map((message) => message.row));
    // One pending profile read per user, however many messages arrive meanwhile.
    for (const userId of [...state.profiles].sort()) await tx.enqueue(FETCH_PROFILE, { user_id: userId }, { key: `line-profile:${userId}` });
    for (const { row, download } of state.messages) {
      const messageId = ids.get(row.line_message_id);
      if (!download || messageId === undefined) continue;
      await tx.enqueue(
        DOWNLOAD_CONTENT,
        { message_id: messageId, line_message_id: row.line_message_id, ...download },
        { maxAttempts: DOWNLOAD_ATTEMPTS, key: downloadKeyOf(messageId) },
      );
    }
    for (const customer of [...state.customers.values()].sort((a, b) => a.id - b.id)) {
      if (customer.change) await lineEventsRepo.updateCustomer(tx.db, customer.id, customer.change);
    }
  }

  return {
    /**
     * A signed webhook request's events (in its order), in one transaction; redeliveries are
     * skipped. A request of many messages asks the database a few questions for all of them
     * (which events, messages and customers it has), stores its messages in one statement and
     * writes each customer's row once: LINE sends bursts, and the webhook must keep up with them.
     */
    receive: defineOperation({
      name: "line.receive",
      input: ownInput<readonly LineWebhookEvent[]>(),
      access: access.system,
      async run({ tx, input }) {
        const now = clock().toISOString();
        const taken = await lineEventsRepo.takeEvents(tx.db, input.flatMap((event) => (event.webhookEventId ? [event.webhookEventId] : [])), now);
        const seen = new Set<string>();
        const events = input.filter((event) => {
          if (!event.webhookEventId) return true;
          if (!taken.has(event.webhookEventId) || seen.has(event.webhookEventId)) return false;
          seen.add(event.webhookEventId);
          return true;
        });
        const messageIds = events.flatMap((event) => (event.type === "message" && event.message?.id ? [event.message.id] : []));
        const stored = await lineEventsRepo.storedMessages(tx.db, messageIds);
        const state: RequestState = { stored, ...(await customersOf(tx, events, stored)), messages: [] };
        for (const event of events) takeEvent(state, event);
        await write(tx, state);
      },
    }),

    /** The profile LINE gave: the shown name follows LINE's until staff type their own (kept then: LINE's goes to line_display_name only). */
    saveProfile: defineOperation({
      name: "line.profile",
      input: ownInput<{ userId: string; profile: LineProfile }>(),
      access: access.system,
      async run({ tx, input }) {
        const { userId, profile } = input;
        const current = await lineEventsRepo.customerByLineId(tx.db, userId);
        const following = !current || current.display_name === "" || current.display_name === current.line_display_name;
        await lineEventsRepo.updateCustomerByLineId(tx.db, userId, {
          ...(following ? { display_name: profile.displayName } : {}),
          line_display_name: profile.displayName,
          picture_url: profile.pictureUrl,
          status_message: profile.statusMessage,
          profile_refreshed_at: clock().toISOString(),
          updated_at: clock().toISOString(),
        });
      },
    }),

    /** A file a customer sent, stored: the message shows it, and the media library knows it is in use. */
    keepContent: defineOperation({
      name: "line.content",
      input: ownInput<{ messageId: number; url: string }>(),
      access: access.system,
      async run({ tx, input }) {
        await lineEventsRepo.setMedia(tx.db, input.messageId, { media_url: input.url });
      },
      effects: { files: ({ input }) => ({ owner: messageOwner(input.messageId), fields: { [referenceFieldOf(input.url)]: [input.url] } }) },
    }),

    /** A file we do not keep: the message says why, in words, instead of 下載中… for ever. */
    refuseContent: defineOperation({
      name: "line.content-refused",
      input: ownInput<{ messageId: number; reason: string }>(),
      access: access.system,
      async run({ tx, input }) {
        await lineEventsRepo.setMedia(tx.db, input.messageId, { media_error: input.reason });
      },
    }),
  };
}

export type LineEventsOperations = ReturnType<typeof createLineEventsOperations>;
