// The check before a built page is published (issue 24), in words: each
// finding with where its element is and the element's name (its kind and what
// it holds, as the builder's outline says it), so the list in the publish
// dialog can be followed back to the page, and its 前往修改 (decision 041).
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { elementName } from "#web/page-builder/editor/node-names.ts";
import type { PageNames } from "#web/page-builder/elements/link-choices.ts";
import { columnWords, containerWords } from "#web/page-builder/editor/place-words.ts";
import type { Finding } from "#web/page-builder/findings/findings.ts";
import type { ChoiceItem } from "./choice-dialog.tsx";

const WIDTH_NAMES = { desktop: "桌面", mobile: "手機" } as const;

/** Where a node is and what it is: 第 2 個容器第 1 欄的第 3 個元素「圖片：門面」; null when the tree no longer has it. */
export function placeOfNode(tree: BuilderTree, nodeId: string, pageNames: PageNames): string | null {
  for (const [c, container] of tree.containers.entries()) {
    if (container.id === nodeId) return containerWords(c);
    for (const [k, column] of container.columns.entries()) {
      const e = column.elements.findIndex((element) => element.id === nodeId);
      if (e >= 0) return `${columnWords(c, k)}的第 ${e + 1} 個元素「${elementName(column.elements[e]!, pageNames)}」`;
    }
  }
  return null;
}

/** One line per finding: where, what, and the width when a visitor meets it at one width only. */
export function findingLines(tree: BuilderTree, findings: readonly Finding[], pageNames: PageNames): string[] {
  return findings.map((finding) => {
    const place = placeOfNode(tree, finding.nodeId, pageNames) ?? "頁面";
    const only = finding.widths.length === 1 ? `（只在${WIDTH_NAMES[finding.widths[0]!]}版面）` : "";
    return `${place}：${finding.message}${only}`;
  });
}

/** The publish dialog's answer that goes to a finding: `fix:` and its place in the list. */
export type FixAnswer = `fix:${number}`;

/** The findings as the publish dialog lists them, each with 前往修改 (answered as `fix:<index>`). */
export function findingItems(tree: BuilderTree, findings: readonly Finding[], pageNames: PageNames): Array<ChoiceItem<FixAnswer>> {
  return findingLines(tree, findings, pageNames).map((text, index) => ({
    text,
    choice: { value: `fix:${index}`, label: "前往修改", name: `前往修改：${placeOfNode(tree, findings[index]!.nodeId, pageNames) ?? "頁面"}` },
  }));
}

/** The finding a `fix:` answer names, or null for any other answer. */
export function findingOfAnswer(answer: string | null, findings: readonly Finding[]): Finding | null {
  const match = answer ? /^fix:(\d+)$/.exec(answer) : null;
  return match ? (findings[Number(match[1])] ?? null) : null;
}

export const FINDINGS_QUESTION = "發布前的檢查發現下列問題，可能讓部分訪客（例如使用螢幕閱讀器的人）或搜尋引擎無法完整理解這個頁面。可以按「前往修改」直接打開要修改的地方，或返回修改、仍要發布。";
