// A fake Discord webhook endpoint on 127.0.0.1 for tests. The product accepts
// webhook URLs only under {DISCORD_API_BASE_URL}/api/webhooks/; point that
// variable at this server's baseUrl. Answers follow Discord's execute-webhook
// behaviour: 204 without ?wait=true, 200 with the created message with it.
import { RequestLog } from "./request-log.ts";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  [key: string]: unknown;
}

export interface DiscordWebhookCall {
  webhookId: string;
  webhookToken: string;
  wait: boolean;
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: DiscordEmbed[];
  /** The whole parsed JSON body. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** What the fake answered. */
  status: number;
}

export interface FakeDiscord {
  /** DISCORD_API_BASE_URL */
  baseUrl: string;
  /** `${baseUrl}/api/webhooks/${id}/${token}` */
  webhookUrl(id?: string, token?: string): string;
  /**
   * Makes the fake strict: once any webhook is registered, only registered
   * id/token pairs are accepted, others get 404 Unknown Webhook. Returns its URL.
   */
  registerWebhook(id?: string, token?: string): string;
  /** Every webhook execution received (POST), oldest first, failed ones included. */
  requests: DiscordWebhookCall[];
  /** Only the executions that were accepted. */
  readonly delivered: DiscordWebhookCall[];
  /** The next execution is answered with this status (and body, default a Discord-like error). */
  failNext(status: number, body?: unknown): void;
  waitForRequest(predicate: (call: DiscordWebhookCall) => boolean, timeoutMs?: number): Promise<DiscordWebhookCall>;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_WEBHOOK_ID = "1234567890123456789";
export const DEFAULT_WEBHOOK_TOKEN = "fake-webhook-token_abcdefghijklmnopqrstuvwxyz0123456789";

const DEFAULT_ERRORS: Record<number, unknown> = {
  400: { message: "Invalid Form Body", code: 50035 },
  401: { message: "401: Unauthorized", code: 0 },
  403: { message: "Missing Access", code: 50001 },
  404: { message: "Unknown Webhook", code: 10015 },
  429: { message: "You are being rate limited.", retry_after: 1.5, global: false },
  500: { message: "500: Internal Server Error", code: 0 },
};

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const known = new Set<string>();
  const failures: Array<{ status: number; body: unknown }> = [];
  const log = new RequestLog<DiscordWebhookCall>("Discord");
  const requests = log.items;
  const delivered: DiscordWebhookCall[] = [];
  let snowflake = 1100000000000000000n;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-discord.local");
      const reply = (status: number, json?: unknown) => {
        if (json === undefined) {
          res.writeHead(status);
          res.end();
          return;
        }
        const text = JSON.stringify(json);
        res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      };

      const match = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
      if (!match) return reply(404, { message: "404: Not Found", code: 0 });
      const [, webhookId, webhookToken] = match as unknown as [string, string, string];
      const isKnown = known.size === 0 || known.has(`${webhookId}/${webhookToken}`);

      if (req.method === "GET") {
        if (!isKnown) return reply(404, DEFAULT_ERRORS[404]);
        return reply(200, { id: webhookId, type: 1, name: "Fake Webhook", channel_id: "1000000000000000001", guild_id: "1000000000000000002", token: webhookToken });
      }
      if (req.method !== "POST") return reply(405, { message: "405: Method Not Allowed", code: 0 });

      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> | undefined;
      try {
        body = raw === "" ? {} : (JSON.parse(raw) as Record<string, unknown>);
      } catch {
        body = undefined;
      }
      const wait = url.searchParams.get("wait") === "true";

      let status: number;
      let answer: unknown;
      const failure = failures.shift();
      if (failure) {
        status = failure.status;
        answer = failure.body ?? DEFAULT_ERRORS[failure.status] ?? { message: `${failure.status}: Error`, code: 0 };
      } else if (!isKnown) {
        status = 404;
        answer = DEFAULT_ERRORS[404];
      } else if (body === undefined || typeof body !== "object" || body === null) {
        status = 400;
        answer = { message: "The request body contains invalid JSON.", code: 50109 };
      } else {
        const content = typeof body.content === "string" ? body.content : "";
        const embeds = Array.isArray(body.embeds) ? body.embeds : [];
        if (content.trim() === "" && embeds.length === 0) {
          status = 400;
          answer = { message: "Cannot send an empty message", code: 50006 };
        } else if (content.length > 2000) {
          status = 400;
          answer = { content: ["Must be 2000 or fewer in length."] };
        } else if (embeds.length > 10) {
          status = 400;
          answer = { embeds: ["Must be 10 or fewer in length."] };
        } else {
          status = wait ? 200 : 204;
          const id = String(++snowflake);
          answer = wait
            ? {
                id,
                type: 0,
                content,
                channel_id: "1000000000000000001",
                author: { id: webhookId, username: body.username ?? "Fake Webhook", avatar: null, bot: true },
                embeds,
                attachments: [],
                mentions: [],
                timestamp: new Date().toISOString(),
                webhook_id: webhookId,
                nonce: randomUUID(),
              }
            : undefined;
        }
      }

      const b = body ?? {};
      const call: DiscordWebhookCall = {
        webhookId,
        webhookToken,
        wait,
        content: b.content as string | undefined,
        username: b.username as string | undefined,
        avatar_url: b.avatar_url as string | undefined,
        embeds: b.embeds as DiscordEmbed[] | undefined,
        body: body ?? raw,
        headers: { ...req.headers },
        status,
      };
      log.record(call);
      if (status < 300) delivered.push(call);
      reply(status, answer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const webhookUrl = (id = DEFAULT_WEBHOOK_ID, token = DEFAULT_WEBHOOK_TOKEN) => `${baseUrl}/api/webhooks/${id}/${token}`;

  return {
    baseUrl,
    webhookUrl,
    registerWebhook: (id = DEFAULT_WEBHOOK_ID, token = DEFAULT_WEBHOOK_TOKEN) => {
      known.add(`${id}/${token}`);
      return webhookUrl(id, token);
    },
    requests,
    delivered,
    failNext: (status, body) => {
      failures.push({ status, body });
    },
    waitForRequest: (predicate, timeoutMs) => log.waitFor(predicate, timeoutMs),
    reset: () => {
      log.clear();
      delivered.length = 0;
      failures.length = 0;
      known.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
