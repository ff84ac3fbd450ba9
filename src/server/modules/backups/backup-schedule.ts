// When backups run and the jobs that make them (issue 26). The backup_frequency
// setting plans one job (BACKUP_SCHEDULE) at 03:00 Taiwan time a day, a week or
// a month after the last scheduled backup (立即備份 and restores do not move
// it). The schedule's job and 立即備份 each record a run and enqueue BACKUP_RUN
// for it, which makes the archive outside any transaction, beating the run's
// heartbeat meanwhile, and ends the run (backups.operations.ts), which prunes
// to the last N and plans the next. Handed back at a shutdown (its signal), a
// BACKUP_RUN stops between parts without ending the run: the runner that takes
// the job makes the same run's archive.
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
import { BackupArchiveError, TAIWAN_OFFSET_MS } from "./archive-format.ts";
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
const QUIET_HOUR = 3;

/** The first 03:00 in Taiwan after `now`: the first backup of a site, when nobody is editing. */
export function nextQuietHour(now: Date): Date {
  const local = new Date(now.getTime() + TAIWAN_OFFSET_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), QUIET_HOUR) - TAIWAN_OFFSET_MS;
  return new Date(at > now.getTime() ? at : at + DAY_MS);
}

/** 03:00 in Taiwan, `days` days or `months` calendar months after the Taiwan day of `at` (31 January + a month → the last day of February). */
export function quietHourAfter(at: Date, move: { days: number } | { months: number }): Date {
  const local = new Date(at.getTime() + TAIWAN_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  if ("days" in move) return new Date(Date.UTC(year, month, day + move.days, QUIET_HOUR) - TAIWAN_OFFSET_MS);
  const lastDay = new Date(Date.UTC(year, month + move.months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month + move.months, Math.min(day, lastDay), QUIET_HOUR) - TAIWAN_OFFSET_MS);
}

const PERIODS = { daily: { days: 1 }, weekly: { days: 7 }, monthly: { months: 1 } } as const;

/**
 * When the schedule's next backup runs: at 03:00 Taiwan time, a period after the day the last
 * scheduled backup started (in the past when the site was down: then at once), or the next quiet
 * hour before the first. Backups asked for by hand do not move it. The same answer on every
 * instance, so their plans fall on one job key.
 */
export function nextBackupAt(frequency: BackupFrequency, lastScheduledAt: string | null, now: Date): Date | null {
  if (frequency === "never") return null;
  if (!lastScheduledAt) return nextQuietHour(now);
  return quietHourAfter(new Date(lastScheduledAt), PERIODS[frequency]);
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
  makeArchive: (signal?: AbortSignal) => Promise<MadeArchive>;
  logger: Logger;
  clock?: () => Date;
  heartbeatMs?: number;
}

export function registerBackupJobs(deps: BackupJobsDeps) {
  const { jobs, run, operations, makeArchive, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;

  /** Makes the archive of a recorded run and records how it ended. */
  async function perform(runId: number, signal: AbortSignal): Promise<void> {
    const actor = systemActor(BACKUP_RUN);
    const beat = setInterval(() => {
      run(operations.beat, { actor, input: { runId } }).catch((error: unknown) => logger.warn({ err: error, runId }, "a running backup could not record that it is alive"));
    }, heartbeatMs);
    beat.unref();
    let outcome: RunOutcome;
    try {
      const made = await makeArchive(signal);
      outcome = { runId, ok: true, fileName: made.name, size: made.size };
      logger.info({ runId, name: made.name, bytes: made.size }, "a backup was made");
    } catch (error) {
      // Handed back at shutdown: the runner that takes the job makes this run's archive and ends it.
      if (signal.aborted) return;
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
    await perform(run_id, context.signal);
  });

  jobs.register(BACKUP_SCHEDULE, async () => {
    await run(operations.startScheduled, { actor: systemActor(BACKUP_SCHEDULE) });
  });
}
