import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { ReadDb } from "#server/db/database.ts";

export const healthRoutes: FastifyPluginAsync<{ db: ReadDb }> = async (app, { db }) => {
  app.get("/healthz", { config: { access: "public" } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database did not answer");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
};
