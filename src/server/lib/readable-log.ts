// The log as a person at a terminal reads it: `npm start` in a terminal prints
// one readable line per entry (time, level, message, a request's method, path,
// status and time, the other fields as key=value, an error's stack below it)
// instead of pino's JSON. Chosen at start only when standard output is a
// terminal (main.ts): piped to a file or a collector the lines stay JSON, through
// the buffered destination, untouched by this.
import { writeSync } from "node:fs";

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** Fields every line has, or that the line's head already says. */
const SHOWN_APART = new Set(["level", "time", "pid", "hostname", "msg", "err", "reqId"]);

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The time of day on the server's clock, as a terminal shows it. */
const clockTime = (time: unknown) => {
  const at = new Date(typeof time === "number" ? time : Date.now());
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
};

const valueText = (value: unknown) => (typeof value === "string" ? (/\s/.test(value) || value === "" ? JSON.stringify(value) : value) : JSON.stringify(value));

/** One JSON line of pino as a readable line (a line that is not JSON is passed on as it is). */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level ?? "");
  const isRequest = entry.msg === "request" && typeof entry.method === "string";
  const head = isRequest ? `${entry.method} ${entry.url} ${entry.status} ${entry.ms} ms` : String(entry.msg ?? "");
  const rest = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key) && !(isRequest && ["method", "url", "status", "ms"].includes(key)))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  // The request id ties a fault to the 500 a person was shown (its 代碼); an ordinary request line does without it.
  if (entry.reqId !== undefined && Number(entry.level) >= 40) rest.push(`reqId=${entry.reqId}`);
  const lines = [[clockTime(entry.time), level.padEnd(5), head, ...rest].filter(Boolean).join(" ")];
  const error = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (error) lines.push(...(error.stack ?? `${error.type ?? "Error"}: ${error.message ?? ""}`).split("\n").map((line) => `    ${line}`));
  return `${lines.join("\n")}\n`;
}

/** pino's destination for a terminal: each line readable, written at once (a person reads it as it happens). */
export class ReadableLog {
  readonly #fd: number;

  constructor(fd = 1) {
    this.#fd = fd;
  }

  write(line: string): boolean {
    writeSync(this.#fd, readableLine(line.endsWith("\n") ? line.slice(0, -1) : line));
    return true;
  }
}
