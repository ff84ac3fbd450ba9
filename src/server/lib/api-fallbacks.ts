// The API answers in its JSON envelope for every path it owns, also for paths
// that do not exist and for methods a path does not take: a client of the API
// never receives the web app's HTML page (CONTRACT.md).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Access } from "./access.ts";
import { notFound } from "./errors.ts";
import { methodNotAllowed, methodsOtherThan, refuseOtherMethods } from "./http-methods.ts";
import { parameterCount, pathnameOf, pathPattern } from "./path-pattern.ts";

/** `/api.php/…`, `/admin-login.php`, `/line-webhook.php`, `/api/line-quota.php`: every `.php` path and everything under /api/. */
export const isApiPath = (url: string) => /\.php(?:[/?]|$)|^\/api\//.test(url);

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
 * allowed methods for a known path asked with another method (TRACE and the
 * WebDAV ones included: http-methods.ts), and 404 in the envelope for unknown
 * paths under the API prefixes.
 *
 * A known path under a prefix of the same access is refused by the prefix's
 * fallback, which looks its methods up: one route per prefix rather than one
 * per path, since the router keeps a node for each path and method (about
 * 5 MB for every method at every path). A path that differs in access from its
 * prefix, or lies outside the prefixes, has a refusing route of its own, so an
 * administrator's path still answers 401 to a visitor.
 */
export function registerApiFallbacks(scope: FastifyInstance, routes: ReturnType<typeof trackApiRoutes>, prefixes: Array<{ prefix: string; access: Access }>) {
  const underPrefix = new Map(prefixes.map(({ prefix }) => [prefix, [] as Array<{ url: string; pattern: RegExp; allowed: string[] }>]));
  for (const [url, { methods, access }] of [...routes]) {
    if (methodsOtherThan(scope, methods).length === 0) continue;
    const allowed = [...methods].filter((method) => method !== "HEAD");
    const prefix = prefixes.find((entry) => url === entry.prefix || url.startsWith(`${entry.prefix}/`));
    if (prefix && prefix.access === access) underPrefix.get(prefix.prefix)!.push({ url, pattern: pathPattern(url), allowed });
    else refuseOtherMethods(scope, url, [...methods], access, () => allowed);
  }
  for (const { prefix, access } of prefixes) {
    // As the router would choose: static segments before parameters.
    const known = underPrefix.get(prefix)!.sort((a, b) => parameterCount(a.url) - parameterCount(b.url));
    // Answered as the request arrives (after the access check), before a body is read or its type judged.
    const answer = async (request: FastifyRequest) => {
      const pathname = pathnameOf(request.url);
      const route = known.find((entry) => entry.pattern.test(pathname));
      throw route ? methodNotAllowed(request.method, route.allowed) : notFound(notFoundMessage(request.method, request.url));
    };
    for (const url of [prefix, `${prefix}/*`]) scope.all(url, { config: { access }, onRequest: answer }, answer);
  }
}

/** The app's last word on an unmatched request: the envelope, never an HTML page (the web app catches page paths itself). */
export function installNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ success: false, message: isApiPath(request.url) ? notFoundMessage(request.method, request.url) : "找不到這個網址" }),
  );
}
