// Where uploaded files live, and the only code that knows. Callers speak in
// keys ("2026/11/ab12.jpg"); content stores `/uploads/<key>` URLs whatever the
// backend, so an object store for several instances (S3-compatible) would
// implement this interface and change no stored content. The local store keeps
// files under DATA_DIR/uploads and serves them itself.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";

/** An upload in progress, private until `putFile` stores it under a key. */
export interface ScratchFile {
  /** A local path for processing tools (sharp, ffmpeg): scratch space is local whatever the store. */
  readonly path: string;
  readonly size: number;
  /** The first bytes, to tell the file's type by its content. */
  head(bytes: number): Promise<Buffer>;
  discard(): Promise<void>;
}

export interface FileStorage {
  /** Streams an upload into a scratch file; on a stream failure nothing is left behind and the error is rethrown. */
  receive(stream: Readable): Promise<ScratchFile>;
  /** Stores a finished scratch file under `key` atomically: readers never see a partial file. */
  putFile(key: string, file: ScratchFile): Promise<void>;
  putBuffer(key: string, content: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL path pages use, e.g. /uploads/2026/11/ab12.jpg */
  urlOf(key: string): string;
  /** The key of an uploads URL (path or absolute), or undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Whether the file an uploads URL names is stored; undefined for a URL that is not ours (another site's, a file of the app). */
  storedAt(url: string): Promise<boolean | undefined>;
  /** Answers GET /uploads/<key> (ranges for video, year-long immutable caching: keys are never reused). */
  routes: FastifyPluginAsync;
}

const KEY = /^[0-9]{4}\/[0-9]{2}\/[a-z0-9-]+\.[a-z0-9]+$/;
const URL_PREFIX = "/uploads/";
const UPLOADS_URL = /^(?:https?:\/\/[^/]+)?\/uploads\/([^?#]+)$/;

function keyOf(url: string): string | undefined {
  const match = UPLOADS_URL.exec(url);
  return match && KEY.test(match[1]) ? match[1] : undefined;
}

export function localStorage(uploadsDir: string): FileStorage {
  const scratchDir = path.join(uploadsDir, ".scratch");
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(uploadsDir, key);
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

  const newScratchPath = async () => {
    await mkdir(scratchDir, { recursive: true });
    return path.join(scratchDir, randomBytes(12).toString("hex"));
  };

  const moveInto = async (key: string, from: string) => {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  };

  return {
    async receive(stream) {
      const file = await newScratchPath();
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
    putFile: (key, file) => moveInto(key, file.path),
    async putBuffer(key, content) {
      const scratch = await newScratchPath();
      await writeFile(scratch, content, { flag: "wx" });
      await moveInto(key, scratch);
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    exists: async (key) => Boolean(await stat(fileOf(key)).catch(() => null)),
    urlOf: (key) => {
      fileOf(key);
      return `${URL_PREFIX}${key}`;
    },
    keyOf,
    async storedAt(url) {
      const key = keyOf(url);
      if (key) return Boolean(await stat(fileOf(key)).catch(() => null));
      // Under /uploads/ but not a key this store writes: nothing is there.
      return UPLOADS_URL.test(url) ? false : undefined;
    },
    routes: async (app) => {
      await mkdir(uploadsDir, { recursive: true });
      // Sending only: the route below is ours, so that it declares its access like every other.
      await app.register(fastifyStatic, { root: uploadsDir, serve: false });
      app.get<{ Params: { "*": string } }>(`${URL_PREFIX}*`, { config: { access: "public" } }, (request, reply) => {
        const key = request.params["*"];
        // Only stored keys: never the scratch folder, never a path that climbs out.
        if (!KEY.test(key)) return reply.callNotFound();
        return reply.sendFile(key, uploadsDir, { dotfiles: "deny", index: false, acceptRanges: true, maxAge: "365d", immutable: true });
      });
    },
  };
}
