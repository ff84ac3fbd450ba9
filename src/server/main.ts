// Reads the environment, builds the app, listens, and shuts down gracefully:
// on SIGTERM/SIGINT it stops accepting, finishes requests, closes the database.
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { bufferedStdout, loggerOptions } from "./lib/logger.ts";

const startedAt = performance.now();
const env = parseEnv();
const { app } = await buildApp({ env, logger: loggerOptions(env.LOG_LEVEL, bufferedStdout()) });

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const forced = setTimeout(() => {
      app.log.error("requests did not finish within 10 s; exiting");
      process.exit(1);
    }, 10_000);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info({ port: env.PORT, ms: Math.round(performance.now() - startedAt) }, "ready");
