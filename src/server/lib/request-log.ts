// One log line per request, written when the answer has gone out: method, URL,
// status and time, with the request id (the request logger's binding).
import type { FastifyInstance } from "fastify";

export function installRequestLog(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for a line of log.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, "request");
    done();
  });
}
