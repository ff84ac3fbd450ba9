// The backups' writes (issue 26): a backup run taken (立即備份 or the schedule),
// kept alive while it works, and ended with its archive or the reason it
// failed; older archives pruned to the last N; one archive deleted; the
// schedule planned; a restore's run taken and ended; a wrong restore password
// counted; a download link used. The archive itself is made, and a restore
// done, outside any transaction (backup-schedule.ts, restore-run.ts): a run is
// only its record.
//
// One backup or restore at a time, across instances: the run's record takes
// the one `running_slot` (a unique index). A run whose heartbeat stopped (its
// process died) is marked failed by the next one that wants the slot.
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { BACKUP_MESSAGES, BACKUP_FREQUENCIES, RESTORE_FAILURES, type BackupFrequency } from "#contract/backups.ts";
import type { Settings } from "#contract/settings.ts";
import type { Db } from "#server/db/database.ts";
import { isUniqueViolation } from "#server/lib/database-errors.ts";
import { conflict, notFound, unauthorized } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import { retryOnUniqueViolation } from "#server/lib/unique-retry.ts";
import { access, defineOperation, ownInput, type Actor, type OperationTx } from "#server/lib/operations.ts";
import { readSettings } from "#server/modules/settings/settings.service.ts";
import { BACKUP_FILE_NAME } from "./archive-format.ts";
import { BACKUP_RUN, BACKUP_SCHEDULE, isStale, LOOK_AGAIN_MS, nextBackupAt } from "./backup-schedule.ts";
import { backupsRepo, type BackupRunRow } from "./backups.repo.ts";
import type { CheckedTicket } from "./download-ticket.ts";

export const frequencyOf = (settings: Pick<Settings, "backup_frequency">): BackupFrequency =>
  (BACKUP_FREQUENCIES as readonly string[]).includes(settings.backup_frequency) ? (settings.backup_frequency as BackupFrequency) : "daily";

export function keepOf(settings: Pick<Settings, "backup_keep">): number {
  const keep = Number(settings.backup_keep);
  return Number.isInteger(keep) && keep >= 1 ? Math.min(keep, 100) : 7;
}

/** How a run ended, as the job (or the restore) reports it. */
export type RunOutcome = { runId: number } & ({ ok: true; fileName: string; size: number } | { ok: false; error: string });

/** The product's own work, or an administrator's save that changes the schedule. */
const staffOrSystem = (actor: Actor) => actor.kind !== "visitor";

export interface BackupsOperationsDeps {
  /** BACKUP_DIR: the archives pruned or deleted are removed from here. */
  backupDir: string;
  logger: Logger;
  clock?: () => Date;
}

/** The archive a delete names: one of our records, or a file `npm run backup` left. */
export interface ArchiveTarget {
  fileName: string;
  run: BackupRunRow | undefined;
}

export function createBackupsOperations(deps: BackupsOperationsDeps) {
  const { backupDir, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Removes archive files once the records that named them are gone for good. */
  function removeFilesAfterCommit(tx: OperationTx, names: readonly string[]) {
    if (names.length === 0) return;
    tx.afterCommit(async () => {
      for (const name of names) {
        if (!BACKUP_FILE_NAME.test(name)) continue;
        await rm(path.join(backupDir, name), { force: true }).catch((error: unknown) => logger.warn({ err: error, name }, "an old backup archive could not be removed"));
      }
    });
  }

  /** The schedule's next job, from the latest scheduled backup and the current setting (or at `at`); none when backups are off. */
  async function plan(tx: OperationTx, at?: Date): Promise<Date | null> {
    const now = clock();
    const runAt = at ?? nextBackupAt(frequencyOf(await readSettings(tx.db)), await backupsRepo.lastScheduledAt(tx.db), now);
    const key = runAt ? `${BACKUP_SCHEDULE}:${runAt.toISOString()}` : null;
    await backupsRepo.dropPlans(tx.db, BACKUP_SCHEDULE, key, now.toISOString());
    if (runAt && key) await tx.enqueue(BACKUP_SCHEDULE, null, { runAt, key });
    return runAt;
  }

  /**
   * A new run in the one slot: its id, or what holds the slot alive (a backup or a restore; a
   * restore that took it between our read and our insert counts as one). A dead run is marked failed first.
   */
  async function takeSlot(db: Db, trigger: BackupRunRow["trigger"]): Promise<{ id: number } | { busy: BackupRunRow["trigger"] }> {
    const now = clock();
    const current = await backupsRepo.running(db);
    if (current) {
      if (!isStale(current, now)) return { busy: current.trigger };
      await backupsRepo.finish(db, current.id, { status: "failed", now: now.toISOString(), error: interruptedWords(current.trigger) });
    }
    try {
      // In a savepoint: on PostgreSQL a refused insert would otherwise spoil the whole transaction.
      return { id: await retryOnUniqueViolation(db, () => backupsRepo.insertRunning(db, trigger, now.toISOString()), 1) };
    } catch (error) {
      // Another instance took the slot between the read and the insert.
      if (isUniqueViolation(error)) return { busy: "manual" };
      throw error;
    }
  }

  return {
    /** 立即備份: the run's record now (the screen shows 備份中…), its archive by a job. */
    start: defineOperation({
      name: "backups.start",
      access: access.administrators,
      run: async ({ tx }) => {
        const slot = await takeSlot(tx.db, "manual");
        if ("busy" in slot) throw conflict(slot.busy === "restore" ? BACKUP_MESSAGES.restoreRunning : BACKUP_MESSAGES.alreadyRunning);
        await tx.enqueue(BACKUP_RUN, { run_id: slot.id });
        return { id: slot.id };
      },
      effects: { activity: ({ result }) => ({ entityType: "backup", entityId: result.id, summary: "開始立即備份" }) },
    }),

    /** The schedule's job: a run and its job, unless backups are off or one is running (whose end plans the next). */
    startScheduled: defineOperation({
      name: "backups.start-scheduled",
      access: access.system,
      run: async ({ tx }): Promise<number | null> => {
        if (frequencyOf(await readSettings(tx.db)) === "never") {
          await plan(tx);
          return null;
        }
        const slot = await takeSlot(tx.db, "schedule");
        // A backup or a restore is running: its end plans the next. Should its process die instead
        // (a restart mid-way), the schedule looks again once that run counts as stopped.
        if ("busy" in slot) {
          await plan(tx, new Date(clock().getTime() + LOOK_AGAIN_MS));
          return null;
        }
        // The archive by the run's own job, as 立即備份's: handed back at a shutdown, that job carries
        // the same run on to the runner that takes it.
        await tx.enqueue(BACKUP_RUN, { run_id: slot.id });
        return slot.id;
      },
    }),

    /**
     * A restore from an uploaded archive begins (the archive received, the password checked): its run
     * takes the slot for the restore's whole length, so no backup and no second restore starts meanwhile
     * (409, in words); its progress ticket (a hash) is kept where every instance reads it and a restore
     * leaves it alone.
     */
    startRestore: defineOperation({
      name: "backups.restore-start",
      input: ownInput<{ fileName: string; ticketHash: string; watchUntil: Date }>(),
      access: access.administrators,
      run: async ({ tx, input }) => {
        const slot = await takeSlot(tx.db, "restore");
        if ("busy" in slot) throw conflict(slot.busy === "restore" ? BACKUP_MESSAGES.restoreRunning : BACKUP_MESSAGES.busyRestoring);
        await rateCounters.bump(tx.db, restoreWatchKey(slot.id, input.ticketHash), input.watchUntil);
        return { id: slot.id };
      },
      effects: { activity: ({ input, result }) => ({ entityType: "backup", entityId: result.id, summary: `開始從備份檔「${input.fileName}」還原網站` }) },
    }),

    /** A wrong password given to restore, counted for this administrator in a window every instance shares; answers the count and when the window ends. */
    restorePasswordFailed: defineOperation({
      name: "backups.restore-password-failed",
      input: ownInput<{ key: string; windowMs: number }>(),
      access: access.administrators,
      run: async ({ tx, input }) => rateCounters.hit(tx.db, input.key, clock(), input.windowMs),
    }),

    /** A running backup or restore is alive. */
    beat: defineOperation({
      name: "backups.beat",
      input: ownInput<{ runId: number }>(),
      access: access.system,
      run: async ({ tx, input }) => void (await backupsRepo.beat(tx.db, input.runId, clock().toISOString())),
    }),

    /**
     * A run's end: its archive or its reason recorded, the slot freed; after a success the
     * archives past the newest N (backup_keep) deleted with their records, never the one
     * just made; the next scheduled backup planned from this one.
     */
    finish: defineOperation({
      name: "backups.finish",
      input: ownInput<RunOutcome>(),
      access: access.system,
      run: async ({ tx, input }) => {
        const now = clock().toISOString();
        const ended = input.ok
          ? await backupsRepo.finish(tx.db, input.runId, { status: "succeeded", now, fileName: input.fileName, size: input.size })
          : await backupsRepo.finish(tx.db, input.runId, { status: "failed", now, error: input.error });
        if (ended && input.ok) {
          // The oldest archive kept, then those past it (the one just made is never among them, whatever the clocks said).
          const [oldestKept, ...past] = await backupsRepo.succeededBeyond(tx.db, keepOf(await readSettings(tx.db)) - 1);
          const beyond = past.filter((run) => run.id !== input.runId);
          if (oldestKept) {
            await backupsRepo.deleteById(tx.db, beyond.map((run) => run.id));
            // The failures from before it go too: the history reaches back as far as the archives kept.
            await backupsRepo.deleteFinishedBefore(tx.db, oldestKept.started_at, input.runId);
            removeFilesAfterCommit(tx, beyond.map((run) => run.file_name));
          }
        }
        await plan(tx);
        return { ended };
      },
    }),

    /** 刪除: one archive, ours (record and file) or one `npm run backup` left (the file). */
    remove: defineOperation({
      name: "backups.delete",
      load: async (db: Db, name: unknown): Promise<ArchiveTarget> => {
        const fileName = typeof name === "string" && BACKUP_FILE_NAME.test(name) ? name : null;
        if (!fileName) throw notFound(BACKUP_MESSAGES.notFound);
        const run = await backupsRepo.findByFileName(db, fileName);
        const onDisk = await stat(path.join(backupDir, fileName)).then((info) => info.isFile(), () => false);
        if (!run && !onDisk) throw notFound(BACKUP_MESSAGES.notFound);
        return { fileName, run };
      },
      access: access.administrators,
      run: async ({ tx, record }) => {
        if (record.run) await backupsRepo.deleteById(tx.db, [record.run.id]);
        removeFilesAfterCommit(tx, [record.fileName]);
      },
      effects: { activity: ({ record }) => ({ entityType: "backup", entityId: record.fileName, summary: `刪除備份檔「${record.fileName}」` }) },
    }),

    /**
     * A download link followed (its ticket checked by the service): its signature counted where
     * every instance sees it, so that a second use, here or on another instance, is refused. The
     * counter lives as long as the ticket; a refused use rolls its count back with it.
     */
    spendDownloadTicket: defineOperation({
      name: "backups.download-ticket",
      input: ownInput<CheckedTicket>(),
      access: access.system,
      run: async ({ tx, input }) => {
        if ((await rateCounters.bump(tx.db, `backup-download:${input.mac}`, input.expiresAt)) > 1) throw unauthorized(BACKUP_MESSAGES.linkExpired);
      },
    }),

    /** The schedule re-planned: a new backup_frequency saved, start-up, after a restore. */
    replan: defineOperation({
      name: "backups.plan",
      access: staffOrSystem,
      run: async ({ tx }) => plan(tx),
    }),

    /**
     * A restore that succeeded: its run ended (the records of backups and restores describe this
     * server's backup folder, not the site, and the restore never touched them); the archive's backup
     * jobs dropped, and the schedule planned for the restored settings. The activity log (now the
     * archive's) says what happened, under the administrator who restored when the archive has them.
     */
    restored: defineOperation({
      name: "backups.restored",
      input: ownInput<{ runId: number; fileName: string; files: number; adminId: number | null }>(),
      access: access.system,
      run: async ({ tx, input }) => {
        await backupsRepo.finish(tx.db, input.runId, { status: "succeeded", now: clock().toISOString() });
        await backupsRepo.dropJobs(tx.db, [BACKUP_RUN, BACKUP_SCHEDULE]);
        await plan(tx);
      },
      effects: {
        activity: ({ input }) => ({ entityType: "backup", ...(input.adminId === null ? {} : { adminId: input.adminId }), summary: `從備份檔「${input.fileName}」還原網站（網站內容與 ${input.files} 個檔案）` }),
      },
    }),
  };
}

/** Where a restore's progress ticket is kept, as a hash, with the run it is for. */
export const restoreWatchKey = (runId: number, ticketHash: string) => `restore-watch:${runId}:${ticketHash}`;

/** Why a run that stopped beating ended, in words: a restore cannot say what it had done. */
export const interruptedWords = (trigger: BackupRunRow["trigger"]) => (trigger === "restore" ? RESTORE_FAILURES.interrupted : BACKUP_MESSAGES.interrupted);

export type BackupsOperations = ReturnType<typeof createBackupsOperations>;
