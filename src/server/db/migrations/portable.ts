// Column helpers that produce the same logical schema on SQLite and PostgreSQL.
// Portable choices (see docs/decisions/002-portable-storage-types.md): ISO-8601
// text timestamps, 0/1 integer flags, JSON lists as text.
import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from "kysely";

export type SqlFlavour = "sqlite" | "postgres";

export function flavourOf(db: Pick<Kysely<unknown>, "getExecutor">): SqlFlavour {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

type Table = CreateTableBuilder<string, never>;

export function withId(table: Table, flavour: SqlFlavour): Table {
  return flavour === "postgres"
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

export function withTimestamps(table: Table): Table {
  return table
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull());
}

export const realType = (flavour: SqlFlavour) => (flavour === "postgres" ? "double precision" : "real");

export const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo("");
export const flag = (fallback: 0 | 1) => (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(fallback);
export const int = (fallback: number) => (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(fallback);
