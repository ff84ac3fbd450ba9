// Structured JSON logs. Secrets are redacted wherever they might appear.
import type { FastifyBaseLogger } from "fastify";

export type Logger = FastifyBaseLogger;

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-line-signature']",
  "*.password",
  "*.password_hash",
  "*.token",
  "*.current_password",
  "*.new_password",
  "*.confirm_password",
  "*.line_channel_access_token",
  "*.line_channel_secret",
  "*.discord_webhook_url",
  "*.accessToken",
  "*.webhookUrl",
];

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
}
