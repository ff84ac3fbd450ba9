// Drag and drop of elements (within and across columns) and of containers,
// by pointer and by keyboard (dnd-kit's keyboard sensor: space, arrows,
// space). One DndContext holds both kinds, so an element is only ever
// dropped among elements and column ends, and a container among containers:
// the collision detection and the keyboard's next place both skip the other
// kind. A drop becomes the same edit as the 移動到… dialog (tree-edits).
import { closestCorners, pointerWithin, type CollisionDetection, type DroppableContainer, type DroppableContainers, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import type { ElementTarget } from "./tree-edits.ts";
import { locate } from "./tree-lookup.ts";

/** What a draggable or droppable is: an element card, a container, or the end of a column (after its last element). */
export type DragKind = "element" | "container" | "column-end";

export interface DragData {
  kind: DragKind;
  [key: string]: unknown;
}

/**
 * Droppables are not watched for size changes while a drag goes on: nothing
 * in the editor resizes then, and 300 cards would each start a ResizeObserver
 * when a drag begins.
 */
export const NO_RESIZE_WATCH = { disabled: true } as const;

/** The droppable after a column's last element (also an empty column's only place). */
export const columnEndId = (columnId: string) => `end:${columnId}`;
const columnOfEnd = (id: string) => (id.startsWith("end:") ? id.slice(4) : null);

const kindOf = (entry: { data: { current?: unknown } } | null | undefined) => (entry?.data.current as DragData | undefined)?.kind;

function accepts(active: DragKind | undefined, over: DragKind | undefined): boolean {
  if (active === "container") return over === "container";
  if (active === "element") return over === "element" || over === "column-end";
  return false;
}

export const builderCollisions: CollisionDetection = (args) => {
  const activeKind = kindOf(args.active);
  const droppableContainers = args.droppableContainers.filter((entry) => accepts(activeKind, kindOf(entry)));
  const narrowed = { ...args, droppableContainers };
  if (args.pointerCoordinates) {
    const within = pointerWithin(narrowed);
    if (within.length > 0) return within;
  }
  return closestCorners(narrowed);
};

/** The sortable keyboard's next place, among the droppables of the dragged kind only. */
export const builderKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const all = args.context.droppableContainers;
  const activeKind = kindOf(args.context.active);
  const narrowed = {
    getEnabled: () => all.getEnabled().filter((entry: DroppableContainer) => accepts(activeKind, kindOf(entry))),
    get: (id: Parameters<DroppableContainers["get"]>[0]) => all.get(id),
  } as unknown as DroppableContainers;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: narrowed } });
};

export type DropTarget = { kind: "element"; elementId: string; target: ElementTarget } | { kind: "container"; containerId: string; index: number };

/**
 * Where a drop puts the dragged node. Onto an element: its place (in the same
 * column the two swap order as in a sorted list; in another column the dragged
 * one goes before it). Onto a column's end: after its last element. Onto a
 * container: its place. Null when nothing would change or the drop is not a place.
 */
export function dropTarget(tree: BuilderTree, activeId: string, overId: string): DropTarget | null {
  if (activeId === overId) return null;
  const active = locate(tree, activeId);
  if (active?.kind === "container") {
    const over = locate(tree, overId);
    return over?.kind === "container" ? { kind: "container", containerId: activeId, index: over.containerIndex } : null;
  }
  if (active?.kind !== "element") return null;
  const endOf = columnOfEnd(overId);
  if (endOf !== null) {
    const column = locate(tree, endOf);
    if (column?.kind !== "column") return null;
    const index = column.column.elements.length - (column.column.id === active.column.id ? 1 : 0);
    if (column.column.id === active.column.id && index === active.elementIndex) return null;
    return { kind: "element", elementId: activeId, target: { columnId: column.column.id, index } };
  }
  const over = locate(tree, overId);
  if (over?.kind !== "element") return null;
  return { kind: "element", elementId: activeId, target: { columnId: over.column.id, index: over.elementIndex } };
}
