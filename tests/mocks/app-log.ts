// What the product logged, line by line, through its own logger options (the
// serializers of lib/logger.ts): for tests that a request leaves no error behind.
import { loggerOptions } from "#server/lib/logger.ts";
import { RequestLog } from "./request-log.ts";

export interface LogLine {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** pino's level numbers: 50 is error, 60 fatal. */
export const ERROR_LEVEL = 50;

export function capturedLog(level = "info") {
  const lines = new RequestLog<LogLine>("log");
  return {
    lines,
    /** For buildApp's `logger` (createTestApp's and startServer's `logger` option). */
    options: loggerOptions(level, { write: (line: string) => lines.record(JSON.parse(line) as LogLine) }),
    /** The lines at error level or above since `from` (an index into `lines.items`). */
    errorsSince: (from = 0) => lines.items.slice(from).filter((line) => line.level >= ERROR_LEVEL),
  };
}
