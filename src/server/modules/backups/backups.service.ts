// 備份與還原, read and orchestrated (issue 26): the list of backups (our
// records, and the archives `npm run backup` left in BACKUP_DIR, which have
// none), the schedule and the last result; the archive a download link names
// (its ticket: download-ticket.ts); and a restore from an uploaded archive, which asks for the administrator's
// password again, checks the whole archive before anything changes, replaces
// the site, and drops every cached page on every instance.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { BACKUP_MESSAGES, BACKUP_TICKET_PARAM, backupFilePath, type BackupDownloadLink, type BackupEntry, type BackupsOverview, type BackupSummary, type RestoreResult } from "#contract/backups.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { CacheBus } from "#server/lib/cache-bus.ts";
import { badRequest, conflict, notFound, unauthorized } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor, type AdminActor } from "#server/lib/operations.ts";
import { adminAccountRepo } from "#server/modules/auth/auth.repo.ts";
import { verifyPassword } from "#server/modules/auth/password.ts";
import type { AdminIdentity } from "#server/modules/auth/tokens.service.ts";
import { readSettings } from "#server/modules/settings/settings.service.ts";
import { BACKUP_FILE_NAME, BackupArchiveError } from "./archive-format.ts";
import { BACKUP_SCHEDULE, isStale } from "./backup-schedule.ts";
import { frequencyOf, keepOf, type BackupsOperations } from "./backups.operations.ts";
import { backupsRepo, type BackupRunRow } from "./backups.repo.ts";
import { createDownloadTickets } from "./download-ticket.ts";

export interface BackupsServiceDeps {
  db: ReadDb;
  backupDir: string;
  run: RunOperation;
  operations: BackupsOperations;
  bus: Pick<CacheBus, "publishAll">;
  /**
   * The site replaced by the archive (restore-backup.ts): every part is checked against its
   * checksum first, and a damaged archive (BackupArchiveError, in words for people) changes nothing.
   */
  restoreArchive: (archivePath: string) => Promise<{ tables: Record<string, number>; files: number }>;
  /** Whether a bearer token still signs someone in (after a restore replaced the accounts). */
  stillSignedIn: (token: string) => Promise<boolean>;
  logger: Logger;
  clock?: () => Date;
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
  const tickets = createDownloadTickets({ db, clock });

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
      error: dead ? BACKUP_MESSAGES.interrupted : run.error,
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
      last: entries.find((entry) => entry.status !== "running") ?? null,
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

  /** The signed-in administrator's own password, asked again before the site is replaced. */
  async function confirmPassword(actor: AdminActor, password: string): Promise<void> {
    if (!password) throw badRequest(BACKUP_MESSAGES.passwordNeeded, { password: BACKUP_MESSAGES.passwordNeeded });
    const account = await adminAccountRepo.findById(db, actor.admin.id);
    if (!account) throw unauthorized();
    if (!(await verifyPassword(password, account.password_hash))) throw badRequest(BACKUP_MESSAGES.passwordWrong, { password: BACKUP_MESSAGES.passwordWrong });
  }

  return {
    /** Where archives are kept; an uploaded one waits here too, as a dot file, while it is checked and restored. */
    backupDir,

    confirmPassword,

    /** The schedule's next job exists (start-up, on every instance: their plans fall on one job key). */
    ensurePlan: () => run(operations.replan, { actor: systemActor("backups.start-up") }),

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

    /**
     * Replaces the site with an uploaded archive. Nothing changes unless the password is the
     * signed-in administrator's and the whole archive checks out; a backup running meanwhile
     * would write half of each, so it is waited for.
     */
    async restore(actor: AdminActor, upload: { path: string; name: string; password: string; token: string }): Promise<RestoreResult> {
      await confirmPassword(actor, upload.password);
      const running = await backupsRepo.running(db);
      if (running && !isStale(running, clock())) throw conflict(BACKUP_MESSAGES.busyRestoring);
      // This server's records of its backup folder, kept across the restore.
      const runs = await backupsRepo.all(db);
      let restored: { tables: number; files: number };
      try {
        const result = await deps.restoreArchive(upload.path);
        restored = { tables: Object.keys(result.tables).length, files: result.files };
      } catch (error) {
        if (error instanceof BackupArchiveError) throw badRequest(error.message, { file: error.message });
        throw error;
      }
      logger.warn({ adminId: actor.admin.id, ...restored }, "the site was restored from an uploaded backup");
      // Everything changed: every cached read and page, on every instance.
      await bus.publishAll();
      const signedOut = !(await deps.stillSignedIn(upload.token));
      // The activity goes to the restored log: as this administrator, or as the system when the archive's accounts no longer hold this session.
      await run(operations.restored, {
        actor: signedOut ? systemActor("backups.restore") : actor,
        input: { fileName: upload.name || "上傳的備份檔", tables: restored.tables, files: restored.files, runs },
      });
      return { tables: restored.tables, files: restored.files, signed_out: signedOut };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
