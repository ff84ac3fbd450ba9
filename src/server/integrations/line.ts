// LINE Messaging API through the official SDK, at LINE_API_BASE_URL (tests point
// it at a fake on 127.0.0.1). Pushes carry an X-Line-Retry-Key: LINE accepts a
// key once and answers 409 to a repeat, so a push retried after a crash or a
// timeout is never delivered twice.
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
  /** What a user sent (an image, a file…), from the data API; LINE keeps it for a limited time only. */
  content(request: { token: string; messageId: string }): Promise<{ contentType: string; body: Buffer }>;
  /** This month's pushes and the plan's limit (null: no limit). */
  quota(token: string): Promise<{ used: number; limit: number | null }>;
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

export function createLineApi(options: { apiBaseUrl: string; dataApiBaseUrl?: string; timeoutMs?: number }): LineApi {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = async (token: string) => new (await loadSdk()).messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: options.apiBaseUrl });
  const blobClient = async (token: string) =>
    new (await loadSdk()).messagingApi.MessagingApiBlobClient({ channelAccessToken: token, baseURL: options.dataApiBaseUrl ?? options.apiBaseUrl });
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

    async content({ token, messageId }) {
      try {
        const api = await blobClient(token);
        const { httpResponse, body } = await withTimeout(api.getMessageContentWithHttpInfo(messageId), timeoutMs, timedOut);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
        return { contentType: httpResponse.headers.get("content-type") ?? "application/octet-stream", body: Buffer.concat(chunks) };
      } catch (error) {
        throw explain(error);
      }
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
