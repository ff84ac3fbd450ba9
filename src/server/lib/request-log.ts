// One log line per request, written when the answer has gone out: method, URL,
// status and time, with the request id (the request logger's binding).
import type { FastifyInstance } from "fastify";
import { BACKUP_TICKET_PARAM } from "#contract/backups.ts";
import { THEME_PREVIEW_PARAM } from "#contract/theme.ts";

/** Query parameters that carry a credential (a download link's ticket, a theme preview's): never written to a log. */
const SECRET_PARAMS = [BACKUP_TICKET_PARAM, THEME_PREVIEW_PARAM];
const SECRET_VALUE = new RegExp(`([?&](?:${SECRET_PARAMS.join("|")})=)[^&#]*`, "g");

/** The URL as logged: secret parameters' values replaced (cheap when there is no query). */
export function loggedUrl(url: string): string {
  return url.includes("?") ? url.replace(SECRET_VALUE, "$1[redacted]") : url;
}

export function installRequestLog(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for a line of log.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info({ method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, "request");
    done();
  });
}
