// A staff note per contact message (issue 25): what was agreed on the phone,
// who follows it up. Never shown to the visitor; '' when there is none.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contacts").addColumn("staff_note", "text", (col) => col.notNull().defaultTo("")).execute();
}
