// What one request may cost us, decided before its body is read (issue 22 §3,
// decision 025). Fastify enforces `bodyLimit` in its own body parsers only: the
// page routes, parsed by the React Router adapter, would read a body of any
// size, and nothing ended a client that sends slowly. Three limits:
// - bytes: each route's body by its purpose (JSON API 1 MB by default, a public
//   form 64 KB, uploads their own per place); pages take 64 KB;
// - time for the body: everything but an upload must arrive within 30 s;
// - the server's own timeouts (app.ts): a connection idle for 60 s is closed,
//   and a whole request (an upload on a slow phone included) takes at most 5 min;
//   a route whose body may rightly take longer (a backup of up to 2 GB uploaded
//   for restore) sets its own deadline instead (allowLongBody).
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from "fastify";
import { AppError } from "./errors.ts";

/** The JSON API's default body limit (Fastify's `bodyLimit`); routes that need less say so. */
export const API_BODY_LIMIT = 1024 * 1024;
/** A visitor's form (the contact form, as a page post or as JSON): far above what a person types. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** A sign-in: an email, a password, an answer or a code. */
export const SIGN_IN_BODY_LIMIT = 8 * 1024;
/** A call that needs no body at all (a view count): whatever is sent is not read past this. */
export const EMPTY_BODY_LIMIT = 1024;
/** Page routes accept form posts only (the contact form's action). */
export const PAGE_BODY_LIMIT = FORM_BODY_LIMIT;
/** A request body other than an upload arrives within this or the connection is closed. */
export const BODY_DEADLINE_MS = 30_000;

/** The server's timeouts, for Fastify's options (app.ts). */
export const SERVER_TIMEOUTS = {
  /** A connection that sends and receives nothing for this long is closed. */
  connectionTimeout: 60_000,
  /** A whole request, body included: a 100 MB video from a phone on 4G fits, a trickling client does not stay. */
  requestTimeout: 5 * 60_000,
} as const;

export const payloadTooLarge = () => new AppError(413, "資料量過大", undefined, { connection: "close" });

const isUpload = (request: FastifyRequest) => /^multipart\//i.test(request.headers["content-type"] ?? "");
/** GET and HEAD carry no body we read. */
const hasNoBody = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

/**
 * Closes the connection of a client whose body (not an upload: those have the
 * request timeout and their own byte limits) has not arrived within the deadline.
 */
export function installBodyDeadline(app: FastifyInstance, deadlineMs = BODY_DEADLINE_MS) {
  const deadline: preParsingHookHandler = (request, _reply, payload, done) => {
    if (hasNoBody(request) || isUpload(request)) return done(null, payload);
    const timer = setTimeout(() => {
      request.log.info({ deadlineMs }, "a request body did not arrive in time; connection closed");
      request.raw.destroy();
    }, deadlineMs);
    timer.unref();
    const settled = () => clearTimeout(timer);
    payload.once("end", settled);
    payload.once("close", settled);
    payload.once("error", settled);
    done(null, payload);
  };
  // First of every preParsing hook (a scope's reading the body waits on its own ones); a callback, so a GET pays no promise (decision 046).
  app.addHook("preParsing", deadline);
}

/** Reads a body of at most `limit` bytes; more (announced or sent) is refused with 413 before the rest is read. */
export async function readBodyAtMost(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > limit) throw payloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) throw payloadTooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** For scopes whose body parser is someone else's (the React Router adapter): the body is read here, within `limit`, and handed on. */
export function limitBodies(scope: FastifyInstance, limit: number) {
  // A callback hook, not an async one: a page's GET pays no promise for it (decision 046).
  scope.addHook("preParsing", (request, _reply, payload, done) => {
    if (hasNoBody(request)) return done(null, payload);
    readBodyAtMost(request, payload, limit).then((body) => {
      const stream = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
      stream.receivedEncodedLength = body.length;
      done(null, stream);
    }, done);
  });
}

/** Sockets whose request body is allowed past the server's requestTimeout, each under a deadline of its own. */
const longBodies = new WeakSet<Socket>();

/**
 * Node's whole-request timeout is the server's, for every route alike: it reports an expired request
 * as a client error, which Fastify answers with 408 and a closed connection. This lets a socket
 * allowed a long body (allowLongBody) through; every other client error is Fastify's, as before.
 */
export function installLongBodies(app: FastifyInstance) {
  const handlers = app.server.listeners("clientError") as Array<(error: NodeJS.ErrnoException, socket: Socket) => void>;
  app.server.removeAllListeners("clientError");
  app.server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" && longBodies.has(socket)) return;
    for (const handler of handlers) handler(error, socket);
  });
}

/**
 * For a route whose body may rightly take longer than SERVER_TIMEOUTS.requestTimeout: this request
 * has `deadlineMs` (from now) for its whole body instead. The idle timeout still closes a client
 * that stops sending; once the body is in, the socket is like any other again.
 */
export function allowLongBody(request: FastifyRequest, deadlineMs: number) {
  const socket = request.raw.socket;
  longBodies.add(socket);
  const timer = setTimeout(() => {
    request.log.info({ deadlineMs }, "a long request body did not arrive in time; connection closed");
    request.raw.destroy();
  }, deadlineMs);
  timer.unref();
  const settled = () => {
    clearTimeout(timer);
    longBodies.delete(socket);
  };
  request.raw.once("end", settled);
  request.raw.once("close", settled);
}
