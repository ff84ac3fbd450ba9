import { describe, expect, it } from "vitest";
import { SERVICE_ICONS } from "../../pages.ts";
import { SERVICE_CARD_ICON_SVG, SERVICE_CARD_ICONS } from "../icons.ts";
import { renderTree } from "../render.ts";
import { builderTreeSchema } from "../tree.ts";

const cardTree = (fields: Record<string, unknown>) =>
  builderTreeSchema.parse({
    containers: [
      {
        id: "box001",
        layout: "1",
        columns: [{ id: "col001", elements: [{ id: "card01", type: "serviceCard", icon: "star", iconColor: "#2563eb", backgroundColor: "#ffffff", title: "居家清潔", description: "到府服務", items: ["廚房"], ...fields }] }],
      },
    ],
  });
const cardOn = (backgroundColor: string) => renderTree(cardTree({ backgroundColor })).html;
const links = { tel: "tel:0224200000", line: "" };

describe("a service card's words", () => {
  // The site's dark scheme lightens the page's text: a white card must keep its own dark words.
  it("are dark on a light card and white on a dark one, whatever the page's scheme", () => {
    expect(cardOn("#ffffff")).toContain('style="background-color:#ffffff;color:#1f2937;--pb-card-muted:#4b5563"');
    expect(cardOn("#fef3c7")).toContain("color:#1f2937;");
    expect(cardOn("#1e3a8a")).toContain('style="background-color:#1e3a8a;color:#ffffff;--pb-card-muted:#e5e7eb"');
  });
});

describe("a service card's link or button", () => {
  it("is not there unless chosen", () => {
    expect(cardTree({}).containers[0]!.columns[0]!.elements[0]).toMatchObject({ action: { look: "none", text: "", target: { kind: "page", path: "" } } });
    expect(renderTree(cardTree({}), { links }).html).not.toContain("pb-card-action");
  });

  it("is an underlined link in the card's own words' colour, or a button in the theme's style, under its words", () => {
    const link = renderTree(cardTree({ action: { look: "link", text: "了解更多", target: { kind: "page", path: "/services/3" } } }), { links }).html;
    expect(link).toContain('<li>廚房</li></ul><p class="pb-card-action"><a class="pb-card-link" href="/services/3" data-pb-target="page">了解更多</a></p></div>');
    const button = renderTree(cardTree({ action: { look: "button", text: "立即來電", target: { kind: "phone" } } }), { links }).html;
    expect(button).toContain('<p class="pb-card-action"><a class="pb-button pb-button-primary" href="tel:0224200000" data-pb-target="phone">立即來電</a></p>');
  });

  it("is left out on a visitor's page without words or while its setting is empty", () => {
    expect(renderTree(cardTree({ action: { look: "link", text: "", target: { kind: "page", path: "/services" } } }), { links }).html).not.toContain("pb-card-action");
    expect(renderTree(cardTree({ action: { look: "button", text: "加 LINE", target: { kind: "line" } } }), { links }).html).not.toContain("pb-card-action");
  });

  it("refuses a bad target in words", () => {
    expect(() => cardTree({ action: { look: "link", text: "看看", target: { kind: "address", url: "javascript:alert(1)" } } })).toThrow("網址必須以 https://、mailto: 或 tel: 開頭");
    expect(() => cardTree({ action: { look: "banner" } })).toThrow("請選擇卡片下方要不要顯示連結");
  });
});

describe("a service card's icons", () => {
  it("are the spec's 14 and the services' 12, each drawn as SVG", () => {
    expect(SERVICE_CARD_ICONS).toHaveLength(26);
    expect(SERVICE_CARD_ICONS.slice(14)).toEqual([...SERVICE_ICONS]);
    for (const icon of SERVICE_CARD_ICONS) expect(SERVICE_CARD_ICON_SVG[icon], icon).toMatch(/^<(path|circle|rect|ellipse|line|polyline) /);
    expect(renderTree(cardTree({ icon: "Droplets" })).html).toContain('data-icon="Droplets"');
  });
});
