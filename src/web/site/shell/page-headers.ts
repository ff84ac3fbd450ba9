// Response headers a page's loaders can set. The page cache keeps every public
// page until the next write, so a page rendered from a failed read (settings,
// banners) says no-store: the next visitor gets a fresh try instead of the fallback.
import type { HeadersArgs } from "react-router";

export const NOT_CACHED = { headers: { "Cache-Control": "no-store" } } as const;

/** A route's `headers` export: its own loader's headers, and any its parents set (no-store from the root survives). */
export function passLoaderHeaders({ loaderHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  loaderHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
}
