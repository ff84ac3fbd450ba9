// How a service reads what a request names: the id in a path and a PUT body
// that may leave fields out.

/** An id from a path: anything but a positive integer is simply not found. */
export function idFrom(input: unknown): number | null {
  const id = Number(input);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A PUT that leaves fields out keeps their stored values (the screens send the whole form; other clients may not). */
export function mergedWith(stored: Record<string, unknown>, input: unknown): unknown {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? { ...stored, ...(input as Record<string, unknown>) } : input;
}
