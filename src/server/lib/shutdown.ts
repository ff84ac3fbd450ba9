// An instance on its way out (SIGTERM, main.ts): from the first moment /readyz
// answers 503, so the proxy's health check stops sending it new requests, and
// its job runner claims no more jobs; it keeps serving what still arrives for
// the drain delay, each answer closing its connection, so that no kept-alive
// connection is left for the proxy to reuse when the server stops listening.
import type { IncomingMessage, ServerResponse } from "node:http";
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
  // Every answer from now on closes its connection. A listener added only now, not a hook that
  // asks on every request whether the shutdown has begun (decision 046).
  const closeEachConnection = (_request: IncomingMessage, response: ServerResponse) => response.setHeader("connection", "close");
  return {
    get draining() {
      return draining;
    },
    begin() {
      if (draining) return;
      draining = true;
      app.server.prependListener("request", closeEachConnection);
      // The running job finishes or is handed back (job-queue.ts); the app's close waits for the same stop.
      void jobs.stop();
    },
  };
}
