// When backups run and the jobs that make them (issue 26). The backup_frequency
// setting plans one job (BACKUP_SCHEDULE) at the last backup's start plus a
// day, a week or a month; 立即備份 enqueues BACKUP_RUN for the run it recorded.
// Either job makes the archive outside any transaction, beating the run's
// heartbeat meanwhile, and ends the run (backups.operations.ts), which prunes
// to the last N and plans the next.
//
// Runs once however many instances run: a job is claimed by one runner, and
// the run's record holds the one running slot. A backup longer than the job's
// lease (5 min) is claimed again by another runner when the lease runs out;
// that runner finds the run's heartbeat fresh and leaves it alone.
import type { BackupFrequency } from "#contract/backups.ts";
import { isDatabaseUnavailable } from "#server/lib/database-errors.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import { BackupArchiveError } from "./archive-format.ts";
import type { BackupsOperations, RunOutcome } from "./backups.operations.ts";
import { backupsRepo, type BackupRunRow } from "./backups.repo.ts";

/** Makes the archive of one run (payload: its record's id). */
export const BACKUP_RUN = "backups.run";
/** The backup_frequency schedule's next backup. */
export const BACKUP_SCHEDULE = "backups.schedule";

/** A running backup says it is alive this often… */
export const HEARTBEAT_MS = 30_000;
/** …and one silent this long has stopped (its process died): under the job lease, so a lease that runs out finds a live run alive. */
export const STALE_AFTER_MS = 3 * 60_000;

/** A scheduled backup that finds another running looks again this much later (past a job's lease, so it is never due twice for one run). */
export const LOOK_AGAIN_MS = 10 * 60_000;

export const isStale = (run: Pick<BackupRunRow, "heartbeat_at">, now: Date) => now.getTime() - Date.parse(run.heartbeat_at) > STALE_AFTER_MS;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Taiwan keeps UTC+8 all year. */
const TAIWAN_OFFSET_MS = 8 * HOUR_MS;
const QUIET_HOUR = 3;

/** The first 03:00 in Taiwan after `now`: the first backup of a site, when nobody is editing. */
export function nextQuietHour(now: Date): Date {
  const local = new Date(now.getTime() + TAIWAN_OFFSET_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), QUIET_HOUR) - TAIWAN_OFFSET_MS;
  return new Date(at > now.getTime() ? at : at + DAY_MS);
}

/** The same time a calendar month later (31 January → the last day of February). */
export function monthAfter(at: Date): Date {
  const next = new Date(at.getTime());
  const day = at.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * When the schedule's next backup runs: a period after the last backup started (in the
 * past when the site was down: then at once), or the next quiet hour before the first.
 * The same answer on every instance, so their plans fall on one job key.
 */
export function nextBackupAt(frequency: BackupFrequency, lastStartedAt: string | null, now: Date): Date | null {
  if (frequency === "never") return null;
  if (!lastStartedAt) return nextQuietHour(now);
  const last = new Date(lastStartedAt);
  if (frequency === "monthly") return monthAfter(last);
  return new Date(last.getTime() + (frequency === "weekly" ? 7 : 1) * DAY_MS);
}

/** Why a backup failed, for the people who read the screen (the error itself goes to the log). */
export function failureInWords(error: unknown): string {
  if (error instanceof BackupArchiveError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOSPC") return "備份失敗：伺服器的磁碟空間不足，請清出空間或刪除舊的備份";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "備份失敗：伺服器沒有寫入備份資料夾的權限";
  if (isDatabaseUnavailable(error)) return "備份失敗：當時無法讀取資料庫，請稍後再備份一次";
  return "備份失敗：伺服器發生未預期的錯誤，詳細原因記錄在伺服器日誌";
}

/** The archive of one backup, made by the archive core (make-backup.ts) into BACKUP_DIR. */
export interface MadeArchive {
  name: string;
  size: number;
}

export interface BackupJobsDeps {
  jobs: Pick<JobQueue, "register">;
  run: RunOperation;
  operations: BackupsOperations;
  makeArchive: () => Promise<MadeArchive>;
  logger: Logger;
  clock?: () => Date;
  heartbeatMs?: number;
}

export function registerBackupJobs(deps: BackupJobsDeps) {
  const { jobs, run, operations, makeArchive, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;

  /** Makes the archive of a recorded run and records how it ended. */
  async function perform(runId: number, source: string): Promise<void> {
    const actor = systemActor(source);
    const beat = setInterval(() => {
      run(operations.beat, { actor, input: { runId } }).catch((error: unknown) => logger.warn({ err: error, runId }, "a running backup could not record that it is alive"));
    }, heartbeatMs);
    beat.unref();
    let outcome: RunOutcome;
    try {
      const made = await makeArchive();
      outcome = { runId, ok: true, fileName: made.name, size: made.size };
      logger.info({ runId, name: made.name, bytes: made.size }, "a backup was made");
    } catch (error) {
      logger.error({ err: error, runId }, "a backup failed");
      outcome = { runId, ok: false, error: failureInWords(error) };
    } finally {
      clearInterval(beat);
    }
    await run(operations.finish, { actor, input: outcome });
  }

  jobs.register<{ run_id: number }>(BACKUP_RUN, async ({ run_id }, context) => {
    const recorded = await backupsRepo.find(context.db, run_id);
    // Ended already (a delivery after the end), or dropped by a restore.
    if (!recorded || recorded.status !== "running") return;
    // Claimed again after the lease ran out while another runner still works on it.
    if (context.attempt > 1 && !isStale(recorded, clock())) return;
    await perform(run_id, BACKUP_RUN);
  });

  jobs.register(BACKUP_SCHEDULE, async () => {
    const runId = await run(operations.startScheduled, { actor: systemActor(BACKUP_SCHEDULE) });
    if (runId !== null) await perform(runId, BACKUP_SCHEDULE);
  });
}
