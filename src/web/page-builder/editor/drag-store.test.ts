import { describe, expect, it, vi } from "vitest";
import { DragStore } from "./drag-store.ts";

describe("the drag of the moment", () => {
  it("says where the line is and tells its listeners only when the line moves", () => {
    const store = new DragStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.start({ kind: "element", id: "e", columnId: "k", index: 1 });
    expect(store.isDragged("e")).toBe(true);
    const down = { kind: "element", elementId: "e", target: { columnId: "k", index: 2 } } as const;
    store.show(down);
    expect(store.isLineBefore("k", 3)).toBe(true);
    expect(store.isLineBefore("k", 2)).toBe(false);
    expect(store.getTarget()).toBe(down);
    const calls = listener.mock.calls.length;
    store.show({ ...down });
    expect(listener).toHaveBeenCalledTimes(calls);
    store.end();
    expect(store.isDragged("e")).toBe(false);
    expect(store.isLineBefore("k", 3)).toBe(false);
    expect(store.getTarget()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(calls + 1);
  });
});
