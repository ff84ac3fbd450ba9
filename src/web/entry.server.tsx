// Renders whole documents (never streamed in pieces): public pages are cached
// as complete HTML, and crawlers see everything in the first answer.
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import siteStylesheet from "#web/site/shell/site.css?inline";
import type { IslandName } from "#contract/islands.ts";
import { PAGE_STYLESHEET_MARK, parseStylesheet, withPageStylesheet } from "#web/site/shell/page-stylesheet.ts";
import { islandAssetsContext, requestLogContext, scriptMarkContext } from "#web/site/shell/site-services.ts";
import { StaticPageContext, type StaticPageAssets } from "#web/site/shell/static-page.tsx";

// The server takes the context tokens from here so that it and the loaders share one instance of each.
export { islandAssetsContext, previewThemeContext, requestLogContext, requestMetaContext, scriptMarkContext, siteServicesContext } from "#web/site/shell/site-services.ts";
// The query parameters each page reads: the server's page cache keys pages by them.
export { queryParamsOf } from "#web/site/shell/page-query.ts";

export const streamTimeout = 5_000;

/** The whole public stylesheet, each page's own rules chosen from it (decision 048); its end-to-end test styles pages with both. */
export { siteStylesheet };
const SITE_STYLESHEET = parseStylesheet(siteStylesheet);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const scriptMark = loadContext.get(scriptMarkContext);
  const islands = loadContext.get(islandAssetsContext);
  // The stylesheet's place is marked; once the whole page is rendered, its own rules fill it (decision 048).
  const staticPage: StaticPageAssets = { stylesheet: PAGE_STYLESHEET_MARK, islands, scriptMark };
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const document = (
      <StaticPageContext.Provider value={staticPage}>
        <ServerRouter context={routerContext} url={request.url} nonce={scriptMark} />
      </StaticPageContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce: scriptMark,
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => {
          const html = withPageStylesheet(Buffer.concat(chunks).toString("utf8"), SITE_STYLESHEET, (name) => islands.classWordsOf(name as IslandName));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(html, { headers: responseHeaders, status }));
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        loadContext.get(requestLogContext).error({ err: error }, "a page failed to render");
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
