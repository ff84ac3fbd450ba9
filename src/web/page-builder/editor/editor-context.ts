// What every card, column, container and outline item reaches without props:
// the store (selection, findings), the actions (stable for the editor's life,
// so memoised children never re-render because of them), the DOM ids that
// focus moves to, and whether the screen is wide. Its value never changes but
// for `wide`, so reading it re-renders nothing.
import { createContext, useContext } from "react";
import type { ElementType } from "#contract/page-builder/tree.ts";
import type { EditorStore } from "./editor-store.ts";

export interface EditorActions {
  /** Selects a node (null: none) in the canvas and the outline. */
  select(id: string | null): void;
  /** An element's dialog; a container's settings. */
  edit(id: string): void;
  /** Opens the new element's dialog; saving adds it at the end of the column. */
  addElement(columnId: string, type: ElementType): void;
  step(id: string, by: -1 | 1): void;
  openMove(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
  copy(id: string): void;
  openLayout(containerId: string): void;
  openSettings(containerId: string): void;
}

export interface DomIds {
  /** The canvas card's own button (select, double-click to edit). */
  card(id: string): string;
  /** The outline's item. */
  outline(id: string): string;
  /** One of a node's action buttons (up, down, move, …) or its menu button. */
  action(id: string, action: string): string;
}

export interface EditorEnvironment {
  store: EditorStore;
  actions: EditorActions;
  ids: DomIds;
  wide: boolean;
}

export const EditorContext = createContext<EditorEnvironment | null>(null);

export function useEditor(): EditorEnvironment {
  const environment = useContext(EditorContext);
  if (!environment) throw new Error("useEditor needs the page builder editor around it");
  return environment;
}

export const domIds = (prefix: string): DomIds => ({
  card: (id) => `${prefix}-card-${id}`,
  outline: (id) => `${prefix}-outline-${id}`,
  action: (id, action) => `${prefix}-${action}-${id}`,
});
