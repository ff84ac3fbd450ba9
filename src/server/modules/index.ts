// Every API module, registered explicitly so that a route can be found by grep.
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/database.ts";
import type { AdminGuard } from "#server/lib/auth-guard.ts";
import type { Services } from "#server/services.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { themesRoutes } from "./themes/themes.routes.ts";

export function registerModules(app: FastifyInstance, deps: { services: Services; db: Db; requireAdmin: AdminGuard }) {
  const { services, db, requireAdmin } = deps;
  healthRoutes(app, { db });
  settingsRoutes(app, { settings: services.settings, requireAdmin });
  themesRoutes(app, { themes: services.themes, requireAdmin });
}
