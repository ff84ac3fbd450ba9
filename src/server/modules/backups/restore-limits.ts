// How much a restore may read, and for how long (docs/decisions/045-restore-within-bounds.md):
// each bound is checked while the archive streams by, so an archive past one is
// refused after reading at most that much, before the scratch database or the
// target is touched; the time limit is checked until the commit, and a restore
// past it gives up, changing nothing.
import { RESTORE_FAILURES } from "#contract/backups.ts";
import { rowLineBytes } from "./row-limits.ts";

const MiB = 1024 ** 2;

export interface RestoreLimits {
  /** The longest line (one row) of a table's part, in bytes. */
  lineBytes: number;
  /** Rows in the whole archive. */
  rows: number;
  /** Entries in the archive (its tables and stored files). */
  parts: number;
  /** What the whole archive may unpack to: this many times its compressed size… */
  ratio: number;
  /** …or this much, whichever is larger… */
  unpackedFloorBytes: number;
  /** …and never more than this. */
  unpackedMaxBytes: number;
  /** What one part may unpack to beyond `ratio` times the compressed bytes it came from. */
  partFloorBytes: number;
  /** How long a restore may take before it gives up. */
  timeLimitMs: number;
}

/** The bounds, with some set otherwise (the CLI's time limit; lower ones in tests). */
export const restoreLimits = (given: Partial<RestoreLimits> = {}): RestoreLimits => ({
  // The longest row the product can write (row-limits.ts): 12 MB.
  lineBytes: rowLineBytes(),
  // Ten years of a busy site (decision 037's volume, scale 1) are 1.3 million rows: fifteen times that.
  rows: 20_000_000,
  // An uploaded archive is at most 2 GB: 200,000 files would be 10 KB each, pictures and their sizes included.
  parts: 200_000,
  // Text compresses to a tenth or so, pictures and videos hardly at all; gzip's ceiling is about 1,000.
  ratio: 200,
  unpackedFloorBytes: 64 * MiB,
  unpackedMaxBytes: 16 * 1024 * MiB,
  // A part this small may be as repetitive as it likes: the longest row fits twice.
  partFloorBytes: Math.max(16 * MiB, 2 * rowLineBytes()),
  // A 2 GB archive is read three times and written once in a few minutes on the smallest server;
  // an object store on a slow link takes longer: half an hour, the CLI can be given more.
  timeLimitMs: 30 * 60_000,
  ...given,
});

/** The restore ran past its time limit and stopped; nothing was changed. */
export class RestoreTimeLimitError extends Error {
  override name = "RestoreTimeLimitError";
  constructor(limitMs: number) {
    super(RESTORE_FAILURES.timeLimit(limitMs >= 60_000 ? `${Math.round(limitMs / 60_000)} 分鐘` : `${Math.max(1, Math.round(limitMs / 1000))} 秒`));
  }
}

/** When a restore must have committed by; `check()` throws once it has passed. */
export interface Deadline {
  check(): void;
}

export function deadlineAfter(limitMs: number, clock: () => number = Date.now): Deadline {
  const end = clock() + limitMs;
  return {
    check() {
      if (clock() > end) throw new RestoreTimeLimitError(limitMs);
    },
  };
}
