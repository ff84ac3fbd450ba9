// An instance on its way out (SIGTERM, main.ts): from the first moment /readyz
// answers 503, so the proxy's health check stops sending it new requests, and
// its job runner claims no more jobs; it keeps serving what still arrives for
// the drain delay, each answer closing its connection, so that no kept-alive
// connection is left for the proxy to reuse when the server stops listening.
import type { FastifyInstance } from "fastify";
import type { JobQueue } from "#server/jobs/job-queue.ts";

export interface Shutdown {
  /** True once the shutdown has begun. */
  readonly draining: boolean;
  /** Begins the shutdown (idempotent); main.ts closes the app after the drain delay. */
  begin(): void;
}

export function installShutdown(app: FastifyInstance, jobs: Pick<JobQueue, "stop">): Shutdown {
  let draining = false;
  // A callback hook, not an async one: no promise per request for one comparison.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
  return {
    get draining() {
      return draining;
    },
    begin() {
      if (draining) return;
      draining = true;
      // The running job finishes or is handed back (job-queue.ts); the app's close waits for the same stop.
      void jobs.stop();
    },
  };
}
