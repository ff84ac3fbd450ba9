// `npm run restore` (and the back office's restore): an archive of either
// engine, at this product's schema or an older one, into either engine.
//
// 1. Every part is checked against the manifest before anything changes: a
//    damaged archive, or one naming a file the storage would refuse, changes nothing.
// 2. The rows are loaded into a scratch SQLite database migrated to the
//    archive's schema version, which is then migrated to this product's: the
//    migrations that upgrade a running site upgrade the archive's rows too, and
//    one path serves every case (same or other engine, same or older schema).
//    Rows that do not fit it (a column it does not have, a broken reference)
//    refuse the archive here, still before anything changes.
// 3. The scratch database is copied into the target in ONE transaction: every
//    site table emptied (children first), filled (parents first), PostgreSQL's
//    id sequences moved past the largest id; sessions and remembered browsers
//    emptied (everyone signs in again). A failure rolls all of it back. The
//    other tables an archive leaves out (table-catalog.ts) keep what the target has.
// 4. After the commit the files are put into the storage (and with --force the
//    stored files the archive does not have are removed, in batches). Pages that
//    name a file not put yet show a missing picture for those moments, never
//    content of another site. A failure here is a RestoreFilesError: the
//    database is restored already, and the same restore run again finishes it.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
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
} from "./archive-format.ts";
import { digestOf, skip, textOf, walkArchive, type ArchiveEntry, type Digest } from "./archive-stream.ts";
import { whatTargetHolds, RestoreTargetNotEmptyError } from "./restore-target.ts";
import { dependencyOrder, EMPTIED_BY_RESTORE, pagesOf, primaryKeyOf, schemaVersionOf, siteTables, storedColumnsOf, tablesOf, type AnyDb, type Row } from "./table-catalog.ts";

export { RestoreTargetNotEmptyError } from "./restore-target.ts";

export interface RestoreDeps {
  db: Db;
  flavour: SqlFlavour;
  storage: FileStorage;
}

export interface RestoreResult {
  /** Rows now in each table the restore replaced (every table but those archives leave out). */
  tables: Record<string, number>;
  /** Stored files put back. */
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

/** The database is restored, the files are not all back: the same restore run again finishes it. */
export class RestoreFilesError extends Error {
  override name = "RestoreFilesError";
  constructor(cause: unknown) {
    super(`The database was restored, but putting the files back failed (${cause instanceof Error ? cause.message : String(cause)}): run the same restore again (with --force)`, { cause });
  }
}

export interface RestoreOptions {
  /** Replace a target that holds more than a new installation. */
  force: boolean;
  /** The scratch database's folder, made (private) and removed by the restore; a new one in the system's temporary folder by default. */
  scratchDir?: string;
}

/** Reads the whole archive and checks every part against its manifest; resolves with the manifest. */
export async function verifyBackup(archivePath: string): Promise<BackupManifest> {
  const found = new Map<string, Digest>();
  let manifestText: string | undefined;
  await walkArchive(archivePath, async (name, entry) => {
    if (found.has(name) || (name === MANIFEST_PATH && manifestText !== undefined)) throw notABackup();
    if (name === MANIFEST_PATH) manifestText = await textOf(entry, MANIFEST_LIMIT);
    else found.set(name, await digestOf(entry));
  });
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
  const manifest = await verifyBackup(archivePath);
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
    try {
      await loadRows(scratch.db, archivePath, manifest);
      await migrate(scratch.db);
      await refuseBrokenReferences(scratch.db);
      tables = await copyInto(deps, scratch.db);
    } finally {
      await scratch.close();
    }
    const files = await restoreFiles(deps.storage, archivePath, manifest, options.force).catch((error: unknown) => {
      throw new RestoreFilesError(error);
    });
    return { tables, files, fromSchema: manifest.schema_version };
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

/** The archive's rows into the scratch database, at the archive's schema. */
async function loadRows(scratch: Db, archivePath: string, manifest: BackupManifest): Promise<void> {
  const parts = new Map(manifest.parts.map((part) => [part.path, part]));
  const tables = new Set(await tablesOf(scratch, "sqlite"));
  // Parts come in name order, not in dependency order; the target checks every key when the rows reach it.
  await sql`PRAGMA foreign_keys = OFF`.execute(scratch);
  await scratch.transaction().execute(async (trx) => {
    // Rows a migration wrote by itself are the archive's to give.
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
    await walkArchive(archivePath, async (name, entry) => {
      const part = parsePartPath(name);
      if (part?.kind !== "table") return skip(entry);
      if (!tables.has(part.table)) throw notABackup();
      const hash = createHash("sha256");
      let batch: Row[] = [];
      const insert = (rows: Row[]) => (trx as AnyDb).insertInto(part.table).values(rows).execute().catch(refusingRows);
      for await (const row of rowsOf(entry, hash)) {
        batch.push(row);
        if (batch.length >= batchSize(row)) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await insert(batch);
      // Checked before: only an archive replaced since could differ here.
      if (hash.digest("hex") !== parts.get(name)?.sha256) throw new BackupArchiveError(ARCHIVE_MESSAGES.partChanged(partInWords({ path: name })));
    });
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

/** One row per line of a table part. */
async function* rowsOf(entry: ArchiveEntry, hash: ReturnType<typeof createHash>): AsyncGenerator<Row> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  const parse = (line: string): Row => {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw notABackup();
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) throw notABackup();
    // The portable schema's values: text, numbers and NULL.
    if (!Object.values(row).every((value) => value === null || typeof value === "string" || typeof value === "number")) throw notABackup();
    return row as Row;
  };
  for await (const chunk of entry) {
    hash.update(chunk);
    const lines = (rest + decoder.write(chunk)).split("\n");
    rest = lines.pop()!;
    for (const line of lines) if (line !== "") yield parse(line);
  }
  rest += decoder.end();
  if (rest !== "") yield parse(rest);
}

/** The scratch database into the target, in one transaction; resolves with each table's row count. */
async function copyInto(deps: RestoreDeps, scratch: Db): Promise<Record<string, number>> {
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
          await (trx as AnyDb).insertInto(table).values(page.slice(start, start + size)).execute();
        }
        copied += page.length;
      }
      counts[table] = copied;
    }
    if (deps.flavour === "postgres") await moveSequencesPastTheirIds(trx);
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

/** Puts the archive's files into the storage; with `force`, removes the stored files it does not have. */
async function restoreFiles(storage: FileStorage, archivePath: string, manifest: BackupManifest, force: boolean): Promise<number> {
  const files = new Map<string, { key: string; part: ManifestPart }>();
  for (const part of manifest.parts) {
    const name = parsePartPath(part.path);
    if (name?.kind === "file") files.set(part.path, { key: name.key, part });
  }
  let stored = 0;
  await walkArchive(archivePath, async (name, entry) => {
    const file = files.get(name);
    if (!file) return skip(entry);
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
      await storage.putFile(file.key, received, file.part.download_name === undefined ? undefined : { downloadName: file.part.download_name });
    } catch (error) {
      await received.discard();
      throw error;
    }
    stored += 1;
  });
  if (force) {
    const kept = new Set([...files.values()].map((file) => file.key));
    const strays: string[] = [];
    for await (const key of storage.keys()) if (!kept.has(key)) strays.push(key);
    await storage.removeMany(strays);
  }
  return stored;
}
