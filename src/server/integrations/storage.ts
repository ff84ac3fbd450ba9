// Where uploaded files live, and the only code that knows. Callers speak in
// keys ("2026/11/ab12.jpg"); content stores `/uploads/<key>` URLs whatever the
// backend, so the object store for several instances (s3-storage.ts) changes no
// stored content. The local store keeps files under DATA_DIR/uploads; both serve
// /uploads/ themselves, with the helpers below that they share.
//
// Everything under /uploads/ is passive (decision 022): files come from outsiders
// too (a LINE customer's attachment), so the answer's type comes from an
// allow-list of extensions (pictures, videos, audio, PDF; anything else is
// application/octet-stream sent as an attachment), and every answer carries a
// sandboxing Content-Security-Policy beside nosniff.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { refuseOtherMethods } from "#server/lib/http-methods.ts";

/** An upload in progress, private until `putFile` stores it under a key. */
export interface ScratchFile {
  /** A local path for processing tools (sharp, ffmpeg): scratch space is local whatever the store. */
  readonly path: string;
  readonly size: number;
  /** The first bytes, to tell the file's type by its content. */
  head(bytes: number): Promise<Buffer>;
  discard(): Promise<void>;
}

/** What is kept beside a file (an object store keeps it as the object's metadata). */
export interface StoredFileOptions {
  /** The name a download is saved under (a LINE customer's own file name); never part of the key. */
  downloadName?: string;
}

export interface FileStorage {
  /** Streams an upload into a scratch file; on a stream failure nothing is left behind and the error is rethrown. */
  receive(stream: Readable): Promise<ScratchFile>;
  /** Stores a finished scratch file under `key` atomically: readers never see a partial file. */
  putFile(key: string, file: ScratchFile, options?: StoredFileOptions): Promise<void>;
  putBuffer(key: string, content: Buffer, options?: StoredFileOptions): Promise<void>;
  /** A stored file's bytes as a stream (a video job copies them to a local file for FFmpeg). */
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Removes many files at once (an object store: one request per thousand); keys not stored are no error. */
  removeMany(keys: readonly string[]): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file's key, in no particular order (backups read the whole store through it). */
  keys(): AsyncIterable<string>;
  /** The download name kept beside a stored file, if it has one. */
  downloadNameOf(key: string): Promise<string | undefined>;
  /** Resolves when the store can be read and written now; rejects with the reason otherwise (GET /readyz). */
  check(): Promise<void>;
  /** The URL path pages use, e.g. /uploads/2026/11/ab12.jpg */
  urlOf(key: string): string;
  /** The key of an uploads URL (path or absolute), or undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Whether the file an uploads URL names is stored; undefined for a URL that is not ours (another site's, a file of the app). */
  storedAt(url: string): Promise<boolean | undefined>;
  /**
   * Answers GET /uploads/<key> (ranges for video, year-long immutable caching: keys are never reused),
   * as passive content only: see `uploadHeaders`.
   */
  routes: FastifyPluginAsync;
}

/** The shape of a key this product writes: <year>/<month>/<name>.<extension>, lower case. */
export const STORAGE_KEY_SHAPE = "[0-9]{4}/[0-9]{2}/[a-z0-9-]+\\.[a-z0-9]+";
const KEY = new RegExp(`^${STORAGE_KEY_SHAPE}$`);
const URL_PREFIX = "/uploads/";
const UPLOADS_URL = /^(?:https?:\/\/[^/]+)?\/uploads\/([^?#]+)$/;
/** Keys are never reused (a new file gets a new name): every stored file may be cached for a year. */
export const UPLOADS_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The types served as themselves, by the key's extension: pictures, videos, audio and PDF. Anything else is a download. */
const INLINE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  mpg: "video/mpeg",
  m4a: "audio/mp4",
  mp3: "audio/mpeg",
  pdf: "application/pdf",
};

/**
 * Nothing under /uploads/ may act: no script, no form, no plugin, no frame of it
 * reaching the origin (`sandbox` gives it an opaque origin even if a browser
 * did render it as a page). Pictures and media of the same file still show, and
 * Chromium's PDF viewer still opens a PDF under it (tests/e2e/admin/customers.spec.ts).
 */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `attachment` with the name as RFC 6266 / RFC 5987 give it: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: "inline" | "attachment", name: string | undefined): string {
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f"\\/]/g, "").trim().slice(0, 200);
  if (!clean) return kind;
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/[%;]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a stored file's answer, from its key and its kept download name. */
export function uploadHeaders(key: string, downloadName: string | undefined): Record<string, string> {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const type = INLINE_TYPES[extension];
  return {
    "content-type": type ?? "application/octet-stream",
    "content-security-policy": UPLOADS_CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    // Pictures and videos show where they are used; a PDF opens in the browser's viewer; anything else is only ever saved.
    ...(type === undefined ? { "content-disposition": contentDisposition("attachment", downloadName) } : downloadName ? { "content-disposition": contentDisposition("inline", downloadName) } : {}),
  };
}

function keyOf(url: string): string | undefined {
  const match = UPLOADS_URL.exec(url);
  return match && KEY.test(match[1]) ? match[1] : undefined;
}

export const isStorageKey = (key: string): boolean => KEY.test(key);

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** Whether a stored file's answer names it: downloads and PDFs do; pictures and videos (the public pages' hot path) need no name. */
export function needsDownloadName(key: string): boolean {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return INLINE_TYPES[extension] === undefined || extension === "pdf";
}

/** The addresses of stored files, the same whatever keeps them; `exists` is the store's own. */
export function uploadsAddresses(exists: (key: string) => Promise<boolean>): Pick<FileStorage, "urlOf" | "keyOf" | "storedAt"> {
  return {
    urlOf: (key) => {
      assertStorageKey(key);
      return `${URL_PREFIX}${key}`;
    },
    keyOf,
    async storedAt(url) {
      const key = keyOf(url);
      if (key) return exists(key);
      // Under /uploads/ but not a key this store writes: nothing is there.
      return UPLOADS_URL.test(url) ? false : undefined;
    },
  };
}

/**
 * Uploads in progress, in a local folder whatever keeps the finished files:
 * processing tools (sharp, ffmpeg) read a path, and a refused upload never
 * reaches the store.
 */
export function scratchSpace(scratchDir: string) {
  const newPath = async () => {
    await mkdir(scratchDir, { recursive: true });
    return path.join(scratchDir, randomBytes(12).toString("hex"));
  };
  const scratchFile = (file: string, size: number): ScratchFile => ({
    path: file,
    size,
    async head(bytes) {
      const handle = await open(file, "r");
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    discard: () => rm(file, { force: true }),
  });
  return {
    newPath,
    async receive(stream: Readable): Promise<ScratchFile> {
      const file = await newPath();
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(stream, createWriteStream(file, { flags: "wx" }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return scratchFile(file, size);
    },
  };
}

/**
 * GET and HEAD /uploads/<key> for any store: the policy on every answer (a 404
 * or a range answer included), only stored keys (never a scratch folder, never
 * a path that climbs out), then the store's own sender.
 */
export function serveUploads(app: FastifyInstance, send: (key: string, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith(URL_PREFIX)) reply.header("content-security-policy", UPLOADS_CONTENT_SECURITY_POLICY);
  });
  app.route<{ Params: { "*": string } }>({
    method: ["GET", "HEAD"],
    url: `${URL_PREFIX}*`,
    config: { access: "public" },
    handler: async (request, reply) => {
      const key = request.params["*"];
      if (!KEY.test(key)) return reply.callNotFound();
      return send(key, request, reply);
    },
  });
  // A file is only read: TRACE, POST, PROPFIND… are refused here, not handed to the pages behind.
  refuseOtherMethods(app, `${URL_PREFIX}*`, ["GET", "HEAD"], "public");
}

export function localStorage(uploadsDir: string): FileStorage {
  const scratch = scratchSpace(path.join(uploadsDir, ".scratch"));
  // Kept beside the files, in a folder never served (dot folders are refused, and no key has a dot folder).
  const metaDir = path.join(uploadsDir, ".meta");
  const metaOf = (key: string) => path.join(metaDir, `${key}.json`);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(uploadsDir, key);
  };
  const exists = async (key: string) => Boolean(await stat(fileOf(key)).catch(() => null));
  const remove = async (key: string) => {
    await rm(fileOf(key), { force: true });
    await rm(metaOf(key), { force: true });
  };

  /** The metadata first: a reader who finds the file finds its download name too. */
  const moveInto = async (key: string, from: string, options: StoredFileOptions = {}) => {
    const target = fileOf(key);
    if (options.downloadName) {
      await mkdir(path.dirname(metaOf(key)), { recursive: true });
      await writeFile(metaOf(key), JSON.stringify({ downloadName: options.downloadName }));
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  };

  const downloadNameOf = async (key: string): Promise<string | undefined> => {
    try {
      const meta = JSON.parse(await readFile(metaOf(key), "utf8")) as { downloadName?: unknown };
      return typeof meta.downloadName === "string" ? meta.downloadName : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    receive: scratch.receive,
    putFile: (key, file, options) => moveInto(key, file.path, options),
    async putBuffer(key, content, options) {
      const file = await scratch.newPath();
      await writeFile(file, content, { flag: "wx" });
      await moveInto(key, file, options);
    },
    read: (key) => createReadStream(fileOf(key)),
    remove,
    // A disk has no batch removal: one file (and its metadata) after another.
    async removeMany(keys) {
      for (const key of keys) await remove(key);
    },
    exists,
    async *keys() {
      // Keys are <year>/<month>/<name>: the dot folders (scratch, metadata) never match.
      const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (KEY.test(key)) yield key;
      }
    },
    downloadNameOf,
    async check() {
      await mkdir(uploadsDir, { recursive: true });
      await access(uploadsDir, constants.R_OK | constants.W_OK);
    },
    ...uploadsAddresses(exists),
    routes: async (app) => {
      await mkdir(uploadsDir, { recursive: true });
      // Sending only: the route is ours, so that it declares its access like every other.
      await app.register(fastifyStatic, { root: uploadsDir, serve: false });
      serveUploads(app, async (key, _request, reply) => {
        // Our headers name a type, so a missing file must go to the not-found answer before they are set.
        if (!(await stat(fileOf(key)).catch(() => null))?.isFile()) return reply.callNotFound();
        reply.headers(uploadHeaders(key, needsDownloadName(key) ? await downloadNameOf(key) : undefined));
        // Our type, not one guessed from the extension by the static sender.
        return reply.sendFile(key, uploadsDir, { dotfiles: "deny", index: false, acceptRanges: true, maxAge: "365d", immutable: true, contentType: false });
      });
    },
  };
}
