import { describe, expect, it } from "vitest";
import { arrangedChoices, cardsOf, choicesOf, isChoiceList, overridesOf, sourceOfEntry, type ServiceCardSource } from "./service-cards.ts";

const source = (id: number, fields: Partial<ServiceCardSource> = {}): ServiceCardSource => ({
  id,
  key: `service_${id}`,
  name: `服務${id}`,
  description: `說明${id}`,
  features: ["特色"],
  main_image: "",
  price: null,
  price_unit: "次",
  category_name: "",
  is_active: 1,
  icon: "Sparkles",
  iconBg: "bg-primary-100",
  iconColor: "text-primary-600",
  ...fields,
});
const sources = [source(1, { key: "water_tank_service" }), source(2), source(3, { is_active: 0 }), source(4)];

describe("a page's cards from its choice of services", () => {
  it("shows the chosen services in the page's order, then services it has not seen, skipping hidden and switched-off ones", () => {
    const cards = cardsOf(sources, [{ service_id: 4 }, { service_id: 2, hidden: true }, { service_id: 3 }, { service_id: 99 }]);
    expect(cards.map((card) => [card.id, card.order])).toEqual([
      [4, 1],
      [1, 2],
    ]);
    expect(arrangedChoices(sources, [{ service_id: 4 }]).map((choice) => choice.service_id)).toEqual([4, 1, 2, 3]);
  });

  it("puts a choice's overrides over the service's own fields; price and features stay the service's", () => {
    const [card] = cardsOf([source(1, { price: 1200 })], [{ service_id: 1, title: "卡片標題", description: "短文", icon: "Gem", badge: "熱門" }]);
    expect(card).toMatchObject({ id: 1, key: "service_1", title: "卡片標題", description: "短文", icon: "Gem", badge: "熱門", price: 1200, features: ["特色"], button: { text: "", link: "" } });
  });

  it("keeps only what an entry says differently, and finds a spec entry's service by id, key, then title", () => {
    const water = sources[0]!;
    expect(overridesOf({ title: water.name, description: "另寫的", icon: "Sparkles", badge: " ", button: { text: "", link: "" } }, water)).toEqual({ description: "另寫的" });
    expect(sourceOfEntry({ id: 2 }, sources)?.id).toBe(2);
    expect(sourceOfEntry({ key: "water_tank_service" }, sources)?.id).toBe(1);
    expect(sourceOfEntry({ title: "服務4" }, sources)?.id).toBe(4);
    expect(sourceOfEntry({ key: "nothing", title: "沒有" }, sources)).toBeUndefined();
  });

  it("reads a stored choice list, dropping entries that name no service and repeats", () => {
    expect(isChoiceList([{ service_id: 1 }])).toBe(true);
    expect(isChoiceList([{ key: "x" }])).toBe(false);
    expect(choicesOf([{ service_id: 1, hidden: true, title: " 標題 ", extra: 1 }, { service_id: 1 }, { title: "x" }, "y"])).toEqual([{ service_id: 1, hidden: true, title: "標題" }]);
  });
});
