// The only reader of process.env: everything else receives a parsed Env.
import { isIP } from "node:net";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value.replace(/\/+$/, "")))
  .pipe(z.url().optional());

/** proxy-addr's names for address ranges, which Fastify's trustProxy understands. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

/** The reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed; default loopback only. */
const trustProxy = z
  .string()
  .trim()
  .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine(isProxyEntry, "TRUST_PROXY lists addresses or CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12), comma-separated")))
  .transform((entries) => (entries.length > 0 ? entries : ["127.0.0.1", "::1"]));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://").optional())
    .optional(),
  ADMIN_EMAIL: z.email().optional().or(z.literal("").transform(() => undefined)),
  // Only used to create the first administrator on an empty database: the password policy (12 characters, not a
  // common one) is checked there, so that a running site whose environment still holds an older value keeps starting.
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD needs at least 8 characters").optional().or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: optionalUrl.optional(),
  LINE_API_BASE_URL: optionalUrl.default("https://api.line.me"),
  LINE_DATA_API_BASE_URL: optionalUrl.default("https://api-data.line.me"),
  DISCORD_API_BASE_URL: optionalUrl.default("https://discord.com"),
  /** smtp://user:pass@host:587 or smtps://…: where notification mail goes out; unset means no mail. */
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional())
    .optional(),
  /** The sender of notification mail; default the SMTP user when it is an address, else no-reply@localhost. */
  MAIL_FROM: z.string().trim().optional(),
  TRUST_PROXY: trustProxy.default(["127.0.0.1", "::1"]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
