import type { FastifyPluginAsync } from "fastify";
import { ok } from "#server/lib/success-envelope.ts";
import type { DashboardService } from "./dashboard.service.ts";

export const dashboardRoutes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get("/admin-api.php/notifications", { config: { access: "admin" } }, async () => ok(await dashboard.notifications()));
  app.get("/admin-api.php/stats", { config: { access: "admin" } }, async () => ok(await dashboard.stats()));
  app.get("/admin-api.php/activity", { config: { access: "admin" } }, async (request) => ok(await dashboard.activity(request.query)));
};
