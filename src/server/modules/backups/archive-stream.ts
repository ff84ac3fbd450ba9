// Streaming in and out of the .tar.gz: a tar entry must declare its size in
// its header, so a part is first streamed to a file (its size and SHA-256
// counted on the way), then from that file into the archive. Nothing is ever
// held whole in memory.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Pack } from "tar-stream";
import { ARCHIVE_MESSAGES, BackupArchiveError, partInWords } from "./archive-format.ts";
import type { LineMeter } from "./ndjson-lines.ts";
import type { Deadline, RestoreLimits } from "./restore-limits.ts";

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

/** What a walk over an archive may read (restore-limits.ts), and the restore's deadline. */
export interface WalkBounds {
  limits: Pick<RestoreLimits, "parts" | "ratio" | "unpackedFloorBytes" | "unpackedMaxBytes" | "partFloorBytes">;
  deadline: Deadline;
}

/** A pass-through that counts what flows, and may refuse it (`count` throws). */
const counting = (count: (bytes: number) => void) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        count(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });

/**
 * Calls `onEntry` for each entry of the archive, in order; `onEntry` must read
 * the entry to its end. A file that is not a readable .tar.gz (random bytes, a
 * truncated copy, a flipped byte the gzip check catches) is refused with the
 * message for people, whether that shows between entries or inside one; any
 * other error of `onEntry` (the database's) comes out as it is.
 *
 * Bounded as it goes, so that a gzip bomb is refused after reading at most the
 * bound: the whole archive unpacks to at most `ratio` times its size (or the floor,
 * and never past the maximum), each part to at most `ratio` times the compressed bytes
 * it came from (or the part's floor), and it has at most `parts` entries. The
 * deadline is checked at every chunk.
 */
export async function walkArchive(archivePath: string, onEntry: (name: string, entry: ArchiveEntry) => Promise<void>, bounds: WalkBounds): Promise<void> {
  const { limits, deadline } = bounds;
  const budget = Math.min(limits.unpackedMaxBytes, Math.max(limits.unpackedFloorBytes, limits.ratio * (await stat(archivePath)).size));
  const tooLarge = () => new BackupArchiveError(ARCHIVE_MESSAGES.unpackedTooLarge(budget));
  let compressed = 0;
  let unpacked = 0;
  // Loaded on the first backup or restore, not with the server (the idle memory budget; scripts/build-server.ts).
  const { default: tar } = await import("tar-stream");
  const extract = tar.extract();
  const reading = pipeline(
    createReadStream(archivePath),
    counting((bytes) => (compressed += bytes)),
    createGunzip(),
    counting((bytes) => {
      unpacked += bytes;
      if (unpacked > budget) throw tooLarge();
    }),
    extract,
  );
  // Its failure is seen through the iteration below; this only keeps it from being reported unhandled.
  reading.catch(() => {});

  /** An entry's chunks, refused once they outgrow what their compressed bytes could honestly hold. */
  async function* bounded(name: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const from = compressed;
    let bytes = 0;
    for await (const chunk of chunks) {
      deadline.check();
      bytes += chunk.length;
      if (bytes > Math.max(limits.partFloorBytes, limits.ratio * (compressed - from))) {
        throw new BackupArchiveError(ARCHIVE_MESSAGES.partTooCompressed(partInWords({ path: name }), limits.ratio));
      }
      yield chunk;
    }
  }

  let entries = 0;
  try {
    for await (const entry of refusingUnreadable(extract)) {
      deadline.check();
      if (entry.header.type !== "file") throw new BackupArchiveError(ARCHIVE_MESSAGES.notABackup);
      // The manifest is the one entry beside the parts.
      if (++entries > limits.parts + 1) throw new BackupArchiveError(ARCHIVE_MESSAGES.tooManyParts(limits.parts));
      // The size its header declares, before any of it is read.
      if ((entry.header.size ?? 0) > budget) throw tooLarge();
      await onEntry(entry.header.name, bounded(entry.header.name, refusingUnreadable(entry as AsyncIterable<Buffer>)));
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

/** An entry's size and SHA-256, read to its end; a table's lines measured on the way (`meter`). */
export async function digestOf(entry: ArchiveEntry, meter?: LineMeter): Promise<Digest> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of entry) {
    meter?.feed(chunk);
    hash.update(chunk);
    bytes += chunk.length;
  }
  meter?.finish();
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
