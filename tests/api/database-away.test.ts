// With the database away, a write answers 503 with Retry-After and a
// Traditional Chinese "try again" (CONTRACT.md), never a 500; once it is back,
// writes succeed again without a restart. PostgreSQL is cut through a TCP relay
// (its connections dropped, new ones refused); SQLite is held by another
// connection's write lock past the busy timeout.
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE } from "#server/lib/database-errors.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { createAppWithRelayedDatabase } from "#tests/setup/relayed-database.ts";
import type { TcpProxy } from "#tests/setup/tcp-proxy.ts";
import type { TestApp } from "#tests/setup/test-app.ts";
import type { TestDatabase } from "#tests/setup/test-database.ts";

const onPostgres = process.env.TEST_DB === "postgres";

let t: TestApp;
let token: string;
let proxy: TcpProxy | undefined;
let store: TestDatabase | undefined;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, relay: proxy, store, close } = await createAppWithRelayedDatabase());
  const admin = await createAdmin(t);
  token = await sessionToken(t, admin.id);
});
afterAll(async () => {
  await close?.();
});

let created = 0;
const createCategory = () =>
  t.app.inject({ method: "POST", url: "/admin-api.php/categories", headers: bearer(token), payload: { name: `分類 ${(created += 1)}` } });

/** Makes the database unreachable for the app while `during` runs. */
async function withDatabaseAway(during: () => Promise<void>) {
  if (proxy) {
    await proxy.cut();
    try {
      await during();
    } finally {
      await proxy.restore();
    }
    return;
  }
  const other = new DatabaseSync(path.join(t.env.DATA_DIR, "site.db"));
  other.exec("PRAGMA busy_timeout = 0");
  other.exec("BEGIN IMMEDIATE");
  try {
    await during();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}

describe("a write while the database is away", () => {
  it("answers 503 with Retry-After and a message in words, then works again once the database is back", { timeout: 30_000 }, async () => {
    expect((await createCategory()).statusCode).toBe(200);

    await withDatabaseAway(async () => {
      const res = await createCategory();
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    });

    const again = await createCategory();
    expect(again.statusCode, again.body).toBe(200);
  });

  it("the contact page's form post (no JavaScript) comes back with the visitor's words and 請稍後再試, not an error page", { timeout: 30_000 }, async () => {
    await withDatabaseAway(async () => {
      const outcome = await t.services.contacts.site.submitForm(
        { name: "王小明", email: "wang@example.com", message: "想詢問水塔清洗的價格" },
        { clientIp: "198.51.100.20", userAgent: "vitest" },
      );
      expect(outcome).toEqual({ sent: false, message: DATABASE_UNAVAILABLE_MESSAGE, errors: {}, status: 503 });
    });
  });

  // Skipped on SQLite: only PostgreSQL has connections that can drop under a running process and a LISTEN to take up again.
  it.runIf(onPostgres)("lets the process live through connections dropped under it, and listens for other instances' changes again once it is back", { timeout: 30_000 }, async () => {
    const listening = async () => {
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN public_cache_invalidate'`.execute(direct);
      return rows.rows[0]!.n;
    };
    const direct = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: store!.databaseUrl, max: 1 }) }) });
    const listenerBack = async () => {
      const deadline = Date.now() + 10_000;
      while ((await listening()) !== 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      return listening();
    };
    try {
      // The earlier test's outage may still be healing.
      expect(await listenerBack()).toBe(1);
      // Longer than the listener's first retry: it must keep trying.
      await withDatabaseAway(() => new Promise((resolve) => setTimeout(resolve, 2500)));
      expect(await listenerBack()).toBe(1);
    } finally {
      await direct.destroy();
    }
  });
});
