// A fake LINE Messaging API on 127.0.0.1 for tests. The product reaches LINE only
// through LINE_API_BASE_URL and LINE_DATA_API_BASE_URL; point both at this server.
// It answers the endpoints the product uses with LINE's shapes, status codes and
// error bodies, and records every request so tests can assert what was sent.
import { RequestLog } from "./request-log.ts";
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v2/bot/message/push`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  body: unknown;
  /** What the fake answered. */
  status: number;
}

export interface LineProfile {
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
  language?: string;
}

export interface LineBotInfo {
  userId: string;
  basicId: string;
  premiumId?: string;
  displayName: string;
  pictureUrl?: string;
  chatMode: "chat" | "bot";
  markAsReadMode: "auto" | "manual";
}

export interface FakeLineOptions {
  /** When set, only `Authorization: Bearer <this>` is accepted; otherwise any non-empty token is. */
  channelAccessToken?: string;
  /** Monthly message limit; `null` means quota type "none" (no limit). Default 200, LINE's free plan. */
  quotaLimit?: number | null;
}

export interface FakeLine {
  /** LINE_API_BASE_URL */
  baseUrl: string;
  /** LINE_DATA_API_BASE_URL (the same server) */
  dataBaseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Only the successful pushes and replies, as LINE accepted them. */
  readonly sent: Array<{ kind: "push" | "reply"; to?: string; replyToken?: string; messages: LineMessage[] }>;
  setAccessToken(token: string | undefined): void;
  setProfile(userId: string, profile: LineProfile): void;
  setBotInfo(info: Partial<LineBotInfo>): void;
  /** `limit: null` makes the quota type "none". `used` is what consumption reports; pushes add to it. */
  setQuota(quota: { limit?: number | null; used?: number }): void;
  setContent(messageId: string, content: { contentType: string; body: Buffer }): void;
  /**
   * A large body generated on the fly and streamed (never held whole): `head`, then zero bytes up
   * to `bytes`. Content-Length is sent unless `announceLength` is false (chunked, like a file whose
   * size LINE does not say); `chunkDelayMs` slows each 64 KB chunk (a stalled download).
   */
  setStreamedContent(messageId: string, content: StreamedContent): void;
  /** How many bytes of streamed content were written to the product (less than the body when it hung up). */
  readonly streamedBytes: number;
  /** Registers a reply token as valid (any token is valid until one is registered). */
  addReplyToken(replyToken: string): void;
  /** The next request (optionally only one whose path matches) is answered with this status and body. */
  failNext(status: number, body?: unknown, match?: string | RegExp): void;
  /** Resolves with the first recorded request (past or future) that satisfies the predicate. */
  waitForRequest(predicate: (request: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  reset(): void;
  close(): Promise<void>;
}

export interface StreamedContent {
  contentType: string;
  bytes: number;
  head?: Buffer;
  announceLength?: boolean;
  chunkDelayMs?: number;
}

export type LineMessage = { type: string; text?: string; [key: string]: unknown };

export const LINE_AUTH_FAILED = "Authentication failed. Confirm that the access token in the authorization header is valid.";
const MESSAGE_TYPES = new Set(["text", "sticker", "image", "video", "audio", "location", "imagemap", "template", "flex", "textV2"]);
const DEFAULT_BOT_INFO: LineBotInfo = {
  userId: "Ufakebot00000000000000000000000000",
  basicId: "@123fake",
  displayName: "Fake LINE Bot",
  chatMode: "chat",
  markAsReadMode: "manual",
};

/** The X-Line-Signature LINE sends with a webhook: base64 HMAC-SHA256 of the raw body. */
export function signLineBody(body: string | Buffer, channelSecret: string): string {
  return createHmac("sha256", channelSecret).update(body).digest("base64");
}

interface Failure {
  status: number;
  body: unknown;
  match?: string | RegExp;
}

type Answer = { status: number; json?: unknown; binary?: { contentType: string; body: Buffer }; stream?: StreamedContent };

const STREAM_CHUNK = 64 * 1024;
/** One zero chunk, written again and again: the fake itself holds 64 KB however large the body. */
const ZEROS = Buffer.alloc(STREAM_CHUNK);

/** Writes a generated body chunk by chunk, waiting for the reader (backpressure); stops when the reader hangs up. */
async function streamBody(res: ServerResponse, content: StreamedContent, counted: (bytes: number) => void) {
  const head = content.head ?? Buffer.alloc(0);
  let written = 0;
  while (written < content.bytes && !res.destroyed) {
    const size = Math.min(STREAM_CHUNK, content.bytes - written);
    let chunk = ZEROS.subarray(0, size);
    if (written < head.length) {
      chunk = Buffer.alloc(size);
      head.copy(chunk, 0, written, Math.min(head.length, written + size));
    }
    if (content.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, content.chunkDelayMs));
    if (res.destroyed) break;
    const more = res.write(chunk);
    written += size;
    counted(size);
    if (!more) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
  }
  if (!res.destroyed) res.end();
}

export async function startFakeLine(options: FakeLineOptions = {}): Promise<FakeLine> {
  const initialQuotaLimit = options.quotaLimit === undefined ? 200 : options.quotaLimit;
  let accessToken = options.channelAccessToken;
  let quotaLimit: number | null = initialQuotaLimit;
  let quotaUsed = 0;
  let botInfo: LineBotInfo = { ...DEFAULT_BOT_INFO };
  const profiles = new Map<string, LineProfile>();
  const contents = new Map<string, { contentType: string; body: Buffer }>();
  const streamed = new Map<string, StreamedContent>();
  let streamedBytes = 0;
  const replyTokens = new Set<string>();
  const usedReplyTokens = new Set<string>();
  const retryKeys = new Map<string, string[]>();
  const failures: Failure[] = [];
  const log = new RequestLog<RecordedRequest>("LINE");
  const requests = log.items;
  const sent: FakeLine["sent"] = [];
  let messageCounter = 0;

  const nextMessageId = () => String(500000000000000000n + BigInt(++messageCounter));

  function takeFailure(path: string): Failure | undefined {
    const index = failures.findIndex(
      (f) => f.match === undefined || (typeof f.match === "string" ? path.includes(f.match) : f.match.test(path)),
    );
    return index === -1 ? undefined : failures.splice(index, 1)[0];
  }

  function route(method: string, path: string, headers: IncomingMessage["headers"], body: unknown, rawBody: string): Answer {
    const auth = headers.authorization ?? "";
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
    if (!token || (accessToken !== undefined && token !== accessToken)) {
      return { status: 401, json: { message: LINE_AUTH_FAILED } };
    }

    const failure = takeFailure(path);
    if (failure) return { status: failure.status, json: failure.body ?? { message: "An error occurred in the fake LINE server." } };

    if (method === "POST" && (path === "/v2/bot/message/push" || path === "/v2/bot/message/reply")) {
      if (rawBody.trim() !== "" && body === undefined) return { status: 400, json: { message: "The request body could not be parsed as JSON" } };
      return path.endsWith("/push") ? push(body, headers) : reply(body);
    }
    if (method === "GET" && path === "/v2/bot/message/quota") {
      return { status: 200, json: quotaLimit === null ? { type: "none" } : { type: "limited", value: quotaLimit } };
    }
    if (method === "GET" && path === "/v2/bot/message/quota/consumption") {
      return { status: 200, json: { totalUsage: quotaUsed } };
    }
    if (method === "GET" && path === "/v2/bot/info") return { status: 200, json: botInfo };
    let match = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const userId = decodeURIComponent(match[1]!);
      const profile = profiles.get(userId);
      return profile ? { status: 200, json: { userId, ...profile } } : { status: 404, json: { message: "Not found" } };
    }
    match = /^\/v2\/bot\/message\/([^/]+)\/content$/.exec(path);
    if (method === "GET" && match) {
      const id = decodeURIComponent(match[1]!);
      const large = streamed.get(id);
      if (large) return { status: 200, stream: large };
      const content = contents.get(id);
      return content ? { status: 200, binary: content } : { status: 404, json: { message: "Not found" } };
    }
    return { status: 404, json: { message: "Not found" } };
  }

  function validateMessages(messages: unknown, details: Array<{ message: string; property: string }>): messages is LineMessage[] {
    if (messages === undefined || messages === null) {
      details.push({ message: "must be specified", property: "messages" });
      return false;
    }
    if (!Array.isArray(messages)) {
      details.push({ message: "must be an array", property: "messages" });
      return false;
    }
    if (messages.length < 1 || messages.length > 5) {
      details.push({ message: "size must be between 1 and 5", property: "messages" });
      return false;
    }
    messages.forEach((message: unknown, i) => {
      const m = message as Record<string, unknown> | null;
      if (typeof m !== "object" || m === null || typeof m.type !== "string") {
        details.push({ message: "must be specified", property: `messages[${i}].type` });
      } else if (!MESSAGE_TYPES.has(m.type)) {
        details.push({ message: "invalid type", property: `messages[${i}].type` });
      } else if (m.type === "text") {
        if (typeof m.text !== "string" || m.text.length === 0) details.push({ message: "must be specified", property: `messages[${i}].text` });
        else if (m.text.length > 5000) details.push({ message: "length must be between 0 and 5000", property: `messages[${i}].text` });
      } else if (m.type === "image" || m.type === "video") {
        for (const key of ["originalContentUrl", "previewImageUrl"]) {
          if (typeof m[key] !== "string") details.push({ message: "must be specified", property: `messages[${i}].${key}` });
          else if (!/^https:\/\//.test(m[key] as string)) details.push({ message: "must be HTTPS URL", property: `messages[${i}].${key}` });
        }
      }
    });
    return details.length === 0;
  }

  const bodyErrors = (details: Array<{ message: string; property: string }>): Answer => ({
    status: 400,
    json: { message: `The request body has ${details.length} error(s)`, details },
  });

  function push(body: unknown, headers: IncomingMessage["headers"]): Answer {
    const b = (body ?? {}) as Record<string, unknown>;
    const details: Array<{ message: string; property: string }> = [];
    if (typeof b.to !== "string" || b.to === "") details.push({ message: "must be specified", property: "to" });
    const valid = validateMessages(b.messages, details);
    if (!valid || details.length > 0) return bodyErrors(details);
    const messages = b.messages as LineMessage[];

    const retryKey = typeof headers["x-line-retry-key"] === "string" ? headers["x-line-retry-key"] : undefined;
    if (retryKey && retryKeys.has(retryKey)) {
      return {
        status: 409,
        json: { message: "The retry key is already accepted", sentMessages: retryKeys.get(retryKey)!.map((id) => ({ id })) },
      };
    }
    if (quotaLimit !== null && quotaUsed + 1 > quotaLimit) {
      return { status: 429, json: { message: "You have reached your monthly limit." } };
    }
    quotaUsed += 1;
    const ids = messages.map(() => nextMessageId());
    if (retryKey) retryKeys.set(retryKey, ids);
    sent.push({ kind: "push", to: b.to as string, messages });
    return { status: 200, json: { sentMessages: ids.map((id) => ({ id, quoteToken: randomUUID() })) } };
  }

  function reply(body: unknown): Answer {
    const b = (body ?? {}) as Record<string, unknown>;
    const details: Array<{ message: string; property: string }> = [];
    if (typeof b.replyToken !== "string" || b.replyToken === "") details.push({ message: "must be specified", property: "replyToken" });
    const valid = validateMessages(b.messages, details);
    if (!valid || details.length > 0) return bodyErrors(details);
    const replyToken = b.replyToken as string;
    // A reply token is good once; when tests register tokens, only those are good.
    if (usedReplyTokens.has(replyToken) || (replyTokens.size > 0 && !replyTokens.has(replyToken))) {
      return { status: 400, json: { message: "Invalid reply token" } };
    }
    usedReplyTokens.add(replyToken);
    const messages = b.messages as LineMessage[];
    sent.push({ kind: "reply", replyToken, messages });
    return { status: 200, json: { sentMessages: messages.map(() => ({ id: nextMessageId(), quoteToken: randomUUID() })) } };
  }

  function send(res: ServerResponse, answer: Answer) {
    res.setHeader("x-line-request-id", randomUUID());
    if (answer.stream) {
      const content = answer.stream;
      res.writeHead(answer.status, { "content-type": content.contentType, ...(content.announceLength === false ? {} : { "content-length": content.bytes }) });
      void streamBody(res, content, (bytes) => {
        streamedBytes += bytes;
      });
      return;
    }
    if (answer.binary) {
      res.writeHead(answer.status, { "content-type": answer.binary.contentType, "content-length": answer.binary.body.length });
      res.end(answer.binary.body);
      return;
    }
    const text = JSON.stringify(answer.json ?? {});
    res.writeHead(answer.status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-line.local");
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      if (rawBody !== "") {
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
      }
      const method = req.method ?? "GET";
      const answer = route(method, url.pathname, req.headers, body, rawBody);
      const record: RecordedRequest = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { ...req.headers },
        body: body === undefined && rawBody !== "" ? rawBody : body,
        status: answer.status,
      };
      log.record(record);
      send(res, answer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    dataBaseUrl: baseUrl,
    requests,
    sent,
    setAccessToken: (token) => {
      accessToken = token;
    },
    setProfile: (userId, profile) => {
      profiles.set(userId, profile);
    },
    setBotInfo: (info) => {
      botInfo = { ...botInfo, ...info };
    },
    setQuota: ({ limit, used }) => {
      if (limit !== undefined) quotaLimit = limit;
      if (used !== undefined) quotaUsed = used;
    },
    setContent: (messageId, content) => {
      contents.set(messageId, content);
    },
    setStreamedContent: (messageId, content) => {
      streamed.set(messageId, content);
    },
    get streamedBytes() {
      return streamedBytes;
    },
    addReplyToken: (replyToken) => {
      replyTokens.add(replyToken);
    },
    failNext: (status, body, match) => {
      failures.push({ status, body, match });
    },
    waitForRequest: (predicate, timeoutMs) => log.waitFor(predicate, timeoutMs),
    reset: () => {
      log.clear();
      sent.length = 0;
      failures.length = 0;
      profiles.clear();
      contents.clear();
      streamed.clear();
      streamedBytes = 0;
      replyTokens.clear();
      usedReplyTokens.clear();
      retryKeys.clear();
      accessToken = options.channelAccessToken;
      quotaLimit = initialQuotaLimit;
      quotaUsed = 0;
      botInfo = { ...DEFAULT_BOT_INFO };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
