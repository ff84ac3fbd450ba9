import { describe, expect, it } from "vitest";
import { container, imageElement, spacerElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { columnEndId, dropTarget } from "./drag-drop.ts";
import { moveElement } from "./tree-edits.ts";

function sample() {
  const first = container("1-1", [[textElement("a"), imageElement(), spacerElement()], []]);
  const second = container("1", [[textElement("b")]]);
  return tree(first, second);
}

describe("where a drop puts an element or a container", () => {
  it("takes the place of the element dropped on, in its own column as a sorted list does", () => {
    const page = sample();
    const [a, image, spacer] = page.containers[0]!.columns[0]!.elements;
    const target = dropTarget(page, a!.id, spacer!.id);
    expect(target).toEqual({ kind: "element", elementId: a!.id, target: { columnId: page.containers[0]!.columns[0]!.id, index: 2 } });
    if (target?.kind !== "element") throw new Error("expected an element drop");
    const moved = moveElement(page, a!.id, target.target);
    expect(moved.ok && moved.tree.containers[0]!.columns[0]!.elements.map((element) => element.id)).toEqual([image!.id, spacer!.id, a!.id]);
  });

  it("goes before the element dropped on in another column, or last on a column's end", () => {
    const page = sample();
    const image = page.containers[0]!.columns[0]!.elements[1]!;
    const b = page.containers[1]!.columns[0]!.elements[0]!;
    expect(dropTarget(page, image.id, b.id)).toMatchObject({ target: { columnId: page.containers[1]!.columns[0]!.id, index: 0 } });
    expect(dropTarget(page, image.id, columnEndId(page.containers[1]!.columns[0]!.id))).toMatchObject({ target: { index: 1 } });
    expect(dropTarget(page, image.id, columnEndId(page.containers[0]!.columns[1]!.id))).toMatchObject({ target: { index: 0 } });
    expect(dropTarget(page, image.id, columnEndId(page.containers[0]!.columns[0]!.id))).toMatchObject({ target: { index: 2 } });
  });

  it("is nothing when the element would stay where it is or the drop mixes kinds", () => {
    const page = sample();
    const spacer = page.containers[0]!.columns[0]!.elements[2]!;
    expect(dropTarget(page, spacer.id, spacer.id)).toBeNull();
    expect(dropTarget(page, spacer.id, columnEndId(page.containers[0]!.columns[0]!.id))).toBeNull();
    expect(dropTarget(page, spacer.id, page.containers[1]!.id)).toBeNull();
    expect(dropTarget(page, page.containers[0]!.id, spacer.id)).toBeNull();
  });

  it("puts a container at the place of the one dropped on", () => {
    const page = sample();
    expect(dropTarget(page, page.containers[0]!.id, page.containers[1]!.id)).toEqual({ kind: "container", containerId: page.containers[0]!.id, index: 1 });
  });
});
