import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get("/healthz", async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database did not answer");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}
