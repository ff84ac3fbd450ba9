// Streaming in and out of the .tar.gz: a tar entry must declare its size in
// its header, so a part is first streamed to a file (its size and SHA-256
// counted on the way), then from that file into the archive. Nothing is ever
// held whole in memory.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Pack } from "tar-stream";
import { ARCHIVE_MESSAGES, BackupArchiveError } from "./archive-format.ts";

/** One file of the archive as it is read: its bytes, to be read to the end. */
export type ArchiveEntry = AsyncIterable<Buffer>;

export interface Digest {
  bytes: number;
  sha256: string;
}

/** A pass-through that counts and hashes what flows; `digest()` once it has ended. */
function digesting(): Transform & { digest(): Digest } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ bytes, sha256: hash.digest("hex") }) });
}

/** Streams `source` into `file` (the server user's only: it is a piece of the site), counting and hashing it. */
export async function stageToFile(source: Readable, file: string): Promise<Digest> {
  const counter = digesting();
  await pipeline(source, counter, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  return counter.digest();
}

/** Adds a staged file (or a small buffer) to the archive as one entry. */
export async function addEntry(pack: Pack, name: string, content: { file: string; bytes: number } | Buffer, mtime: Date): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (Buffer.isBuffer(content)) {
      pack.entry({ name, size: content.length, mtime }, content, done);
      return;
    }
    const entry = pack.entry({ name, size: content.bytes, mtime }, done);
    pipeline(createReadStream(content.file), entry).catch(reject);
  });
}

/**
 * Calls `onEntry` for each entry of the archive, in order; `onEntry` must read
 * the entry to its end. A file that is not a readable .tar.gz (random bytes, a
 * truncated copy, a flipped byte the gzip check catches) is refused with the
 * message for people, whether that shows between entries or inside one; any
 * other error of `onEntry` (the database's) comes out as it is.
 */
export async function walkArchive(archivePath: string, onEntry: (name: string, entry: ArchiveEntry) => Promise<void>): Promise<void> {
  // Loaded on the first backup or restore, not with the server (the idle memory budget; scripts/build-server.ts).
  const { default: tar } = await import("tar-stream");
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archivePath), createGunzip(), extract);
  // Its failure is seen through the iteration below; this only keeps it from being reported unhandled.
  reading.catch(() => {});
  try {
    for await (const entry of refusingUnreadable(extract)) {
      if (entry.header.type !== "file") throw new BackupArchiveError(ARCHIVE_MESSAGES.notABackup);
      await onEntry(entry.header.name, refusingUnreadable(entry as AsyncIterable<Buffer>));
    }
    await reading.catch((error: unknown) => {
      throw unreadable(error);
    });
  } finally {
    extract.destroy();
  }
}

const unreadable = (error: unknown) => (error instanceof BackupArchiveError ? error : new BackupArchiveError(ARCHIVE_MESSAGES.notABackup, { cause: error }));

/** The items of a stream of the archive, its read errors turned into the refusal for people. */
async function* refusingUnreadable<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw unreadable(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** An entry's size and SHA-256, read to its end. */
export async function digestOf(entry: ArchiveEntry): Promise<Digest> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of entry) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** A small entry's text (the manifest); refused beyond `limit` bytes. */
export async function textOf(entry: ArchiveEntry, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of entry) {
    bytes += chunk.length;
    if (bytes > limit) throw new BackupArchiveError(ARCHIVE_MESSAGES.notABackup);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads past an entry this pass does not need. */
export async function skip(entry: ArchiveEntry): Promise<void> {
  for await (const chunk of entry) void chunk;
}
