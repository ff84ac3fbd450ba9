// Applies a full id order to a sortable list in the caller's transaction: every
// row gets sort position 1..n in the order given. The list must name exactly the
// rows there are; a list made from a stale screen (a row added or removed since)
// is refused as a conflict rather than half applied.
import { reorderSchema } from "#contract/reorder.ts";
import { conflict } from "./errors.ts";
import { parseInput } from "./validation.ts";

export interface SortableRows {
  /** Ids of every row in the list being ordered. */
  ids(): Promise<number[]>;
  /** Writes one row's position (1-based). */
  setPosition(id: number, position: number): Promise<unknown>;
}

export function parseReorder(input: unknown): number[] {
  return parseInput(reorderSchema, input).ids;
}

export async function applyOrder(rows: SortableRows, ids: number[], staleMessage: string): Promise<void> {
  const stored = await rows.ids();
  const wanted = new Set(ids);
  if (stored.length !== ids.length || stored.some((id) => !wanted.has(id))) throw conflict(staleMessage);
  for (const [index, id] of ids.entries()) await rows.setPosition(id, index + 1);
}
