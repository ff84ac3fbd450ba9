// Counts the database keeps as rows change (record_tallies, migration 021: triggers
// on contacts and LINE customers), read instead of counting every row.
import type { ReadDb } from "#server/db/database.ts";

/** The tallies whose names start with `prefix`, by the rest of their name (e.g. contacts: → { new: 3, read: 10 }). */
export async function talliesOf(db: ReadDb, prefix: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom("record_tallies").select(["name", "n"]).where("name", ">=", prefix).where("name", "<", `${prefix}\uffff`).execute();
  return Object.fromEntries(rows.map((row) => [row.name.slice(prefix.length), Number(row.n)]));
}

/** One tally (0 when nothing was ever counted under its name). */
export async function tallyOf(db: ReadDb, name: string): Promise<number> {
  const row = await db.selectFrom("record_tallies").select("n").where("name", "=", name).executeTakeFirst();
  return Number(row?.n ?? 0);
}
