// Whether a restore may replace what the target holds without --force.
//
// "Empty" is what a new installation looks like, so that the documented move
// (start the new server once, then restore) needs no force: the rows the first
// start seeds (settings, themes, the built-in services and their types, the
// built-in pages, the first administrator), unchanged since `seeded_at`; what
// merely starting and signing in leaves (sessions, sign-in records, activity,
// jobs, and the tables a restore leaves alone); and no stored file. Anything
// else (one more administrator, a changed setting or page, one post, message
// or file) is a site someone uses, and a restore replaces it only when told to.
import { sql } from "kysely";
import type { ReadDb } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { tablesOf, LEFT_OUT_TABLES } from "./table-catalog.ts";

/** What seedIfEmpty writes: each row carries its updated_at. */
const SEEDED_TABLES = new Set(["settings", "themes", "service_categories", "service_items", "service_types", "pages", "admin_users"]);
/** Written by starting the site and signing in to it, not by using it (and the tables a restore leaves alone). */
const START_UP_TABLES = new Set(["app_meta", "admin_tokens", "login_attempts", "login_devices", "activity_log", "jobs", ...LEFT_OUT_TABLES]);

export class RestoreTargetNotEmptyError extends Error {
  override name = "RestoreTargetNotEmptyError";
  /** What the target holds, one phrase each (English, for the operator). */
  readonly holds: string[];
  constructor(holds: string[]) {
    super(`The target is not empty: it holds ${holds.join("; ")}. A restore replaces all of it; run it again with --force to do so.`);
    this.holds = holds;
  }
}

/** What makes the target more than a new installation; empty when a restore may go ahead without --force. */
export async function whatTargetHolds(deps: { db: ReadDb; flavour: SqlFlavour; storage: FileStorage }): Promise<string[]> {
  const holds: string[] = [];
  const seeded = await deps.db.selectFrom("app_meta").select("value").where("key", "=", "seeded_at").executeTakeFirst();
  for (const table of await tablesOf(deps.db, deps.flavour)) {
    if (START_UP_TABLES.has(table)) continue;
    const rows = await countOf(deps.db, table);
    if (rows === 0) continue;
    if (!SEEDED_TABLES.has(table) || !seeded) holds.push(`${rows} row(s) in ${table}`);
    else if (table === "admin_users" && rows > 1) holds.push(`${rows} administrators`);
    else {
      const changed = await countOf(deps.db, table, seeded.value);
      if (changed > 0) holds.push(`${changed} row(s) of ${table} changed since the first start`);
    }
  }
  for await (const key of deps.storage.keys()) {
    holds.push(`stored files (${key}, perhaps more)`);
    break;
  }
  return holds;
}

async function countOf(db: ReadDb, table: string, changedAfter?: string): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from ${sql.table(table)}
    ${changedAfter === undefined ? sql`` : sql`where updated_at > ${changedAfter}`}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
