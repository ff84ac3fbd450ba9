// Where a running server's log lines go: standard output, written 32 KB at a
// time. pino's asynchronous destination (sonic-boom) measures the buffer it
// keeps on every line, a few microseconds each: on a cached public answer
// that was a fifth of the server's throughput (decision 015). Joining lines
// and writing them in one call costs a tenth of a microsecond a line.
// Written synchronously, like pino's default destination, but once per 32 KB
// instead of once per line; a quiet server's lines wait at most a second, and
// what is left is written when the process exits (graceful stop or crash).
import { writeSync } from "node:fs";

const FLUSH_AT = 32 * 1024;
const FLUSH_EVERY_MS = 1_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `data`, also to a pipe that takes it in parts or is full for a moment (EAGAIN). */
function writeAll(fd: number, data: Buffer) {
  for (let offset = 0; offset < data.length; ) {
    try {
      offset += writeSync(fd, data, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

export class LogBuffer {
  readonly #fd: number;
  #lines: string[] = [];
  #size = 0;

  constructor(fd = 1) {
    this.#fd = fd;
    setInterval(() => this.flushSync(), FLUSH_EVERY_MS).unref();
    process.once("exit", () => this.flushSync());
  }

  /** pino's destination interface: one serialised line, newline included. */
  write(line: string): boolean {
    this.#lines.push(line);
    this.#size += line.length;
    if (this.#size >= FLUSH_AT) this.flushSync();
    return true;
  }

  flushSync(): void {
    if (this.#size === 0) return;
    const data = Buffer.from(this.#lines.join(""), "utf8");
    this.#lines = [];
    this.#size = 0;
    writeAll(this.#fd, data);
  }
}
