// The outline's items in the order the arrow keys walk them: containers,
// then (when expanded) their columns, then (when expanded) the columns'
// elements. A column without elements has nothing to expand. The canvas's
// arrow keys walk the same order.
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { locate } from "./tree-lookup.ts";

export interface OutlineEntry {
  id: string;
  level: 1 | 2 | 3;
  parent: string | null;
  /** Has children to show or hide. */
  expandable: boolean;
}

export function outlineEntries(tree: BuilderTree, isCollapsed: (id: string) => boolean): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  for (const container of tree.containers) {
    entries.push({ id: container.id, level: 1, parent: null, expandable: true });
    if (isCollapsed(container.id)) continue;
    for (const column of container.columns) {
      entries.push({ id: column.id, level: 2, parent: container.id, expandable: column.elements.length > 0 });
      if (isCollapsed(column.id)) continue;
      for (const element of column.elements) entries.push({ id: element.id, level: 3, parent: column.id, expandable: false });
    }
  }
  return entries;
}

/** The item a key moves to from `id` (null: stay), and whether it expands or collapses `id` instead. */
export type OutlineMove = { to: string } | { expand: string } | { collapse: string } | null;

export function outlineMove(entries: readonly OutlineEntry[], id: string | null, key: string, isCollapsed: (id: string) => boolean): OutlineMove {
  if (entries.length === 0) return null;
  const at = id === null ? -1 : entries.findIndex((entry) => entry.id === id);
  const entry = entries[at];
  if (key === "Home") return { to: entries[0]!.id };
  if (key === "End") return { to: entries.at(-1)!.id };
  if (!entry) return key === "ArrowDown" || key === "ArrowUp" ? { to: entries[0]!.id } : null;
  if (key === "ArrowDown") return at + 1 < entries.length ? { to: entries[at + 1]!.id } : null;
  if (key === "ArrowUp") return at > 0 ? { to: entries[at - 1]!.id } : null;
  if (key === "ArrowRight") {
    if (!entry.expandable) return null;
    if (isCollapsed(entry.id)) return { expand: entry.id };
    const child = entries[at + 1];
    return child && child.parent === entry.id ? { to: child.id } : null;
  }
  if (key === "ArrowLeft") {
    if (entry.expandable && !isCollapsed(entry.id)) return { collapse: entry.id };
    return entry.parent ? { to: entry.parent } : null;
  }
  return null;
}

const NOTHING_COLLAPSED = () => false;

/**
 * The canvas's node a key moves to from `id` (null: stay). The canvas is one
 * tab stop, its nodes' own buttons a roving set (decision 040): ↑ ↓ walk the
 * outline's order with nothing collapsed, Home / End its ends, ← → the
 * neighbouring column of the container, at the same place (or its last
 * element, or the column itself when it is empty).
 */
export function canvasMove(tree: BuilderTree, id: string, key: string): string | null {
  const entries = outlineEntries(tree, NOTHING_COLLAPSED);
  const at = entries.findIndex((entry) => entry.id === id);
  if (at < 0) return null;
  if (key === "Home") return entries[0]!.id;
  if (key === "End") return entries.at(-1)!.id;
  if (key === "ArrowDown") return entries[at + 1]?.id ?? null;
  if (key === "ArrowUp") return entries[at - 1]?.id ?? null;
  if (key !== "ArrowLeft" && key !== "ArrowRight") return null;
  const place = locate(tree, id);
  if (!place || place.kind === "container") return null;
  const column = place.container.columns[place.columnIndex + (key === "ArrowLeft" ? -1 : 1)];
  if (!column) return null;
  if (place.kind === "column" || column.elements.length === 0) return column.id;
  return column.elements[Math.min(place.elementIndex, column.elements.length - 1)]!.id;
}
