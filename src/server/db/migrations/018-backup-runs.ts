// Issue 26: every backup the product makes (by the backup_frequency schedule or
// 立即備份 on the back office) leaves a record: when it started and finished,
// what asked for it, how it ended (the archive's file name and size, or why it
// failed, in words). The records are the list the back office shows, the only
// names it lets anyone download or delete, and what "keep the last N" counts.
// `running_slot` is 1 while a backup runs and NULL otherwise: its unique index
// lets one backup run at a time across every instance (NULLs never collide, on
// SQLite as on PostgreSQL). `heartbeat_at` is moved on while the backup works,
// so a run whose process died is told apart from a long one.
import type { Kysely } from "kysely";
import { text, withId, flavourOf } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);
  await withId(db.schema.createTable("backup_runs"), flavour)
    .addColumn("trigger", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("running_slot", "integer")
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("heartbeat_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("file_name", "text", text)
    .addColumn("size", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("error", "text", text)
    .execute();
  await db.schema.createIndex("backup_runs_running_slot").unique().on("backup_runs").column("running_slot").execute();
  await db.schema.createIndex("backup_runs_started_at").on("backup_runs").column("started_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backup_runs").ifExists().execute();
}
