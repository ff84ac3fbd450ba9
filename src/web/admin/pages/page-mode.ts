// How the about page and free pages are edited (002 §2.7, §3): 視覺編輯 (the
// page builder's tree), 富文字 or its HTML source. A page opens in the builder
// when it was saved by it (or holds an older page's builder markup), else in
// rich text. Rich text → builder parses the HTML into a tree (what the parser
// does not know is kept as code elements, counted so the editor can say so);
// builder → rich text keeps the generated HTML, its layout flattened.
import { builderContentText, builderTreeOf, parseBuilderContent } from "#contract/page-builder/content.ts";
import { hasLegacyBuilderMarkup, LEGACY_NOTE } from "#contract/page-builder/legacy-html.ts";
import { elementsOf, renderTree } from "#contract/page-builder/render.ts";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { isFreePageKey } from "#contract/pages.ts";

export type EditingMode = "builder" | "richText" | "source";

export const EDITING_MODE_LABELS: Record<EditingMode, string> = { builder: "視覺編輯", richText: "富文字", source: "HTML 原始碼" };

/** The pages the builder edits: the about page and every free page (the two JSON pages keep their own editors). */
export const canUseBuilder = (pageKey: string) => pageKey === "about_company" || isFreePageKey(pageKey);

/** True when stored content opens in the builder: a builder save, or an older page built with containers. */
export const opensInBuilder = (content: string) => parseBuilderContent(content) !== null || hasLegacyBuilderMarkup(content);

/** A tree as stored content: the tree and its generated HTML (the server checks the tree and generates the HTML again). */
export const builderContentOf = (tree: BuilderTree) => builderContentText({ builder: tree, html: renderTree(tree).html });

/** Rich text into the builder: the tree, and how many pieces the parser kept as code because it did not know them. */
export function treeFromRichText(html: string): { tree: BuilderTree; keptAsCode: number } {
  const tree = builderTreeOf(html);
  const keptAsCode = elementsOf(tree).filter((element) => element.type === "code" && element.note === LEGACY_NOTE).length;
  return { tree, keptAsCode };
}

/** The builder's page as rich text: its generated HTML (the columns and cards become plain text blocks). */
export const richTextOfTree = (tree: BuilderTree) => renderTree(tree).html;

export const TO_RICH_TEXT_WARNING =
  "改用富文字後，版面會變成一般的富文字：欄位不再並排、手機上的排列設定不再套用，服務卡片、影片與程式碼區塊也可能無法完整保留。之後可以再切換回視覺編輯，但原本的版面不會恢復。";

/** What the editor says when the page comes back to 視覺編輯 untouched in rich text: its own tree, not a parse. */
export const BACK_TO_BUILDER = "已切換回視覺編輯，版面維持原樣";

/** What the editor says after parsing rich text into a tree. */
export function parsedNotice(keptAsCode: number): string {
  return keptAsCode > 0 ? `已轉換為視覺編輯。有 ${keptAsCode} 段無法辨識的內容原樣保留為程式碼區塊，請檢查後再發布。` : "已轉換為視覺編輯";
}
