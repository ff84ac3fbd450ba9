// What LINE tells us through the webhook, stored (002 §2.5, §3, §4): follows,
// unfollows and messages of users. Each request's events are stored in one
// transaction, in the request's order and with LINE's own timestamps (a
// conversation reads in the order things were said whatever the delivery
// order); an event already taken (a redelivery) is skipped by its
// webhookEventId. The slow parts are jobs enqueued in that transaction: the
// user's profile, and the pictures and files they sent (LINE keeps content for
// a limited time only, so they are fetched at once into our storage, by
// line-events.jobs.ts, whose results are stored here too).
import type { Updateable } from "kysely";
import type { LineCustomersTable } from "#server/db/schema.ts";
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

  /** A customer as one request sees it: its row's id, its last interaction, and the change its messages make (written once, at the end). */
  interface CustomerInRequest {
    id: number;
    lastInteraction: string | null;
    change?: Updateable<LineCustomersTable>;
  }
  interface RequestState {
    /** LINE message ids stored already (before or by this request): a redelivered message is stored once. */
    stored: Set<string>;
    customers: Map<string, CustomerInRequest>;
  }

  async function customerFor(tx: OperationTx, state: RequestState, userId: string, at: string): Promise<CustomerInRequest> {
    const known = state.customers.get(userId);
    if (known) return known;
    const existing = await lineEventsRepo.customerByLineId(tx.db, userId);
    const stale = !existing?.profile_refreshed_at || clock().getTime() - Date.parse(existing.profile_refreshed_at) > PROFILE_REFRESH_MS;
    // One pending profile read per user, however many messages arrive meanwhile.
    if (stale) await tx.enqueue(FETCH_PROFILE, { user_id: userId }, { key: `line-profile:${userId}` });
    let customer: CustomerInRequest;
    if (existing) {
      customer = { id: existing.id, lastInteraction: existing.last_interaction };
    } else {
      const now = clock().toISOString();
      customer = { id: await lineEventsRepo.insertCustomer(tx.db, { line_user_id: userId, last_interaction: at, created_at: now, updated_at: now }), lastInteraction: at };
    }
    state.customers.set(userId, customer);
    return customer;
  }

  /** Writes what the request's messages changed of a customer so far (before a follow or unfollow changes it too, and at the end). */
  async function flush(tx: OperationTx, customer: CustomerInRequest | undefined): Promise<void> {
    if (!customer?.change) return;
    await lineEventsRepo.updateCustomer(tx.db, customer.id, customer.change);
    customer.change = undefined;
  }

  async function takeEvent(tx: OperationTx, state: RequestState, event: LineWebhookEvent): Promise<void> {
    const userId = event.source?.type === "user" ? event.source.userId : undefined;
    if (!userId) return;
    const at = new Date(Number.isFinite(event.timestamp) ? Number(event.timestamp) : clock().getTime()).toISOString();
    const now = clock().toISOString();
    const replyToken = event.replyToken
      ? { reply_token: event.replyToken, reply_token_expires_at: new Date(Date.parse(at) + REPLY_TOKEN_LIFETIME_MS).toISOString() }
      : {};

    if (event.type === "follow") {
      const customer = await customerFor(tx, state, userId, at);
      await flush(tx, customer);
      await lineEventsRepo.updateCustomer(tx.db, customer.id, { is_following: 1, updated_at: now, ...replyToken });
      return;
    }
    if (event.type === "unfollow") {
      await flush(tx, state.customers.get(userId));
      await lineEventsRepo.updateCustomerByLineId(tx.db, userId, { is_following: 0, reply_token: "", reply_token_expires_at: null, updated_at: now });
      return;
    }
    if (event.type !== "message" || !event.message?.id) return;
    const stored = storedMessageOf(event.message);
    if (!stored || state.stored.has(event.message.id)) return;
    const customer = await customerFor(tx, state, userId, at);
    const messageId = await lineEventsRepo.insertMessage(tx.db, {
      customer_id: customer.id,
      line_message_id: event.message.id,
      message_type: stored.message_type,
      message_content: stored.message_content,
      media_url: stored.media_url,
      file_name: stored.file_name,
      direction: "incoming",
      is_read: 0,
      created_at: at,
    });
    state.stored.add(event.message.id);
    // A late redelivery of an older message does not take the list's place of a newer one.
    const newest = !customer.lastInteraction || customer.lastInteraction <= at;
    if (newest) customer.lastInteraction = at;
    customer.change = {
      ...customer.change,
      is_following: 1,
      updated_at: now,
      ...(newest ? { last_interaction: at, last_message: [...stored.summary].slice(0, LAST_MESSAGE_LENGTH).join(""), ...replyToken } : {}),
    };
    if (stored.download) {
      const fileSize = Number(event.message.fileSize);
      await tx.enqueue(
        DOWNLOAD_CONTENT,
        { message_id: messageId, line_message_id: event.message.id, file_name: stored.file_name, ...(Number.isFinite(fileSize) && fileSize > 0 ? { file_size: fileSize } : {}) },
        { maxAttempts: DOWNLOAD_ATTEMPTS, key: downloadKeyOf(messageId) },
      );
    }
  }

  return {
    /**
     * A signed webhook request's events (in its order), in one transaction; redeliveries are
     * skipped. A request of many messages asks the database a few questions for all of them
     * (which events and messages it has, each customer once) and writes each customer's row
     * once: LINE sends bursts, and the webhook must keep up with them.
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
        const state: RequestState = { stored: await lineEventsRepo.storedMessages(tx.db, messageIds), customers: new Map() };
        for (const event of events) await takeEvent(tx, state, event);
        for (const customer of state.customers.values()) await flush(tx, customer);
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
