import type { FastifyInstance } from "fastify";
import { ok } from "#server/lib/envelope.ts";
import type { DashboardService } from "./dashboard.service.ts";

// Behind the /admin-api.php guard (modules/index.ts).
export function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }) {
  const { dashboard } = deps;
  app.get("/admin-api.php/notifications", async () => ok(await dashboard.notifications()));
  app.get("/admin-api.php/stats", async () => ok(await dashboard.stats()));
  app.get("/admin-api.php/activity", async (request) => ok(await dashboard.activity(request.query)));
}
