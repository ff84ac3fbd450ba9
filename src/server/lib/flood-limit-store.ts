// The store behind @fastify/rate-limit's per-route flood limits (a route's
// `config.rateLimit`, e.g. 30 sign-in posts a minute from one address): the
// `rate_counters` table, so that every instance counts against the one limit
// instead of each allowing its own 30. One upsert per request, on limited
// routes only (the plugin is registered with `global: false`: other routes
// never reach the store). Writing these counters is infrastructure beneath the
// routes, like the job runner's claims, not an operation of the product.
// The plugin's `continueExceeding`, `exponentialBackoff` and `ban` are not
// supported: no route asks for them.
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "#server/db/database.ts";
import { rateCounters } from "./rate-counters.ts";

/** Counters of windows that have passed are deleted at most this often by each instance. */
const SWEEP_EVERY_MS = 60_000;

type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0];

export function floodLimitStore(db: Db, clock: () => Date = () => new Date()): FastifyRateLimitStoreCtor {
  let sweptAt = 0;

  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = clock();
    const { count, endsAt } = await rateCounters.hit(db, key, now, windowMs);
    if (now.getTime() - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now.getTime();
      await rateCounters.sweep(db, now);
    }
    return { current: count, ttl: Math.max(0, endsAt.getTime() - now.getTime()) };
  }

  class FloodLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = "flood:") {
      this.#prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hit(this.#prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** One set of counters per limited route (the plugin passes the route as `routeInfo`). */
    child(options: ChildOptions) {
      const route = (options as ChildOptions & { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new FloodLimitStore(options, `flood:${[route?.method ?? ""].flat().join(",")} ${route?.url ?? ""}:`);
    }
  }
  return FloodLimitStore;
}
