// How an operation reads what a request names: the id in a path and a PUT body
// that may leave fields out.
import { notFound } from "./errors.ts";
/**
 * The one way an id in a path is read: a positive 32-bit integer, else null, which an
 * operation's `load` answers with its 404 ("abc", "0" and "1.5" name nothing; they are
 * not malformed input to correct).
 */
export function idFrom(input: unknown): number | null {
  const id = Number(input);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The row an id from a path names, found with `find`; else a 404 with `message`. */
export async function requireById<T>(id: unknown, find: (id: number) => Promise<T | undefined>, message: string): Promise<T> {
  const found = idFrom(id);
  const row = found === null ? undefined : await find(found);
  if (!row) throw notFound(message);
  return row;
}

/** A PUT that leaves fields out keeps their stored values (the screens send the whole form; other clients may not). */
export function mergedWith(stored: Record<string, unknown>, input: unknown): unknown {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? { ...stored, ...(input as Record<string, unknown>) } : input;
}
