// POST /line-webhook.php: LINE's webhook (CONTRACT.md). Its own plugin so that
// it alone reads the raw body: the signature (base64 HMAC-SHA256 of the exact
// bytes with the channel secret) is checked before anything is parsed or
// stored. A request that does not carry the right signature changes nothing.
// LINE's "Verify" button sends a signed request with no events: answered 200.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { badRequest, unauthorized } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { LineEventsOperations } from "./line-events.operations.ts";
import type { LineWebhookEvent } from "./line-events.ts";

export interface LineWebhookOptions {
  operations: Pick<LineEventsOperations, "receive">;
  run: RunOperation;
  /** The channel secret (settings); empty when LINE is not set up. */
  channelSecret: () => Promise<string>;
}

const SIGNATURE_REFUSED = "LINE 簽章驗證失敗";

/** Whether `signature` is the body's HMAC with the secret, compared in constant time. */
export function isLineSignature(body: Buffer, signature: string | undefined, secret: string): boolean {
  if (!secret || !signature) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const lineWebhookRoutes: FastifyPluginAsync<LineWebhookOptions> = async (app, { operations, run, channelSecret }) => {
  // Only in this plugin: every body arrives as its bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/line-webhook.php", { config: { access: "public" } }, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers["x-line-signature"];
    if (!isLineSignature(body, typeof signature === "string" ? signature : undefined, await channelSecret())) throw unauthorized(SIGNATURE_REFUSED);
    let parsed: { events?: unknown };
    try {
      parsed = JSON.parse(body.toString("utf8")) as { events?: unknown };
    } catch {
      throw badRequest("無法解析 LINE 傳來的內容");
    }
    const list = Array.isArray(parsed?.events) ? (parsed.events as LineWebhookEvent[]).filter((event) => event && typeof event === "object") : [];
    // Signed by LINE: the events are the product's own input from here on.
    if (list.length > 0) await run(operations.receive, { actor: systemActor("line-webhook"), input: list });
    return ok(null);
  });
};
