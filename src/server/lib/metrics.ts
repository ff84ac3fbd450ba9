// GET /metrics in the Prometheus text format, for this instance: requests by
// route pattern (never the raw URL, so the set of series stays bounded) and
// status class with their durations, the job queue's depth and failed jobs,
// LINE's monthly quota as last read, and the process (memory, event loop, GC).
// One registry per app: tests build several apps in one process.
// Answered to loopback (the socket's own address; a request that a proxy on the
// same host relays carries X-Forwarded-For and is not local) or with
// `Authorization: Bearer $METRICS_TOKEN`; anyone else gets 401 and no figure.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { LineQuota } from "#contract/notifications.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { bearerToken } from "./access.ts";
import { unauthorized } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { requestTally } from "./request-tally.ts";

/** LINE is asked at most this often, and never while a scrape waits: a scrape answers the last reading. */
export const LINE_QUOTA_MAX_AGE_MS = 10 * 60_000;

export interface MetricsDeps {
  /** METRICS_TOKEN; unset means loopback only. */
  token: string | undefined;
  jobs: Pick<JobQueue, "dueCount" | "failedCount">;
  /** LINE's quota as the notification settings read it; fails when no channel is set up. */
  lineQuota: () => Promise<LineQuota>;
  logger: Logger;
  clock?: () => Date;
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function fromLoopback(request: FastifyRequest): boolean {
  const relayed = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.test(request.socket.remoteAddress ?? "");
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The last reading of LINE's quota, refreshed in the background once it is older than LINE_QUOTA_MAX_AGE_MS. */
function lineQuotaReading(deps: Pick<MetricsDeps, "lineQuota" | "logger">, clock: () => Date) {
  let last: LineQuota | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  return () => {
    const now = clock().getTime();
    if (!reading && now - readAt >= LINE_QUOTA_MAX_AGE_MS) {
      readAt = now;
      reading = true;
      deps
        .lineQuota()
        .then(
          (quota) => void (last = quota),
          (error: unknown) => {
            // No channel set up, or LINE refused: the figure is unknown until the next reading.
            last = undefined;
            deps.logger.debug({ err: error }, "metrics: LINE's quota could not be read");
          },
        )
        .finally(() => void (reading = false));
    }
    return last;
  };
}

export function installMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const clock = deps.clock ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const tally = requestTally(
    registry,
    { requests: "http_requests_total", durations: "http_request_duration_seconds" },
    {
      requests: "Requests answered, by route pattern and status class",
      durations: "Time from the request's arrival to its answer, by route pattern and status class",
    },
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  // A callback hook, not an async one: no promise per request.
  app.addHook("onResponse", (request, reply, done) => {
    tally.record(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  /** A figure read from the database at scrape time; NaN (unknown) while the database does not answer. */
  const databaseGauge = (name: string, help: string, read: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read().catch(() => Number.NaN));
      },
    });
  databaseGauge("jobs_due", "Jobs whose time has come and that no runner holds yet (the queue's depth)", () => deps.jobs.dueCount());
  databaseGauge("jobs_failed", "Jobs that failed every attempt and wait for someone to retry or discard them", () => deps.jobs.failedCount());

  const lineQuota = lineQuotaReading(deps, clock);
  const quotaGauge = (name: string, help: string, figure: (quota: LineQuota) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const quota = lineQuota();
        this.set(quota ? figure(quota) : Number.NaN);
      },
    });
  quotaGauge("line_quota_used", "LINE push messages sent this month (read at most every 10 minutes; NaN when unknown)", (quota) => quota.used);
  quotaGauge("line_quota_limit", "LINE push messages allowed this month (read at most every 10 minutes; NaN when unknown)", (quota) => quota.limit);

  const expected = deps.token === undefined ? undefined : digest(deps.token);
  const tokenMatches = (request: FastifyRequest) => {
    const given = bearerToken(request);
    // Digests of equal length: the comparison takes the same time whatever was sent.
    return expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected);
  };

  // Scraped every few seconds: no log line per request.
  app.get("/metrics", { logLevel: "warn", config: { access: "public" } }, async (request, reply) => {
    if (!fromLoopback(request) && !tokenMatches(request)) throw unauthorized("需要監控權杖");
    const text = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(text);
  });
}
