// A small HTTP load balancer on 127.0.0.1 that behaves as the deployment's
// Caddy does (docs/deploy.md): round robin over the upstreams its active health
// check finds ready (GET /readyz every `healthIntervalMs`, like `health_uri`;
// one failed check takes an upstream out, one passed check puts it back), kept-
// alive connections to the upstreams, and a request whose connection to an
// upstream is refused tried on another one for up to `tryDurationMs` (like
// `lb_try_duration`). Any other failure reaches the client as a 502: the test
// counts it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Upstream {
  port: number;
  /** What the last health check found. */
  healthy: boolean;
  /** Requests this upstream answered. */
  served: number;
}

export interface LoadBalancer {
  url: string;
  upstreams: Upstream[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

const withoutHopByHop = (headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLoadBalancer(options: { ports: number[]; healthIntervalMs?: number; tryDurationMs?: number; tryIntervalMs?: number }): Promise<LoadBalancer> {
  const healthIntervalMs = options.healthIntervalMs ?? 200;
  const tryDurationMs = options.tryDurationMs ?? 5000;
  const tryIntervalMs = options.tryIntervalMs ?? 50;
  const upstreams: Upstream[] = options.ports.map((port) => ({ port, healthy: false, served: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  let closed = false;

  const pick = (): Upstream | undefined => {
    for (let i = 0; i < upstreams.length; i += 1) {
      const upstream = upstreams[(next + i) % upstreams.length]!;
      if (upstream.healthy) {
        next = (next + i + 1) % upstreams.length;
        return upstream;
      }
    }
    return undefined;
  };

  /** Sends the request to one upstream; "refused" when the connection was refused (nothing reached it). */
  const attempt = (upstream: Upstream, request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) =>
    new Promise<"answered" | "refused">((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port: upstream.port,
          method: request.method,
          path: request.url,
          agent,
          headers: { ...withoutHopByHop(request.headers), "x-forwarded-for": request.socket.remoteAddress ?? "127.0.0.1" },
        },
        (answer) => {
          upstream.served += 1;
          response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
          answer.pipe(response);
          answer.on("end", () => resolve("answered"));
          answer.on("error", reject);
        },
      );
      outgoing.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNREFUSED" ? resolve("refused") : reject(error)));
      outgoing.end(body);
    });

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const deadline = Date.now() + tryDurationMs;
    try {
      for (;;) {
        const upstream = pick();
        if (upstream && (await attempt(upstream, request, body, response)) === "answered") return;
        // Refused, or no upstream ready: passive health takes it out until the next check says otherwise.
        if (upstream) upstream.healthy = false;
        if (Date.now() >= deadline) break;
        await pause(tryIntervalMs);
      }
      response.writeHead(502).end("no upstream answered");
    } catch (error) {
      if (!response.headersSent) response.writeHead(502);
      response.end(`upstream failed: ${(error as Error).message}`);
    }
  });

  const check = (upstream: Upstream) =>
    new Promise<void>((resolve) => {
      const probe = http.get({ host: "127.0.0.1", port: upstream.port, path: "/readyz", agent: false, timeout: 1000 }, (answer) => {
        upstream.healthy = answer.statusCode === 200;
        answer.resume();
        answer.on("end", () => resolve());
      });
      probe.on("timeout", () => probe.destroy(new Error("health check timed out")));
      probe.on("error", () => {
        upstream.healthy = false;
        resolve();
      });
    });
  const healthLoop = (async () => {
    while (!closed) {
      await Promise.all(upstreams.map(check));
      await pause(healthIntervalMs);
    }
  })();

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    async close() {
      closed = true;
      await healthLoop;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
