// What a backup reads and a restore writes, asked of the database itself rather
// than listed by hand: a table a later migration adds is backed up without
// anyone remembering to name it here.
import { sql, type Kysely, type QueryExecutorProvider } from "kysely";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";

/** A handle that writes to tables named at run time: the typed schema cannot name them. */
export type AnyDb = Kysely<any>;
/** Anything a query runs on: the writing or the reading handle, a transaction, a scratch database. */
export type Queryable = QueryExecutorProvider;
export type Row = Record<string, unknown>;

/** Kysely's bookkeeping: the archive carries the schema version in its manifest instead. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/**
 * Tables an archive leaves out, and a restore leaves as the target has them:
 * - short-lived state a restored site starts afresh: the shared rate counters
 *   (per-address and notification-cap windows, swept within a day; a restore's
 *   own progress ticket too), sign-in puzzles and the password-then-code step (minutes);
 * - the server's own records of its backups and restores (`backup_runs`): they
 *   describe the archives in this server's BACKUP_DIR, not the site, and the
 *   restore that is running holds its slot there.
 */
export const KEPT_BY_TARGET = new Set(["rate_counters", "login_challenges", "login_second_steps", "backup_runs"]);

/**
 * Tables an archive leaves out and a restore empties: who is signed in (sessions) and
 * the browsers remembered for sign-in. Restoring them would bring back sessions signed
 * out since the backup; after a restore everyone signs in again.
 */
export const EMPTIED_BY_RESTORE = new Set(["admin_tokens", "login_devices"]);

/**
 * Tables an archive leaves out and a restore leaves to the target's triggers: counts
 * kept from the rows (record_tallies, migration 021), right again once the rows are.
 */
export const DERIVED_TABLES = new Set(["record_tallies"]);

/** Everything an archive leaves out. Everything else is kept: jobs (a scheduled post is a job), the LINE events already handled (LINE redelivers for longer than a move takes). */
export const LEFT_OUT_TABLES = new Set([...KEPT_BY_TARGET, ...EMPTIED_BY_RESTORE, ...DERIVED_TABLES]);

/**
 * Every table of the site (the migrations' own aside), by name. SQLite's search indexes
 * (FTS5 tables and the tables they keep their index in, migration 020) are not data: they
 * are rebuilt from the rows by their triggers as a restore writes them.
 */
export async function tablesOf(db: Queryable, flavour: SqlFlavour): Promise<string[]> {
  if (flavour === "postgres") {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.has(name)).sort();
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const indexes = rows.filter((row) => /^create virtual table/i.test(row.sql ?? "")).map((row) => row.name);
  const isIndex = (name: string) => indexes.some((index) => name === index || name.startsWith(`${index}_`));
  return rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.has(name) && !isIndex(name)).sort();
}

/**
 * A table's stored columns, in order: those a database computes (PostgreSQL's generated
 * search_vector, migration 020) are neither archived nor written back.
 */
export async function storedColumnsOf(db: Queryable, flavour: SqlFlavour, table: string): Promise<string[]> {
  const { rows } =
    flavour === "postgres"
      ? await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_xinfo(${table}) where hidden = 0 order by cid`.execute(db);
  return rows.map((row) => row.name);
}

/** The tables a backup holds and a restore replaces. */
export const siteTables = async (db: Queryable, flavour: SqlFlavour) => (await tablesOf(db, flavour)).filter((table) => !LEFT_OUT_TABLES.has(table));

/** The primary key's columns in key order; every table has one (paging relies on it). */
export async function primaryKeyOf(db: Queryable, flavour: SqlFlavour, table: string): Promise<string[]> {
  const { rows } =
    flavour === "postgres"
      ? await sql<{ name: string }>`
          select a.attname as name from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = to_regclass(quote_ident(${table})) and i.indisprimary
          order by array_position(i.indkey::int2[], a.attnum)`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
  if (rows.length === 0) throw new Error(`Table ${table} has no primary key: backups page through tables by it`);
  return rows.map((row) => row.name);
}

/** The name of the last migration applied. */
export async function schemaVersionOf(db: Queryable): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  if (!rows[0]) throw new Error("The database has no migrations applied");
  return rows[0].name;
}

/**
 * A table's rows in primary-key order, a page at a time (keyset paging: each
 * page starts after the last key seen, so a large table is never held whole).
 */
export async function* pagesOf(db: Queryable, table: string, key: string[], stored: string[], pageSize: number): AsyncGenerator<Row[]> {
  const columns = sql.join(key.map((column) => sql.ref(column)));
  const selected = sql.join(stored.map((column) => sql.ref(column)));
  let after: unknown[] | undefined;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${selected} from ${sql.table(table)}
      ${after ? sql`where (${columns}) > (${sql.join(after)})` : sql``}
      order by ${columns} limit ${pageSize}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = key.map((column) => last[column]);
  }
}

/**
 * The tables in an order where every table comes after those its foreign keys
 * point to (insert in this order, delete in reverse). Read from SQLite's
 * catalogue: a restore's scratch database has the same logical schema as the target.
 */
export async function dependencyOrder(sqlite: Queryable, tables: string[]): Promise<string[]> {
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(sqlite);
    parents.set(table, [...new Set(rows.map((row) => row.table))].filter((parent) => parent !== table));
  }
  const ordered: string[] = [];
  const placing = new Set<string>();
  const place = (table: string) => {
    if (ordered.includes(table)) return;
    if (placing.has(table)) throw new Error(`Foreign keys form a cycle through ${table}`);
    placing.add(table);
    for (const parent of parents.get(table) ?? []) place(parent);
    placing.delete(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}
