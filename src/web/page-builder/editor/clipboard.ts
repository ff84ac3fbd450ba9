// Copy and paste of an element or a container, also between pages and tabs:
// the copy is JSON in localStorage (one origin shares it), checked by the
// contract's schema when pasted, since another tab, an older version of the
// editor or a person with the developer tools may have written it. The paste
// gives every node new ids (tree-edits pasteElement / pasteContainer).
import { z } from "zod";
import { containerSchema, elementSchema, type BuilderContainer, type BuilderElement } from "#contract/page-builder/tree.ts";

export const CLIPBOARD_KEY = "pb-clipboard";
const FORMAT = "page-builder-clipboard";

export type ClipboardContent = { kind: "element"; element: BuilderElement } | { kind: "container"; container: BuilderContainer };
export type ClipboardKind = ClipboardContent["kind"];

type ClipboardStorage = Pick<Storage, "getItem" | "setItem">;

const storedSchema = z.discriminatedUnion("kind", [
  z.object({ format: z.literal(FORMAT), kind: z.literal("element"), element: elementSchema }),
  z.object({ format: z.literal(FORMAT), kind: z.literal("container"), container: containerSchema }),
]);

export const CLIPBOARD_EMPTY = "剪貼簿是空的：請先複製一個元素或容器";
export const CLIPBOARD_UNREADABLE = "剪貼簿的內容無法貼上，請重新複製";

/** Keeps the copy for any page of this site; false when the browser refuses storage (private mode, full). */
export function writeClipboard(storage: ClipboardStorage, content: ClipboardContent): boolean {
  try {
    storage.setItem(CLIPBOARD_KEY, JSON.stringify({ format: FORMAT, ...content }));
    return true;
  } catch (error) {
    console.warn("無法寫入頁面編輯器的剪貼簿", error);
    return false;
  }
}

export function parseClipboard(raw: string | null): { ok: true; content: ClipboardContent } | { ok: false; message: string } {
  if (raw === null || raw === "") return { ok: false, message: CLIPBOARD_EMPTY };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, message: CLIPBOARD_UNREADABLE };
  }
  const checked = storedSchema.safeParse(parsed);
  if (!checked.success) return { ok: false, message: CLIPBOARD_UNREADABLE };
  const stored = checked.data;
  return { ok: true, content: stored.kind === "element" ? { kind: "element", element: stored.element } : { kind: "container", container: stored.container } };
}

export function readClipboard(storage: Pick<Storage, "getItem">): ReturnType<typeof parseClipboard> {
  try {
    return parseClipboard(storage.getItem(CLIPBOARD_KEY));
  } catch {
    return { ok: false, message: CLIPBOARD_UNREADABLE };
  }
}
