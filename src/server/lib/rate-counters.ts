// Counters shared by every instance (the `rate_counters` table, migration 007):
// one statement bumps a counter and answers its new value, in the caller's
// transaction. On PostgreSQL the upsert locks the row until COMMIT, so
// concurrent writers queue on it and each sees the count the others
// committed; on SQLite a write transaction is alone anyway. A write that is
// refused after its bump rolls the bump back with it: only what was kept is
// counted.
import type { Db, ReadDb } from "#server/db/database.ts";

export const rateCounters = {
  /** Adds `by` (default 1) to the counter `key` and answers its new value; a new counter lives until `expiresAt`. */
  async bump(db: Db, key: string, expiresAt: Date, by = 1): Promise<number> {
    const row = await db
      .insertInto("rate_counters")
      .values({ key, count: by, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ count: eb("rate_counters.count", "+", by) })))
      .returning("count")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * Counts one more hit in the window that the counter's first hit opened (a window that has
   * passed starts over with this hit), in one statement: answers the count and when the window ends.
   */
  async hit(db: Db, key: string, now: Date, windowMs: number): Promise<{ count: number; endsAt: Date }> {
    const at = now.toISOString();
    const row = await db
      .insertInto("rate_counters")
      .values({ key, count: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          const passed = eb("rate_counters.expires_at", "<=", at);
          return {
            count: eb.case().when(passed).then(1).else(eb("rate_counters.count", "+", 1)).end(),
            expires_at: eb.case().when(passed).then(eb.ref("excluded.expires_at")).else(eb.ref("rate_counters.expires_at")).end(),
          };
        }),
      )
      .returning(["count", "expires_at"])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), endsAt: new Date(row.expires_at) };
  },

  /** The counter's value, 0 when it does not exist. */
  async read(db: ReadDb, key: string): Promise<number> {
    const row = await db.selectFrom("rate_counters").select("count").where("key", "=", key).executeTakeFirst();
    return Number(row?.count ?? 0);
  },

  /**
   * Takes what a counter holds (answers it and lowers the counter by as much), in the
   * caller's transaction. The first statement locks the row on PostgreSQL, so two takers
   * never take the same units; bumps made meanwhile wait and are kept for the next taker.
   */
  async take(db: Db, key: string): Promise<number> {
    const row = await db.updateTable("rate_counters").set((eb) => ({ count: eb("count", "+", 0) })).where("key", "=", key).returning("count").executeTakeFirst();
    const taken = Number(row?.count ?? 0);
    if (taken > 0) await db.updateTable("rate_counters").set((eb) => ({ count: eb("count", "-", taken) })).where("key", "=", key).execute();
    return taken;
  },

  /** Forgets counters whose time has passed. */
  sweep: async (db: Db, now: Date) => Number((await db.deleteFrom("rate_counters").where("expires_at", "<", now.toISOString()).executeTakeFirst()).numDeletedRows),
};
