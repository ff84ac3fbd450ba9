// The only reader of process.env: everything else receives a parsed Env.
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value.replace(/\/+$/, "")))
  .pipe(z.url().optional());

/** Text where an empty value means unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

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
  /** Set: uploaded files live in this S3 (or S3-compatible) bucket instead of DATA_DIR/uploads (integrations/storage-from-env.ts). */
  S3_BUCKET: optionalText,
  /** An S3-compatible server's address; unset means AWS. */
  S3_ENDPOINT: optionalUrl.optional(),
  S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
  /** Both or neither: unset means the AWS SDK's default credential chain. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `true` for most S3-compatible servers (bucket in the path, not in the host name). */
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(["true", "false"], "S3_FORCE_PATH_STYLE is true or false").optional()).transform((value) => value === "true"),
  /** A folder in the bucket for this site's files, e.g. `site-a/`. */
  S3_PREFIX: optionalText,
  /** A public base (a CDN in front of the bucket) that pages link files at instead of /uploads/. */
  S3_PUBLIC_URL: optionalUrl.optional(),
  /** `always`: the SDK's default checksums on every request, which several S3-compatible servers refuse; default only where S3 requires them. */
  S3_CHECKSUMS: optionalText.pipe(z.enum(["always", "when_required"], "S3_CHECKSUMS is always or when_required").optional()).transform((value) => value ?? "when_required"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token for GET /metrics from other than loopback; unset means loopback only. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.string().min(16, "METRICS_TOKEN needs at least 16 characters").optional())
    .optional(),
  /**
   * After SIGTERM, how long the instance still serves while /readyz answers 503, so that the proxy's health check
   * stops sending first; unset means 3 s with DATABASE_URL (several instances) and none on the embedded SQLite
   * (one instance: no other to send to). `shutdownDrainMs` reads it.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Where backups are written; unset means DATA_DIR/backups (`backupDirOf`). */
  BACKUP_DIR: optionalText,
});

export type Env = z.infer<typeof envSchema>;

export const shutdownDrainMs = (env: Pick<Env, "SHUTDOWN_DRAIN_MS" | "DATABASE_URL">): number => env.SHUTDOWN_DRAIN_MS ?? (env.DATABASE_URL ? 3000 : 0);

export const backupDirOf = (env: Pick<Env, "BACKUP_DIR" | "DATA_DIR">): string => env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups");

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
