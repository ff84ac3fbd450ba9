// What LINE tells us through the webhook, stored (002 §2.5, §3, §4): follows,
// unfollows and messages of users. Each request's events are stored in one
// transaction, in the request's order and with LINE's own timestamps (a
// conversation reads in the order things were said whatever the delivery
// order); an event already taken (a redelivery) is skipped by its
// webhookEventId. The slow parts are jobs enqueued in that transaction: the
// user's profile, and the pictures and files they sent (LINE keeps content for
// a limited time only, so they are fetched at once into our storage, by
// line-events.jobs.ts, whose results are stored here too).
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

  async function customerFor(tx: OperationTx, userId: string, at: string): Promise<number> {
    const existing = await lineEventsRepo.customerByLineId(tx.db, userId);
    const stale = !existing?.profile_refreshed_at || clock().getTime() - Date.parse(existing.profile_refreshed_at) > PROFILE_REFRESH_MS;
    // One pending profile read per user, however many messages arrive meanwhile.
    if (stale) await tx.enqueue(FETCH_PROFILE, { user_id: userId }, { key: `line-profile:${userId}` });
    if (existing) return existing.id;
    const now = clock().toISOString();
    return lineEventsRepo.insertCustomer(tx.db, { line_user_id: userId, last_interaction: at, created_at: now, updated_at: now });
  }

  async function takeEvent(tx: OperationTx, event: LineWebhookEvent): Promise<void> {
    const userId = event.source?.type === "user" ? event.source.userId : undefined;
    if (!userId) return;
    const at = new Date(Number.isFinite(event.timestamp) ? Number(event.timestamp) : clock().getTime()).toISOString();
    const now = clock().toISOString();
    const replyToken = event.replyToken
      ? { reply_token: event.replyToken, reply_token_expires_at: new Date(Date.parse(at) + REPLY_TOKEN_LIFETIME_MS).toISOString() }
      : {};

    if (event.type === "follow") {
      const id = await customerFor(tx, userId, at);
      await lineEventsRepo.updateCustomer(tx.db, id, { is_following: 1, updated_at: now, ...replyToken });
      return;
    }
    if (event.type === "unfollow") {
      await lineEventsRepo.updateCustomerByLineId(tx.db, userId, { is_following: 0, reply_token: "", reply_token_expires_at: null, updated_at: now });
      return;
    }
    if (event.type !== "message" || !event.message?.id) return;
    const stored = storedMessageOf(event.message);
    if (!stored || (await lineEventsRepo.hasMessage(tx.db, event.message.id))) return;
    const customerId = await customerFor(tx, userId, at);
    const messageId = await lineEventsRepo.insertMessage(tx.db, {
      customer_id: customerId,
      line_message_id: event.message.id,
      message_type: stored.message_type,
      message_content: stored.message_content,
      media_url: stored.media_url,
      file_name: stored.file_name,
      direction: "incoming",
      is_read: 0,
      created_at: at,
    });
    const customer = await lineEventsRepo.customerByLineId(tx.db, userId);
    // A late redelivery of an older message does not take the list's place of a newer one.
    const newest = !customer?.last_interaction || customer.last_interaction <= at;
    await lineEventsRepo.updateCustomer(tx.db, customerId, {
      is_following: 1,
      updated_at: now,
      ...(newest ? { last_interaction: at, last_message: [...stored.summary].slice(0, LAST_MESSAGE_LENGTH).join(""), ...replyToken } : {}),
    });
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
    /** A signed webhook request's events (in its order), in one transaction; redeliveries are skipped. */
    receive: defineOperation({
      name: "line.receive",
      input: ownInput<readonly LineWebhookEvent[]>(),
      access: access.system,
      async run({ tx, input }) {
        const now = clock().toISOString();
        for (const event of input) {
          if (event.webhookEventId && !(await lineEventsRepo.takeEvent(tx.db, event.webhookEventId, now))) continue;
          await takeEvent(tx, event);
        }
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
