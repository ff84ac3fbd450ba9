import { describe, expect, it } from "vitest";
import { container, imageElement, spacerElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { FINDING_MESSAGES } from "#web/page-builder/findings/rules.ts";
import { findingsOf } from "#web/page-builder/findings/findings.ts";
import { findingLines, placeOfNode } from "./publish-findings.ts";

describe("the check before publishing, in words", () => {
  const picture = imageElement("/uploads/2026/01/0123456789abcdef.jpg", "");
  const built = tree(container("1", [[textElement()]]), container("1-1", [[spacerElement()], [textElement(), picture]]));

  it("names where an element is and what kind it is", () => {
    expect(placeOfNode(built, picture.id)).toBe("第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」");
    expect(placeOfNode(built, built.containers[0]!.id)).toBe("第 1 個容器");
    expect(placeOfNode(built, "gone")).toBeNull();
  });

  it("lists each finding with its place, and the width when a visitor meets it at one only", () => {
    const lines = findingLines(built, [
      { nodeId: picture.id, rule: "image-alt", message: "圖片缺少替代文字", widths: ["desktop", "mobile"] },
      { nodeId: picture.id, rule: "heading-order", message: "標題層級跳過了 H3", widths: ["mobile"] },
    ]);
    const place = "第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」";
    expect(lines).toEqual([`${place}：圖片缺少替代文字`, `${place}：標題層級跳過了 H3（只在手機版面）`]);
  });

  it("says the builder's own findings of a page: a picture without alt text at both widths", () => {
    expect(findingLines(built, findingsOf(built))).toContain(`第 2 個容器第 2 欄的第 2 個元素「圖片：圖片（缺少替代文字）」：${FINDING_MESSAGES.imageAlt}`);
  });
});
