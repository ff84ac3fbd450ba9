import { describe, expect, it } from "vitest";
import { container, imageElement, spacerElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { CONTAINER_LIST, containerTarget, elementTarget, insertionPoint, landingLine, nextContainerIndex, nextElementPlace, type DragOrigin } from "./drop-places.ts";
import { moveElement } from "./tree-edits.ts";

function sample() {
  const first = container("1-1", [[textElement("a"), imageElement(), spacerElement()], [textElement("c")]]);
  const second = container("1", [[textElement("b")]]);
  const third = container("1-1-1", [[], [], []]);
  return tree(first, second, third);
}

const origin = (page: ReturnType<typeof sample>, container: number, column: number, index: number): Extract<DragOrigin, { kind: "element" }> => {
  const columnId = page.containers[container]!.columns[column]!.id;
  return { kind: "element", id: page.containers[container]!.columns[column]!.elements[index]!.id, columnId, index };
};

describe("the place under the pointer", () => {
  it("is the number of cards whose middle is above it", () => {
    expect(insertionPoint([50, 150, 250], 10)).toBe(0);
    expect(insertionPoint([50, 150, 250], 151)).toBe(2);
    expect(insertionPoint([50, 150, 250], 900)).toBe(3);
    expect(insertionPoint([], 900)).toBe(0);
  });

  it("becomes the element's index once moved: one less below itself in its own column, nothing next to itself", () => {
    const page = sample();
    const a = origin(page, 0, 0, 0);
    const own = a.columnId;
    expect(elementTarget(a, own, 0)).toBeNull();
    expect(elementTarget(a, own, 1)).toBeNull();
    const target = elementTarget(a, own, 3);
    expect(target).toEqual({ kind: "element", elementId: a.id, target: { columnId: own, index: 2 } });
    if (target?.kind !== "element") throw new Error("expected an element drop");
    const moved = moveElement(page, a.id, target.target);
    const [, image, spacer] = page.containers[0]!.columns[0]!.elements;
    expect(moved.ok && moved.tree.containers[0]!.columns[0]!.elements.map((element) => element.id)).toEqual([image!.id, spacer!.id, a.id]);
    const other = page.containers[0]!.columns[1]!.id;
    expect(elementTarget(a, other, 1)).toEqual({ kind: "element", elementId: a.id, target: { columnId: other, index: 1 } });
  });

  it("is a container's place when over another container, nothing over itself", () => {
    const origin: DragOrigin = { kind: "container", id: "box", index: 1 };
    expect(containerTarget(origin, 1)).toBeNull();
    expect(containerTarget(origin, 0)).toEqual({ kind: "container", containerId: "box", index: 0 });
  });
});

describe("the landing line", () => {
  it("goes before the card the element would come before, or after the column's last", () => {
    const page = sample();
    const image = origin(page, 0, 0, 1);
    expect(landingLine(image, { kind: "element", elementId: image.id, target: { columnId: image.columnId, index: 0 } })).toEqual({ list: image.columnId, point: 0 });
    expect(landingLine(image, { kind: "element", elementId: image.id, target: { columnId: image.columnId, index: 2 } })).toEqual({ list: image.columnId, point: 3 });
    const other = page.containers[0]!.columns[1]!.id;
    expect(landingLine(image, { kind: "element", elementId: image.id, target: { columnId: other, index: 1 } })).toEqual({ list: other, point: 1 });
  });

  it("goes between containers, after the one dropped on when coming from above", () => {
    const origin: DragOrigin = { kind: "container", id: "box", index: 1 };
    expect(landingLine(origin, { kind: "container", containerId: "box", index: 0 })).toEqual({ list: CONTAINER_LIST, point: 0 });
    expect(landingLine(origin, { kind: "container", containerId: "box", index: 2 })).toEqual({ list: CONTAINER_LIST, point: 3 });
  });
});

describe("the keyboard's next place", () => {
  it("steps through its own column, then on into the column below or above", () => {
    const page = sample();
    const image = origin(page, 0, 0, 1);
    const own = image.columnId;
    const below = page.containers[1]!.columns[0]!.id;
    expect(nextElementPlace(page, image, null, "up")).toEqual({ columnId: own, index: 0 });
    expect(nextElementPlace(page, image, null, "down")).toEqual({ columnId: own, index: 2 });
    expect(nextElementPlace(page, image, { columnId: own, index: 2 }, "down")).toEqual({ columnId: below, index: 0 });
    expect(nextElementPlace(page, image, { columnId: below, index: 0 }, "down")).toEqual({ columnId: below, index: 1 });
    expect(nextElementPlace(page, image, { columnId: below, index: 0 }, "up")).toEqual({ columnId: own, index: 2 });
    expect(nextElementPlace(page, image, { columnId: own, index: 0 }, "up")).toBeNull();
  });

  it("goes into the column at the same position below, or the last one there is", () => {
    const page = sample();
    const c = origin(page, 0, 1, 0);
    const single = page.containers[1]!.columns[0]!.id;
    expect(nextElementPlace(page, c, null, "down")).toEqual({ columnId: single, index: 0 });
    const last = page.containers[2]!.columns[0]!.id;
    expect(nextElementPlace(page, c, { columnId: single, index: 1 }, "down")).toEqual({ columnId: last, index: 0 });
    expect(nextElementPlace(page, c, { columnId: last, index: 0 }, "down")).toBeNull();
  });

  it("goes to the neighbouring column of the container at the same index or its end, and no further", () => {
    const page = sample();
    const spacer = origin(page, 0, 0, 2);
    const right = page.containers[0]!.columns[1]!.id;
    expect(nextElementPlace(page, spacer, null, "right")).toEqual({ columnId: right, index: 1 });
    expect(nextElementPlace(page, spacer, { columnId: right, index: 1 }, "right")).toBeNull();
    expect(nextElementPlace(page, spacer, { columnId: right, index: 0 }, "left")).toEqual({ columnId: spacer.columnId, index: 0 });
    expect(nextElementPlace(page, spacer, null, "left")).toBeNull();
  });

  it("moves a container one place up or down while there is one", () => {
    expect(nextContainerIndex(3, 1, "up")).toBe(0);
    expect(nextContainerIndex(3, 2, "down")).toBeNull();
    expect(nextContainerIndex(3, 1, "right")).toBeNull();
  });
});
