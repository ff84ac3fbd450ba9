// Opens the store named by the environment: embedded SQLite in DATA_DIR by
// default, PostgreSQL when DATABASE_URL is set. Runs migrations on open.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import pg from "pg";
import type { Logger } from "#server/lib/logger.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-adapter.ts";
import * as initialSchema from "./migrations/001-initial-schema.ts";
import * as jobs from "./migrations/002-jobs.ts";
import * as contactRateLimit from "./migrations/003-contact-rate-limit.ts";
import * as pageRevisions from "./migrations/004-page-revisions.ts";
import * as blogRevisions from "./migrations/005-blog-revisions-and-moved-slugs.ts";
import * as lineInbox from "./migrations/006-line-inbox.ts";
import * as notificationCap from "./migrations/007-notification-cap.ts";
import * as lineMediaSafety from "./migrations/008-line-media-safety.ts";
import * as signInHardening from "./migrations/009-sign-in-hardening.ts";
import * as mediaTrash from "./migrations/010-media-trash-and-reference-rebuild.ts";
import * as pageDrafts from "./migrations/011-page-drafts-and-revision-numbers.ts";
import * as bannerVideos from "./migrations/012-banner-video-processing.ts";
import * as contactNotes from "./migrations/013-contact-staff-notes.ts";
import * as versionOrigins from "./migrations/015-version-origins-and-unclaimed-slugs.ts";
import * as blogTagOrder from "./migrations/017-blog-tag-order.ts";
import * as backupRuns from "./migrations/018-backup-runs.ts";
import * as jobLeaseTokens from "./migrations/019-job-lease-tokens.ts";
import * as searchIndex from "./migrations/020-search-index.ts";
import * as volumeIndexes from "./migrations/021-volume-indexes-and-tallies.ts";
import * as searchStatistics from "./migrations/022-search-statistics.ts";
import * as listOrderIndexes from "./migrations/023-list-order-indexes.ts";
import type { SqlFlavour } from "./migrations/portable.ts";

// Explicit, ordered list: a migration that is not named here does not run.
const migrations: Record<string, Migration> = {
  "001-initial-schema": initialSchema,
  "002-jobs": jobs,
  "003-contact-rate-limit": contactRateLimit,
  "004-page-revisions": pageRevisions,
  "005-blog-revisions-and-moved-slugs": blogRevisions,
  "006-line-inbox": lineInbox,
  "007-notification-cap": notificationCap,
  "008-line-media-safety": lineMediaSafety,
  "009-sign-in-hardening": signInHardening,
  "010-media-trash-and-reference-rebuild": mediaTrash,
  "011-page-drafts-and-revision-numbers": pageDrafts,
  "012-banner-video-processing": bannerVideos,
  "013-contact-staff-notes": contactNotes,
  "015-version-origins-and-unclaimed-slugs": versionOrigins,
  "017-blog-tag-order": blogTagOrder,
  "018-backup-runs": backupRuns,
  "019-job-lease-tokens": jobLeaseTokens,
  "020-search-index": searchIndex,
  "021-volume-indexes-and-tallies": volumeIndexes,
  "022-search-statistics": searchStatistics,
  "023-list-order-indexes": listOrderIndexes,
};

/** A handle that writes: the operation runner's transaction (and start-up's migrations and seed, the job queue's own rows). */
export type Db = Kysely<Database>;

/**
 * What services and repos read with: the same database without the methods that
 * write, so a write outside the operation runner does not compile.
 */
export type ReadDb = Omit<Db, "insertInto" | "replaceInto" | "updateTable" | "deleteFrom" | "mergeInto" | "transaction" | "startTransaction" | "connection">;

const WRITES = new Set<RootOperationNode["kind"]>(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

/** And at run time: a write through a read handle (a cast, a missed type) fails at once instead of slipping past the runner. */
class ReadOnlyGuard implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(node.kind)) throw new Error(`A write (${node.kind}) on a read handle: writes go through the operation runner`);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

export const readOnly = (db: Db): ReadDb => db.withPlugin(new ReadOnlyGuard());

export interface DatabaseHandle {
  db: Db;
  flavour: SqlFlavour;
  /** Present on PostgreSQL: used for LISTEN/NOTIFY between app instances. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  logger: Pick<Logger, "warn">;
  /** Migrate only up to (and including) this migration: a restore loads an archive made at an older schema into it. */
  migrateUpTo?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? openPostgres(options.databaseUrl, options.logger) : openEmbedded(options.dataDir);
  await migrate(handle.db, options.migrateUpTo);
  return handle;
}

/** Every migration's name, oldest first: the last one is the schema version this product writes. */
export const migrationNames = (): string[] => Object.keys(migrations);

function openEmbedded(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = openSqlite(path.join(dataDir, "site.db"));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, flavour: "sqlite", close: () => db.destroy() };
}

// COUNT(*) and BIGINT arrive as strings from pg; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

/**
 * How the planner prices reading a page out of order: 1.1 (data in memory or on SSD, as
 * for any server today) instead of 4 (spinning disks). At the default, a search's count of
 * a thousand posts was a scan of every post, unpacking each one's search vector — work the
 * planner does not price — in 17 ms where reading the word's index takes 2 ms
 * (docs/decisions/037-volume-and-chinese-search.md). An `options` parameter in
 * DATABASE_URL replaces it.
 */
const PLANNER_OPTIONS = "-c random_page_cost=1.1";

function openPostgres(connectionString: string, logger: Pick<Logger, "warn">): DatabaseHandle {
  // A database that does not answer fails a request within seconds (503) instead of holding it.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000, options: PLANNER_OPTIONS });
  // An idle connection the server ends (restart, failover) must not crash the
  // process; the pool replaces it on the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL closed an idle connection"));
  // A connection that dies while checked out between two queries (a transaction
  // awaiting something, or just handed out) emits "error" on its client, which
  // the pool only listens to while the client is idle: unheard, it would stop the
  // process. Heard, the next query on it fails (503) and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", (error) => logger.warn({ err: error }, "PostgreSQL ended a connection in use")));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, flavour: "postgres", pgPool: pool, close: () => db.destroy() };
}

/** Brings the schema to the latest migration, or only up to `upTo`. */
export async function migrate(db: Db, upTo?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
