// Where a node is in the tree, by id: what every edit, announcement and dialog
// starts from. A page has at most 1,000 elements, so a walk is cheap.
import type { BuilderColumn, BuilderContainer, BuilderElement, BuilderTree } from "#contract/page-builder/tree.ts";

export interface ContainerPlace {
  kind: "container";
  container: BuilderContainer;
  containerIndex: number;
}
export interface ColumnPlace {
  kind: "column";
  container: BuilderContainer;
  containerIndex: number;
  column: BuilderColumn;
  columnIndex: number;
}
export interface ElementPlace {
  kind: "element";
  container: BuilderContainer;
  containerIndex: number;
  column: BuilderColumn;
  columnIndex: number;
  element: BuilderElement;
  elementIndex: number;
}
export type NodePlace = ContainerPlace | ColumnPlace | ElementPlace;

export function locate(tree: BuilderTree, id: string): NodePlace | null {
  for (const [containerIndex, container] of tree.containers.entries()) {
    if (container.id === id) return { kind: "container", container, containerIndex };
    for (const [columnIndex, column] of container.columns.entries()) {
      if (column.id === id) return { kind: "column", container, containerIndex, column, columnIndex };
      const elementIndex = column.elements.findIndex((element) => element.id === id);
      if (elementIndex >= 0) return { kind: "element", container, containerIndex, column, columnIndex, element: column.elements[elementIndex]!, elementIndex };
    }
  }
  return null;
}

export const countElements = (tree: BuilderTree) => tree.containers.reduce((sum, container) => sum + containerElementCount(container), 0);

export const containerElementCount = (container: BuilderContainer) => container.columns.reduce((sum, column) => sum + column.elements.length, 0);

/** Every node id of the tree: containers, columns and elements. */
export function idsOf(tree: BuilderTree): Set<string> {
  const ids = new Set<string>();
  for (const container of tree.containers) {
    ids.add(container.id);
    for (const column of container.columns) {
      ids.add(column.id);
      for (const element of column.elements) ids.add(element.id);
    }
  }
  return ids;
}
