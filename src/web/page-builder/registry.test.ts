import { describe, expect, it } from "vitest";
import { ELEMENT_KINDS } from "#contract/page-builder/element-kinds.ts";
import { ELEMENT_TYPES, type ElementType } from "#contract/page-builder/tree.ts";
import { codeElement, imageElement, serviceCardElement, spacerElement, textElement, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { ELEMENT_EDITORS } from "./registry.ts";

const create = <T extends ElementType>(type: T) => ELEMENT_EDITORS[type].create("abc123");

describe("ELEMENT_EDITORS", () => {
  it("has an editor for every element type, with its type and the given id", () => {
    for (const type of ELEMENT_TYPES) {
      expect(ELEMENT_EDITORS[type].type).toBe(type);
      expect(create(type)).toMatchObject({ id: "abc123", type });
    }
  });

  it("creates elements the schema accepts, except those a dialog must fill first", () => {
    const accepted = ELEMENT_TYPES.filter((type) => ELEMENT_KINDS[type].schema.safeParse(create(type)).success);
    // A video without its source and a card without its title are refused: the editor opens their dialog at once.
    expect(accepted).toEqual(["text", "image", "code", "spacer"]);
  });

  it("sums each element up in a short line of words", () => {
    const summary = <T extends ElementType>(element: unknown, type: T) => ELEMENT_EDITORS[type].summary(element as never);
    expect(summary(textElement("<h2>服務說明</h2><p>專業&amp;清潔團隊，<strong>基隆</strong>在地服務超過二十年，值得信賴</p>"), "text")).toBe("服務說明 專業&清潔團隊，基隆在地服務超過二十年…");
    expect(summary(textElement("<p></p>"), "text")).toBe("（空白文字）");
    expect(summary(imageElement(undefined, "清潔後的客廳"), "image")).toBe("清潔後的客廳");
    expect(summary({ ...imageElement(), alt: "", decorative: true }, "image")).toBe("裝飾性圖片");
    expect(summary({ ...imageElement(), alt: "" }, "image")).toBe("圖片（缺少替代文字）");
    expect(summary(create("image"), "image")).toBe("圖片（尚未選擇）");
    expect(summary(youtubeElement("水塔清洗過程"), "video")).toBe("水塔清洗過程");
    expect(summary(youtubeElement(""), "video")).toBe("影片（缺少標題）");
    expect(summary(codeElement(), "code")).toBe("程式碼片段");
    expect(summary({ ...codeElement(), title: "公司位置地圖" }, "code")).toBe("程式碼片段：公司位置地圖");
    expect(summary(spacerElement(40), "spacer")).toBe("間距 40px");
    expect(summary(serviceCardElement("居家清潔"), "serviceCard")).toBe("居家清潔");
    expect(summary(create("serviceCard"), "serviceCard")).toBe("服務卡片（缺少標題）");
  });
});
