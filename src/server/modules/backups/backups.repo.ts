import type { Selectable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { BackupRunsTable } from "#server/db/schema.ts";

export type BackupRunRow = Selectable<BackupRunsTable>;

/** How many records the screen lists; keep-N (at most 100) and the failures between them fit. */
const LISTED = 200;

export const backupsRepo = {
  /** Takes the one running slot: a unique violation means another backup or a restore runs now. */
  insertRunning: async (db: Db, trigger: BackupRunRow["trigger"], now: string): Promise<number> => {
    const { id } = await db
      .insertInto("backup_runs")
      .values({ trigger, status: "running", running_slot: 1, started_at: now, heartbeat_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  },

  find: (db: ReadDb, id: number) => db.selectFrom("backup_runs").selectAll().where("id", "=", id).executeTakeFirst(),

  findByFileName: (db: ReadDb, fileName: string) =>
    db.selectFrom("backup_runs").selectAll().where("file_name", "=", fileName).where("status", "=", "succeeded").executeTakeFirst(),

  running: (db: ReadDb) => db.selectFrom("backup_runs").selectAll().where("running_slot", "=", 1).executeTakeFirst(),

  list: (db: ReadDb) => db.selectFrom("backup_runs").selectAll().orderBy("started_at", "desc").orderBy("id", "desc").limit(LISTED).execute(),

  /** The latest backup that ended (restores are not backups). */
  lastFinished: (db: ReadDb) =>
    db
      .selectFrom("backup_runs")
      .selectAll()
      .where("status", "<>", "running")
      .where("trigger", "<>", "restore")
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),

  /** When the latest scheduled backup (of any outcome) started: the schedule counts from it, not from one asked for by hand. */
  lastScheduledAt: async (db: ReadDb): Promise<string | null> =>
    (await db.selectFrom("backup_runs").select("started_at").where("trigger", "=", "schedule").orderBy("started_at", "desc").limit(1).executeTakeFirst())?.started_at ?? null,

  beat: (db: Db, id: number, now: string) => db.updateTable("backup_runs").set({ heartbeat_at: now }).where("id", "=", id).where("status", "=", "running").execute(),

  /** Ends a running backup (and frees the slot); false when it was not running any more. */
  finish: async (db: Db, id: number, end: { status: "succeeded" | "failed"; now: string; fileName?: string; size?: number; error?: string }): Promise<boolean> => {
    const result = await db
      .updateTable("backup_runs")
      .set({ status: end.status, running_slot: null, finished_at: end.now, file_name: end.fileName ?? "", size: end.size ?? 0, error: end.error ?? "" })
      .where("id", "=", id)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The successful backups (their archives) past the newest `skip`, newest first. */
  succeededBeyond: (db: ReadDb, skip: number) =>
    db
      .selectFrom("backup_runs")
      .selectAll()
      .where("status", "=", "succeeded")
      .where("trigger", "<>", "restore")
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(10_000)
      .offset(skip)
      .execute(),

  /** Finished records (failures included) older than a given start: the history goes back as far as the archives kept. */
  deleteFinishedBefore: (db: Db, startedAt: string, sparing: number) =>
    db.deleteFrom("backup_runs").where("status", "<>", "running").where("started_at", "<", startedAt).where("id", "<>", sparing).execute(),

  deleteById: (db: Db, ids: readonly number[]) => (ids.length === 0 ? Promise.resolve() : db.deleteFrom("backup_runs").where("id", "in", [...ids]).execute()),

  /** Every job of these kinds, pending or held. */
  dropJobs: (db: Db, kinds: readonly string[]) => db.deleteFrom("jobs").where("kind", "in", [...kinds]).execute(),

  /**
   * The schedule's pending jobs other than the one keyed `keep`, removed. Done here, not by
   * re-enqueueing under one fixed key: that would overwrite the schedule job that is running
   * right now (it plans its successor before the queue deletes it as done). A job a runner
   * holds is left alone.
   */
  dropPlans: (db: Db, kind: string, keep: string | null, now: string) => {
    let query = db
      .deleteFrom("jobs")
      .where("kind", "=", kind)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]));
    if (keep !== null) query = query.where((eb) => eb.or([eb("dedupe_key", "is", null), eb("dedupe_key", "<>", keep)]));
    return query.execute();
  },

  /** A shared counter's count and end, while its window lasts. */
  counter: (db: ReadDb, key: string, now: string) =>
    db.selectFrom("rate_counters").select(["count", "expires_at"]).where("key", "=", key).where("expires_at", ">", now).executeTakeFirst(),

  /** Whether a restore's progress ticket (its hash, kept in the shared counters a restore leaves alone) is alive. */
  watchable: async (db: ReadDb, key: string, now: string): Promise<boolean> =>
    (await db.selectFrom("rate_counters").select("key").where("key", "=", key).where("expires_at", ">", now).executeTakeFirst()) !== undefined,

  /** When the schedule's next job is due; null when none is planned. */
  plannedAt: async (db: ReadDb, kind: string): Promise<string | null> =>
    (await db.selectFrom("jobs").select("run_at").where("kind", "=", kind).where("failed_at", "is", null).orderBy("run_at", "desc").limit(1).executeTakeFirst())?.run_at ?? null,
};
