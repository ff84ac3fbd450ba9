// The API answers in its JSON envelope for every path it owns, also for paths
// that do not exist and for methods a path does not take: a client of the API
// never receives the web app's HTML page (CONTRACT.md).
import type { FastifyInstance } from "fastify";
import type { Access } from "./access.ts";
import { AppError, notFound } from "./errors.ts";

/** `/api.php/…`, `/admin-login.php`, `/line-webhook.php`, `/api/line-quota.php`: every `.php` path and everything under /api/. */
export const isApiPath = (url: string) => /\.php(?:[/?]|$)|^\/api\//.test(url);

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

const notFoundMessage = (method: string, url: string) => `找不到 API 路徑：${method} ${url.split("?")[0]}`;

/** Records the API routes of a scope as they are registered, so that `registerApiFallbacks` can answer the methods they lack. */
export function trackApiRoutes(scope: FastifyInstance) {
  const byUrl = new Map<string, { methods: Set<string>; access: Access }>();
  scope.addHook("onRoute", (route) => {
    if (!isApiPath(route.url) || route.url.endsWith("*")) return;
    const entry = byUrl.get(route.url) ?? { methods: new Set<string>(), access: "admin" as Access };
    for (const method of [route.method].flat()) entry.methods.add(method);
    // A path anyone may call answers its 405 to anyone; a path only administrators
    // may call answers 401 without a token, so no map of the admin paths leaks.
    if (route.config?.access !== "admin") entry.access = "public";
    byUrl.set(route.url, entry);
  });
  return byUrl;
}

/**
 * Call after every API route of the scope is registered: answers 405 with the
 * allowed methods for a known path asked with another method, and 404 in the
 * envelope for unknown paths under the API prefixes.
 */
export function registerApiFallbacks(scope: FastifyInstance, routes: ReturnType<typeof trackApiRoutes>, prefixes: Array<{ prefix: string; access: Access }>) {
  for (const [url, { methods, access }] of [...routes]) {
    const allowed = [...methods].filter((method) => method !== "HEAD").join(", ");
    const missing = METHODS.filter((method) => !methods.has(method));
    if (missing.length === 0) continue;
    scope.route({
      method: missing,
      url,
      config: { access },
      handler: async (request) => {
        throw new AppError(405, `此路徑不接受 ${request.method} 請求，請改用 ${allowed}`, undefined, { allow: allowed });
      },
    });
  }
  for (const { prefix, access } of prefixes) {
    for (const url of [prefix, `${prefix}/*`]) {
      scope.all(url, { config: { access } }, async (request) => {
        throw notFound(notFoundMessage(request.method, request.url));
      });
    }
  }
}

/** The app's last word on an unmatched request: the envelope, never an HTML page (the web app catches page paths itself). */
export function installNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ success: false, message: isApiPath(request.url) ? notFoundMessage(request.method, request.url) : "找不到這個網址" }),
  );
}
