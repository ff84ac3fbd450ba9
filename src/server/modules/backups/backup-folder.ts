// BACKUP_DIR and what works in it. Archives hold the whole site (password
// hashes, two-step secrets, LINE and Discord tokens): the folder and its dot
// folders are the server user's alone (0700), and so is every archive and
// uploaded restore file (0600), whatever the umask.
//
// Work in progress lives in dot entries the backups list never shows: a
// backup's `.making-*` folder, and a restore's uploaded `.restore-*.tar.gz`
// and `.restore-*` scratch folder. A process killed mid-way leaves them
// behind; they are removed at start-up and before each backup once nothing has
// touched them for the time after which a run counts as stopped (a running
// restore touches its own on every heartbeat; a backup keeps writing into its).
import { chmod, mkdir, readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { STALE_AFTER_MS } from "./backup-schedule.ts";

export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_FOLDER_MODE = 0o700;

/** What a backup or a restore leaves while it works. */
const WORK_IN_PROGRESS = /^\.(making|restore)-/;

/** The folder, made if missing, readable by the server's user only. */
export async function ensurePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // A folder made before (or by the operator) is tightened too; one the server does not own (a mounted volume) stays as it is.
  await chmod(folder, PRIVATE_FOLDER_MODE).catch(() => {});
}

/** When an entry last changed: itself, or for a folder the newest of what it holds. */
async function lastChange(entry: string): Promise<number | undefined> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return undefined;
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const name of await readdir(entry).catch(() => [])) {
      const inner = await stat(path.join(entry, name)).catch(() => undefined);
      if (inner) newest = Math.max(newest, inner.mtimeMs);
    }
  }
  return newest;
}

/** Removes the work a killed backup or restore left in the folder; answers the names removed. */
export async function removeLeftovers(folder: string, now: Date, olderThanMs = STALE_AFTER_MS): Promise<string[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const removed: string[] = [];
  for (const name of names.filter((candidate) => WORK_IN_PROGRESS.test(candidate))) {
    const entry = path.join(folder, name);
    const changed = await lastChange(entry);
    if (changed === undefined || now.getTime() - changed <= olderThanMs) continue;
    await rm(entry, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A running restore says its work is alive (removeLeftovers leaves it). */
export async function touch(entries: readonly string[], now: Date): Promise<void> {
  for (const entry of entries) await utimes(entry, now, now).catch(() => {});
}
