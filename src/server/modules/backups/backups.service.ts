// 備份與還原, read and orchestrated (issue 26): the list of backups (our
// records, and the archives `npm run backup` left in BACKUP_DIR, which have
// none), the schedule and the last result; the archive a download link names
// (its ticket: download-ticket.ts); and a restore from an uploaded archive.
//
// A restore asks for the administrator's password again (a few wrong ones in a
// row pause it, 429), then takes the one running slot and runs in the
// background on this instance, where the uploaded archive is: the request that
// brought the archive is answered at once (202), so that no request or proxy
// timeout cuts a restore that goes on. The run beats its heartbeat like a
// backup, so a process that dies mid-way shows as failed, in words. The
// restore checks the whole archive before anything changes, replaces the site,
// signs everyone out, and drops every cached page on every instance. Its
// progress is read with a ticket of its own (RestoreStarted): the session that
// started it does not outlive it.
import { createHash, randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  BACKUP_MESSAGES,
  BACKUP_TICKET_PARAM,
  backupFilePath,
  RESTORE_FAILURES,
  restoreStatusPath,
  type BackupDownloadLink,
  type BackupEntry,
  type BackupsOverview,
  type BackupSummary,
  type RestoreProgress,
  type RestoreStarted,
} from "#contract/backups.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { CacheBus } from "#server/lib/cache-bus.ts";
import { AppError, badRequest, conflict, notFound, unauthorized } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor, type AdminActor } from "#server/lib/operations.ts";
import { adminAccountRepo } from "#server/modules/auth/auth.repo.ts";
import { verifyPassword } from "#server/modules/auth/password.ts";
import type { AdminIdentity } from "#server/modules/auth/tokens.service.ts";
import { readSettings } from "#server/modules/settings/settings.service.ts";
import { BACKUP_FILE_NAME, BackupArchiveError } from "./archive-format.ts";
import { removeLeftovers, touch } from "./backup-folder.ts";
import { BACKUP_SCHEDULE, HEARTBEAT_MS, isStale } from "./backup-schedule.ts";
import { frequencyOf, interruptedWords, keepOf, restoreWatchKey, type BackupsOperations } from "./backups.operations.ts";
import { backupsRepo, type BackupRunRow } from "./backups.repo.ts";
import { createDownloadTickets } from "./download-ticket.ts";
import { RestoreFilesError, RestoreTimeLimitError } from "./restore-backup.ts";

/** Wrong restore passwords one administrator may give in a row… */
export const RESTORE_PASSWORD_TRIES = 5;
/** …within this window, which then has to pass. */
const RESTORE_PASSWORD_WINDOW_MS = 15 * 60_000;
/** How long a restore's progress can be read by its ticket: far past any restore. */
const WATCH_MS = 24 * 60 * 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const passwordFailuresKey = (adminId: number) => `restore-password:${adminId}`;

const timeOfDay = (date: Date) => date.toLocaleTimeString("zh-TW", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Taipei" });

/** Why a restore did not succeed, in words that say whether the site changed (the error itself goes to the log). */
export function restoreFailureInWords(error: unknown): string {
  // After the database was replaced: never "nothing changed".
  if (error instanceof RestoreFilesError) return RESTORE_FAILURES.filesUnfinished;
  // Given up before the commit: its own words say nothing changed.
  if (error instanceof RestoreTimeLimitError) return error.message;
  if (error instanceof BackupArchiveError) return `${error.message}${RESTORE_FAILURES.unchanged}`;
  if ((error as { code?: unknown } | null)?.code === "ENOSPC") return RESTORE_FAILURES.diskFull;
  return RESTORE_FAILURES.unexpected;
}

/** An uploaded archive on disk, waiting to be restored. */
export interface UploadedArchive {
  path: string;
  /** The name it had on the person's computer, for the activity log. */
  name: string;
}

export interface BackupsServiceDeps {
  db: ReadDb;
  backupDir: string;
  run: RunOperation;
  operations: BackupsOperations;
  bus: Pick<CacheBus, "publishAll">;
  /**
   * The site replaced by the archive (restore-backup.ts), its scratch database in `scratchDir`: every
   * part is checked against its checksum first, and a damaged archive (BackupArchiveError, in words
   * for people) changes nothing.
   */
  restoreArchive: (archivePath: string, scratchDir: string) => Promise<{ tables: Record<string, number>; files: number }>;
  logger: Logger;
  clock?: () => Date;
  heartbeatMs?: number;
}

/** An archive ready to be sent. */
export interface ArchiveFile {
  name: string;
  path: string;
  size: number;
}

export function createBackupsService(deps: BackupsServiceDeps) {
  const { db, backupDir, run, operations, bus, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const tickets = createDownloadTickets({ db, clock });
  /** The restores this instance runs now. */
  const working = new Set<Promise<void>>();

  /** The archives in the folder, by name, with their size and time; none when the folder is not there yet. */
  async function archivesInFolder(): Promise<Map<string, { size: number; at: string }>> {
    const found = new Map<string, { size: number; at: string }>();
    let names: string[];
    try {
      names = await readdir(backupDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return found;
      throw error;
    }
    for (const name of names.filter((candidate) => BACKUP_FILE_NAME.test(candidate))) {
      const info = await stat(path.join(backupDir, name)).catch(() => undefined);
      if (info?.isFile()) found.set(name, { size: info.size, at: info.mtime.toISOString() });
    }
    return found;
  }

  function entryOf(run: BackupRunRow, folder: Map<string, unknown>, now: Date): BackupEntry {
    // A run whose process died never ends by itself: shown as what it is.
    const dead = run.status === "running" && isStale(run, now);
    return {
      id: run.id,
      trigger: run.trigger,
      status: dead ? "failed" : run.status,
      started_at: run.started_at,
      finished_at: run.finished_at,
      file_name: run.file_name,
      size: run.size,
      error: dead ? interruptedWords(run.trigger) : run.error,
      available: run.status === "succeeded" && folder.has(run.file_name),
    };
  }

  async function summaryWith(rows: BackupRunRow[], folder: Map<string, unknown>): Promise<BackupSummary & { entries: BackupEntry[] }> {
    const now = clock();
    const settings = await readSettings(db);
    const frequency = frequencyOf(settings);
    const entries = rows.map((row) => entryOf(row, folder, now));
    return {
      entries,
      schedule: { frequency, keep: keepOf(settings), next_run_at: frequency === "never" ? null : await backupsRepo.plannedAt(db, BACKUP_SCHEDULE) },
      last: entries.find((entry) => entry.status !== "running" && entry.trigger !== "restore") ?? null,
      running: entries.find((entry) => entry.status === "running") ?? null,
    };
  }

  /** The archive a name in the list names: one of ours that succeeded, or one `npm run backup` left; nothing else in any folder. */
  async function archiveFile(name: string): Promise<ArchiveFile> {
    if (!BACKUP_FILE_NAME.test(name)) throw notFound(BACKUP_MESSAGES.notFound);
    const file = (await archivesInFolder()).get(name);
    if (!file) throw notFound(BACKUP_MESSAGES.notFound);
    return { name, path: path.join(backupDir, name), size: file.size };
  }

  function passwordLocked(until: Date): AppError {
    const waitMs = Math.max(1000, until.getTime() - clock().getTime());
    const message = BACKUP_MESSAGES.passwordLocked(timeOfDay(until), Math.ceil(waitMs / 60_000));
    return new AppError(429, message, { password: message }, { "retry-after": String(Math.ceil(waitMs / 1000)) });
  }

  /**
   * The signed-in administrator's own password, asked again before the site is replaced. Wrong ones
   * are counted for the account where every instance sees them: after a few, restores are paused
   * for it (429) before any password is checked, so a session left open cannot be used to guess.
   */
  async function confirmPassword(actor: AdminActor, password: string): Promise<void> {
    if (!password) throw badRequest(BACKUP_MESSAGES.passwordNeeded, { password: BACKUP_MESSAGES.passwordNeeded });
    const key = passwordFailuresKey(actor.admin.id);
    const failures = await backupsRepo.counter(db, key, clock().toISOString());
    if (failures && failures.count >= RESTORE_PASSWORD_TRIES) throw passwordLocked(new Date(failures.expires_at));
    const account = await adminAccountRepo.findById(db, actor.admin.id);
    if (!account) throw unauthorized();
    if (await verifyPassword(password, account.password_hash)) return;
    const counted = await run(operations.restorePasswordFailed, { actor, input: { key, windowMs: RESTORE_PASSWORD_WINDOW_MS } });
    if (counted.count >= RESTORE_PASSWORD_TRIES) throw passwordLocked(counted.endsAt);
    throw badRequest(BACKUP_MESSAGES.passwordWrong, { password: BACKUP_MESSAGES.passwordWrong });
  }

  /** A backup or another restore holds the slot alive: a restore is refused before its archive is even read. */
  async function refuseWhileBusy(): Promise<void> {
    const running = await backupsRepo.running(db);
    if (running && !isStale(running, clock())) throw conflict(running.trigger === "restore" ? BACKUP_MESSAGES.restoreRunning : BACKUP_MESSAGES.busyRestoring);
  }

  /** The restore itself, after the answer: verified, restored, its run ended with the result in words. */
  async function restoreInBackground(runId: number, actor: AdminActor, upload: UploadedArchive): Promise<void> {
    const system = systemActor("backups.restore");
    // Beside the upload, in BACKUP_DIR: the scratch database; both touched while alive, so no cleanup takes them.
    const scratchDir = upload.path.replace(/\.tar\.gz$/, "");
    const beat = setInterval(() => {
      void touch([upload.path, scratchDir], clock());
      run(operations.beat, { actor: system, input: { runId } }).catch((error: unknown) => logger.warn({ err: error, runId }, "a running restore could not record that it is alive"));
    }, heartbeatMs);
    beat.unref();
    let outcome: { ok: true; files: number } | { ok: false; error: string };
    try {
      const restored = await deps.restoreArchive(upload.path, scratchDir);
      outcome = { ok: true, files: restored.files };
      logger.warn({ adminId: actor.admin.id, runId, tables: Object.keys(restored.tables).length, files: restored.files }, "the site was restored from an uploaded backup");
    } catch (error) {
      if (error instanceof BackupArchiveError) logger.warn({ err: error, runId }, "an uploaded backup was refused");
      else logger.error({ err: error, runId }, "a restore from an uploaded backup failed");
      outcome = { ok: false, error: restoreFailureInWords(error) };
    } finally {
      clearInterval(beat);
      await rm(upload.path, { force: true });
      await rm(scratchDir, { recursive: true, force: true });
    }
    if (!outcome.ok) {
      await run(operations.finish, { actor: system, input: { runId, ok: false, error: outcome.error } });
      return;
    }
    // Everything changed: every cached read and page, on every instance, before the screen hears of it.
    await bus.publishAll().catch((error: unknown) => logger.error({ err: error, runId }, "the caches could not be dropped after a restore"));
    // The activity goes to the restored log: under this administrator when the archive has them.
    const account = await adminAccountRepo.findById(db, actor.admin.id);
    const adminId = account?.email === actor.admin.email ? account.id : null;
    await run(operations.restored, { actor: system, input: { runId, fileName: upload.name || "上傳的備份檔", files: outcome.files, adminId } });
  }

  return {
    /** Where archives are kept; an uploaded one waits here too, as a dot file, while it is checked and restored. */
    backupDir,

    /** The schedule's next job exists (start-up, on every instance: their plans fall on one job key). */
    ensurePlan: () => run(operations.replan, { actor: systemActor("backups.start-up") }),

    /** At start-up: the schedule planned, and what a backup or restore killed mid-way left in the folder removed. */
    async startUp(): Promise<void> {
      await run(operations.replan, { actor: systemActor("backups.start-up") });
      const removed = await removeLeftovers(backupDir, clock()).catch((error: unknown) => {
        logger.warn({ err: error }, "the backup folder could not be cleared of unfinished work");
        return [];
      });
      if (removed.length > 0) logger.info({ removed }, "unfinished backups and restores left by a stopped server were removed");
    },

    async overview(): Promise<BackupsOverview> {
      const [rows, folder] = await Promise.all([backupsRepo.list(db), archivesInFolder()]);
      const { entries, ...summary } = await summaryWith(rows, folder);
      const recorded = new Set(rows.map((row) => row.file_name));
      const fromCommand: BackupEntry[] = [...folder]
        .filter(([name]) => !recorded.has(name))
        .map(([name, file]) => ({ id: null, trigger: "command", status: "succeeded", started_at: file.at, finished_at: file.at, file_name: name, size: file.size, error: "", available: true }));
      const backups = [...entries, ...fromCommand].sort((a, b) => b.started_at.localeCompare(a.started_at) || (b.id ?? 0) - (a.id ?? 0));
      return { backups, ...summary };
    },

    /** The dashboard's card: the last result, the one running, the schedule. */
    async summary(): Promise<BackupSummary> {
      const [last, running] = await Promise.all([backupsRepo.lastFinished(db), backupsRepo.running(db)]);
      const rows = [running, last].filter((row): row is BackupRunRow => row !== undefined);
      const { entries: _entries, ...summary } = await summaryWith(rows, await archivesInFolder());
      return summary;
    },

    /** An address that downloads this archive without the bearer token, once, within a minute; 404 for an archive that is not there. */
    async downloadLink(name: string, admin: AdminIdentity): Promise<BackupDownloadLink> {
      await archiveFile(name);
      const { ticket, expiresAt } = await tickets.issue(name, admin);
      return { url: `${backupFilePath(name)}?${BACKUP_TICKET_PARAM}=${ticket}`, expires_at: expiresAt.toISOString() };
    },

    /**
     * The archive a download link names, when its ticket is this archive's, unexpired and not used
     * yet (401 otherwise, before anything about the archive is said); 404 when it is gone since.
     */
    async ticketedArchive(name: string, ticket: unknown): Promise<ArchiveFile> {
      if (typeof ticket !== "string" || ticket === "") throw unauthorized(BACKUP_MESSAGES.linkNeeded);
      const checked = await tickets.check(name, ticket);
      if (!checked) throw unauthorized(BACKUP_MESSAGES.linkExpired);
      const file = await archiveFile(name);
      await run(operations.spendDownloadTicket, { actor: systemActor("backups.download-link"), input: checked });
      return file;
    },

    /** Before an uploaded archive is read: the password (counted when wrong), and nothing running that a restore would collide with. */
    async checkBeforeRestore(actor: AdminActor, password: string): Promise<void> {
      await confirmPassword(actor, password);
      await refuseWhileBusy();
    },

    /**
     * Starts replacing the site with an uploaded archive (password checked): takes the slot (409 when a
     * backup or restore took it meanwhile; the caller then removes the upload), and restores in the
     * background, which owns the upload from here. Answers where its progress is read.
     */
    async startRestore(actor: AdminActor, upload: UploadedArchive): Promise<RestoreStarted> {
      const ticket = randomBytes(24).toString("base64url");
      const { id } = await run(operations.startRestore, {
        actor,
        input: { fileName: upload.name || "上傳的備份檔", ticketHash: sha256(ticket), watchUntil: new Date(clock().getTime() + WATCH_MS) },
      });
      const task: Promise<void> = restoreInBackground(id, actor, upload)
        .catch((error: unknown) => logger.error({ err: error, runId: id }, "a restore could not record how it ended"))
        .finally(() => working.delete(task));
      working.add(task);
      return { id, status_url: restoreStatusPath(id, ticket) };
    },

    /** A restore's run, read with the ticket its start answered (404 for any other, saying nothing of the run). */
    async restoreProgress(id: number, ticket: unknown): Promise<RestoreProgress> {
      const now = clock();
      if (!Number.isSafeInteger(id) || typeof ticket !== "string" || !/^[\w-]{32}$/.test(ticket)) throw notFound(BACKUP_MESSAGES.restoreNotFound);
      const recorded = (await backupsRepo.watchable(db, restoreWatchKey(id, sha256(ticket)), now.toISOString())) ? await backupsRepo.find(db, id) : undefined;
      if (recorded?.trigger !== "restore") throw notFound(BACKUP_MESSAGES.restoreNotFound);
      const entry = entryOf(recorded, new Map(), now);
      return { status: entry.status, error: entry.error, finished_at: entry.finished_at };
    },

    /** Resolves once the restores this instance runs have ended (the app's close waits for them). */
    settle: async () => void (await Promise.allSettled([...working])),
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
