import { describe, expect, it } from "vitest";
import { ELEMENT_KINDS } from "#contract/page-builder/element-kinds.ts";
import { ELEMENT_TYPES, type ElementType } from "#contract/page-builder/tree.ts";
import type { ServiceCardSource } from "#contract/service-cards.ts";
import { buttonElement, codeElement, imageElement, serviceCardElement, spacerElement, textElement, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { pageNamesOf } from "./elements/link-choices.ts";
import { ELEMENT_EDITORS } from "./registry.ts";

// The page lists' names, as the editor reads them: a button to a service's page is summed up by the service's name.
const airConditioner: ServiceCardSource = { id: 3, key: "aircon", name: "冷氣清洗", description: "", features: [], main_image: "", price: null, price_unit: "次", category_name: "", is_active: 1, icon: "Wind", iconBg: "", iconColor: "" };
const names = pageNamesOf([airConditioner], []);

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
    // A button without words is kept (a draft keeps what it has; the findings name it), but its dialog asks for them.
    expect(accepted).toEqual(["text", "image", "code", "spacer", "button"]);
  });

  it("sums each element up in a short line of words", () => {
    const summary = <T extends ElementType>(element: unknown, type: T) => ELEMENT_EDITORS[type].summary(element as never, names);
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
    expect(summary(buttonElement("立即預約", { kind: "contact", service: "居家清潔" }), "button")).toBe("立即預約（聯絡我們：居家清潔）");
    expect(summary(buttonElement("來電", { kind: "phone" }), "button")).toBe("來電（撥打電話）");
    expect(summary(buttonElement("看看案例", { kind: "page", path: "/portfolio" }), "button")).toBe("看看案例（前往 清潔案例）");
    expect(summary(buttonElement("了解冷氣清洗", { kind: "page", path: "/services/3" }), "button")).toBe("了解冷氣清洗（前往 冷氣清洗）");
    expect(summary(buttonElement("寫信", { kind: "address", url: "" }), "button")).toBe("寫信（尚未輸入網址）");
    expect(summary(create("button"), "button")).toBe("按鈕（缺少文字）");
  });
});
