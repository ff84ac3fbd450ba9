// Discord webhooks, only under DISCORD_API_BASE_URL/api/webhooks/ (also
// https://discordapp.com/api/webhooks/ while the default is in force): the
// server never posts to an address an administrator typed unless it is a
// Discord webhook (CONTRACT.md).
export interface DiscordApi {
  /** Where a webhook URL may point; the first is shown in messages. */
  webhookPrefixes(): string[];
  isWebhookUrl(url: string): boolean;
  send(request: { webhookUrl: string; content: string; username?: string; avatarUrl?: string }): Promise<void>;
}

export class DiscordApiError extends Error {}

const DISCORD_CONTENT_LIMIT = 2000;

export function createDiscordApi(options: { apiBaseUrl: string; timeoutMs?: number }): DiscordApi {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const prefixes = [`${options.apiBaseUrl}/api/webhooks/`];
  if (options.apiBaseUrl === "https://discord.com") prefixes.push("https://discordapp.com/api/webhooks/");
  const isWebhookUrl = (url: string) => prefixes.some((prefix) => url.startsWith(prefix) && url.length > prefix.length);

  return {
    webhookPrefixes: () => [...prefixes],
    isWebhookUrl,

    async send({ webhookUrl, content, username, avatarUrl }) {
      if (!isWebhookUrl(webhookUrl)) throw new DiscordApiError(`Discord Webhook 網址必須以 ${prefixes[0]} 開頭`);
      const body = {
        content: content.slice(0, DISCORD_CONTENT_LIMIT),
        ...(username ? { username } : {}),
        ...(avatarUrl ? { avatar_url: avatarUrl } : {}),
        // Visitors' words never ping anyone.
        allowed_mentions: { parse: [] },
      };
      let response: Response;
      try {
        response = await fetch(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        throw new DiscordApiError(timedOut ? "Discord 沒有在時限內回應，請稍後再試" : "無法連線到 Discord，請稍後再試");
      }
      await response.body?.cancel();
      if (response.ok) return;
      const reasons: Record<number, string> = {
        401: "Discord Webhook 無效，請重新複製 Webhook 網址",
        403: "Discord Webhook 沒有權限，請重新建立 Webhook",
        404: "找不到這個 Discord Webhook，可能已被刪除",
        429: "Discord 暫時限制傳送次數，請稍後再試",
      };
      throw new DiscordApiError(reasons[response.status] ?? `Discord 伺服器暫時無法處理（${response.status}）`);
    },
  };
}
