// How an operation reads what a request names: the id in a path and a PUT body
// that may leave fields out.
/**
 * The one way an id in a path is read: a positive 32-bit integer, else null, which an
 * operation's `load` answers with its 404 ("abc", "0" and "1.5" name nothing; they are
 * not malformed input to correct).
 */
export function idFrom(input: unknown): number | null {
  const id = Number(input);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A PUT that leaves fields out keeps their stored values (the screens send the whole form; other clients may not). */
export function mergedWith(stored: Record<string, unknown>, input: unknown): unknown {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? { ...stored, ...(input as Record<string, unknown>) } : input;
}
