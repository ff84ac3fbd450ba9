import { describe, expect, it } from "vitest";
import type { Page } from "#contract/pages.ts";
import { buttonElement, container, imageElement, spacerElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { FINDING_MESSAGES } from "#web/page-builder/findings/rules.ts";
import { findingsOf } from "#web/page-builder/findings/findings.ts";
import { NO_PAGE_NAMES, pageNamesOf } from "#web/page-builder/elements/link-choices.ts";
import { findingItems, findingLines, findingOfAnswer, placeOfNode } from "./publish-findings.ts";

describe("the check before publishing, in words", () => {
  const picture = imageElement("/uploads/2026/01/0123456789abcdef.jpg", "");
  const built = tree(container("1", [[textElement()]]), container("1-1", [[spacerElement()], [textElement(), picture]]));

  it("names where an element is and what kind it is", () => {
    expect(placeOfNode(built, picture.id, NO_PAGE_NAMES)).toBe("第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」");
    expect(placeOfNode(built, built.containers[0]!.id, NO_PAGE_NAMES)).toBe("第 1 個容器");
    expect(placeOfNode(built, "gone", NO_PAGE_NAMES)).toBeNull();
  });

  it("names the page a button goes to by the page's title, as the builder's outline does", () => {
    const button = buttonElement("看看活動", { kind: "page", path: "/spring-deal" });
    const withButton = tree(container("1", [[button]]));
    const names = pageNamesOf([], [{ id: 7, page_key: "spring-deal", title: "春季優惠", is_active: 1 } as Page]);
    expect(placeOfNode(withButton, button.id, names)).toBe("第 1 個容器第 1 欄的第 1 個元素「按鈕：看看活動（前往 春季優惠）」");
  });

  it("lists each finding with its place, and the width when a visitor meets it at one only", () => {
    const lines = findingLines(built, [
      { nodeId: picture.id, editId: picture.id, rule: "image-alt", message: "圖片缺少替代文字", widths: ["desktop", "mobile"] },
      { nodeId: picture.id, editId: picture.id, rule: "heading-order", message: "標題層級跳過了 H3", widths: ["mobile"] },
    ], NO_PAGE_NAMES);
    const place = "第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」";
    expect(lines).toEqual([`${place}：圖片缺少替代文字`, `${place}：標題層級跳過了 H3（只在手機版面）`]);
  });

  it("says the builder's own findings of a page: a picture without alt text at both widths", () => {
    expect(findingLines(built, findingsOf(built), NO_PAGE_NAMES)).toContain(`第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」：${FINDING_MESSAGES.imageAlt}`);
  });

  it("gives each finding its 前往修改, named by its place, answered with its place in the list", () => {
    const found = findingsOf(built);
    const items = findingItems(built, found, NO_PAGE_NAMES);
    expect(items).toEqual([
      {
        text: `第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」：${FINDING_MESSAGES.imageAlt}`,
        choice: { value: "fix:0", label: "前往修改", name: "前往修改：第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」" },
      },
    ]);
    expect(findingOfAnswer("fix:0", found)).toBe(found[0]);
    expect(findingOfAnswer("fix:7", found)).toBeNull();
    expect(findingOfAnswer("back", found)).toBeNull();
    expect(findingOfAnswer(null, found)).toBeNull();
  });
});
