// Every change the editor makes to a page's tree, as pure functions: a new
// tree that shares whatever did not change (a move touches its one or two
// columns and containers; every other container, column and element keeps its
// identity, so the memoised canvas re-renders only what moved). An edit the
// limits refuse (BUILDER_LIMITS, the same numbers the schema checks on save)
// answers the reason in words instead of a tree.
import { layoutOf } from "#contract/page-builder/layouts.ts";
import { BUILDER_LIMITS, type BuilderColumn, type BuilderContainer, type BuilderElement, type BuilderTree } from "#contract/page-builder/tree.ts";
import { newNodeId } from "./node-ids.ts";
import { containerElementCount, countElements, idsOf, locate } from "./tree-lookup.ts";

export type Edit =
  | {
      ok: true;
      tree: BuilderTree;
      /** The node the edit made (added, duplicated, pasted): the one to select next. */
      id?: string;
      /** Elements a layout change moved into the last column. */
      moved?: number;
    }
  | { ok: false; message: string };

export type MobileRules = BuilderContainer["mobile"];

/** Where an element goes: a column and its place there once the element has left where it was. */
export interface ElementTarget {
  columnId: string;
  index: number;
}

export const LIMIT_MESSAGES = {
  containers: `頁面最多 ${BUILDER_LIMITS.containers} 個容器`,
  elementsPerColumn: `一欄最多 ${BUILDER_LIMITS.elementsPerColumn} 個元素`,
  elements: `頁面最多 ${BUILDER_LIMITS.elements} 個元素`,
} as const;

const done = (tree: BuilderTree, extra: { id?: string; moved?: number } = {}): Edit => ({ ok: true, tree, ...extra });
const refuse = (message: string): Edit => ({ ok: false, message });
const NOT_FOUND = "找不到這個項目，頁面可能已經變更";

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function withContainer(tree: BuilderTree, index: number, container: BuilderContainer): BuilderTree {
  const containers = tree.containers.slice();
  containers[index] = container;
  return { ...tree, containers };
}

function withColumn(container: BuilderContainer, index: number, column: BuilderColumn): BuilderContainer {
  const columns = container.columns.slice();
  columns[index] = column;
  return { ...container, columns };
}

function withElements(tree: BuilderTree, containerIndex: number, columnIndex: number, elements: BuilderElement[]): BuilderTree {
  const container = tree.containers[containerIndex]!;
  return withContainer(tree, containerIndex, withColumn(container, columnIndex, { ...container.columns[columnIndex]!, elements }));
}

function inserted<T>(list: readonly T[], index: number, item: T): T[] {
  const next = list.slice();
  next.splice(clamp(index, 0, list.length), 0, item);
  return next;
}

function without<T>(list: readonly T[], index: number): T[] {
  const next = list.slice();
  next.splice(index, 1);
  return next;
}

/** A maker of ids that are new to this tree (and to each other). */
function idMaker(tree: BuilderTree) {
  const taken = idsOf(tree);
  return () => {
    const id = newNodeId(taken);
    taken.add(id);
    return id;
  };
}

/** A copy of an element or a container with new ids throughout (a duplicate, a paste). */
function elementCopy(element: BuilderElement, makeId: () => string): BuilderElement {
  return { ...structuredClone(element), id: makeId() };
}

function containerCopy(container: BuilderContainer, makeId: () => string): BuilderContainer {
  const copy = structuredClone(container);
  const columnIds = new Map(copy.columns.map((column) => [column.id, makeId()] as const));
  return {
    ...copy,
    id: makeId(),
    columns: copy.columns.map((column) => ({ id: columnIds.get(column.id)!, elements: column.elements.map((element) => elementCopy(element, makeId)) })),
    mobile: { ...copy.mobile, hidden: copy.mobile.hidden.flatMap((id) => (columnIds.has(id) ? [columnIds.get(id)!] : [])) },
  };
}

function roomForElements(tree: BuilderTree, added: number): string | null {
  return countElements(tree) + added > BUILDER_LIMITS.elements ? LIMIT_MESSAGES.elements : null;
}

export function addContainer(tree: BuilderTree, at: number, layoutId: string): Edit {
  const layout = layoutOf(layoutId);
  if (!layout) return refuse("請選擇欄位版面");
  if (tree.containers.length >= BUILDER_LIMITS.containers) return refuse(LIMIT_MESSAGES.containers);
  const makeId = idMaker(tree);
  const container: BuilderContainer = {
    id: makeId(),
    layout: layout.id,
    columns: layout.columns.map(() => ({ id: makeId(), elements: [] })),
    mobile: { order: "normal", hidden: [], gap: "medium" },
    background: "",
  };
  return done({ ...tree, containers: inserted(tree.containers, at, container) }, { id: container.id });
}

/**
 * Another layout for a container, keeping every element: columns keep their ids
 * and elements by position; a narrower layout's extra columns pour their
 * elements, in order, into its last column; a wider one adds empty columns.
 */
export function changeLayout(tree: BuilderTree, containerId: string, layoutId: string): Edit {
  const place = locate(tree, containerId);
  const layout = layoutOf(layoutId);
  if (place?.kind !== "container") return refuse(NOT_FOUND);
  if (!layout) return refuse("請選擇欄位版面");
  const { container, containerIndex } = place;
  if (container.layout === layout.id) return done(tree);
  const count = layout.columns.length;
  const kept = container.columns.slice(0, count);
  const spilled = container.columns.slice(count).flatMap((column) => column.elements);
  const makeId = idMaker(tree);
  const columns: BuilderColumn[] = kept.concat(Array.from({ length: Math.max(0, count - kept.length) }, () => ({ id: makeId(), elements: [] })));
  if (spilled.length > 0) {
    const last = columns[count - 1]!;
    if (last.elements.length + spilled.length > BUILDER_LIMITS.elementsPerColumn) return refuse(LIMIT_MESSAGES.elementsPerColumn);
    columns[count - 1] = { ...last, elements: last.elements.concat(spilled) };
  }
  const columnIds = new Set(columns.map((column) => column.id));
  const hidden = container.mobile.hidden.filter((id) => columnIds.has(id));
  const mobile = hidden.length === container.mobile.hidden.length ? container.mobile : { ...container.mobile, hidden };
  return done(withContainer(tree, containerIndex, { ...container, layout: layout.id, columns, mobile }), { moved: spilled.length });
}

export function addElement(tree: BuilderTree, columnId: string, index: number, element: BuilderElement): Edit {
  const place = locate(tree, columnId);
  if (place?.kind !== "column") return refuse(NOT_FOUND);
  if (idsOf(tree).has(element.id)) return refuse("頁面中有重複的項目編號");
  if (place.column.elements.length >= BUILDER_LIMITS.elementsPerColumn) return refuse(LIMIT_MESSAGES.elementsPerColumn);
  const full = roomForElements(tree, 1);
  if (full) return refuse(full);
  return done(withElements(tree, place.containerIndex, place.columnIndex, inserted(place.column.elements, index, element)), { id: element.id });
}

/** An element's new fields (its dialog's result), found by its id. */
export function updateElement(tree: BuilderTree, element: BuilderElement): Edit {
  const place = locate(tree, element.id);
  if (place?.kind !== "element") return refuse(NOT_FOUND);
  if (place.element === element) return done(tree);
  const elements = place.column.elements.slice();
  elements[place.elementIndex] = element;
  return done(withElements(tree, place.containerIndex, place.columnIndex, elements));
}

export function moveElement(tree: BuilderTree, elementId: string, target: ElementTarget): Edit {
  const from = locate(tree, elementId);
  const to = locate(tree, target.columnId);
  if (from?.kind !== "element" || to?.kind !== "column") return refuse(NOT_FOUND);
  if (from.column.id === to.column.id) {
    const index = clamp(target.index, 0, from.column.elements.length - 1);
    if (index === from.elementIndex) return done(tree);
    return done(withElements(tree, from.containerIndex, from.columnIndex, inserted(without(from.column.elements, from.elementIndex), index, from.element)));
  }
  if (to.column.elements.length >= BUILDER_LIMITS.elementsPerColumn) return refuse(LIMIT_MESSAGES.elementsPerColumn);
  const left = withElements(tree, from.containerIndex, from.columnIndex, without(from.column.elements, from.elementIndex));
  return done(withElements(left, to.containerIndex, to.columnIndex, inserted(to.column.elements, target.index, from.element)));
}

/**
 * One place up (-1) or down (1) in the page's reading order (the outline's):
 * within its column, then on into the neighbouring column (of its container,
 * else the last column of the container before or the first of the one after)
 * at that column's near end, so every column, an empty one too, is on the way
 * (decision 040: the keyboard crosses columns as the mouse does).
 */
export function stepElement(tree: BuilderTree, elementId: string, by: -1 | 1): Edit {
  const place = locate(tree, elementId);
  if (place?.kind !== "element") return refuse(NOT_FOUND);
  const index = place.elementIndex + by;
  if (index >= 0 && index < place.column.elements.length) return moveElement(tree, elementId, { columnId: place.column.id, index });
  const next = neighbourColumn(tree, place.containerIndex, place.columnIndex, by);
  if (!next) return refuse(by < 0 ? "已經是頁面最前面的元素" : "已經是頁面最後面的元素");
  return moveElement(tree, elementId, { columnId: next.id, index: by < 0 ? next.elements.length : 0 });
}

/** The column before (-1) or after (1) a column in reading order, across containers; null at the page's ends. */
function neighbourColumn(tree: BuilderTree, containerIndex: number, columnIndex: number, by: -1 | 1): BuilderColumn | null {
  const sibling = tree.containers[containerIndex]!.columns[columnIndex + by];
  if (sibling) return sibling;
  const container = tree.containers[containerIndex + by];
  return (by < 0 ? container?.columns.at(-1) : container?.columns[0]) ?? null;
}

export function moveContainer(tree: BuilderTree, containerId: string, index: number): Edit {
  const place = locate(tree, containerId);
  if (place?.kind !== "container") return refuse(NOT_FOUND);
  const to = clamp(index, 0, tree.containers.length - 1);
  if (to === place.containerIndex) return done(tree);
  return done({ ...tree, containers: inserted(without(tree.containers, place.containerIndex), to, place.container) });
}

export function stepContainer(tree: BuilderTree, containerId: string, by: -1 | 1): Edit {
  const place = locate(tree, containerId);
  if (place?.kind !== "container") return refuse(NOT_FOUND);
  const index = place.containerIndex + by;
  if (index < 0) return refuse("已經是第一個容器");
  if (index >= tree.containers.length) return refuse("已經是最後一個容器");
  return moveContainer(tree, containerId, index);
}

/** A copy of an element or a container, with new ids, right after it. */
export function duplicate(tree: BuilderTree, id: string): Edit {
  const place = locate(tree, id);
  if (!place || place.kind === "column") return refuse(place ? "欄位由容器的版面決定，無法單獨複製" : NOT_FOUND);
  if (place.kind === "element") return pasteElement(tree, place.element, place.column.id, place.elementIndex + 1);
  return pasteContainer(tree, place.container, place.containerIndex + 1);
}

/** An element from elsewhere (the clipboard, a duplicate) put into a column with new ids. */
export function pasteElement(tree: BuilderTree, element: BuilderElement, columnId: string, index: number): Edit {
  return addElement(tree, columnId, index, elementCopy(element, idMaker(tree)));
}

/** A container from elsewhere (the clipboard, a duplicate) put among the containers with new ids. */
export function pasteContainer(tree: BuilderTree, container: BuilderContainer, at: number): Edit {
  if (tree.containers.length >= BUILDER_LIMITS.containers) return refuse(LIMIT_MESSAGES.containers);
  const full = roomForElements(tree, containerElementCount(container));
  if (full) return refuse(full);
  const copy = containerCopy(container, idMaker(tree));
  return done({ ...tree, containers: inserted(tree.containers, at, copy) }, { id: copy.id });
}

export function remove(tree: BuilderTree, id: string): Edit {
  const place = locate(tree, id);
  if (!place) return refuse(NOT_FOUND);
  if (place.kind === "column") return refuse("欄位由容器的版面決定：要減少欄數，請變更版面");
  if (place.kind === "container") return done({ ...tree, containers: without(tree.containers, place.containerIndex) });
  return done(withElements(tree, place.containerIndex, place.columnIndex, without(place.column.elements, place.elementIndex)));
}

/** Below 768 px: the columns' order, the ones hidden on phones (only this container's), the gap. */
export function setMobileRules(tree: BuilderTree, containerId: string, mobile: MobileRules): Edit {
  const place = locate(tree, containerId);
  if (place?.kind !== "container") return refuse(NOT_FOUND);
  const hidden = place.container.columns.map((column) => column.id).filter((columnId) => mobile.hidden.includes(columnId));
  const current = place.container.mobile;
  if (current.order === mobile.order && current.gap === mobile.gap && current.hidden.join() === hidden.join()) return done(tree);
  return done(withContainer(tree, place.containerIndex, { ...place.container, mobile: { order: mobile.order, gap: mobile.gap, hidden } }));
}

/** A #RRGGBB colour behind the container, or "" for none. */
export function setContainerBackground(tree: BuilderTree, containerId: string, background: string): Edit {
  const place = locate(tree, containerId);
  if (place?.kind !== "container") return refuse(NOT_FOUND);
  if (background !== "" && !/^#[0-9a-fA-F]{6}$/.test(background)) return refuse("容器背景顏色必須是 #RRGGBB 格式的顏色");
  if (place.container.background === background) return done(tree);
  return done(withContainer(tree, place.containerIndex, { ...place.container, background }));
}
