// Elements by the names people know them by: the type in words and what it
// holds (圖片：門面, 按鈕：立即預約（前往 冷氣清洗）), for the cards, the
// outline, the dialogs and announcements. A page an element links to is named
// by the page lists the editor has read (PageNamesContext), never by its address.
import { createContext, useContext } from "react";
import { elementLabel } from "#contract/page-builder/element-kinds.ts";
import type { BuilderElement, ElementType } from "#contract/page-builder/tree.ts";
import type { ElementEditorModule } from "#web/page-builder/element-editor.ts";
import { NO_PAGE_NAMES, type PageNames } from "#web/page-builder/elements/link-choices.ts";
import { ELEMENT_EDITORS } from "#web/page-builder/registry.ts";

/** The editor module of an element's type (the registry is keyed so that each type gets its own). */
export const editorOf = (type: ElementType) => ELEMENT_EDITORS[type] as unknown as ElementEditorModule<ElementType>;

/** The pages' names the editor has read; it changes once, when the lists arrive, so the cards re-render once for it. */
export const PageNamesContext = createContext<PageNames>(NO_PAGE_NAMES);

export const usePageNamesContext = () => useContext(PageNamesContext);

export const elementSummary = (element: BuilderElement, names: PageNames) => editorOf(element.type).summary(element, names).trim();

export function elementName(element: BuilderElement, names: PageNames): string {
  const summary = elementSummary(element, names);
  return summary ? `${elementLabel(element)}：${summary}` : elementLabel(element);
}
