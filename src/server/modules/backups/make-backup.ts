// `npm run backup` and the scheduled backup: the whole site in one archive
// (archive-format.ts), written beside the others in BACKUP_DIR.
//
// Consistency: every table is read inside one read transaction, so the
// archive is the database as it was at one instant. On PostgreSQL that is a
// REPEATABLE READ, READ ONLY transaction; on SQLite a transaction on a second
// connection of its own to the same file (WAL mode gives it a snapshot, and the
// site's own connection keeps serving and writing meanwhile instead of queuing
// behind the backup). Stored files are read after the tables: a key is never
// reused, so the only difference that can make is a file uploaded meanwhile,
// kept but not yet used, or a file removed meanwhile, left out.
import { createWriteStream } from "node:fs";
import { link, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { Kysely, SqliteDialect, sql } from "kysely";
import type { Pack } from "tar-stream";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import { openSqlite } from "#server/db/sqlite-adapter.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import packageJson from "../../../../package.json" with { type: "json" };
import {
  ARCHIVE_FORMAT,
  backupFileName,
  type BackupManifest,
  filePart,
  FORMAT_VERSION,
  MANIFEST_PATH,
  type ManifestPart,
  tablePart,
} from "./archive-format.ts";
import { addEntry, stageToFile } from "./archive-stream.ts";
import { ensurePrivateFolder, PRIVATE_FILE_MODE, removeLeftovers } from "./backup-folder.ts";
import { siteTables, pagesOf, primaryKeyOf, schemaVersionOf, storedColumnsOf, type Queryable } from "./table-catalog.ts";

export interface BackupDeps {
  db: Db | ReadDb;
  flavour: SqlFlavour;
  storage: FileStorage;
}

export interface BackupResult {
  path: string;
  name: string;
  size: number;
  createdAt: string;
  schemaVersion: string;
  productVersion: string;
  fileCount: number;
}

export const PRODUCT_VERSION: string = packageJson.version;

/** Rows per query while reading a table. */
const PAGE_ROWS = 500;

/** `signal`: the job was handed back (shutdown); the archive stops between parts and is never named. */
export async function makeBackup(deps: BackupDeps, backupDir: string, options: { now?: Date; signal?: AbortSignal } = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  await ensurePrivateFolder(backupDir);
  // What a backup or restore killed mid-way left (backup-folder.ts).
  await removeLeftovers(backupDir, new Date());
  // A dot folder beside the archives (same file system, so the finished archive
  // is linked to its name, never copied; private, as mkdtemp makes it): the parts
  // on their way in, and the archive until it is whole. Listings of backups match
  // BACKUP_FILE_NAME only.
  const work = await mkdtemp(path.join(backupDir, ".making-"));
  try {
    const partial = path.join(work, "archive.tar.gz");
    // Loaded on the first backup, not with the server (the idle memory budget; scripts/build-server.ts).
    const { default: tar } = await import("tar-stream");
    const pack = tar.pack();
    // The archive is linked, not copied, to its name: its mode is the finished archive's.
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: "wx", mode: PRIVATE_FILE_MODE }));
    let manifest: BackupManifest;
    try {
      const parts: ManifestPart[] = [];
      const schemaVersion = await inSnapshot(deps, async (snapshot) => {
        for (const table of await siteTables(snapshot, deps.flavour)) {
          options.signal?.throwIfAborted();
          parts.push(await addTable(pack, snapshot, deps.flavour, table, work, now));
        }
        return schemaVersionOf(snapshot);
      });
      for await (const key of deps.storage.keys()) {
        options.signal?.throwIfAborted();
        const part = await addFile(pack, deps.storage, key, work, now);
        if (part) parts.push(part);
      }
      manifest = {
        format: ARCHIVE_FORMAT,
        format_version: FORMAT_VERSION,
        product_version: PRODUCT_VERSION,
        schema_version: schemaVersion,
        created_at: now.toISOString(),
        engine: deps.flavour,
        parts,
      };
      await addEntry(pack, MANIFEST_PATH, Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), now);
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
    await written;
    const finished = await publish(partial, backupDir, now);
    return {
      path: finished,
      name: path.basename(finished),
      size: (await stat(finished)).size,
      createdAt: manifest.created_at,
      schemaVersion: manifest.schema_version,
      productVersion: manifest.product_version,
      fileCount: manifest.parts.filter((part) => part.path.startsWith("files/")).length,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Runs `read` in one read transaction: see the head of this file. */
async function inSnapshot<T>(deps: BackupDeps, read: (snapshot: Queryable) => Promise<T>): Promise<T> {
  // A read handle is the same Kysely instance, only typed without its write
  // methods; the transaction below only reads (its read-only guard still refuses any write).
  const db = deps.db as Db;
  if (deps.flavour === "postgres") {
    return db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute((trx) => read(trx));
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error("A backup reads the SQLite database through its file, and this database has none");
  const own = new Kysely<unknown>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
  try {
    return await own.transaction().execute((trx) => read(trx));
  } finally {
    await own.destroy();
  }
}

async function addTable(pack: Pack, db: Queryable, flavour: SqlFlavour, table: string, work: string, mtime: Date): Promise<ManifestPart> {
  const key = await primaryKeyOf(db, flavour, table);
  const stored = await storedColumnsOf(db, flavour, table);
  let rows = 0;
  async function* lines() {
    for await (const page of pagesOf(db, table, key, stored, PAGE_ROWS)) {
      rows += page.length;
      yield Buffer.from(page.map((row) => `${JSON.stringify(row)}\n`).join(""));
    }
  }
  const staged = path.join(work, "table.ndjson");
  const digest = await stageToFile(Readable.from(lines()), staged);
  await addEntry(pack, tablePart(table), { file: staged, bytes: digest.bytes }, mtime);
  await rm(staged);
  return { path: tablePart(table), ...digest, rows };
}

/** A stored file's part, or undefined when it was removed between the listing and the read. */
async function addFile(pack: Pack, storage: FileStorage, key: string, work: string, mtime: Date): Promise<ManifestPart | undefined> {
  const staged = path.join(work, "file");
  let digest;
  try {
    digest = await stageToFile(storage.read(key), staged);
  } catch (error) {
    await rm(staged, { force: true });
    if (!(await storage.exists(key))) return undefined;
    throw error;
  }
  const downloadName = await storage.downloadNameOf(key);
  await addEntry(pack, filePart(key), { file: staged, bytes: digest.bytes }, mtime);
  await rm(staged);
  return { path: filePart(key), ...digest, ...(downloadName === undefined ? {} : { download_name: downloadName }) };
}

/** Gives the whole archive its name; a name already taken (two backups in one minute) gets the next number. */
async function publish(partial: string, backupDir: string, at: Date): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const target = path.join(backupDir, backupFileName(at, attempt));
    try {
      // A hard link never replaces an existing file, unlike rename.
      await link(partial, target);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
