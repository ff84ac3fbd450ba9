// `npm run restore` (and the back office's restore): an archive of either
// engine, at this product's schema or an older one, into either engine.
//
// 1. Every part is checked against the manifest before anything changes: a
//    damaged archive, or one naming a file the storage would refuse, changes
//    nothing. The same pass holds the archive to its bounds (restore-limits.ts):
//    what it unpacks to, how many parts and rows it has, how long a row's line
//    is; an archive past one is refused after reading at most that much.
// 2. The rows are loaded into a scratch SQLite database migrated to the
//    archive's schema version, which is then migrated to this product's: the
//    migrations that upgrade a running site upgrade the archive's rows too, and
//    one path serves every case (same or other engine, same or older schema).
//    Rows that do not fit it (a column it does not have, a broken reference, a
//    typed field longer than the API takes: row-limits.ts) refuse the archive
//    here, still before anything changes.
// 3. The archive's files the storage does not hold yet are put into it (a key
//    names one file for ever, so one it holds is that file already). No row of
//    the target names them yet.
// 4. The scratch database is copied into the target in ONE transaction: every
//    site table emptied (children first), filled (parents first), PostgreSQL's
//    id sequences moved past the largest id; sessions and remembered browsers
//    emptied (everyone signs in again). A failure rolls all of it back, and the
//    files step 3 put are removed: the target is as it was. The other tables an
//    archive leaves out (table-catalog.ts) keep what the target has.
// 5. After the commit, with --force, the stored files the archive does not have
//    are removed, in batches. A failure here is a RestoreFilesError: the site is
//    restored already, and the same restore run again finishes it.
//
// The time limit is checked at every chunk read and every batch written until the
// commit: a restore past it gives up at step 1 to 4, changing nothing.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { z } from "zod";
import { migrate, migrationNames, openDatabase, type Db } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { isDatabaseUnavailable } from "#server/lib/database-errors.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_MESSAGES,
  BackupArchiveError,
  type BackupManifest,
  FORMAT_VERSION,
  MANIFEST_PATH,
  manifestSchema,
  type ManifestPart,
  parsePartPath,
  partInWords,
  rowInWords,
  tableInWords,
} from "./archive-format.ts";
import { digestOf, skip, textOf, walkArchive, type ArchiveEntry, type Digest } from "./archive-stream.ts";
import { linesOf, LineMeter } from "./ndjson-lines.ts";
import { deadlineAfter, restoreLimits, type Deadline, type RestoreLimits } from "./restore-limits.ts";
import { overLimit } from "./row-limits.ts";
import { whatTargetHolds, RestoreTargetNotEmptyError } from "./restore-target.ts";
import { dependencyOrder, EMPTIED_BY_RESTORE, pagesOf, primaryKeyOf, schemaVersionOf, siteTables, storedColumnsOf, tablesOf, type AnyDb, type Row } from "./table-catalog.ts";

export { RestoreTargetNotEmptyError } from "./restore-target.ts";
export { RestoreTimeLimitError } from "./restore-limits.ts";

export interface RestoreDeps {
  db: Db;
  flavour: SqlFlavour;
  storage: FileStorage;
}

export interface RestoreResult {
  /** Rows now in each table the restore replaced (every table but those archives leave out). */
  tables: Record<string, number>;
  /** The archive's stored files, now all in the storage. */
  files: number;
  /** The schema version the archive was made at. */
  fromSchema: string;
}

/** A manifest lists every part: large for a site with many files, never near this. */
const MANIFEST_LIMIT = 64 * 1024 * 1024;
const PAGE_ROWS = 500;
/** Bound parameters per INSERT, under both engines' limits (SQLite 32766, PostgreSQL 65535). */
const MAX_PARAMETERS = 30_000;

const notABackup = (cause?: unknown) => new BackupArchiveError(ARCHIVE_MESSAGES.notABackup, cause === undefined ? undefined : { cause });

/** The site is restored, but stored files the archive does not have are still there: the same restore run again finishes it. */
export class RestoreFilesError extends Error {
  override name = "RestoreFilesError";
  constructor(cause: unknown) {
    super(`The site was restored, but removing the stored files the archive does not have failed (${cause instanceof Error ? cause.message : String(cause)}): run the same restore again (with --force)`, { cause });
  }
}

export interface RestoreOptions {
  /** Replace a target that holds more than a new installation. */
  force: boolean;
  /** The scratch database's folder, made (private) and removed by the restore; a new one in the system's temporary folder by default. */
  scratchDir?: string;
  /** Bounds other than restoreLimits()'s: a longer time limit (the CLI's --time-limit), lower ones (tests). */
  limits?: Partial<RestoreLimits>;
  /** The clock the time limit is kept by, in milliseconds (tests). */
  clock?: () => number;
}

/** What every pass over the archive is held to. */
interface Guard {
  limits: RestoreLimits;
  deadline: Deadline;
}

/** Reads the whole archive and checks every part against its manifest, within the bounds; resolves with the manifest. */
export async function verifyBackup(archivePath: string, guard: Guard): Promise<BackupManifest> {
  const found = new Map<string, Digest>();
  let manifestText: string | undefined;
  let rows = 0;
  await walkArchive(
    archivePath,
    async (name, entry) => {
      if (found.has(name) || (name === MANIFEST_PATH && manifestText !== undefined)) throw notABackup();
      if (name === MANIFEST_PATH) {
        manifestText = await textOf(entry, MANIFEST_LIMIT);
        return;
      }
      // A table's lines are measured on the way: a row past the bound is refused before the next chunk is read.
      const meter = parsePartPath(name)?.kind === "table" ? new LineMeter(name, { maxLineBytes: guard.limits.lineBytes, maxRows: guard.limits.rows, rowsBefore: rows }) : undefined;
      found.set(name, await digestOf(entry, meter));
      rows += meter?.rows ?? 0;
    },
    guard,
  );
  const manifest = parseManifest(manifestText);
  const listed = new Set<string>();
  for (const part of manifest.parts) {
    if (listed.has(part.path)) throw notABackup();
    listed.add(part.path);
    const digest = found.get(part.path);
    if (!digest) throw new BackupArchiveError(ARCHIVE_MESSAGES.partMissing(partInWords(part)));
    if (digest.bytes !== part.bytes || digest.sha256 !== part.sha256) throw new BackupArchiveError(ARCHIVE_MESSAGES.partChanged(partInWords(part)));
  }
  if ([...found.keys()].some((name) => !listed.has(name))) throw notABackup();
  return manifest;
}

/** The versions are read first: a newer product's manifest may not fit this one's schema at all. */
const manifestHead = z.object({ format: z.literal(ARCHIVE_FORMAT), format_version: z.number(), product_version: z.string(), schema_version: z.string() });

function parseManifest(text: string | undefined): BackupManifest {
  if (text === undefined) throw notABackup();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw notABackup();
  }
  const head = manifestHead.safeParse(raw);
  if (!head.success) throw notABackup();
  const known = migrationNames();
  const { format_version, product_version, schema_version } = head.data;
  // Migration names start with their zero-padded number: a later one sorts after the last we know.
  if (format_version > FORMAT_VERSION || (!known.includes(schema_version) && schema_version > known.at(-1)!)) {
    throw new BackupArchiveError(ARCHIVE_MESSAGES.newerSchema(product_version));
  }
  const manifest = manifestSchema.safeParse(raw);
  if (!known.includes(schema_version) || !manifest.success) throw notABackup();
  return manifest.data;
}

export async function restoreBackup(deps: RestoreDeps, archivePath: string, options: RestoreOptions): Promise<RestoreResult> {
  const limits = restoreLimits(options.limits);
  const guard: Guard = { limits, deadline: deadlineAfter(limits.timeLimitMs, options.clock) };
  const manifest = await verifyBackup(archivePath, guard);
  const latest = migrationNames().at(-1)!;
  const targetSchema = await schemaVersionOf(deps.db);
  if (targetSchema !== latest) throw new Error(`The target database is at schema ${targetSchema}, this product at ${latest}: open it with this version first`);
  if (!options.force) {
    const holds = await whatTargetHolds(deps);
    if (holds.length > 0) throw new RestoreTargetNotEmptyError(holds);
  }
  const scratchDir = options.scratchDir ?? (await mkdtemp(path.join(tmpdir(), "site-restore-")));
  if (options.scratchDir) await mkdir(scratchDir, { mode: 0o700 });
  try {
    const scratch = await openDatabase({ dataDir: scratchDir, logger: { warn: () => {} }, migrateUpTo: manifest.schema_version });
    let tables: Record<string, number>;
    const stored = new Set<string>();
    const archived = filesOf(manifest);
    try {
      await loadRows(scratch.db, archivePath, manifest, guard);
      guard.deadline.check();
      await migrate(scratch.db);
      guard.deadline.check();
      await refuseBrokenReferences(scratch.db);
      for await (const key of deps.storage.keys()) stored.add(key);
      const put = await putNewFiles(deps.storage, archivePath, archived, stored, guard);
      try {
        tables = await copyInto(deps, scratch.db, guard.deadline);
      } catch (error) {
        await forget(deps.storage, put);
        throw error;
      }
    } finally {
      await scratch.close();
    }
    if (options.force) {
      const kept = new Set([...archived.values()].map((file) => file.key));
      await deps.storage.removeMany([...stored].filter((key) => !kept.has(key))).catch((error: unknown) => {
        throw new RestoreFilesError(error);
      });
    }
    return { tables, files: archived.size, fromSchema: manifest.schema_version };
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

/** The archive's rows into the scratch database, at the archive's schema. */
async function loadRows(scratch: Db, archivePath: string, manifest: BackupManifest, guard: Guard): Promise<void> {
  const parts = new Map(manifest.parts.map((part) => [part.path, part]));
  const tables = new Set(await tablesOf(scratch, "sqlite"));
  // Parts come in name order, not in dependency order; the target checks every key when the rows reach it.
  await sql`PRAGMA foreign_keys = OFF`.execute(scratch);
  await scratch.transaction().execute(async (trx) => {
    // Rows a migration wrote by itself are the archive's to give.
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
    await walkArchive(
      archivePath,
      async (name, entry) => {
        const part = parsePartPath(name);
        if (part?.kind !== "table") return skip(entry);
        if (!tables.has(part.table)) throw notABackup();
        const hash = createHash("sha256");
        let batch: Row[] = [];
        const insert = (rows: Row[]) => (trx as AnyDb).insertInto(part.table).values(rows).execute().catch(refusingRows);
        for await (const row of rowsOf(entry, hash, name, guard.limits.lineBytes)) {
          const over = overLimit(part.table, row);
          if (over) throw new BackupArchiveError(ARCHIVE_MESSAGES.fieldTooLong(tableInWords(part.table), rowInWords(row), over.message));
          batch.push(row);
          if (batch.length >= batchSize(row)) {
            await insert(batch);
            batch = [];
          }
        }
        if (batch.length > 0) await insert(batch);
        // Checked before: only an archive replaced since could differ here.
        if (hash.digest("hex") !== parts.get(name)?.sha256) throw new BackupArchiveError(ARCHIVE_MESSAGES.partChanged(partInWords({ path: name })));
      },
      guard,
    );
  });
}

/**
 * Rows the scratch database refuses (a column its schema does not have, a value of the wrong
 * kind, a duplicate key) are the archive's fault: it is not one of ours. A database that is
 * away (a full disk) is not, and says so as it is.
 */
function refusingRows(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw error;
  throw notABackup(error);
}

/** Every reference between the archive's rows leads somewhere: checked in the scratch database, before the target is touched. */
async function refuseBrokenReferences(scratch: Db): Promise<void> {
  const { rows } = await sql`PRAGMA foreign_key_check`.execute(scratch);
  if (rows.length > 0) throw notABackup();
}

const batchSize = (row: Row) => Math.max(1, Math.min(PAGE_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(row).length))));

/** One row per line of a table part, each line within the bound. */
async function* rowsOf(entry: ArchiveEntry, hash: ReturnType<typeof createHash>, partPath: string, maxLineBytes: number): AsyncGenerator<Row> {
  async function* hashed() {
    for await (const chunk of entry) {
      hash.update(chunk);
      yield chunk;
    }
  }
  for await (const line of linesOf(hashed(), partPath, maxLineBytes)) {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw notABackup();
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) throw notABackup();
    // The portable schema's values: text, numbers and NULL.
    if (!Object.values(row).every((value) => value === null || typeof value === "string" || typeof value === "number")) throw notABackup();
    yield row as Row;
  }
}

/** The scratch database into the target, in one transaction (rolled back past the deadline); resolves with each table's row count. */
async function copyInto(deps: RestoreDeps, scratch: Db, deadline: Deadline): Promise<Record<string, number>> {
  const tables = await siteTables(scratch, "sqlite");
  const targetTables = await siteTables(deps.db, deps.flavour);
  if (tables.join() !== targetTables.join()) {
    throw new Error(`The target database's tables (${targetTables.join(", ")}) are not this product's (${tables.join(", ")})`);
  }
  const order = await dependencyOrder(scratch, tables);
  const keys = new Map<string, string[]>();
  for (const table of tables) keys.set(table, await primaryKeyOf(scratch, "sqlite", table));
  const counts: Record<string, number> = {};
  await deps.db.transaction().execute(async (trx) => {
    // Signed out, everyone: the sessions and browsers of the site being replaced must not outlive it.
    for (const table of EMPTIED_BY_RESTORE) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const table of [...order].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const table of order) {
      let copied = 0;
      for await (const page of pagesOf(scratch, table, keys.get(table)!, await storedColumnsOf(scratch, "sqlite", table), PAGE_ROWS)) {
        const size = batchSize(page[0]!);
        for (let start = 0; start < page.length; start += size) {
          deadline.check();
          await (trx as AnyDb).insertInto(table).values(page.slice(start, start + size)).execute();
        }
        copied += page.length;
      }
      counts[table] = copied;
    }
    if (deps.flavour === "postgres") await moveSequencesPastTheirIds(trx);
    deadline.check();
  });
  return counts;
}

/** Rows came with their ids: each serial column's next value follows the largest one. */
async function moveSequencesPastTheirIds(trx: AnyDb): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(trx);
  for (const { table, column } of rows) {
    await sql`
      select setval(pg_get_serial_sequence(quote_ident(${table}), ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false)
      from ${sql.table(table)}`.execute(trx);
  }
}

/** The archive's stored files by part path, with their keys. */
function filesOf(manifest: BackupManifest): Map<string, { key: string; part: ManifestPart }> {
  const files = new Map<string, { key: string; part: ManifestPart }>();
  for (const part of manifest.parts) {
    const name = parsePartPath(part.path);
    if (name?.kind === "file") files.set(part.path, { key: name.key, part });
  }
  return files;
}

/**
 * Puts the archive's files the storage does not hold (`stored`); answers their keys. On any
 * failure, the deadline's included, those already put are removed again before it is rethrown.
 */
async function putNewFiles(storage: FileStorage, archivePath: string, files: Map<string, { key: string; part: ManifestPart }>, stored: Set<string>, guard: Guard): Promise<string[]> {
  const put: string[] = [];
  try {
    await walkArchive(
      archivePath,
      async (name, entry) => {
        const file = files.get(name);
        if (!file || stored.has(file.key)) return skip(entry);
        const hash = createHash("sha256");
        async function* hashed() {
          for await (const chunk of entry) {
            hash.update(chunk);
            yield chunk;
          }
        }
        const received = await storage.receive(Readable.from(hashed()));
        try {
          if (hash.digest("hex") !== file.part.sha256) throw new BackupArchiveError(ARCHIVE_MESSAGES.partChanged(partInWords(file.part)));
          guard.deadline.check();
          await storage.putFile(file.key, received, file.part.download_name === undefined ? undefined : { downloadName: file.part.download_name });
        } catch (error) {
          await received.discard();
          throw error;
        }
        put.push(file.key);
      },
      guard,
    );
  } catch (error) {
    await forget(storage, put);
    throw error;
  }
  return put;
}

/**
 * Removes files a restore put before it gave up. Should that fail too, they stay under keys
 * no row names (nothing shows them), and a restore with --force removes them.
 */
async function forget(storage: FileStorage, keys: string[]): Promise<void> {
  await storage.removeMany(keys).catch(() => {});
}
