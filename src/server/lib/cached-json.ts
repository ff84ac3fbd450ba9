// A JSON answer serialised once, with its ETag, for hot public reads.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface CachedJson {
  body: string;
  etag: string;
}

export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

/** Sends a cached answer, or 304 when the browser already holds it. Browsers revalidate every time. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header("cache-control", "no-cache").header("etag", cached.etag);
  if (request.headers["if-none-match"] === cached.etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(cached.body);
}
