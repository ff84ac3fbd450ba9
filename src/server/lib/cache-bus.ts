// Tells every app instance that public data changed. On SQLite there is one
// process, so the local cache is all there is; on PostgreSQL each instance
// LISTENs on a channel and every write NOTIFYs it.
import type pg from "pg";
import type { Logger } from "./logger.ts";
import type { PublicCache } from "./public-cache.ts";

const CHANNEL = "public_cache_invalidate";

export interface CacheBus {
  /** Call after a write that affects public reads. */
  publish(): Promise<void>;
  close(): Promise<void>;
}

export function localCacheBus(cache: PublicCache): CacheBus {
  return {
    publish: async () => cache.clearLocal(),
    close: async () => {},
  };
}

export async function postgresCacheBus(pool: pg.Pool, cache: PublicCache, logger: Logger): Promise<CacheBus> {
  let client: pg.PoolClient | undefined;
  let closed = false;

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
      if (message.channel === CHANNEL) cache.clearLocal();
    });
    const listener = client;
    listener.on("error", (error) => {
      // Closing (or a test dropping its database) ends the connection on purpose.
      if (closed || client !== listener) return;
      logger.warn({ err: error }, "cache listener lost its connection; reconnecting");
      client = undefined;
      listener.release(true);
      // Anything could have changed while we were not listening.
      cache.clearLocal();
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
    // The NOTIFY also reaches this instance's own listener; clearing locally
    // first keeps read-your-own-write immediate.
    publish: async () => {
      cache.clearLocal();
      await pool.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
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
