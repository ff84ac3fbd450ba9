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
      if (!closed) setTimeout(() => void listen().catch((err) => logger.error({ err }, "cache listener reconnect failed")), 1000);
    });
    await client.query(`LISTEN ${CHANNEL}`);
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
