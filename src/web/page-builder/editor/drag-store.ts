// The drag of the moment, for what the canvas shows while it goes on: which
// node is dragged and where the landing line is. Each handle asks whether its
// node is the dragged one (useIsDragged), each card, column end and container
// whether the line is before it (useLandingBefore): a drag re-renders the few
// places involved, not the 300 cards (issue 24).
import { createContext, useContext, useSyncExternalStore } from "react";
import { landingLine, type DragOrigin, type DropTarget } from "./drop-places.ts";

export class DragStore {
  private origin: DragOrigin | null = null;
  private target: DropTarget | null = null;
  private line: { list: string; point: number } | null = null;
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  start(origin: DragOrigin | null) {
    this.origin = origin;
    this.target = null;
    this.line = null;
    this.changed();
  }

  /** Where the dragged node would land now (null: its own place). */
  show(target: DropTarget | null) {
    const line = this.origin && target ? landingLine(this.origin, target) : null;
    this.target = target;
    if (line?.list === this.line?.list && line?.point === this.line?.point) return;
    this.line = line;
    this.changed();
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  end() {
    this.start(null);
  }

  getTarget = () => this.target;

  isDragged = (id: string) => this.origin?.id === id;

  /** Whether the line goes before the item at `index` of a list (a column's cards by its id, or CONTAINER_LIST); `index` = the list's length: after its last. */
  isLineBefore = (list: string, index: number) => this.line?.list === list && this.line.point === index;
}

export const DragStoreContext = createContext<DragStore | null>(null);

function useDragStore(): DragStore {
  const store = useContext(DragStoreContext);
  if (!store) throw new Error("the drag store needs the canvas around it");
  return store;
}

export function useLandingBefore(list: string, index: number): boolean {
  const store = useDragStore();
  return useSyncExternalStore(store.subscribe, () => store.isLineBefore(list, index));
}

export function useIsDragged(id: string): boolean {
  const store = useDragStore();
  return useSyncExternalStore(store.subscribe, () => store.isDragged(id));
}
