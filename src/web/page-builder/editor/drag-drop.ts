// Drag and drop of elements (within and across columns) and of containers,
// by pointer and by keyboard (dnd-kit's keyboard sensor: space, arrows,
// space). One DndContext holds both kinds, with one droppable: the canvas.
// dnd-kit measures every droppable, its scrolling ancestors included, when a
// drag starts, and re-renders each one's component as the drag goes over
// another, so cards, columns and containers as droppables made a drag on a
// large page slow (issue 24). Where the dragged node would land is read from
// the page on screen instead: the column (or container) under the pointer —
// for the keyboard, under the drag preview's top left corner, which the
// keyboard moves from place to place in the tree's order — and the place
// among the column's cards from their middles. The place rides on the
// collision (its `data.target`), which dnd-kit hands to the move and drop
// handlers. A drop becomes the same edit as the 移動到… dialog (tree-edits).
import type { Active, Collision, CollisionDetection, DroppableContainer, KeyboardCoordinateGetter } from "@dnd-kit/core";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { containerTarget, elementTarget, insertionPoint, landingLine, nextContainerIndex, nextElementPlace, type Direction, type DragOrigin, type DropTarget } from "./drop-places.ts";
import type { ElementTarget } from "./tree-edits.ts";

/** What a draggable is, with its place: an element's card or a container. */
export type DragData = { kind: "element"; columnId: string; index: number } | { kind: "container"; index: number };

/** The one droppable: a layer over the canvas's list of containers, beside it. */
export const CANVAS_DROP_ID = "canvas";

/** The attribute naming a column's node in the canvas (its value: the column's id; column-view.tsx); the column's cards are the items of its list (`:scope > ol`). */
const COLUMN_ATTRIBUTE = "data-drop-column";

/**
 * The droppable is not watched for size changes while a drag goes on:
 * nothing in the editor resizes then.
 */
export const NO_RESIZE_WATCH = { disabled: true } as const;

const dragDataOf = (entry: { data: { current?: unknown } } | null | undefined) => entry?.data.current as DragData | undefined;

/** The dragged node's own place, from its draggable's data. */
export function originOf(active: Pick<Active, "id" | "data"> | null | undefined): DragOrigin | null {
  const data = dragDataOf(active);
  if (!active || !data) return null;
  return data.kind === "element" ? { kind: "element", id: String(active.id), columnId: data.columnId, index: data.index } : { kind: "container", id: String(active.id), index: data.index };
}

/** Where a collision says the dragged node would land (null: its own place). */
export const targetOf = (collisions: Collision[] | null | undefined): DropTarget | null => (collisions?.[0]?.data?.target as DropTarget | null | undefined) ?? null;

type Point = { x: number; y: number };

/** The canvas's list of containers, from the droppable beside it. */
const canvasList = (canvas: DroppableContainer | undefined) => canvas?.node.current?.parentElement?.querySelector<HTMLElement>(":scope > ol") ?? null;

const containerNodes = (list: HTMLElement) => [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
const columnNodes = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(`[${COLUMN_ATTRIBUTE}]`)];
const columnNode = (list: HTMLElement, columnId: string) => list.querySelector<HTMLElement>(`[${COLUMN_ATTRIBUTE}="${CSS.escape(columnId)}"]`);
const cardNodes = (column: HTMLElement) => [...(column.querySelector(":scope > ol")?.children ?? [])];

/** The node the point is in, else the nearest one. */
function nodeAt(nodes: HTMLElement[], point: Point): HTMLElement | undefined {
  let nearest: { node: HTMLElement; distance: number } | undefined;
  for (const node of nodes) {
    const rect = node.getBoundingClientRect();
    const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
    const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
    const distance = Math.hypot(dx, dy);
    if (distance === 0) return node;
    if (!nearest || distance < nearest.distance) nearest = { node, distance };
  }
  return nearest?.node;
}

/** Where the dragged node would land with the pointer (or the preview's corner) at `point`. */
function targetAt(list: HTMLElement, origin: DragOrigin, point: Point): DropTarget | null {
  if (origin.kind === "container") {
    const containers = containerNodes(list);
    const over = nodeAt(containers, point);
    return over ? containerTarget(origin, containers.indexOf(over)) : null;
  }
  const column = nodeAt(columnNodes(list), point);
  const columnId = column?.getAttribute(COLUMN_ATTRIBUTE);
  if (!column || !columnId) return null;
  const middles = cardNodes(column).map((card) => {
    const rect = card.getBoundingClientRect();
    return rect.top + rect.height / 2;
  });
  return elementTarget(origin, columnId, insertionPoint(middles, point.y));
}

/** The canvas is what the drag is over; where it would land is the collision's `target`. */
export const builderCollisions: CollisionDetection = ({ active, collisionRect, droppableContainers, pointerCoordinates }) => {
  const origin = originOf(active);
  const canvas = droppableContainers.find((entry) => entry.id === CANVAS_DROP_ID);
  const list = canvasList(canvas);
  if (!origin || !collisionRect || !list) return [];
  const point = pointerCoordinates ?? { x: collisionRect.left, y: collisionRect.top };
  return [{ id: CANVAS_DROP_ID, data: { droppableContainer: canvas, target: targetAt(list, origin, point) } }];
};

const DIRECTIONS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

/** The screen point of an element's place: its column's left edge, in the gap where its landing line goes (before a card, or after the last one). */
function pointOfPlace(origin: Extract<DragOrigin, { kind: "element" }>, column: HTMLElement, target: ElementTarget): Point {
  const cards = cardNodes(column).map((card) => card.getBoundingClientRect());
  const gap = landingLine(origin, { kind: "element", elementId: origin.id, target }).point;
  const above = cards[gap - 1];
  const below = cards[gap];
  const rect = column.getBoundingClientRect();
  const y = above && below ? (above.bottom + below.top) / 2 : below ? below.top : above ? above.bottom + 1 : rect.top;
  return { x: rect.left, y };
}

/**
 * The keyboard sensor's next position: the next place in the tree's order
 * (drop-places.ts), as the screen point that the collision detection reads
 * back as that place. Undefined where there is none: the preview stays.
 */
export function builderKeyboardCoordinates(tree: () => BuilderTree): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const direction = DIRECTIONS[event.code];
    const origin = originOf(context.active);
    const list = canvasList(context.droppableContainers.get(CANVAS_DROP_ID));
    if (!direction || !origin || !list) return undefined;
    event.preventDefault();
    const current = targetOf(context.collisions);
    if (origin.kind === "container") {
      const index = nextContainerIndex(tree().containers.length, current?.kind === "container" ? current.index : origin.index, direction);
      const rect = index === null ? null : containerNodes(list)[index]?.getBoundingClientRect();
      return rect ? { x: rect.left, y: rect.top } : undefined;
    }
    const place = nextElementPlace(tree(), origin, current?.kind === "element" ? current.target : null, direction);
    const column = place ? columnNode(list, place.columnId) : null;
    return place && column ? pointOfPlace(origin, column, place) : undefined;
  };
}
