// A database that is away (PostgreSQL down or unreachable, the SQLite file
// locked by another process past its busy timeout, a full disk) is not a fault
// of ours nor of the request: it answers 503 with Retry-After, and the client
// (a staff member's screen, a visitor's form) is told to try again shortly.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "EAI_AGAIN"]);
// SQLSTATE: 08 connection exceptions; 57P01–03 the server shutting down or starting; 53300 too many connections.
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
// pg and pg-pool say these without a code.
const POSTGRES_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed/i;
// node:sqlite's primary result codes: BUSY, LOCKED, IOERR, FULL, CANTOPEN.
const SQLITE_UNAVAILABLE = new Set([5, 6, 10, 13, 14]);

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = "系統暫時無法存取資料，請稍後再試";

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") return SQLITE_UNAVAILABLE.has(errcode & 0xff);
  if (POSTGRES_MESSAGES.test(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

// SQLSTATE 23505; node:sqlite's extended codes SQLITE_CONSTRAINT_UNIQUE and _PRIMARYKEY.
const POSTGRES_UNIQUE_VIOLATION = "23505";
const SQLITE_UNIQUE_VIOLATIONS = new Set([2067, 1555]);

/**
 * A write that lost a race for a unique value (two posts saved at once wanting one
 * address): the caller can pick another value and try again, where a check-then-write
 * alone cannot see a row another transaction has not committed yet.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === POSTGRES_UNIQUE_VIOLATION) return true;
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") return SQLITE_UNIQUE_VIOLATIONS.has(errcode);
  return error.cause !== undefined && error.cause !== error && isUniqueViolation(error.cause);
}
