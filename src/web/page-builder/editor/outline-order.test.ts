import { describe, expect, it } from "vitest";
import { container, imageElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { outlineEntries, outlineMove } from "./outline-order.ts";

function sample() {
  const first = container("1-1", [[textElement(), imageElement()], []]);
  const second = container("1", [[textElement()]]);
  return tree(first, second);
}

describe("the outline's keyboard order", () => {
  it("walks containers, columns and elements in reading order, skipping what is collapsed", () => {
    const page = sample();
    const [first, second] = page.containers;
    const all = outlineEntries(page, () => false);
    expect(all.map((entry) => entry.level)).toEqual([1, 2, 3, 3, 2, 1, 2, 3]);
    expect(all[4]).toEqual({ id: first!.columns[1]!.id, level: 2, parent: first!.id, expandable: false });
    const collapsed = new Set([first!.id, second!.columns[0]!.id]);
    expect(outlineEntries(page, (id) => collapsed.has(id)).map((entry) => entry.id)).toEqual([first!.id, second!.id, second!.columns[0]!.id]);
  });

  it("moves with the arrows as a tree does: down, up, into, out of, home and end", () => {
    const page = sample();
    const [first, second] = page.containers;
    const collapsed = new Set<string>();
    const isCollapsed = (id: string) => collapsed.has(id);
    const entries = outlineEntries(page, isCollapsed);
    const column = first!.columns[0]!;
    expect(outlineMove(entries, null, "ArrowDown", isCollapsed)).toEqual({ to: first!.id });
    expect(outlineMove(entries, first!.id, "ArrowDown", isCollapsed)).toEqual({ to: column.id });
    expect(outlineMove(entries, first!.id, "ArrowUp", isCollapsed)).toBeNull();
    expect(outlineMove(entries, first!.id, "ArrowRight", isCollapsed)).toEqual({ to: column.id });
    expect(outlineMove(entries, column.elements[1]!.id, "ArrowLeft", isCollapsed)).toEqual({ to: column.id });
    expect(outlineMove(entries, column.id, "ArrowLeft", isCollapsed)).toEqual({ collapse: column.id });
    expect(outlineMove(entries, first!.columns[1]!.id, "ArrowRight", isCollapsed)).toBeNull();
    expect(outlineMove(entries, column.id, "End", isCollapsed)).toEqual({ to: second!.columns[0]!.elements[0]!.id });
    collapsed.add(column.id);
    expect(outlineMove(outlineEntries(page, isCollapsed), column.id, "ArrowRight", isCollapsed)).toEqual({ expand: column.id });
    expect(outlineMove(outlineEntries(page, isCollapsed), column.id, "ArrowLeft", isCollapsed)).toEqual({ to: first!.id });
  });
});
