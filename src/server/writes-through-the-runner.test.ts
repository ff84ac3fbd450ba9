// Every write goes through the operation runner (lib/operation-runner.ts,
// decision 026). Three locks keep it so: modules read through a handle whose
// type has no writing methods and which refuses a write at run time; only the
// runner (and start-up's seed) opens a transaction; only the code that runs
// inside an operation's transaction ever names the writing handle's type.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { readOnly } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import { openSqlite } from "./db/sqlite-adapter.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}
const files = sources(root).map((file) => ({ name: path.relative(root, file), text: readFileSync(file, "utf8") }));

/** Where the writing handle (`Db`) may be named: code that runs inside an operation's transaction, and the infrastructure beneath it. */
const WRITERS = [
  /\.repo\.ts$/, // Kysely only, with the handle it is given
  /\.operations\.ts$/, // the operations themselves (their `tx.db`)
  /^lib\/operations?(-runner)?\.ts$/, // the runner
  /^lib\/rate-counters\.ts$/, // counters bumped inside an operation
  /^lib\/flood-limit-store\.ts$/, // the per-route flood limits' counters (@fastify/rate-limit's store): infrastructure before the route, shared by every instance, not an operation
  /^lib\/unique-retry\.ts$/, // a savepoint inside an operation's transaction (a unique value lost to a concurrent write)
  /^modules\/activity\/activity\.service\.ts$/, // the activity effect
  /^modules\/media\/file-references\.ts$/, // the file-references effect
  /^modules\/notifications\/notice-cap\.ts$/, // the cap's counters, inside the message's operation
  /^jobs\//, // the queue's own rows (claims, results), and the outbox's insert in the causing transaction
  /^db\//, // opening the database, migrations
  /^modules\/seed\/seed\.service\.ts$/, // the one start-up write, before any request (its own transaction)
  /^modules\/backups\/(make-backup|restore-backup)\.ts$/, // a backup's read snapshot; a restore replaces every table in one transaction of its own
];
const namesWriter = (text: string) => /import (type )?\{[^}]*\bDb\b[^}]*\} from "#server\/db\/database\.ts"/.test(text);

describe("every write goes through the operation runner", () => {
  it("only the runner and start-up's seed open a transaction", () => {
    const opening = files.filter((file) => /\.transaction\(\)/.test(file.text)).map((file) => file.name);
    // And backups: one read-only snapshot transaction to read, one transaction that replaces every table to restore.
    expect(opening.sort()).toEqual(["lib/operation-runner.ts", "modules/backups/make-backup.ts", "modules/backups/restore-backup.ts", "modules/seed/seed.service.ts"]);
  });

  it("services, routes and job handlers never name the writing handle: they read through ReadDb, and write by running an operation", () => {
    const offenders = files.filter((file) => namesWriter(file.text) && !WRITERS.some((pattern) => pattern.test(file.name))).map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it("the modules are given the read-only handle", () => {
    const registry = files.find((file) => file.name === "service-registry.ts")!.text;
    expect(registry).toMatch(/const db = readOnly\(deps\.db\);/);
    // The writing handle goes to the runner alone, and to the back office's restore, which replaces the whole database in one transaction of its own (modules/backups/restore-backup.ts).
    expect([...registry.matchAll(/deps\.db\b/g)]).toHaveLength(3);
    expect(registry).toMatch(/restoreBackup\(\{ db: deps\.db,/);
  });

  it("the read-only handle refuses a write at run time (a cast cannot slip one past the runner)", async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(":memory:") }) });
    const reader = readOnly(db) as unknown as Kysely<Database>;
    await expect(reader.insertInto("settings").values({ key: "k", value: "v", updated_at: "" }).execute()).rejects.toThrow(/writes go through the operation runner/);
    await expect(reader.updateTable("settings").set({ value: "v" }).execute()).rejects.toThrow(/writes go through the operation runner/);
    await expect(reader.deleteFrom("settings").execute()).rejects.toThrow(/writes go through the operation runner/);
    await db.destroy();
  });
});
