import { describe, expect, it } from "vitest";
import { builderTreeSchema, BUILDER_LIMITS, type BuilderTree } from "#contract/page-builder/tree.ts";
import { container, imageElement, serviceCardElement, spacerElement, textElement, tree as treeOf } from "#tests/factories/page-builder.factory.ts";
import {
  addContainer,
  addElement,
  changeLayout,
  duplicate,
  LIMIT_MESSAGES,
  moveContainer,
  moveElement,
  pasteContainer,
  remove,
  setContainerBackground,
  setMobileRules,
  stepContainer,
  stepElement,
  updateElement,
  type Edit,
} from "./tree-edits.ts";
import { idsOf, locate } from "./tree-lookup.ts";

function applied(edit: Edit): BuilderTree {
  if (!edit.ok) throw new Error(`refused: ${edit.message}`);
  expect(builderTreeSchema.safeParse(edit.tree).success).toBe(true);
  return edit.tree;
}

const refusal = (edit: Edit) => (edit.ok ? null : edit.message);

/** Three containers: [text, image] | [card] ; [spacer] ; [text] | [] | []. */
function sample() {
  const a = container("1-1", [[textElement(), imageElement()], [serviceCardElement()]]);
  const b = container("1", [[spacerElement()]]);
  const c = container("1-1-1", [[textElement("<p>c</p>")], [], []]);
  return treeOf(a, b, c);
}

const elementIds = (tree: BuilderTree, c: number, k: number) => tree.containers[c]!.columns[k]!.elements.map((element) => element.id);

describe("moving elements", () => {
  it("moves an element into another container's column and keeps the untouched container's identity", () => {
    const before = sample();
    const image = before.containers[0]!.columns[0]!.elements[1]!;
    const after = applied(moveElement(before, image.id, { columnId: before.containers[2]!.columns[1]!.id, index: 0 }));
    expect(elementIds(after, 0, 0)).toEqual([before.containers[0]!.columns[0]!.elements[0]!.id]);
    expect(elementIds(after, 2, 1)).toEqual([image.id]);
    // The one element moved is the same object; everything it did not touch is too.
    expect(after.containers[2]!.columns[1]!.elements[0]).toBe(image);
    expect(after.containers[1]).toBe(before.containers[1]);
    expect(after.containers[0]!.columns[1]).toBe(before.containers[0]!.columns[1]);
    expect(after.containers[2]!.columns[0]).toBe(before.containers[2]!.columns[0]);
    expect(after.containers[0]!.columns[0]!.elements[0]).toBe(before.containers[0]!.columns[0]!.elements[0]);
  });

  it("moves within a column to the place given after it left", () => {
    const before = treeOf(container("1", [[textElement("1"), textElement("2"), textElement("3")]]));
    const [one, two, three] = elementIds(before, 0, 0);
    const column = before.containers[0]!.columns[0]!.id;
    expect(elementIds(applied(moveElement(before, one!, { columnId: column, index: 2 })), 0, 0)).toEqual([two, three, one]);
    expect(elementIds(applied(moveElement(before, three!, { columnId: column, index: 0 })), 0, 0)).toEqual([three, one, two]);
  });

  it("answers the same tree when the element stays where it is", () => {
    const before = sample();
    const text = before.containers[0]!.columns[0]!.elements[0]!;
    const edit = moveElement(before, text.id, { columnId: before.containers[0]!.columns[0]!.id, index: 0 });
    expect(edit.ok && edit.tree).toBe(before);
  });

  it("steps up and down within its column", () => {
    const before = sample();
    const [text, image] = elementIds(before, 0, 0);
    expect(elementIds(applied(stepElement(before, image!, -1)), 0, 0)).toEqual([image, text]);
    expect(elementIds(applied(stepElement(before, text!, 1)), 0, 0)).toEqual([image, text]);
  });

  it("steps on across columns and containers in reading order, through empty columns, and refuses only at the page's ends", () => {
    const before = sample();
    const [text, image] = elementIds(before, 0, 0);
    const [card] = elementIds(before, 0, 1);
    const [spacer] = elementIds(before, 1, 0);
    // Down from a column's last place: the first place of the next column, of its container or the next one.
    const intoNextColumn = applied(stepElement(before, image!, 1));
    expect(elementIds(intoNextColumn, 0, 0)).toEqual([text]);
    expect(elementIds(intoNextColumn, 0, 1)).toEqual([image, card]);
    expect(elementIds(applied(stepElement(before, card!, 1)), 1, 0)).toEqual([card, spacer]);
    // Up from a column's first place: after the last element of the column before, of its container or the one before.
    expect(elementIds(applied(stepElement(before, card!, -1)), 0, 0)).toEqual([text, image, card]);
    expect(elementIds(applied(stepElement(before, spacer!, -1)), 0, 1)).toEqual([card, spacer]);
    // The last container's two empty columns are places of their own on the way down, and the page's last place refuses.
    let walked = before;
    const [last] = elementIds(before, 2, 0);
    for (const column of [1, 2]) {
      walked = applied(stepElement(walked, last!, 1));
      expect(elementIds(walked, 2, column)).toEqual([last]);
    }
    expect(refusal(stepElement(walked, last!, 1))).toBe("已經是頁面最後面的元素");
    expect(refusal(stepElement(before, text!, -1))).toBe("已經是頁面最前面的元素");
    // Each step is one edit that leaves the containers it did not touch as they were.
    expect(intoNextColumn.containers[1]).toBe(before.containers[1]);
    expect(intoNextColumn.containers[2]).toBe(before.containers[2]);
  });

  it("refuses a step into a full column", () => {
    const full = container("1", [Array.from({ length: BUILDER_LIMITS.elementsPerColumn }, () => spacerElement())]);
    const before = treeOf(container("1", [[textElement()]]), full);
    expect(refusal(stepElement(before, elementIds(before, 0, 0)[0]!, 1))).toBe(LIMIT_MESSAGES.elementsPerColumn);
  });

  it("refuses a move into a full column", () => {
    const full = container("1", [Array.from({ length: BUILDER_LIMITS.elementsPerColumn }, () => spacerElement())]);
    const other = container("1", [[textElement()]]);
    const before = treeOf(full, other);
    const edit = moveElement(before, elementIds(before, 1, 0)[0]!, { columnId: full.columns[0]!.id, index: 0 });
    expect(refusal(edit)).toBe(LIMIT_MESSAGES.elementsPerColumn);
  });
});

describe("moving containers", () => {
  it("moves a container to a place and steps it, keeping every container object", () => {
    const before = sample();
    const [a, b, c] = before.containers;
    expect(applied(moveContainer(before, a!.id, 2)).containers).toEqual([b, c, a]);
    const stepped = applied(stepContainer(before, c!.id, -1)).containers;
    expect(stepped[0]).toBe(a);
    expect(stepped[1]).toBe(c);
    expect(stepped[2]).toBe(b);
    expect(refusal(stepContainer(before, a!.id, -1))).toBe("已經是第一個容器");
    expect(refusal(stepContainer(before, c!.id, 1))).toBe("已經是最後一個容器");
  });
});

describe("changing a container's layout", () => {
  it("pours the dropped columns' elements into the last kept column and prunes the hidden list", () => {
    const three = container("1-1-1", [[textElement("a")], [imageElement()], [spacerElement(), textElement("d")]]);
    three.mobile.hidden = [three.columns[0]!.id, three.columns[2]!.id];
    const before = treeOf(three);
    const edit = changeLayout(before, three.id, "2-1");
    const after = applied(edit);
    const changed = after.containers[0]!;
    expect(edit.ok && edit.moved).toBe(2);
    expect(changed.layout).toBe("2-1");
    expect(changed.columns.map((column) => column.id)).toEqual([three.columns[0]!.id, three.columns[1]!.id]);
    expect(elementIds(after, 0, 1)).toEqual([...three.columns[1]!.elements, ...three.columns[2]!.elements].map((element) => element.id));
    expect(changed.mobile.hidden).toEqual([three.columns[0]!.id]);
    expect(changed.columns[0]).toBe(three.columns[0]);
  });

  it("adds empty columns for a wider layout and keeps the existing ones", () => {
    const before = treeOf(container("1", [[textElement()]]));
    const after = applied(changeLayout(before, before.containers[0]!.id, "1-2-1"));
    expect(after.containers[0]!.columns).toHaveLength(3);
    expect(after.containers[0]!.columns[0]).toBe(before.containers[0]!.columns[0]);
    expect(after.containers[0]!.columns.slice(1).every((column) => column.elements.length === 0)).toBe(true);
  });

  it("refuses when the last column would overflow", () => {
    const half = BUILDER_LIMITS.elementsPerColumn / 2 + 1;
    const spacers = () => Array.from({ length: half }, () => spacerElement());
    const before = treeOf(container("1-1", [spacers(), spacers()]));
    expect(refusal(changeLayout(before, before.containers[0]!.id, "1"))).toBe(LIMIT_MESSAGES.elementsPerColumn);
  });
});

describe("adding, duplicating and removing", () => {
  it("adds a container with the layout's columns at the place asked", () => {
    const before = sample();
    const edit = addContainer(before, 1, "1-1-1-1");
    const after = applied(edit);
    expect(after.containers[1]!.id).toBe(edit.ok && edit.id);
    expect(after.containers[1]!.columns).toHaveLength(4);
    expect(after.containers[0]).toBe(before.containers[0]);
    expect(refusal(addContainer(before, 0, "9-9"))).toBe("請選擇欄位版面");
  });

  it("refuses a container beyond the limit", () => {
    const full = treeOf(...Array.from({ length: BUILDER_LIMITS.containers }, () => container("1", [[]])));
    expect(refusal(addContainer(full, 0, "1"))).toBe(LIMIT_MESSAGES.containers);
  });

  it("adds an element and refuses beyond the page's limit", () => {
    const before = sample();
    const spacer = spacerElement();
    const after = applied(addElement(before, before.containers[2]!.columns[2]!.id, 0, spacer));
    expect(elementIds(after, 2, 2)).toEqual([spacer.id]);
    const perColumn = BUILDER_LIMITS.elementsPerColumn;
    const crowded = treeOf(...Array.from({ length: BUILDER_LIMITS.elements / perColumn }, () => container("1", [Array.from({ length: perColumn }, () => spacerElement())])), container("1", [[]]));
    expect(refusal(addElement(crowded, crowded.containers.at(-1)!.columns[0]!.id, 0, spacerElement()))).toBe(LIMIT_MESSAGES.elements);
  });

  it("duplicates an element right after itself with a new id and the same fields", () => {
    const before = sample();
    const card = before.containers[0]!.columns[1]!.elements[0]!;
    const edit = duplicate(before, card.id);
    const after = applied(edit);
    const copy = after.containers[0]!.columns[1]!.elements[1]!;
    expect(copy.id).toBe(edit.ok && edit.id);
    expect(copy.id).not.toBe(card.id);
    expect({ ...copy, id: card.id }).toEqual(card);
  });

  it("duplicates a container deeply: every id new, the hidden column following its copy", () => {
    const original = container("1-1", [[textElement(), imageElement()], [serviceCardElement()]]);
    original.mobile.hidden = [original.columns[1]!.id];
    const before = treeOf(original);
    const after = applied(duplicate(before, original.id));
    const copy = after.containers[1]!;
    const oldIds = idsOf(before);
    expect(idsOf(treeOf(copy)).size).toBe(6);
    expect([...idsOf(treeOf(copy))].some((id) => oldIds.has(id))).toBe(false);
    expect(copy.mobile.hidden).toEqual([copy.columns[1]!.id]);
    expect(copy.columns[0]!.elements.map((element) => element.type)).toEqual(["text", "image"]);
    // The copy's fields are deep copies: changing one leaves the original alone.
    expect(copy.columns[1]!.elements[0]).not.toBe(original.columns[1]!.elements[0]);
  });

  it("refuses to paste a container whose elements would pass the page's limit", () => {
    const perColumn = BUILDER_LIMITS.elementsPerColumn;
    const crowded = treeOf(...Array.from({ length: BUILDER_LIMITS.elements / perColumn }, () => container("1", [Array.from({ length: perColumn }, () => spacerElement())])));
    expect(refusal(pasteContainer(crowded, container("1", [[textElement()]]), 0))).toBe(LIMIT_MESSAGES.elements);
  });

  it("removes an element or a whole container, and refuses a column", () => {
    const before = sample();
    const [text, image] = elementIds(before, 0, 0);
    expect(elementIds(applied(remove(before, text!)), 0, 0)).toEqual([image]);
    const withoutFirst = applied(remove(before, before.containers[0]!.id));
    expect(withoutFirst.containers).toEqual(before.containers.slice(1));
    expect(locate(withoutFirst, image!)).toBeNull();
    expect(refusal(remove(before, before.containers[0]!.columns[0]!.id))).toMatch(/變更版面/);
  });
});

describe("updating", () => {
  it("replaces an element by id and leaves its neighbours", () => {
    const before = sample();
    const image = before.containers[0]!.columns[0]!.elements[1]!;
    const after = applied(updateElement(before, { ...image, alt: "新的替代文字" } as typeof image));
    expect(after.containers[0]!.columns[0]!.elements[1]).toMatchObject({ alt: "新的替代文字" });
    expect(after.containers[0]!.columns[0]!.elements[0]).toBe(before.containers[0]!.columns[0]!.elements[0]);
    expect(after.containers[1]).toBe(before.containers[1]);
  });

  it("sets the mobile rules, keeping only this container's columns in the hidden list, in column order", () => {
    const before = sample();
    const target = before.containers[2]!;
    const [first, , third] = target.columns;
    const after = applied(setMobileRules(before, target.id, { order: "reverse", gap: "large", hidden: [third!.id, "zzzzzzzz", first!.id] }));
    expect(after.containers[2]!.mobile).toEqual({ order: "reverse", gap: "large", hidden: [first!.id, third!.id] });
  });

  it("sets a background colour or none, and refuses anything else", () => {
    const before = sample();
    const id = before.containers[1]!.id;
    const coloured = applied(setContainerBackground(before, id, "#fef3c7"));
    expect(coloured.containers[1]!.background).toBe("#fef3c7");
    expect(applied(setContainerBackground(coloured, id, "")).containers[1]!.background).toBe("");
    expect(refusal(setContainerBackground(before, id, "red"))).toMatch(/#RRGGBB/);
  });
});
