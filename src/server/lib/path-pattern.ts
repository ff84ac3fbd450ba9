// A route's path (Fastify's `/pages/:key`, React Router's `services/:id`) as a
// pattern over a request's pathname: for the rare answers that must know which
// route an address belongs to without the router (a 405's Allow).

const escaped = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** `:name` is one segment (`:name?` maybe none), `*` the rest; a trailing slash is the same address. */
export function pathPattern(routePath: string): RegExp {
  const segments = routePath
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${escaped(segment)}`;
    });
  return new RegExp(`^${segments.join("") || "/"}/?$`);
}

/** How many segments of a path are parameters: the router prefers the fewest (a static segment wins). */
export const parameterCount = (routePath: string): number => routePath.split("/").filter((segment) => segment.startsWith(":") || segment === "*").length;

/** The address's path, without its query. */
export const pathnameOf = (url: string): string => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};
