// A test app whose PostgreSQL database sits behind a TCP relay the test can cut
// (tests that need the database away: database-away, readiness). On SQLite the
// app opens its file directly: those tests take it away by other means.
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface RelayedApp {
  t: TestApp;
  /** Present on PostgreSQL: cut() and restore() the app's way to its database. */
  relay?: TcpProxy;
  /** Present on PostgreSQL: the database itself, reachable directly. */
  store?: TestDatabase;
  close(): Promise<void>;
}

export async function createAppWithRelayedDatabase(): Promise<RelayedApp> {
  if (process.env.TEST_DB !== "postgres") {
    const t = await createTestApp({}, { runJobs: false });
    return { t, close: () => t.close() };
  }
  const store = await createTestDatabase("postgres");
  const direct = new URL(store.databaseUrl!);
  const relay = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.port = String(relay.port);
  const t = await createTestApp({ DATABASE_URL: direct.toString() }, { runJobs: false });
  return {
    t,
    relay,
    store,
    async close() {
      await t.close();
      await relay.close();
      await store.drop();
    },
  };
}
