// LINE Messaging API through the official SDK, at LINE_API_BASE_URL (tests point
// it at a fake on 127.0.0.1). Pushes carry an X-Line-Retry-Key: LINE accepts a
// key once and answers 409 to a repeat, so a push retried after a crash or a
// timeout is never delivered twice.
import { pipeline, Readable, Transform } from "node:stream";
import { withTimeout } from "#server/lib/with-timeout.ts";

/** A message as LINE takes it (text, image, sticker…): the SDK's own type. */
export type LineOutgoingMessage = import("@line/bot-sdk").messagingApi.Message;

export interface LineProfile {
  displayName: string;
  pictureUrl: string;
  statusMessage: string;
}

export interface LineApi {
  pushText(request: { token: string; to: string; text: string; retryKey?: string }): Promise<void>;
  /** Sends to a user; a repeated retry key (LINE's 409) counts as sent. */
  push(request: { token: string; to: string; messages: LineOutgoingMessage[]; retryKey?: string }): Promise<void>;
  /** Answers with a reply token (free of the monthly quota); LINE refuses a used or expired token with 400. */
  reply(request: { token: string; replyToken: string; messages: LineOutgoingMessage[] }): Promise<void>;
  profile(request: { token: string; userId: string }): Promise<LineProfile>;
  /**
   * What a user sent (an image, a file…), from the data API, as a stream: never held whole in memory.
   * The stream fails with `ContentTooLargeError` past `maxBytes` (refused at once when LINE announces
   * more), and with a LineApiError when the whole download takes longer than `timeoutMs`.
   * LINE keeps content for a limited time only.
   */
  content(request: { token: string; messageId: string; maxBytes: number; timeoutMs: number }): Promise<LineContent>;
  /** This month's pushes and the plan's limit (null: no limit). */
  quota(token: string): Promise<{ used: number; limit: number | null }>;
}

export interface LineContent {
  /** What LINE says it is: a hint only, never trusted for how the file is stored or served. */
  contentType: string;
  /** Content-Length, when LINE sent one. */
  length: number | undefined;
  body: Readable;
}

/** A file larger than the caller takes: it stays in LINE. */
export class ContentTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`the content is larger than ${maxBytes} bytes`);
    this.name = "ContentTooLargeError";
    this.maxBytes = maxBytes;
  }
}

/** Passes at most `maxBytes` on; one byte more fails the stream (and so the download) at once. */
export function byteCapped(source: Readable, maxBytes: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new ContentTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  // Either side failing or being destroyed ends the other (a cut download closes LINE's connection).
  pipeline(source, cap, () => {});
  return cap;
}

export class LineApiError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

// The SDK is loaded on the first call (then kept): a site that never notifies through LINE never holds it.
let sdk: Promise<typeof import("@line/bot-sdk")> | undefined;
const loadSdk = () => (sdk ??= import("@line/bot-sdk"));

/** An HTTP answer of LINE's (the SDK's HTTPFetchError), by shape: the SDK may not be loaded where this is asked. */
const isHttpError = (error: unknown): error is { status: number } =>
  error instanceof Error && error.name === "HTTPFetchError" && typeof (error as { status?: unknown }).status === "number";

/** LINE's answers in people's words: these reach the back office as the reason a send failed. */
function explain(error: unknown): LineApiError {
  if (error instanceof LineApiError) return error;
  if (isHttpError(error)) {
    const reasons: Record<number, string> = {
      400: "LINE 拒絕了這則訊息，請確認管理員 User ID 是否正確",
      401: "LINE Channel Access Token 無效或已過期",
      403: "這個 LINE 官方帳號沒有傳送訊息的權限",
      429: "已達 LINE 的傳送上限，請稍後再試或升級方案",
    };
    return new LineApiError(reasons[error.status] ?? `LINE 伺服器暫時無法處理（${error.status}）`, error.status);
  }
  return new LineApiError("無法連線到 LINE，請稍後再試");
}

/** The data API's refusals in people's words (shown on the message when a download gives up). */
function contentRefusal(status: number): LineApiError {
  if (status === 404 || status === 410) return new LineApiError("LINE 已沒有這個檔案（超過保存期限或客戶已收回）", status);
  if (status === 401) return new LineApiError("LINE Channel Access Token 無效或已過期", status);
  return new LineApiError(`LINE 伺服器暫時無法提供這個檔案（${status}）`, status);
}

export function createLineApi(options: { apiBaseUrl: string; dataApiBaseUrl?: string; timeoutMs?: number }): LineApi {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = async (token: string) => new (await loadSdk()).messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: options.apiBaseUrl });
  const timedOut = () => new LineApiError("LINE 沒有在時限內回應，請稍後再試");

  async function push({ token, to, messages, retryKey }: { token: string; to: string; messages: LineOutgoingMessage[]; retryKey?: string }) {
    try {
      const api = await client(token);
      await withTimeout(api.pushMessage({ to, messages }, retryKey), timeoutMs, timedOut);
    } catch (error) {
      // The same retry key was accepted before: the message is already on its way.
      if (retryKey && isHttpError(error) && error.status === 409) return;
      throw explain(error);
    }
  }

  return {
    pushText: ({ token, to, text, retryKey }) => push({ token, to, messages: [{ type: "text", text }], retryKey }),

    push,

    async reply({ token, replyToken, messages }) {
      try {
        const api = await client(token);
        await withTimeout(api.replyMessage({ replyToken, messages }), timeoutMs, timedOut);
      } catch (error) {
        throw explain(error);
      }
    },

    async profile({ token, userId }) {
      try {
        const api = await client(token);
        const profile = await withTimeout(api.getProfile(userId), timeoutMs, timedOut);
        return { displayName: profile.displayName ?? "", pictureUrl: profile.pictureUrl ?? "", statusMessage: profile.statusMessage ?? "" };
      } catch (error) {
        throw explain(error);
      }
    },

    // Straight through fetch, not the SDK: its blob client takes no abort signal, and the whole
    // download (not only its first answer) must end within the time limit.
    async content({ token, messageId, maxBytes, timeoutMs: downloadMs }) {
      const signal = AbortSignal.timeout(downloadMs);
      const base = (options.dataApiBaseUrl ?? options.apiBaseUrl).replace(/\/+$/, "");
      let response: Response;
      try {
        response = await fetch(`${base}/v2/bot/message/${encodeURIComponent(messageId)}/content`, { headers: { authorization: `Bearer ${token}` }, signal });
      } catch (error) {
        throw signal.aborted ? new LineApiError("從 LINE 下載檔案超過時限") : explain(error);
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw contentRefusal(response.status);
      }
      const declared = Number(response.headers.get("content-length"));
      const length = Number.isFinite(declared) && response.headers.has("content-length") ? declared : undefined;
      if (length !== undefined && length > maxBytes) {
        await response.body.cancel().catch(() => {});
        throw new ContentTooLargeError(maxBytes);
      }
      const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
      const body = byteCapped(source, maxBytes);
      // The time limit ends the stream too; the reader sees the reason in words.
      signal.addEventListener("abort", () => body.destroy(new LineApiError("從 LINE 下載檔案超過時限")), { once: true });
      return { contentType: response.headers.get("content-type") ?? "application/octet-stream", length, body };
    },

    async quota(token) {
      try {
        const api = await client(token);
        const [quota, consumption] = await withTimeout(Promise.all([api.getMessageQuota(), api.getMessageQuotaConsumption()]), timeoutMs, timedOut);
        return { used: consumption.totalUsage, limit: quota.type === "limited" ? (quota.value ?? null) : null };
      } catch (error) {
        throw explain(error);
      }
    },
  };
}
