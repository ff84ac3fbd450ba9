// What the staff send, as LINE takes it, and how it goes: a reply while the
// customer's reply token is fresh (free of the monthly quota), else a push.
// Images go from permanent absolute https URLs with a smaller preview (LINE
// fetches both itself); a PDF goes as a text with its link, because LINE bots
// cannot send files.
import { QUICK_REPLY_LABEL_MAX, type OutgoingMessage } from "#contract/customers.ts";
import { LineApiError, type LineOutgoingMessage } from "#server/integrations/line.ts";

/** A reply token is good until its expiry, and only once (the send that uses it clears it). */
export function replyTokenUsable(customer: { reply_token: string; reply_token_expires_at: string | null }, now: Date): boolean {
  if (!customer.reply_token || !customer.reply_token_expires_at) return false;
  return Date.parse(customer.reply_token_expires_at) > now.getTime();
}

/**
 * The site's address LINE can fetch from: the first https one of the configured addresses
 * (canonical_url, then PUBLIC_URL), else the https address the back office is opened at.
 */
export function httpsOrigin(addresses: Array<string | undefined>): string | undefined {
  for (const address of addresses) {
    if (!address) continue;
    try {
      const url = new URL(address);
      if (url.protocol === "https:") return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
      // A malformed address is not one LINE can fetch from.
    }
  }
  return undefined;
}

/**
 * The address a request was made to, when it came over https (directly, or through a trusted
 * proxy's X-Forwarded-Proto: Fastify's `protocol` believes only TRUST_PROXY's); undefined over
 * plain http, which LINE refuses to fetch from.
 */
export function httpsRequestOrigin(request: { protocol: string; host: string }): string | undefined {
  return request.protocol === "https" && request.host ? `https://${request.host}` : undefined;
}

/** Where the chat upload keeps an image's preview: beside it, `-preview` before the extension. */
export const previewKeyOf = (key: string) => key.replace(/(\.[a-z0-9]+)$/, "-preview.jpg");

/** LINE's quick-reply buttons: each sends its text back as the customer's message; the label is cut to LINE's 20 characters. */
export function quickReplyOf(texts: string[]): { items: Array<{ type: "action"; action: { type: "message"; label: string; text: string } }> } | undefined {
  if (texts.length === 0) return undefined;
  return {
    items: texts.map((text) => ({ type: "action", action: { type: "message", label: [...text].slice(0, QUICK_REPLY_LABEL_MAX).join(""), text } })),
  };
}

/** `links`: the absolute addresses of the send's stored file and of its preview (empty for text). */
export function lineMessagesFor(outgoing: OutgoingMessage, links: { url: string; preview: string }): LineOutgoingMessage[] {
  switch (outgoing.type) {
    case "text": {
      const quickReply = quickReplyOf(outgoing.quick_replies);
      return [{ type: "text", text: outgoing.message, ...(quickReply ? { quickReply } : {}) }];
    }
    case "image":
      return [{ type: "image", originalContentUrl: links.url, previewImageUrl: links.preview }];
    case "file":
      return [{ type: "text", text: `📄 ${outgoing.fileName}\n${links.url}` }];
  }
}

/** How an outgoing message is kept in the conversation, and the customer list's last-message line. */
export function storedFormOf(outgoing: OutgoingMessage, mediaUrl: string) {
  switch (outgoing.type) {
    case "text":
      return { message_type: "text", message_content: outgoing.message, media_url: "", file_name: "", summary: outgoing.message };
    case "image":
      return { message_type: "image", message_content: "", media_url: mediaUrl, file_name: "", summary: "[圖片]" };
    case "file":
      return { message_type: "file", message_content: "", media_url: mediaUrl, file_name: outgoing.fileName, summary: `[檔案] ${outgoing.fileName}` };
  }
}

/** How an outgoing message is kept in the conversation. */
export type StoredOutgoing = ReturnType<typeof storedFormOf>;

/** LINE's reason in people's words; a refused push to a customer is most often a block. */
export function deliveryFailureReason(error: unknown): string {
  if (error instanceof LineApiError) {
    if (error.status === 400) return "LINE 拒絕了這則訊息，客戶可能已封鎖官方帳號";
    return error.message;
  }
  return "無法連線到 LINE，請稍後再試";
}

/** Failures worth one more try with the same retry key: no answer, or LINE's own fault. A refusal (4xx) stays a refusal. */
export const isTransient = (error: unknown) => error instanceof LineApiError && (error.status === undefined || error.status >= 500);
