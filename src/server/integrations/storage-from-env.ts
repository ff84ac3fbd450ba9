// Which store keeps uploaded files, from the environment (CONTRACT.md): the
// embedded default keeps them in DATA_DIR/uploads; S3_BUCKET moves them to a
// bucket every instance shares. The server and the backup tools build theirs here.
import path from "node:path";
import type { Env } from "#server/env.ts";
import { normalizePrefix, s3Storage } from "./s3-storage.ts";
import { localStorage, type FileStorage } from "./storage.ts";

export async function storageFromEnv(env: Env): Promise<FileStorage> {
  if (!env.S3_BUCKET) {
    if (env.S3_PUBLIC_URL) throw new Error("S3_PUBLIC_URL is the public address of the S3_BUCKET's files: set S3_BUCKET too, or unset S3_PUBLIC_URL");
    return localStorage(path.resolve(env.DATA_DIR, "uploads"));
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's default credentials");
  }
  return s3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX ?? "",
    checksums: env.S3_CHECKSUMS,
    // Uploads in progress stay on this instance's disk, outside DATA_DIR/uploads (which stays empty).
    scratchDir: path.resolve(env.DATA_DIR, ".scratch"),
  });
}

/** Where pages link stored files when a CDN serves them (S3_PUBLIC_URL), e.g. https://cdn.example/site-a/; undefined: /uploads/ through the product. */
export function publicFilesBase(env: Pick<Env, "S3_BUCKET" | "S3_PUBLIC_URL" | "S3_PREFIX">): string | undefined {
  return env.S3_BUCKET && env.S3_PUBLIC_URL ? `${env.S3_PUBLIC_URL}/${normalizePrefix(env.S3_PREFIX)}` : undefined;
}
