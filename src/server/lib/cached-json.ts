// A JSON answer serialised and compressed once, with its ETag, for hot public reads.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { compressOnce, pickEncoding, type CompressedBody } from "./compressed-body.ts";

export interface CachedJson extends CompressedBody {
  etag: string;
}

export function cachedJson(value: unknown): CachedJson {
  const identity = Buffer.from(JSON.stringify(value));
  return { ...compressOnce(identity), etag: `"${createHash("sha1").update(identity).digest("base64url")}"` };
}

/** Sends a cached answer, or 304 when the browser already holds it. Browsers revalidate every time. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header("cache-control", "no-cache").header("etag", cached.etag).header("vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === cached.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.type("application/json; charset=utf-8").send(cached[encoding]);
}
