// Mounts the React Router app (public pages server-rendered, back office in the
// browser) behind an in-memory page cache. Loaders reach the domain services
// in-process through the router context; they never call our own HTTP API.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Readable } from "node:stream";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { declareAccess } from "#server/lib/access.ts";
import { isApiPath } from "#server/lib/api-fallbacks.ts";
import { compressForOneAnswer, pickEncoding } from "#server/lib/compressed-body.ts";
import { refuseOtherMethods } from "#server/lib/http-methods.ts";
import { limitBodies, PAGE_BODY_LIMIT } from "#server/lib/request-limits.ts";
import type { SiteReads } from "#contract/site-reads.ts";
import type { CacheTag } from "#server/lib/cache-tags.ts";
import { collectingTags } from "#server/lib/public-cache.ts";
import type { IslandAssets } from "#contract/islands.ts";
import { THEME_PREVIEW_PARAM, type Theme } from "#contract/theme.ts";
import { contentSecurityPolicy, inlineScriptHashes, newScriptMark, usesGoogleTag } from "./content-security-policy.ts";
import { pointFileLinksAt } from "./file-links.ts";
import { builtIslandAssets, devIslandAssets } from "./island-assets.ts";
import { actionAddresses, PAGE_METHODS, pageMethodsOf, refusedPost } from "./page-methods.ts";
import { PageCache, type CachedPage } from "./page-cache.ts";
import { pageCacheKey, type QueryParamsOf } from "./page-cache-key.ts";

export interface WebAppOptions {
  /** Handed to loaders through the router context: the modules' public reads. */
  site: SiteReads;
  pageCache: PageCache;
  /** Production: the directory holding server/ and client/ from `react-router build`. */
  buildDirectory: string;
  /** Development: Vite's dev server, when running through `react-router dev`. */
  vite?: ViteDevServer;
  /** A CDN's base for stored files (S3_PUBLIC_URL and S3_PREFIX): pages link files there instead of /uploads/. */
  publicFilesBase?: string;
}

type EntryModule = {
  siteServicesContext: RouterContext<SiteReads>;
  requestLogContext: RouterContext<FastifyRequest["log"]>;
  requestMetaContext: RouterContext<{ clientIp: string; userAgent: string }>;
  islandAssetsContext: RouterContext<IslandAssets>;
  scriptMarkContext: RouterContext<string>;
  previewThemeContext: RouterContext<Theme | null>;
  queryParamsOf: QueryParamsOf;
};

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;

declare module "fastify" {
  interface FastifyRequest {
    pageCacheKey?: string;
    /** When this request's render started, in the order of invalidations (PageCache.set). */
    pageCacheStarted?: number;
    /** The tags of every public read this request's render made. */
    pageTags?: Set<CacheTag>;
    servedFromPageCache?: boolean;
    /** The mark of the inline scripts this request's render wrote (content-security-policy.ts). */
    scriptMark?: string;
    /** The theme a valid preview ticket in the address asks for: this request renders with it and is never cached. */
    previewTheme?: Theme;
  }
}

export async function mountWebApp(app: FastifyInstance, options: WebAppOptions) {
  const { vite, pageCache, site } = options;
  const serverBuildPath = path.join(options.buildDirectory, "server/index.js");

  let loadBuild: () => Promise<ServerBuild>;
  const islands = vite ? devIslandAssets : builtIslandAssets(options.buildDirectory);
  if (vite) {
    const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<ServerBuild> } };
    loadBuild = () => ssr.runner.import("virtual:react-router/server-build");
  } else {
    const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
    loadBuild = async () => build;
  }

  const getLoadContext = async (request: FastifyRequest) => {
    // The context tokens live in the bundled app; taking them from the build's
    // entry module keeps the server and the loaders on one instance of each.
    const entry = (await loadBuild()).entry.module as unknown as EntryModule;
    const context = new RouterContextProvider();
    context.set(entry.siteServicesContext, site);
    context.set(entry.requestLogContext, request.log);
    context.set(entry.requestMetaContext, { clientIp: request.ip, userAgent: request.headers["user-agent"] ?? "" });
    context.set(entry.islandAssetsContext, islands);
    request.scriptMark = newScriptMark();
    context.set(entry.scriptMarkContext, request.scriptMark);
    context.set(entry.previewThemeContext, request.previewTheme ?? null);
    return context;
  };

  await app.register(async (scope) => {
    // Pages, the back office's HTML shell and the client's files are public; the back office's data is not (its API routes say so).
    declareAccess(scope, "public");
    // A path of the API that no API route took (/foo.php, /line-test.php asked with GET) gets the API's JSON 404, never a page.
    // Callback hooks here and below, not async ones: a cached page pays no promise for them (decision 046).
    scope.addHook("onRequest", (request, reply, done) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      done();
    });
    // The adapter parses bodies itself (Fastify's bodyLimit does not reach it): a page post is read here, within its limit.
    limitBodies(scope, PAGE_BODY_LIMIT);
    // Before React Router: a method no page takes, or a POST to a page without an action, is refused with 405 (page-methods.ts).
    await limitPageMethods(scope, vite ? async () => actionAddresses(await loadBuild()) : constant(actionAddresses(await loadBuild())));
    // Before the page cache: a preview is rendered for its one request. An address whose ticket does not check out is the ordinary page.
    scope.addHook("onRequest", (request, _reply, done) => {
      const ticket = previewTicketOf(request);
      if (!ticket) return done();
      site.themes.previewTheme(ticket).then((theme) => {
        request.previewTheme = theme ?? undefined;
        done();
      }, done);
    });
    if (!vite) {
      const { queryParamsOf } = (await loadBuild()).entry.module as unknown as EntryModule;
      scope.addHook("onRequest", (request, reply, done) => {
        if (!serveFromCache(request, reply, pageCache, queryParamsOf)) done();
      });
      const files = options.publicFilesBase ? { base: options.publicFilesBase, site } : undefined;
      scope.addHook("onSend", (request, reply, payload, done) => {
        if (request.servedFromPageCache || payload === undefined || payload === null) return done(null, payload);
        storeInCache(request, reply, payload, pageCache, files).then((stored) => done(null, stored), done);
      });
      // The adapter's handler renders inside a tag collector: the page is tagged with the data its loaders read.
      scope.addHook("onRoute", (route) => {
        const render = route.handler;
        route.handler = function (request, reply) {
          const tags = new Set<CacheTag>();
          request.pageTags = tags;
          return collectingTags(tags, () => render.call(this, request, reply));
        };
      });
    }
    await scope.register(fastifyReactRouter, {
      devServer: vite,
      build: vite ? undefined : loadBuild,
      getLoadContext,
      clientBuildDirectory: path.join(options.buildDirectory, "client"),
      // Files under assets/ carry a content hash: cached for a year. Others revalidate.
      assetCacheControl: "public, max-age=31536000, immutable",
      fileCacheControl: "public, max-age=0, must-revalidate",
      staticOptions: { preCompressed: true } as never,
    });
  });
}

const constant = <T>(value: T) => () => Promise.resolve(value);

/**
 * Routes the adapter's catch-all for PAGE_METHODS only, refuses the other methods at every page address,
 * and a POST where no action answers it. `actionsOf` reads the build's actions (again for each POST in
 * development, where routes change while the server runs).
 */
async function limitPageMethods(scope: FastifyInstance, actionsOf: () => Promise<RegExp[]>) {
  refuseOtherMethods(scope, "*", PAGE_METHODS, "public", async (request) => pageMethodsOf(request.url, await actionsOf()));
  scope.addHook("onRoute", (route) => {
    // The adapter's catch-all is routed for every method (fastify.all).
    if (route.url !== "*" || [route.method].flat().length <= PAGE_METHODS.length) return;
    route.method = [...PAGE_METHODS];
    const render = route.handler;
    route.handler = function (request, reply) {
      // A page read costs one comparison here; only a POST looks for its action.
      if (request.method !== "POST") return render.call(this, request, reply);
      return actionsOf().then((actions) => {
        const refusal = refusedPost(request.method, request.url, actions);
        if (refusal) throw refusal;
        return render.call(this, request, reply);
      });
    };
  });
}

function previewTicketOf(request: FastifyRequest): string | null {
  if (request.method !== "GET" || !request.url.includes(`${THEME_PREVIEW_PARAM}=`)) return null;
  return new URLSearchParams(request.url.slice(request.url.indexOf("?") + 1)).get(THEME_PREVIEW_PARAM);
}

function isCacheableRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.previewTheme) return false;
  return !request.url.startsWith("/admin") && !request.url.startsWith("/assets/");
}

/** Answers from the page cache when it holds the page (true: the answer is sent); else marks the request for storing. */
function serveFromCache(request: FastifyRequest, reply: FastifyReply, pageCache: PageCache, queryParamsOf: QueryParamsOf): boolean {
  if (!isCacheableRequest(request)) return false;
  // The host is part of the key: pages carry absolute canonical URLs derived from it. Parameters no page reads are not.
  const key = pageCacheKey(request.host, request.url, queryParamsOf);
  const cached = pageCache.get(key);
  if (cached) {
    request.servedFromPageCache = true;
    sendPage(request, reply, cached);
    return true;
  }
  if (request.method === "GET") {
    request.pageCacheKey = key;
    request.pageCacheStarted = pageCache.sequence;
  }
  return false;
}

async function storeInCache(request: FastifyRequest, reply: FastifyReply, payload: unknown, pageCache: PageCache, files?: { base: string; site: SiteReads }) {
  const type = String(reply.getHeader("content-type") ?? "");
  const isHtml = type.startsWith("text/html");
  const key = request.pageCacheKey;
  // A route answers no-store when it rendered from a failed read (the banners, say): the next visitor must get a fresh try.
  const refused = String(reply.getHeader("cache-control") ?? "").includes("no-store");
  const cacheable =
    key !== undefined && !refused && CACHEABLE_TYPES.test(type) && !reply.getHeader("set-cookie") && [200, 404, 503].includes(reply.statusCode);
  if (!cacheable && !isHtml) return payload;

  let identity = await toBuffer(payload);
  if (files) {
    // The page (before its scripts are hashed: the islands' props carry file links too), and the
    // data a client-side navigation loads instead of it (React Router's turbo-stream, where every
    // string is written as a JSON string, so a link is rewritten there as in the page's scripts).
    identity = Buffer.from(pointFileLinksAt(identity.toString("utf8"), files.base, await ownOrigins(request, files.site)));
  }
  const headers: Record<string, string> = { "content-type": isHtml ? "text/html; charset=utf-8" : type };
  if (isHtml) {
    const html = identity.toString("utf8");
    const filesOrigin = files ? new URL(files.base).origin : undefined;
    headers["content-security-policy"] = contentSecurityPolicy(inlineScriptHashes(html, request.scriptMark), { googleTag: usesGoogleTag(html, request.scriptMark), filesOrigin });
  }
  if (!cacheable) {
    // Back-office shell, the contact page and error pages: same policy, never stored, compressed for this answer.
    reply.headers(headers).header("cache-control", "no-store").header("vary", "Accept-Encoding");
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    if (encoding === "identity") return identity;
    reply.header("content-encoding", encoding);
    return compressForOneAnswer(identity, encoding);
  }
  const retryAfter = reply.getHeader("retry-after");
  if (retryAfter) headers["retry-after"] = String(retryAfter);

  const page = pageCache.set(key, request.pageCacheStarted!, request.pageTags ?? new Set(), { status: reply.statusCode, headers, identity });
  applyHeaders(reply, page);
  reply.header("x-cache", "MISS");
  if (request.headers["if-none-match"] === page.etag && page.status === 200) {
    reply.code(304);
    return "";
  }
  return encodedBody(request, reply, page);
}

/** The origins a page writes absolute links under (root.tsx): the request's own, and the canonical one it is told to use. */
async function ownOrigins(request: FastifyRequest, site: SiteReads): Promise<string[]> {
  // As root.tsx reads it from the adapter's URL (the default port dropped).
  const requestOrigin = new URL(`${request.protocol}://${request.host}`).origin;
  // A page rendered while settings cannot be read (the database away) wrote the request's origin.
  return [requestOrigin, await site.seo.origin(requestOrigin).catch(() => requestOrigin)];
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  applyHeaders(reply, page);
  // Said like a CDN says it: whether this answer was rendered for the request.
  reply.header("x-cache", "HIT");
  if (request.headers["if-none-match"] === page.etag && page.status === 200) return reply.code(304).send();
  reply.code(page.status);
  const body = encodedBody(request, reply, page);
  return request.method === "HEAD" ? reply.send() : reply.send(body);
}

function applyHeaders(reply: FastifyReply, page: CachedPage) {
  reply.headers(page.headers);
  reply.header("etag", page.etag);
  reply.header("cache-control", "no-cache");
  reply.header("vary", "Accept-Encoding");
}

function encodedBody(request: FastifyRequest, reply: FastifyReply, page: CachedPage): Buffer {
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  if (encoding === "identity") return page.identity;
  reply.header("content-encoding", encoding);
  return page[encoding];
}

async function toBuffer(payload: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === "string") return Buffer.from(payload);
  const chunks: Buffer[] = [];
  for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
