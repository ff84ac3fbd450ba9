import type { Selectable } from "kysely";
import type { Db } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { JobsTable } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  payload: string;
  runAt: string;
  maxAttempts: number;
  key: string | null;
  now: string;
}

export const jobsRepo = {
  /** A keyed job replaces the one pending under its key (payload, time, attempts start over). */
  insert: async (db: Db, job: NewJob): Promise<number> => {
    const values = {
      kind: job.kind,
      payload: job.payload,
      run_at: job.runAt,
      attempts: 0,
      max_attempts: job.maxAttempts,
      last_error: "",
      locked_until: null,
      // A replaced job is no longer the one a runner may hold: that runner's ending leaves it alone.
      lease_token: null,
      failed_at: null,
      dedupe_key: job.key,
      created_at: job.now,
      updated_at: job.now,
    };
    const query = db.insertInto("jobs").values(values);
    const { id } = await (job.key === null
      ? query
      : query.onConflict((oc) => {
          const { dedupe_key: _key, created_at: _created, ...replaced } = values;
          return oc.column("dedupe_key").doUpdateSet(replaced);
        })
    )
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  },

  /**
   * Takes the next due job and leases it until `leaseUntil` under `leaseToken` (new for every
   * claim), counting the attempt. One statement: on SQLite it is atomic; on PostgreSQL SKIP LOCKED
   * lets several instances claim side by side without ever taking the same row.
   */
  claimNext: async (db: Db, flavour: SqlFlavour, now: string, leaseUntil: string, leaseToken: string): Promise<JobRow | undefined> => {
    let next = db
      .selectFrom("jobs")
      .select("id")
      .where("failed_at", "is", null)
      .where("run_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
      .orderBy("run_at")
      .orderBy("id")
      .limit(1);
    if (flavour === "postgres") next = next.forUpdate().skipLocked();
    return db
      .updateTable("jobs")
      .set((eb) => ({ locked_until: leaseUntil, lease_token: leaseToken, attempts: eb("attempts", "+", 1), updated_at: now }))
      .where("id", "=", next)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * complete, fail and release act only while the claim `leaseToken` still holds the job, and say
   * whether it did (1) or not (0): a lease that expired or was handed back may be another runner's
   * now, and a keyed enqueue may have replaced the job; a late ending then changes nothing.
   */
  complete: async (db: Db, id: number, leaseToken: string) =>
    Number((await db.deleteFrom("jobs").where("id", "=", id).where("lease_token", "=", leaseToken).executeTakeFirst()).numDeletedRows),

  /** A claimed job back in the queue, due at once for any runner, its attempt not counted (the runner is stopping, the job did not fail). */
  release: async (db: Db, id: number, leaseToken: string, now: string) =>
    Number(
      (
        await db
          .updateTable("jobs")
          .set((eb) => ({ locked_until: null, lease_token: null, attempts: eb("attempts", "-", 1), updated_at: now }))
          .where("id", "=", id)
          .where("lease_token", "=", leaseToken)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  /** Jobs whose time has come and that no runner holds: how far the runners are behind. */
  countDue: (db: Db, now: string) =>
    countRows(
      db
        .selectFrom("jobs")
        .where("failed_at", "is", null)
        .where("run_at", "<=", now)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)])),
    ),

  /** Back in the queue at `retryAt`, or kept as failed (`retryAt` null) once every attempt is spent. */
  fail: async (db: Db, id: number, leaseToken: string, error: string, now: string, retryAt: string | null) => {
    const released = { last_error: error, locked_until: null, lease_token: null, updated_at: now };
    return Number(
      (
        await db
          .updateTable("jobs")
          .set(retryAt === null ? { ...released, failed_at: now } : { ...released, run_at: retryAt })
          .where("id", "=", id)
          .where("lease_token", "=", leaseToken)
          .executeTakeFirst()
      ).numUpdatedRows,
    );
  },

  countFailed: (db: Db) => countRows(db.selectFrom("jobs").where("failed_at", "is not", null)),

  /** Failed jobs of the given kinds, newest failure first. */
  listFailed: (db: Db, kinds: readonly string[]) =>
    db.selectFrom("jobs").selectAll().where("failed_at", "is not", null).where("kind", "in", [...kinds]).orderBy("failed_at", "desc").orderBy("id", "desc").limit(100).execute(),

  /** Jobs of the given kinds that failed at least once and are not done: still retrying, or given up. Latest failure first. */
  listFailing: (db: Db, kinds: readonly string[]) =>
    db.selectFrom("jobs").selectAll().where("last_error", "<>", "").where("kind", "in", [...kinds]).orderBy("updated_at", "desc").orderBy("id", "desc").limit(100).execute(),

  countFailing: (db: Db, kinds: readonly string[]) => countRows(db.selectFrom("jobs").where("last_error", "<>", "").where("kind", "in", [...kinds])),

  /** A job still retrying, waiting for its backoff, made due now (its attempts and their limit unchanged); not one a runner holds. */
  hurryRetrying: async (db: Db, id: number, kinds: readonly string[], now: string) =>
    Number(
      (
        await db
          .updateTable("jobs")
          .set({ run_at: now, updated_at: now })
          .where("id", "=", id)
          .where("failed_at", "is", null)
          .where("last_error", "<>", "")
          .where("kind", "in", [...kinds])
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  /** A failed job back in the queue, due now, for one more attempt: if it fails again it is listed as failed again at once, not after hours of backoff. */
  requeueFailed: async (db: Db, id: number, kinds: readonly string[], now: string) =>
    Number(
      (
        await db
          .updateTable("jobs")
          .set({ failed_at: null, attempts: 0, max_attempts: 1, run_at: now, locked_until: null, updated_at: now })
          .where("id", "=", id)
          .where("failed_at", "is not", null)
          .where("kind", "in", [...kinds])
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  discardFailed: async (db: Db, id: number, kinds: readonly string[]) =>
    Number((await db.deleteFrom("jobs").where("id", "=", id).where("failed_at", "is not", null).where("kind", "in", [...kinds]).executeTakeFirst()).numDeletedRows),
};
