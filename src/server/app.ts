// buildApp wires the whole product into one Fastify instance without listening:
// main.ts listens, tests call app.inject().
import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import type { Env } from "./env.ts";
import { openDatabase, readOnly, type DatabaseHandle } from "./db/database.ts";
import type { FileStorage } from "./integrations/storage.ts";
import { publicFilesBase, storageFromEnv } from "./integrations/storage-from-env.ts";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.ts";
import { installAccessControl, type DeclaredRoute } from "./lib/access.ts";
import { installNotFound, registerApiFallbacks, trackApiRoutes } from "./lib/api-fallbacks.ts";
import { localCacheBus, postgresCacheBus, type CacheBus } from "./lib/cache-bus.ts";
import { installErrorHandling } from "./lib/error-handler.ts";
import { floodLimitStore } from "./lib/flood-limit-store.ts";
import { routeEveryMethod } from "./lib/http-methods.ts";
import { installMetrics } from "./lib/metrics.ts";
import { API_BODY_LIMIT, installBodyDeadline, installLongBodies, SERVER_TIMEOUTS } from "./lib/request-limits.ts";
import { installRequestLog } from "./lib/request-log.ts";
import { installResponseHeaders } from "./lib/response-headers.ts";
import { installShutdown, type Shutdown } from "./lib/shutdown.ts";
import { loggerOptions } from "./lib/logger.ts";
import { PublicCache } from "./lib/public-cache.ts";
import { registerModules } from "./modules/index.ts";
import { seedIfEmpty } from "./modules/seed/seed.service.ts";
import { createServices, type Services } from "./service-registry.ts";
import { PageCache } from "./ssr/page-cache.ts";
import { mountWebApp } from "./ssr/web-app.plugin.ts";

export interface BuildAppOptions {
  env: Env;
  /** The web app: the production build (default), Vite in development, or none (API tests). */
  web?: { buildDirectory: string } | { vite: ViteDevServer } | false;
  /** Logger override, e.g. false in tests. */
  logger?: boolean | object;
  /** Run background jobs in this process (default true); tests that drive the queue themselves turn it off. */
  runJobs?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** Where uploaded files are kept (DATA_DIR/uploads, or the S3_BUCKET). */
  storage: FileStorage;
  jobs: JobQueue;
  /** main.ts begins it on SIGTERM: /readyz answers 503 while requests are still served. */
  shutdown: Shutdown;
  /** Every route with its declared access, filled when the app is ready. */
  routes: DeclaredRoute[];
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // Only the configured proxies may say who the client is (X-Forwarded-For): any other sender could pick its own address and escape every per-address limit.
    trustProxy: env.TRUST_PROXY,
    bodyLimit: API_BODY_LIMIT,
    ...SERVER_TIMEOUTS,
    // One line per request (lib/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  // Before any route: every method the parser accepts is routed, so each path can refuse it with 405.
  routeEveryMethod(app);

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: app.log });
  await seedIfEmpty(database.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, logger: app.log });

  const storage = await storageFromEnv(env);
  const cache = new PublicCache();
  const bus: CacheBus = database.pgPool ? await postgresCacheBus(database.pgPool, cache, app.log) : localCacheBus(cache);
  const jobs = createJobQueue({ db: database.db, flavour: database.flavour, logger: app.log });
  const services = createServices({ env, db: database.db, cache, bus, jobs, logger: app.log, storage });

  // The backup_frequency schedule has its next job (issue 26), whichever instance starts first; a killed backup's or restore's leftovers go.
  app.addHook("onReady", async () => void (await services.backups.startUp()));
  if (options.runJobs !== false) app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => {
    // A restore running here and the running jobs finish before their database goes away.
    await services.backups.settle();
    await jobs.stop();
    await bus.close();
    await database.close();
  });

  installResponseHeaders(app, { https: env.PUBLIC_URL?.startsWith("https://") ?? false });
  // After the security headers (a refused request carries them too) and before any route: every route declares its access.
  const routes = installAccessControl(app, services.tokens);
  installRequestLog(app);
  installMetrics(app, { token: env.METRICS_TOKEN, jobs, lineQuota: () => services.notifications.lineQuota(), logger: app.log });
  const shutdown = installShutdown(app, jobs);
  installBodyDeadline(app);
  installLongBodies(app);
  installErrorHandling(app);
  installNotFound(app);

  await app.register(async (api) => {
    await api.register(fastifyCompress, { global: true, encodings: ["br", "gzip"] });
    // Per-route limits (config.rateLimit) against floods, counted in the database for every instance; sign-in protection itself is there too.
    await api.register(fastifyRateLimit, {
      global: false,
      store: floodLimitStore(database.db),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        success: false,
        message: `請求過於頻繁，請於 ${Math.ceil(context.ttl / 1000)} 秒後再試`,
      }),
    });
    const apiRoutes = trackApiRoutes(api);
    await registerModules(api, { services, db: readOnly(database.db), storage, shutdown });
    registerApiFallbacks(api, apiRoutes, [
      { prefix: "/api.php", access: "public" },
      // Unknown admin paths answer 401 without a token: no map of which paths exist.
      { prefix: "/admin-api.php", access: "admin" },
    ]);
  });

  await app.register(storage.routes);

  const web = options.web ?? { buildDirectory: path.resolve("build") };
  if (web) {
    await mountWebApp(app, {
      site: services.site,
      pageCache: new PageCache(cache),
      publicFilesBase: publicFilesBase(env),
      ...("vite" in web ? { vite: web.vite, buildDirectory: "" } : { buildDirectory: web.buildDirectory }),
    });
  }

  return { app, services, database, storage, jobs, shutdown, routes };
}
