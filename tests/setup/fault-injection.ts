// Real faults for tests of "all or nothing": a database trigger that makes
// writes to one table fail, on SQLite and on PostgreSQL alike. The product
// carries no test hooks; the database itself refuses, as a full disk or a
// broken constraint would.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseHandle } from "#server/db/database.ts";

export interface InjectedFault {
  remove(): Promise<void>;
}

/**
 * Writes (`operation`) to `table` fail while the fault is in place; with
 * `whenId`, only the row with that id fails, so a multi-row write fails half way.
 */
export async function failWrites(
  database: DatabaseHandle,
  table: string,
  options: { operation?: "INSERT" | "UPDATE" | "DELETE"; whenId?: number } = {},
): Promise<InjectedFault> {
  const operation = options.operation ?? "INSERT";
  const name = `injected_fault_${randomBytes(4).toString("hex")}`;
  const row = operation === "DELETE" ? "OLD" : "NEW";
  const { db } = database;
  if (database.flavour === "sqlite") {
    const when = options.whenId === undefined ? "" : `WHEN ${row}.id = ${Number(options.whenId)}`;
    await sql.raw(`CREATE TRIGGER ${name} BEFORE ${operation} ON ${table} ${when} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`).execute(db);
    return { remove: async () => void (await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db)) };
  }
  const condition = options.whenId === undefined ? "TRUE" : `${row}.id = ${Number(options.whenId)}`;
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN ${row}; END $$ LANGUAGE plpgsql`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${name} BEFORE ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
  return {
    remove: async () => {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    },
  };
}
