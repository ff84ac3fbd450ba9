import { describe, expect, it } from "vitest";
import { container, imageElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { CLIPBOARD_EMPTY, CLIPBOARD_KEY, CLIPBOARD_UNREADABLE, readClipboard, writeClipboard } from "./clipboard.ts";
import { pasteContainer, pasteElement } from "./tree-edits.ts";
import { idsOf } from "./tree-lookup.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe("the page builder's clipboard", () => {
  it("gives back a copied element, which pastes into another page with a new id", () => {
    const storage = memoryStorage();
    const image = imageElement();
    expect(writeClipboard(storage, { kind: "element", element: image })).toBe(true);
    const read = readClipboard(storage);
    if (!read.ok || read.content.kind !== "element") throw new Error("expected an element");
    expect(read.content.element).toEqual(image);

    const otherPage = tree(container("1", [[textElement()]]));
    const edit = pasteElement(otherPage, read.content.element, otherPage.containers[0]!.columns[0]!.id, 1);
    if (!edit.ok) throw new Error(edit.message);
    const pasted = edit.tree.containers[0]!.columns[0]!.elements[1]!;
    expect(pasted.id).not.toBe(image.id);
    expect({ ...pasted, id: image.id }).toEqual(image);
  });

  it("gives back a copied container, pasted with new ids throughout", () => {
    const storage = memoryStorage();
    const copied = container("1-1", [[textElement()], [imageElement()]]);
    writeClipboard(storage, { kind: "container", container: copied });
    const read = readClipboard(storage);
    if (!read.ok || read.content.kind !== "container") throw new Error("expected a container");
    const page = tree(copied);
    const edit = pasteContainer(page, read.content.container, 1);
    if (!edit.ok) throw new Error(edit.message);
    expect(idsOf(edit.tree).size).toBe(idsOf(page).size * 2);
  });

  it("says the clipboard is empty, or unreadable when what is stored is not a valid copy", () => {
    const storage = memoryStorage();
    expect(readClipboard(storage)).toEqual({ ok: false, message: CLIPBOARD_EMPTY });
    for (const stored of ["not json", JSON.stringify({ kind: "element", element: textElement() }), JSON.stringify({ format: "page-builder-clipboard", kind: "element", element: { id: "x", type: "script" } })]) {
      storage.items.set(CLIPBOARD_KEY, stored);
      expect(readClipboard(storage)).toEqual({ ok: false, message: CLIPBOARD_UNREADABLE });
    }
  });

  it("answers false when the browser refuses to store the copy", () => {
    const refusing = { getItem: () => null, setItem: () => { throw new DOMException("full", "QuotaExceededError"); } };
    expect(writeClipboard(refusing, { kind: "element", element: textElement() })).toBe(false);
  });
});
