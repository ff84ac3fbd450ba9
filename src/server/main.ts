// Reads the environment, builds the app, listens, and shuts down gracefully.
// On SIGTERM (a process manager, a rolling restart): /readyz answers 503 at
// once and requests are still served for the drain delay (SHUTDOWN_DRAIN_MS;
// 3 s on PostgreSQL, none on the embedded SQLite), long enough for the
// proxy's health check to stop sending here; then the server stops
// accepting, finishes its requests and its running job (or hands the job back
// to the queue), closes the database and exits 0. SIGINT (a person at the
// terminal) skips the drain delay.
import { buildApp } from "./app.ts";
import { parseEnv, shutdownDrainMs } from "./env.ts";
import { bufferedStdout, loggerOptions } from "./lib/logger.ts";
import { ReadableLog } from "./lib/readable-log.ts";

/** After the drain delay, what closing may take: requests in flight, the running job (handed back after 5 s), the database. */
const CLOSE_DEADLINE_MS = 10_000;

const startedAt = performance.now();
const env = parseEnv();
// A person at a terminal reads lines; anything else (a file, a log collector) gets pino's JSON (lib/readable-log.ts).
const logTo = process.stdout.isTTY ? new ReadableLog() : bufferedStdout();
const { app, shutdown } = await buildApp({ env, logger: loggerOptions(env.LOG_LEVEL, logTo) });

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  // `on`, not `once`: a process manager may send SIGTERM twice (the whole process group, then the
  // server), and a second signal must not kill the drain. A second Ctrl+C does stop at once.
  process.on(signal, () => {
    if (closing) {
      if (signal === "SIGINT") process.exit(130);
      return;
    }
    closing = true;
    const drainMs = signal === "SIGTERM" ? shutdownDrainMs(env) : 0;
    shutdown.begin();
    app.log.info({ signal, drainMs }, "shutting down");
    const forced = setTimeout(() => {
      app.log.error(`requests did not finish within ${CLOSE_DEADLINE_MS / 1000} s of closing; exiting`);
      process.exit(1);
    }, drainMs + CLOSE_DEADLINE_MS);
    forced.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error while shutting down");
          process.exit(1);
        },
      );
    }, drainMs);
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info({ port: env.PORT, ms: Math.round(performance.now() - startedAt) }, "ready");
