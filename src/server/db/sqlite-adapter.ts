// Kysely's SqliteDialect expects a better-sqlite3-shaped database; this adapts
// Node's built-in node:sqlite so that no native addon is needed.
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...params(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...params(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...params(parameters)) as IterableIterator<unknown>,
  };
}

export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  // WAL lets readers run beside a writer; the busy timeout makes a second
  // process wait for a lock instead of failing at once.
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  raw.exec("PRAGMA synchronous = NORMAL");
  return {
    raw,
    close: () => raw.close(),
    prepare: (sql) => adaptStatement(raw.prepare(sql)),
  };
}
