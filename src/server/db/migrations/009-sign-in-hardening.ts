// Sign-in hardening (issue 22 item 5, decision 023): browsers an administrator
// has signed in from (device cookies, stored hashed), the device a failed
// attempt came from (a trusted browser counts only its own failures), the
// optional TOTP second step with its single-use recovery codes, and the short
// stored step between a right password and the code.
import type { Kysely } from "kysely";
import { flavourOf, int, withId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);

  await withId(db.schema.createTable("login_devices"), flavour)
    .addColumn("admin_user_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("login_devices_user").on("login_devices").column("admin_user_id").execute();

  // NULL: an untrusted client (the per-account hourly budget counts these).
  await db.schema.alterTable("login_attempts").addColumn("device_id", "integer").execute();
  await db.schema.createIndex("login_attempts_device").on("login_attempts").columns(["device_id", "created_at"]).execute();

  // One row per administrator who started enrolment; enabled_at is set once a code from the app confirmed it.
  await db.schema
    .createTable("admin_totp")
    .addColumn("admin_user_id", "integer", (col) => col.primaryKey().references("admin_users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("enabled_at", "text")
    // The 30-second step of the last accepted code: a code is never accepted twice.
    .addColumn("last_step", "integer", int(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("admin_recovery_codes"), flavour)
    .addColumn("admin_user_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_recovery_codes_user").on("admin_recovery_codes").column("admin_user_id").execute();

  // A right password for an account with two-step sign-in: the code must follow within minutes, from the same address.
  await db.schema
    .createTable("login_second_steps")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("admin_user_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("client_ip", "text", (col) => col.notNull())
    .addColumn("device_id", "integer")
    .addColumn("failures", "integer", int(0))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["login_second_steps", "admin_recovery_codes", "admin_totp", "login_devices"]) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex("login_attempts_device").ifExists().execute();
  await db.schema.alterTable("login_attempts").dropColumn("device_id").execute();
}
