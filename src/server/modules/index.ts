// Every API module, registered explicitly so that a route can be found by grep.
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/database.ts";
import type { AdminGuard } from "#server/lib/auth-guard.ts";
import type { Services } from "#server/services.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { bannersRoutes } from "./banners/banners.routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { mediaRoutes } from "./media/media.routes.ts";
import { seoRoutes } from "./seo/seo.routes.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { themesRoutes } from "./themes/themes.routes.ts";

export const ADMIN_API_PREFIX = "/admin-api.php";

declare module "fastify" {
  interface FastifyContextConfig {
    /** An /admin-api.php route the spec also calls with `Bearer public` (public data only). */
    publicAccess?: boolean;
  }
}

/**
 * Decided on the route the router matched (it decodes the path), and on the
 * decoded path as well: `/admin-api%2Ephp/settings` must not slip past the guard.
 */
export function isAdminApiRequest(routePattern: string | undefined, rawUrl: string): boolean {
  const isAdminPath = (path: string) => path === ADMIN_API_PREFIX || path.startsWith(`${ADMIN_API_PREFIX}/`);
  if (routePattern !== undefined && isAdminPath(routePattern)) return true;
  let path = rawUrl.split("?")[0];
  // Only an escaped path can differ from what it decodes to (hot path: public reads).
  if (!path.includes("%")) return isAdminPath(path);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape cannot name an admin route; the router answers it.
  }
  return isAdminPath(path);
}

export function registerModules(app: FastifyInstance, deps: { services: Services; db: Db; storage: FileStorage; requireAdmin: AdminGuard }) {
  const { services, db, storage, requireAdmin } = deps;

  // Every /admin-api.php/* answer needs a valid token, unknown paths included
  // (no token: 401, not a map of which paths exist). Admin answers are never cached.
  app.addHook("onRequest", async (request, reply) => {
    if (!isAdminApiRequest(request.routeOptions.url, request.url)) return;
    reply.header("cache-control", "no-store");
    if (request.routeOptions.config?.publicAccess) return;
    await requireAdmin(request, reply);
  });

  healthRoutes(app, { db });
  authRoutes(app, { login: services.login, account: services.account });
  dashboardRoutes(app, { dashboard: services.dashboard });
  settingsRoutes(app, { settings: services.settings });
  themesRoutes(app, { themes: services.themes, requireAdmin });
  bannersRoutes(app, { banners: services.banners, tokens: services.tokens, requireAdmin });
  mediaRoutes(app, { media: services.media, storage, requireAdmin });
  seoRoutes(app, { seo: services.seo });
}
