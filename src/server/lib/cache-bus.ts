// Tells every app instance which public data changed. On SQLite there is one
// process, so the local cache is all there is; on PostgreSQL each instance
// LISTENs on a channel and every write NOTIFYs it with the changed tags.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { CacheTag } from "./cache-tags.ts";
import type { Logger } from "./logger.ts";
import type { PublicCache } from "./public-cache.ts";

const CHANNEL = "public_cache_invalidate";
// A NOTIFY payload holds under 8000 bytes; a longer list is sent as "everything".
const MAX_PAYLOAD = 7000;

export interface CacheBus {
  /** Call after a write has committed, with the tags of the data it changed. */
  publish(tags: readonly CacheTag[]): Promise<void>;
  /** Everything changed (a restore replaced the site): every cached read and page, on every instance. */
  publishAll(): Promise<void>;
  close(): Promise<void>;
}

export function localCacheBus(cache: PublicCache): CacheBus {
  return {
    publish: async (tags) => cache.invalidateLocal(tags),
    publishAll: async () => cache.invalidateAllLocal(),
    close: async () => {},
  };
}

/** "<sender> <tags as JSON>", or "<sender> *" for everything. */
function payloadOf(sender: string, tags: readonly CacheTag[]): string {
  const list = JSON.stringify(tags);
  return `${sender} ${list.length > MAX_PAYLOAD ? "*" : list}`;
}

function read(payload: string): { sender: string; tags: CacheTag[] | "all" } {
  const space = payload.indexOf(" ");
  const sender = space < 0 ? "" : payload.slice(0, space);
  const body = space < 0 ? payload : payload.slice(space + 1);
  if (body === "*" || body === "") return { sender, tags: "all" };
  try {
    const parsed: unknown = JSON.parse(body);
    return { sender, tags: Array.isArray(parsed) && parsed.every((tag) => typeof tag === "string") ? (parsed as CacheTag[]) : "all" };
  } catch {
    return { sender, tags: "all" };
  }
}

export async function postgresCacheBus(pool: pg.Pool, cache: PublicCache, logger: Logger): Promise<CacheBus> {
  let client: pg.PoolClient | undefined;
  let closed = false;
  // This instance's own notices come back to its listener: they were applied when sent.
  const self = randomUUID();

  const apply = (payload: string) => {
    const { sender, tags } = read(payload);
    if (sender === self) return;
    if (tags === "all") cache.invalidateAllLocal();
    else cache.invalidateLocal(tags);
  };

  // Tried again with backoff until it works: a listener given up on would leave this instance serving stale pages for good.
  const reconnect = (delayMs: number) => {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      listen().catch((err: unknown) => {
        logger.error({ err }, "cache listener could not reconnect; trying again");
        reconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs).unref();
  };

  const listen = async () => {
    client = await pool.connect();
    client.on("notification", (message) => {
      if (message.channel === CHANNEL) apply(message.payload ?? "");
    });
    const listener = client;
    listener.on("error", (error) => {
      // Closing (or a test dropping its database) ends the connection on purpose.
      if (closed || client !== listener) return;
      logger.warn({ err: error }, "cache listener lost its connection; reconnecting");
      client = undefined;
      listener.release(true);
      // Anything could have changed while we were not listening.
      cache.invalidateAllLocal();
      reconnect(1000);
    });
    try {
      await listener.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      if (client === listener) client = undefined;
      listener.release(true);
      throw error;
    }
  };
  await listen();

  return {
    // Invalidated here first (read-your-own-write is immediate), then told to the others.
    publish: async (tags) => {
      cache.invalidateLocal(tags);
      await pool.query(`SELECT pg_notify($1, $2)`, [CHANNEL, payloadOf(self, tags)]);
    },
    publishAll: async () => {
      cache.invalidateAllLocal();
      await pool.query(`SELECT pg_notify($1, $2)`, [CHANNEL, `${self} *`]);
    },
    close: async () => {
      closed = true;
      const listener = client;
      client = undefined;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        listener.release();
      }
    },
  };
}
