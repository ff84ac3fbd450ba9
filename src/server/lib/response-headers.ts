// What every answer carries: the security headers (what @fastify/helmet set
// for us before, decision 015) and the request id. One precomputed set, kept in
// Fastify's own header store: helmet's middlewares set each header on the raw
// Node response, which puts every answer on Node's slow header path, and on the
// hottest public reads that cost a third of the server's time per request.
// The HTML pages' Content-Security-Policy is set by the web app (with script hashes).
import type { FastifyInstance } from "fastify";

export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    // Visitors arrive from search engines and LINE; sending our origin (not full URLs) onward is the usual web default.
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    // Left out of helmet's set: x-download-options (Internet Explorer 8), x-permitted-cross-domain-policies
    // (Flash), x-xss-protection (a filter no browser has now), x-dns-prefetch-control: off (it only slowed
    // the YouTube and map links). Each answer's headers go in the first round trip with the page's
    // first bytes, which the page's largest picture waits for (decision 048).
    // Only behind https: a plain-http install must stay reachable.
    ...(options.https ? { "strict-transport-security": "max-age=15552000; includeSubDomains" } : {}),
  };
}

/** Set when a request arrives, so that a refused request (401, 404) carries them too. */
export function installResponseHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers = securityHeaders(options);
  // A callback hook, not an async one: no promise per request (decision 046).
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers).header("x-request-id", request.id);
    done();
  });
}
