// The page cache's key: host, path and only the query parameters the page reads
// (web/site/shell/page-query.ts), in a fixed order and encoding, so that one page
// has one entry however its address was written.
import { queryParamsOf } from "#web/site/shell/page-query.ts";

export function pageCacheKey(host: string, url: string): string {
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (queryStart === -1) return `${host}${pathname}`;
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const name of [...queryParamsOf(pathname)].sort()) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return `${host}${pathname}${query ? `?${query}` : ""}`;
}
