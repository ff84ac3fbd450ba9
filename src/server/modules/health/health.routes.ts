// Liveness and readiness. /healthz says the process is alive and reaches its
// database (a container's HEALTHCHECK restarts it otherwise); /readyz says
// whether this instance should be sent requests now (a proxy's health check):
// not while it shuts down, nor while its database, its schema or its storage
// is not there. A proxy polls /readyz several times a second: it writes no
// log line per request, only a change of its answer.
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { migrationNames, type ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { withTimeout } from "#server/lib/with-timeout.ts";
import type { Shutdown } from "#server/lib/shutdown.ts";

/** A part that has not answered by then counts as away: the proxy's own check must not time out first. */
const READY_CHECK_TIMEOUT_MS = 2000;
const READY_RETRY_AFTER_SECONDS = 5;

/** What keeps an instance from serving, in one word (the details go to the log, never to the answer). */
type UnreadyPart = "shutting-down" | "database" | "migrations" | "storage";

export const healthRoutes: FastifyPluginAsync<{ db: ReadDb; storage: Pick<FileStorage, "check">; shutdown: Pick<Shutdown, "draining"> }> = async (
  app,
  { db, storage, shutdown },
) => {
  app.get("/healthz", { config: { access: "public" } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database did not answer");
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  const timedOut = () => new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`);

  /** What keeps the instance from serving, with the reason for the log. */
  async function unready(): Promise<{ part: UnreadyPart; reason?: unknown } | undefined> {
    if (shutdown.draining) return { part: "shutting-down" };
    const [migrations, stored] = await Promise.allSettled([
      withTimeout(sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db), READY_CHECK_TIMEOUT_MS, timedOut),
      withTimeout(storage.check(), READY_CHECK_TIMEOUT_MS, timedOut),
    ]);
    if (migrations.status === "rejected") return { part: "database", reason: migrations.reason };
    // A database replaced or restored under a running instance may lack this code's latest migrations.
    const applied = new Set(migrations.value.rows.map((row) => row.name));
    const pending = migrationNames().filter((name) => !applied.has(name));
    if (pending.length > 0) return { part: "migrations", reason: `not applied: ${pending.join(", ")}` };
    if (stored.status === "rejected") return { part: "storage", reason: stored.reason };
    return undefined;
  }

  // Logged when the answer changes, not on every poll.
  let lastPart: UnreadyPart | undefined;
  app.get("/readyz", { logLevel: "warn", config: { access: "public" } }, async (_request, reply) => {
    const found = await unready();
    if (found?.part !== lastPart) {
      if (found) app.log.warn({ part: found.part, err: found.reason }, "readiness: not ready");
      else app.log.info({ was: lastPart }, "readiness: ready again");
      lastPart = found?.part;
    }
    if (!found) return { status: "ready" };
    return reply.code(503).header("retry-after", String(READY_RETRY_AFTER_SECONDS)).send({ status: "unavailable", failing: found.part });
  });
};
