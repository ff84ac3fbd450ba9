// Uploaded files in an S3 (or S3-compatible) bucket, for several instances
// behind a proxy: every instance reads and writes the same files. Content keeps
// its /uploads/<key> addresses; the product answers them from the bucket
// (streamed, never held in memory), or pages link a CDN in front of it
// (S3_PUBLIC_URL, ssr/file-links.ts). Uploads in progress stay local (scratch
// files for sharp and FFmpeg); nothing is written to DATA_DIR/uploads.
//
// Since SDK 3.729 every request carries a CRC32 checksum by default, which
// several S3-compatible servers refuse or store as part of the file
// (STACK-NOTES.md): checksums are sent only where S3 requires them unless the
// operator asks for them always.
//
// A bucket that cannot be reached is never a 500 and never names itself: the
// failure becomes StorageUnavailableError (503 with Retry-After), whose log
// line carries only the kind of failure, not the SDK's message (which holds
// the endpoint's address).
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { GetObjectCommandOutput, HeadObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";

type Sdk = typeof import("@aws-sdk/client-s3");
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#server/lib/errors.ts";
import {
  assertStorageKey,
  isStorageKey,
  needsDownloadName,
  scratchSpace,
  serveUploads,
  uploadHeaders,
  uploadsAddresses,
  UPLOADS_CACHE_CONTROL,
  type FileStorage,
  type StoredFileOptions,
} from "./storage.ts";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server; undefined for AWS. */
  endpoint?: string;
  region: string;
  /** Undefined: the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** A folder in the bucket ("site-a/"); "" for the bucket's root. */
  prefix: string;
  checksums: "always" | "when_required";
  /** A local folder for uploads in progress (never DATA_DIR/uploads). */
  scratchDir: string;
}

/** The bucket's store; its `removeMany` is one DeleteObjects request per thousand keys. */
export type S3FileStorage = FileStorage;

export const STORAGE_UNAVAILABLE_MESSAGE = "檔案空間暫時無法使用，請稍後再試";
const RETRY_AFTER_SECONDS = 5;

/** The bucket could not be reached or refused us (network, credentials, a missing bucket, its own failure). */
export class StorageUnavailableError extends AppError {
  /** What went wrong, safe to log: the kind of failure and the HTTP status, never an address. */
  readonly reason: string;
  constructor(reason: string) {
    super(503, STORAGE_UNAVAILABLE_MESSAGE, undefined, { "retry-after": String(RETRY_AFTER_SECONDS) });
    this.name = "StorageUnavailableError";
    this.reason = reason;
    // What the log line shows (lib/logger.ts keeps an error's cause, not its other fields).
    this.cause = new Error(reason);
  }
}

/** "site-a" and "/site-a/" are the folder "site-a/"; nothing is the bucket's root. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed ? `${trimmed}/` : "";
}

/** Multipart parts of an upload: at most QUEUE_SIZE of them are in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
const DELETE_BATCH = 1000;
const DOWNLOAD_NAME = "download-name";

interface S3Failure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string | undefined> };
  ActualObjectSize?: string | number;
}

const statusOf = (error: unknown) => (error as S3Failure | undefined)?.$metadata?.httpStatusCode;

/** Answers of S3 that are answers to the request, not failures: not modified, missing, a range outside the file. */
function isAnswer(error: unknown): boolean {
  const status = statusOf(error);
  return (status === 304 || status === 404 || status === 416) && (error as S3Failure).name !== "NoSuchBucket";
}

function unavailable(error: unknown): StorageUnavailableError {
  if (error instanceof StorageUnavailableError) return error;
  const failure = (error ?? {}) as S3Failure;
  const kind = failure.code ?? failure.name ?? "unknown";
  const status = statusOf(error);
  return new StorageUnavailableError(status ? `${kind} (HTTP ${status})` : kind);
}

/** The SDK's promise, its failures other than answers turned into StorageUnavailableError. */
async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isAnswer(error) ? error : unavailable(error);
  }
}

/** Metadata is ASCII on the wire (x-amz-meta-*): the name is kept percent-encoded. */
const encodeName = (name: string) => encodeURIComponent(name);
function decodeName(metadata: Record<string, string> | undefined): string | undefined {
  const value = metadata?.[DOWNLOAD_NAME];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The SDK is loaded here, on first use, not when the server starts: the embedded default
 * never holds it (the idle memory budget; scripts/build-server.ts leaves it out of the bundle).
 */
export async function s3Storage(options: S3StorageOptions): Promise<S3FileStorage> {
  const sdk: Sdk = await import("@aws-sdk/client-s3");
  const { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = sdk;
  const { Upload } = await import("@aws-sdk/lib-storage");
  const { bucket } = options;
  const prefix = normalizePrefix(options.prefix);
  const checksums = options.checksums === "always" ? "WHEN_SUPPORTED" : "WHEN_REQUIRED";
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
    // A server that does not answer is unavailable within seconds, not a hung request; a stream
    // idle that long (a paused reader) gives its connection back to the pool.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const scratch = scratchSpace(options.scratchDir);
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };

  /** What a CDN in front of the bucket needs to answer as the product does: type, disposition, caching. */
  const objectParams = (key: string, stored: StoredFileOptions = {}) => {
    const headers = uploadHeaders(key, stored.downloadName);
    return {
      Bucket: bucket,
      Key: objectKey(key),
      ContentType: headers["content-type"],
      ContentDisposition: headers["content-disposition"],
      CacheControl: UPLOADS_CACHE_CONTROL,
      Metadata: stored.downloadName ? { [DOWNLOAD_NAME]: encodeName(stored.downloadName) } : undefined,
    };
  };

  const head = async (key: string): Promise<HeadObjectCommandOutput | undefined> => {
    try {
      return await guarded(client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw unavailable(error);
    }
  };
  const exists = async (key: string) => (await head(key)) !== undefined;

  const removeMany = async (keys: readonly string[]) => {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
      const answer = await guarded(client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } })));
      if (answer.Errors?.length) throw unavailable({ code: answer.Errors[0]?.Code ?? "DeleteObjects" });
    }
  };

  return {
    receive: scratch.receive,
    async putFile(key, file, stored) {
      // Streamed from the scratch file in parts: memory holds at most QUEUE_SIZE parts, whatever the file's size.
      const upload = new Upload({ client, params: { ...objectParams(key, stored), Body: createReadStream(file.path) }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
      await guarded(upload.done());
      // Stored: the scratch file is gone, as when the local store moves it into place.
      await file.discard();
    },
    async putBuffer(key, content, stored) {
      await guarded(client.send(new PutObjectCommand({ ...objectParams(key, stored), Body: content, ContentLength: content.length })));
    },
    read(key) {
      const objectName = objectKey(key);
      async function* bytes() {
        const object = await guarded(client.send(new GetObjectCommand({ Bucket: bucket, Key: objectName })));
        yield* object.Body as Readable;
      }
      return Readable.from(bytes(), { objectMode: false });
    },
    async remove(key) {
      await guarded(client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
    },
    removeMany,
    exists,
    async *keys() {
      let continuation: string | undefined;
      do {
        const page = await guarded(client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: continuation })));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // Only what this store writes: another application's objects in the bucket are not ours.
          if (object.Key?.startsWith(prefix) && key && isStorageKey(key)) yield key;
        }
        continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuation);
    },
    downloadNameOf: async (key) => decodeName((await head(key))?.Metadata),
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable(error);
      }
    },
    ...uploadsAddresses(exists),
    routes: async (app) => {
      serveUploads(app, (key, request, reply) => sendObject({ sdk, client, bucket, objectKey: objectKey(key), key }, request, reply));
    },
  };
}

/** A single `bytes=` range, as S3 takes it; several ranges are answered with the whole file (RFC 9110 lets a server ignore Range). */
function singleRange(header: string | undefined): string | undefined {
  return header && /^bytes=(\d+-\d*|-\d+)$/.test(header.trim()) ? header.trim() : undefined;
}

function dateOf(header: string | undefined): Date | undefined {
  const time = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** Whether an If-Range validator (an ETag or a date) still names this object: only then is a part of it sent. */
function ifRangeHolds(ifRange: string, object: { ETag?: string; LastModified?: Date }): boolean {
  if (ifRange.startsWith('"')) return ifRange === object.ETag;
  const date = dateOf(ifRange);
  return date !== undefined && object.LastModified !== undefined && date.getTime() === object.LastModified.getTime();
}

type ObjectAnswer = GetObjectCommandOutput | HeadObjectCommandOutput;

/**
 * GET or HEAD /uploads/<key> from the bucket: streamed as it arrives (no buffering), Range, If-None-Match
 * and If-Modified-Since answered by S3 itself (one request), our headers (uploadHeaders), the S3 request
 * aborted when the visitor goes away.
 */
async function sendObject(target: { sdk: Sdk; client: S3Client; bucket: string; objectKey: string; key: string }, request: FastifyRequest, reply: FastifyReply) {
  const { sdk, client, bucket, objectKey, key } = target;
  const { GetObjectCommand, HeadObjectCommand } = sdk;
  const isHead = request.method === "HEAD";
  const ifNoneMatch = request.headers["if-none-match"];
  // RFC 9110 §13.2.2: If-Modified-Since is ignored beside If-None-Match (S3 would weigh both).
  const ifModifiedSince = ifNoneMatch ? undefined : dateOf(request.headers["if-modified-since"]);
  const ifRange = [request.headers["if-range"]].flat()[0];
  const range = singleRange(request.headers.range);

  const visitor = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) visitor.abort();
  });
  const fetchObject = (withRange: string | undefined): Promise<ObjectAnswer> => {
    const input = { Bucket: bucket, Key: objectKey, Range: withRange, IfNoneMatch: ifNoneMatch, IfModifiedSince: ifModifiedSince };
    return guarded(isHead ? client.send(new HeadObjectCommand(input), { abortSignal: visitor.signal }) : client.send(new GetObjectCommand(input), { abortSignal: visitor.signal }));
  };

  let object: ObjectAnswer;
  try {
    object = await fetchObject(range);
    if (range && ifRange && !ifRangeHolds(ifRange, object)) {
      // The visitor's part belongs to another version: the whole file instead.
      ((object as GetObjectCommandOutput).Body as Readable | undefined)?.destroy();
      object = await fetchObject(undefined);
    }
  } catch (error) {
    // The visitor left first: nobody to answer.
    if (visitor.signal.aborted) return reply;
    const status = statusOf(error);
    if (status === 404) return reply.callNotFound();
    if (status === 304) {
      const headers = (error as S3Failure).$response?.headers ?? {};
      reply.code(304).header("cache-control", UPLOADS_CACHE_CONTROL);
      if (headers.etag) reply.header("etag", headers.etag);
      if (headers["last-modified"]) reply.header("last-modified", headers["last-modified"]);
      return reply.send();
    }
    if (status === 416) {
      const size = (error as S3Failure).ActualObjectSize ?? (await headSize(sdk, client, bucket, objectKey));
      reply.code(416);
      if (size !== undefined) reply.header("content-range", `bytes */${size}`);
      return reply.send();
    }
    throw error;
  }

  reply.code(object.ContentRange ? 206 : 200);
  reply.headers(uploadHeaders(key, needsDownloadName(key) ? decodeName(object.Metadata) : undefined));
  reply.header("accept-ranges", "bytes").header("cache-control", UPLOADS_CACHE_CONTROL);
  if (object.ContentLength !== undefined) reply.header("content-length", String(object.ContentLength));
  if (object.ContentRange) reply.header("content-range", object.ContentRange);
  if (object.ETag) reply.header("etag", object.ETag);
  if (object.LastModified) reply.header("last-modified", object.LastModified.toUTCString());
  if (isHead) return reply.send();
  return reply.send((object as GetObjectCommandOutput).Body as Readable);
}

/** The size of an object, for the Content-Range of a 416 when S3 did not say it. */
async function headSize(sdk: Sdk, client: S3Client, bucket: string, objectKey: string): Promise<number | undefined> {
  try {
    return (await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey }))).ContentLength;
  } catch {
    return undefined;
  }
}
