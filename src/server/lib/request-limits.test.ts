// The limits on real sockets: a small app whose body parser is not Fastify's
// (like the React Router adapter's) behind the same hooks as the product.
import net from "node:net";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installErrorHandling } from "./error-handler.ts";
import { allowLongBody, installBodyDeadline, installLongBodies, limitBodies } from "./request-limits.ts";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose one route echoes the size of the body its own parser read, with `limit` bytes and a `deadlineMs` body deadline. */
async function startApp(limit: number, deadlineMs: number): Promise<number> {
  app = Fastify({ logger: false });
  installBodyDeadline(app, deadlineMs);
  installErrorHandling(app);
  await app.register(async (scope) => {
    limitBodies(scope, limit);
    // The adapter's way: every type taken as a stream, read by the handler.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    scope.post("/form", async (request) => {
      let size = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) size += chunk.length;
      return { size };
    });
    scope.post("/upload", async (request) => {
      let size = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) size += chunk.length;
      return { size };
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as AddressInfo).port;
}

/** Sends raw request bytes and resolves with what came back and when the server closed the connection. */
function rawRequest(port: number, head: string, body: Buffer | string, options: { keepOpenMs?: number } = {}) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on("connect", () => {
      socket.write(head);
      socket.write(body);
    });
    // A client that stalls gives up on its own after this: a test never hangs.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${options.keepOpenMs ?? 5000} ms`));
    }, options.keepOpenMs ?? 5000).unref();
  });
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

describe("page bodies are limited by the product, not by the adapter", () => {
  it("takes a body within the limit", async () => {
    const port = await startApp(1024, 5000);
    const response = await fetch(`http://127.0.0.1:${port}/form`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a".repeat(1000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: 1000 });
  });

  it("refuses an announced body over the limit at once, without waiting for it, and closes the connection", async () => {
    const port = await startApp(1024, 5000);
    // 64 MB announced, 1 KB sent: the answer must not wait for the rest.
    const { answer, closedAfterMs } = await rawRequest(port, post("/form", { "content-type": "application/x-www-form-urlencoded", "content-length": 64 * 1024 * 1024 }), "a".repeat(1024));
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("資料量過大");
    expect(closedAfterMs).toBeLessThan(2000);
  });

  it("refuses a chunked body once it passes the limit", async () => {
    const port = await startApp(1024, 5000);
    const chunk = "a".repeat(600);
    const chunked = `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(4);
    const { answer } = await rawRequest(port, post("/form", { "content-type": "text/plain", "transfer-encoding": "chunked" }), chunked);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it("closes the connection of a client whose body does not arrive within the deadline", async () => {
    const port = await startApp(64 * 1024, 300);
    // 10 KB announced, 1 KB sent, then nothing.
    const { answer, closedAfterMs } = await rawRequest(port, post("/form", { "content-type": "text/plain", "content-length": 10 * 1024 }), "a".repeat(1024));
    expect(answer).toBe("");
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(2000);
  });

  it("gives uploads (multipart) no such deadline: they have the request timeout and their own size limits", async () => {
    const port = await startApp(64 * 1024, 300);
    const boundary = "x";
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="a"\r\n\r\n${"a".repeat(1000)}\r\n--${boundary}--\r\n`;
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(post("/upload", { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": Buffer.byteLength(body) }));
    socket.write(body.slice(0, 100));
    // Past the deadline the connection is still open, and the rest of the body is taken.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(socket.destroyed).toBe(false);
    const answered = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(chunk.toString("utf8"))));
    socket.write(body.slice(100));
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });
});

describe("a route whose body may take longer than the server's whole-request timeout", () => {
  /** An app with a 1-second request timeout (checked every 100 ms): /long allows itself `deadlineMs` for its body, /short does not. */
  async function startTimedApp(deadlineMs: number): Promise<number> {
    // Node's own rule: the headers' timeout may not exceed the request's.
    app = Fastify({ logger: false, requestTimeout: 1000, http: { connectionsCheckingInterval: 100, headersTimeout: 1000 } });
    installLongBodies(app);
    app.addContentTypeParser("application/x-archive", (_request, payload, done) => done(null, payload));
    const count = async (body: unknown) => {
      let size = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) size += chunk.length;
      return { size };
    };
    app.post("/long", async (request) => {
      allowLongBody(request, deadlineMs);
      return count(request.body);
    });
    app.post("/short", async (request) => count(request.body));
    await app.listen({ port: 0, host: "127.0.0.1" });
    return (app.server.address() as AddressInfo).port;
  }

  /** 10 × 100 bytes, one every 250 ms: 2.5 s in all, past the request timeout. */
  async function trickle(port: number, path: string): Promise<string> {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(post(path, { "content-type": "application/x-archive", "content-length": 1000 }));
    for (let sent = 0; sent < 10 && !socket.destroyed; sent += 1) {
      socket.write("a".repeat(100));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    return answer;
  }

  it("takes the body past the server's timeout, within its own deadline", async () => {
    const port = await startTimedApp(10_000);
    expect(await trickle(port, "/long")).toMatch(/^HTTP\/1\.1 200[\s\S]*\{"size":1000\}$/);
  });

  it("still has a deadline of its own, and leaves every other route to the server's timeout (408)", async () => {
    const port = await startTimedApp(1500);
    expect(await trickle(port, "/long")).toBe("");
    expect(await trickle(port, "/short")).toMatch(/^HTTP\/1\.1 408/);
  });
});
