// Where a drag would put the dragged node, without the DOM: the place under
// the pointer among a column's cards, the keyboard's next place, and where
// the line that shows it goes. A place is the node's index once moved, as the
// 移動到… dialog and tree-edits take it.
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import type { ElementTarget } from "./tree-edits.ts";
import { locate } from "./tree-lookup.ts";

export type DropTarget = { kind: "element"; elementId: string; target: ElementTarget } | { kind: "container"; containerId: string; index: number };

/** The dragged node's own place: an element's column and index, or a container's index. */
export type DragOrigin = { kind: "element"; id: string; columnId: string; index: number } | { kind: "container"; id: string; index: number };

export type Direction = "up" | "down" | "left" | "right";

/** The key of the containers' list in a landing line (a column's is its id, which never starts with #). */
export const CONTAINER_LIST = "#containers";

/** Between which two cards the pointer is: the number of cards whose middle is above it (0 … the number of cards). */
export const insertionPoint = (middles: readonly number[], y: number) => middles.filter((middle) => middle < y).length;

/** The dragged element's place once dropped at an insertion point of a column; null where it would stay. */
export function elementTarget(origin: Extract<DragOrigin, { kind: "element" }>, columnId: string, point: number): DropTarget | null {
  const same = columnId === origin.columnId;
  if (same && (point === origin.index || point === origin.index + 1)) return null;
  return { kind: "element", elementId: origin.id, target: { columnId, index: same && point > origin.index ? point - 1 : point } };
}

/** A dragged container takes the place of the one it is over; null on itself. */
export function containerTarget(origin: Extract<DragOrigin, { kind: "container" }>, overIndex: number): DropTarget | null {
  return overIndex === origin.index ? null : { kind: "container", containerId: origin.id, index: overIndex };
}

/** The line showing a target: before the item at `point` of a list (a column's cards, or the containers), `point` being the list's length for after its last. */
export function landingLine(origin: DragOrigin, target: DropTarget): { list: string; point: number } {
  if (target.kind === "container") return { list: CONTAINER_LIST, point: origin.kind === "container" && target.index > origin.index ? target.index + 1 : target.index };
  const { columnId, index } = target.target;
  const below = origin.kind === "element" && origin.columnId === columnId && index > origin.index;
  return { list: columnId, point: below ? index + 1 : index };
}

/**
 * The keyboard's next place for a dragged element, from where it would land
 * now (null: its own place): ↑ ↓ one place within the column, then on into
 * the column above or below (the previous or next container's column at the
 * same position, or its last); ← → the neighbouring column of the container,
 * at the same index or its end. Null where there is no further place.
 */
export function nextElementPlace(tree: BuilderTree, origin: Extract<DragOrigin, { kind: "element" }>, current: ElementTarget | null, direction: Direction): ElementTarget | null {
  const at = current ?? { columnId: origin.columnId, index: origin.index };
  const column = locate(tree, at.columnId);
  if (column?.kind !== "column") return null;
  // The places of a column: its own column has as many as elements, another one more (after its last).
  const places = (columnId: string, length: number) => length + (columnId === origin.columnId ? 0 : 1);
  const columns = column.container.columns;
  if (direction === "left" || direction === "right") {
    const next = columns[column.columnIndex + (direction === "left" ? -1 : 1)];
    return next ? { columnId: next.id, index: Math.min(at.index, places(next.id, next.elements.length) - 1) } : null;
  }
  const index = at.index + (direction === "up" ? -1 : 1);
  if (index >= 0 && index < places(at.columnId, column.column.elements.length)) return { columnId: at.columnId, index };
  const container = tree.containers[column.containerIndex + (direction === "up" ? -1 : 1)];
  const next = container?.columns[Math.min(column.columnIndex, container.columns.length - 1)];
  if (!next) return null;
  return { columnId: next.id, index: direction === "up" ? places(next.id, next.elements.length) - 1 : 0 };
}

/** The keyboard's next place for a dragged container: one up or down, while there is one. */
export function nextContainerIndex(count: number, current: number, direction: Direction): number | null {
  if (direction === "left" || direction === "right") return null;
  const index = current + (direction === "up" ? -1 : 1);
  return index >= 0 && index < count ? index : null;
}
