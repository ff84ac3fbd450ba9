// The page cache's key: host, path and only the query parameters the page reads
// (the web app's `queryParamsOf`, web/site/shell/page-query.ts, handed over by the
// build's entry module), in a fixed order and encoding, so that one page has one
// entry however its address was written.

/** Which query parameters a path's page reads. */
export type QueryParamsOf = (pathname: string) => readonly string[];

export function pageCacheKey(host: string, url: string, queryParamsOf: QueryParamsOf): string {
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (queryStart === -1) return `${host}${pathname}`;
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const name of [...queryParamsOf(pathname)].sort()) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return `${host}${pathname}${query ? `?${query}` : ""}`;
}
