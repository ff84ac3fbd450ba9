import { describe, expect, it } from "vitest";
import { container, imageElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { canvasMove, outlineEntries, outlineMove } from "./outline-order.ts";

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

  it("walks the canvas's nodes with the arrows whatever the outline has collapsed: ↑ ↓ in reading order, ← → to the neighbouring column", () => {
    const page = sample();
    const [first, second] = page.containers;
    const [left, right] = first!.columns;
    const [text, image] = left!.elements;
    expect(canvasMove(page, first!.id, "ArrowDown")).toBe(left!.id);
    expect(canvasMove(page, image!.id, "ArrowDown")).toBe(right!.id);
    expect(canvasMove(page, right!.id, "ArrowDown")).toBe(second!.id);
    expect(canvasMove(page, second!.id, "ArrowUp")).toBe(right!.id);
    expect(canvasMove(page, first!.id, "ArrowUp")).toBeNull();
    expect(canvasMove(page, second!.columns[0]!.elements[0]!.id, "ArrowDown")).toBeNull();
    expect(canvasMove(page, image!.id, "Home")).toBe(first!.id);
    expect(canvasMove(page, text!.id, "End")).toBe(second!.columns[0]!.elements[0]!.id);
    // Sideways: an element to its neighbour column (here empty: the column itself), a column to its neighbour, none past the container's edge.
    expect(canvasMove(page, image!.id, "ArrowRight")).toBe(right!.id);
    expect(canvasMove(page, right!.id, "ArrowLeft")).toBe(left!.id);
    expect(canvasMove(page, left!.id, "ArrowLeft")).toBeNull();
    expect(canvasMove(page, first!.id, "ArrowRight")).toBeNull();
    expect(canvasMove(page, text!.id, "Enter")).toBeNull();
    expect(canvasMove(page, "gone00", "ArrowDown")).toBeNull();
  });

  it("keeps the place across columns: the element at the same index, else the column's last", () => {
    const page = tree(container("1-1-1", [[textElement(), textElement(), textElement()], [imageElement()], [textElement(), textElement()]]));
    const [left, middle, right] = page.containers[0]!.columns;
    expect(canvasMove(page, left!.elements[2]!.id, "ArrowRight")).toBe(middle!.elements[0]!.id);
    expect(canvasMove(page, left!.elements[1]!.id, "ArrowRight")).toBe(middle!.elements[0]!.id);
    expect(canvasMove(page, right!.elements[1]!.id, "ArrowLeft")).toBe(middle!.elements[0]!.id);
    expect(canvasMove(page, middle!.elements[0]!.id, "ArrowLeft")).toBe(left!.elements[0]!.id);
  });
});
