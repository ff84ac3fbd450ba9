// Where uploaded files live. Callers speak in keys ("2026/11/ab12.jpg"), never
// paths; the local implementation keeps them under DATA_DIR/uploads. An object
// store for several app instances would implement the same interface.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface FileStorage {
  /** A private scratch file for an upload in progress; remove it when done. */
  scratchPath(): Promise<string>;
  /** Moves a finished scratch file (or writes a buffer) to `key` atomically: readers never see a partial file. */
  putFile(key: string, scratchPath: string): Promise<void>;
  putBuffer(key: string, content: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL path a browser uses, e.g. /uploads/2026/11/ab12.jpg */
  urlOf(key: string): string;
  /** The key of a URL path under /uploads/, or undefined. */
  keyOf(url: string): string | undefined;
}

const KEY = /^[0-9]{4}\/[0-9]{2}\/[a-z0-9-]+\.[a-z0-9]+$/;

export function localStorage(uploadsDir: string): FileStorage {
  const scratchDir = path.join(uploadsDir, ".scratch");
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(uploadsDir, key);
  };
  return {
    async scratchPath() {
      await mkdir(scratchDir, { recursive: true });
      return path.join(scratchDir, randomBytes(12).toString("hex"));
    },
    async putFile(key, scratchPath) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(scratchPath, target);
    },
    async putBuffer(key, content) {
      const scratch = await this.scratchPath();
      await writeFile(scratch, content, { flag: "wx" });
      await this.putFile(key, scratch);
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    exists: async (key) => Boolean(await stat(fileOf(key)).catch(() => null)),
    urlOf: (key) => {
      fileOf(key);
      return `/uploads/${key}`;
    },
    keyOf: (url) => {
      const match = /^(?:https?:\/\/[^/]+)?\/uploads\/([^?#]+)$/.exec(url);
      return match && KEY.test(match[1]) ? match[1] : undefined;
    },
  };
}
