// GET /readyz: whether this instance should be sent requests (a proxy's health
// check), on SQLite and PostgreSQL. Ready when the database answers, every
// migration is recorded, the storage answers and no shutdown has begun; else
// 503 with Retry-After and the failing part in one word. /healthz stays the
// liveness answer throughout a shutdown.
import { Agent, get as httpGet, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { migrationNames } from "#server/db/database.ts";
import { createAppWithRelayedDatabase } from "#tests/setup/relayed-database.ts";
import type { TcpProxy } from "#tests/setup/tcp-proxy.ts";
import type { TestApp } from "#tests/setup/test-app.ts";

const onPostgres = process.env.TEST_DB === "postgres";

let t: TestApp;
let proxy: TcpProxy | undefined;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, relay: proxy, close } = await createAppWithRelayedDatabase());
});
afterAll(async () => {
  await close?.();
});

function getOverHttp(port: number, pathname: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: "127.0.0.1", port, path: pathname, agent: new Agent({ keepAlive: true }) }, (response) => {
      response.resume();
      response.on("end", () => resolve(response));
    });
    request.on("error", reject);
  });
}

const readyz = () => t.app.inject({ method: "GET", url: "/readyz" });

async function expectUnready(part: string) {
  const res = await readyz();
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  // One word for the proxy and the person reading it; the details are in the log only.
  expect(res.json()).toEqual({ status: "unavailable", failing: part });
}

describe("GET /readyz", () => {
  it("answers 200 ready when the database, the migrations and the storage are there", async () => {
    const res = await readyz();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("answers 503 migrations while the database lacks one of this code's migrations, and ready once it is recorded again", async () => {
    const latest = migrationNames().at(-1)!;
    const table = sql.table(DEFAULT_MIGRATION_TABLE);
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${table} where name = ${latest}`.execute(t.database.db);
    await sql`delete from ${table} where name = ${latest}`.execute(t.database.db);
    try {
      await expectUnready("migrations");
    } finally {
      await sql`insert into ${table} (name, timestamp) values (${latest}, ${rows[0]!.timestamp})`.execute(t.database.db);
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it("answers 503 storage while the upload storage cannot be reached, and ready once it is back", async () => {
    // The uploads folder replaced by a file: as a volume that failed to mount leaves a path that is not a folder.
    const uploads = path.join(t.env.DATA_DIR, "uploads");
    const aside = `${uploads}-aside`;
    renameSync(uploads, aside);
    writeFileSync(uploads, "not a folder");
    try {
      await expectUnready("storage");
    } finally {
      rmSync(uploads);
      renameSync(aside, uploads);
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  // Skipped on SQLite: each engine loses its database its own way, a relay cut on PostgreSQL (here), a closed connection on SQLite (the next test).
  it.runIf(onPostgres)("answers 503 database while PostgreSQL cannot be reached, and ready once it is back", { timeout: 30_000 }, async () => {
    await proxy!.cut();
    try {
      await expectUnready("database");
    } finally {
      await proxy!.restore();
    }
    await expect.poll(async () => (await readyz()).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
  });

  // Skipped on PostgreSQL: the test above covers PostgreSQL going away (through a proxy); an embedded file has no server to stop.
  it.runIf(!onPostgres)("answers 503 database when the embedded database does not answer", async () => {
    // An SQLite file held open never goes away under its reader (WAL readers never wait): a second
    // instance on the same file has its connection closed under it.
    const other = await buildApp({ env: t.env, web: false, runJobs: false });
    try {
      await other.app.ready();
      await other.database.close();
      const res = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", failing: "database" });
    } finally {
      await other.app.close();
    }
  });

  it("answers 503 shutting-down from the moment a shutdown begins, while it still serves (each answer closing its connection) and stays alive for /healthz", async () => {
    // Over a real connection: the header is set by the HTTP server, as a proxy sees it.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as AddressInfo;
    const before = await getOverHttp(address.port, "/api.php/settings");
    expect(before.headers.connection).not.toBe("close");

    t.shutdown.begin();
    await expectUnready("shutting-down");
    const during = await getOverHttp(address.port, "/api.php/settings");
    expect(during.statusCode).toBe(200);
    expect(during.headers.connection).toBe("close");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
