// Elements by the names people know them by: the type in words and what it
// holds (圖片：門面), for the cards, the outline, the dialogs and announcements.
import { elementLabel } from "#contract/page-builder/element-kinds.ts";
import type { BuilderElement, ElementType } from "#contract/page-builder/tree.ts";
import type { ElementEditorModule } from "#web/page-builder/element-editor.ts";
import { ELEMENT_EDITORS } from "#web/page-builder/registry.ts";

/** The editor module of an element's type (the registry is keyed so that each type gets its own). */
export const editorOf = (type: ElementType) => ELEMENT_EDITORS[type] as unknown as ElementEditorModule<ElementType>;

export const elementSummary = (element: BuilderElement) => editorOf(element.type).summary(element).trim();

export function elementName(element: BuilderElement): string {
  const summary = elementSummary(element);
  return summary ? `${elementLabel(element)}：${summary}` : elementLabel(element);
}
