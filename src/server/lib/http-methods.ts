// The methods the product answers, and the 405 with Allow for the rest
// (docs/architecture.md): a method a path does not take is the client's mistake, never
// a 404 that hides the path's methods nor a 500 that fills the error log.
import http from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Access } from "./access.ts";
import { AppError } from "./errors.ts";

/**
 * Fastify routes nine methods, while Node's parser hands it every method of
 * `http.METHODS` (PROPFIND, MKCOL, SEARCH…): those are taken in too, so that a
 * path's fallback refuses them as it refuses TRACE. Call before any route.
 */
export function routeEveryMethod(app: FastifyInstance): void {
  for (const method of http.METHODS) if (!app.supportedMethods.includes(method)) app.addHttpMethod(method);
}

/** What a path answers when asked with a method it does not take. */
export function methodNotAllowed(method: string, allowed: readonly string[]): AppError {
  const allow = allowed.join(", ");
  return new AppError(405, `此路徑不接受 ${method} 請求，請改用 ${allow}`, undefined, { allow });
}

/** Every method the app routes but `taken` (HEAD stays with GET: Fastify answers it for every GET route). */
export const methodsOtherThan = (app: FastifyInstance, taken: Iterable<string>): string[] => {
  const known = new Set([...taken, "HEAD"]);
  return app.supportedMethods.filter((method) => !known.has(method));
};

/**
 * A route refusing, at `url`, every method but `taken`, with 405 and the Allow header. It refuses as the
 * request arrives (after the app's access check), before a body is read or its type judged.
 */
export function refuseOtherMethods(scope: FastifyInstance, url: string, taken: readonly string[], access: Access, allowOf: (request: FastifyRequest) => Promise<readonly string[]> | readonly string[] = () => taken): void {
  const refuse = async (request: FastifyRequest) => {
    throw methodNotAllowed(request.method, await allowOf(request));
  };
  scope.route({ method: methodsOtherThan(scope, taken), url, config: { access }, onRequest: refuse, handler: refuse });
}
