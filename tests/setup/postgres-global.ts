// API tests on PostgreSQL: checks the server answers before any test runs, so
// a missing server fails loudly instead of as a hundred timeouts.
import pg from "pg";
import { POSTGRES_ADMIN_URL } from "./test-database.ts";

export async function setup() {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${String(error)}). Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`);
  } finally {
    await client.end().catch(() => {});
  }
}
