// The methods a page address takes: GET and HEAD, and POST where its route has
// an action (the contact form sent without JavaScript). React Router is never
// asked with another: it cannot build a request for TRACE (a 500 with a stack
// trace) and logs as an error every method a route has no action for, so
// anyone could fill the error log; they are refused with 405 and Allow.
import type { ServerBuild } from "react-router";
import { methodNotAllowed } from "#server/lib/http-methods.ts";
import { pathnameOf, pathPattern } from "#server/lib/path-pattern.ts";

/** The methods the web app's catch-all is routed for; the rest are refused before it (web-app.plugin.ts). */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
const READ_ONLY = ["GET", "HEAD"] as const;

/** The addresses whose route has an action, read from the build's route table. */
export function actionAddresses(build: Pick<ServerBuild, "routes">): RegExp[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const parts: string[] = [];
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) if (route.path) parts.unshift(route.path);
    return parts.join("/");
  };
  return Object.values(routes)
    .filter((route) => route !== undefined && typeof route.module.action === "function")
    .map((route) => pathPattern(fullPath(route!.id)));
}

/** What an address takes: POST only where an action answers it. */
export function pageMethodsOf(url: string, actions: readonly RegExp[]): readonly string[] {
  const pathname = pathnameOf(url);
  return actions.some((pattern) => pattern.test(pathname)) ? PAGE_METHODS : READ_ONLY;
}

/** A POST to a page without an action, refused; undefined when the page takes it. */
export function refusedPost(method: string, url: string, actions: readonly RegExp[]) {
  if (method !== "POST") return undefined;
  const taken = pageMethodsOf(url, actions);
  return taken.includes("POST") ? undefined : methodNotAllowed(method, taken);
}
