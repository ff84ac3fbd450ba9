// Structured JSON logs, one line per request at info. Secrets never reach them:
// the objects we log that could hold secrets (errors, request headers,
// settings, bodies) go through serializers that keep only what helps to find a
// fault. Serializers run only when their key is in the line, unlike pino's
// redaction paths, which are checked on every line (its wildcard paths cost a
// fifth of the server's throughput; decision 015).
import type { FastifyBaseLogger } from "fastify";
import type pino from "pino";
import { LogBuffer } from "./log-buffer.ts";

export type Logger = FastifyBaseLogger;

/** Keys whose value is a secret wherever they appear in a logged object. */
const SECRET_KEY = /password|token|secret|webhook|authorization|cookie|signature|api[_-]?key/i;

/** A copy of a plain object, a few levels deep, with the values of secret-looking keys replaced. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return "[…]";
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? "[redacted]" : withoutSecrets(inner, depth + 1)]));
}

/**
 * An error as it helps to find the fault: its kind, message, code, status and
 * stack, and its cause. Not its other properties: an HTTP client's error holds
 * the request it made, with the LINE channel's access token in the headers.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return withoutSecrets(error);
  const fields = error as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(fields.code !== undefined ? { code: fields.code } : {}),
    ...(fields.statusCode !== undefined || fields.status !== undefined ? { status: fields.statusCode ?? fields.status } : {}),
    stack: error.stack,
    ...(error.cause !== undefined && depth < 3 ? { cause: errorForLog(error.cause, depth + 1) } : {}),
  };
}

/**
 * A request as logged: what Fastify's own serializer keeps of a live request
 * (never its headers), and a plain object without its credentials
 * (authorization, cookie, the LINE signature).
 */
function requestForLog(request: unknown): unknown {
  if (request && typeof request === "object" && ("raw" in request || "socket" in request)) {
    const live = request as { method?: string; url?: string; hostname?: string; ip?: string };
    return { method: live.method, url: live.url, hostname: live.hostname, remoteAddress: live.ip };
  }
  return withoutSecrets(request);
}

/** `stream`: where the lines go (standard output, synchronously, without one). */
export function loggerOptions(level: string, stream?: pino.DestinationStream | LogBuffer) {
  return {
    level,
    serializers: {
      err: errorForLog,
      error: errorForLog,
      req: requestForLog,
      headers: withoutSecrets,
      body: withoutSecrets,
      settings: withoutSecrets,
      input: withoutSecrets,
      payload: withoutSecrets,
    },
    ...(stream ? { stream } : {}),
  };
}

/** Standard output through a line buffer (log-buffer.ts): a running server's destination. */
export function bufferedStdout(): LogBuffer {
  return new LogBuffer(1);
}
