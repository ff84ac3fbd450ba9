// A write that picks a unique value by looking first (a post's address: the wanted
// one, else -2, -3…) can still lose to a transaction that looked at the same moment
// and committed first: the unique index refuses the second. Running the work inside
// a savepoint lets the loser undo only that work, look again (now seeing the
// winner's row) and pick the next free value, without failing the whole operation.
import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { isUniqueViolation } from "./database-errors.ts";

let savepoints = 0;

/** Runs `work` in a savepoint of the caller's transaction; a unique violation rolls it back and runs it again (at most `attempts` times). */
export async function retryOnUniqueViolation<T>(db: Db, work: () => Promise<T>, attempts = 5): Promise<T> {
  // Unique per call: an operation run inside another may nest these.
  const name = sql.raw(`unique_retry_${(savepoints = (savepoints + 1) % 1_000_000)}`);
  for (let attempt = 1; ; attempt += 1) {
    await sql`savepoint ${name}`.execute(db);
    try {
      const result = await work();
      await sql`release savepoint ${name}`.execute(db);
      return result;
    } catch (error) {
      try {
        await sql`rollback to savepoint ${name}`.execute(db);
        await sql`release savepoint ${name}`.execute(db);
      } catch {
        // The connection itself failed: the original fault is the one to report.
        throw error;
      }
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
