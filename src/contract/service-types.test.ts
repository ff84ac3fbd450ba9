import { describe, expect, it } from "vitest";
import { sortServiceTypes } from "./service-types.ts";

describe("the service-type list's order (001 §9)", () => {
  it("put automatic types first by their order, then manual ones by name in Traditional Chinese collation", () => {
    const manual = ["石材", "冷氣", "地毯"].map((label) => ({ label, is_auto: false, sort_order: 0 }));
    const automatic = [
      { label: "水塔清洗", is_auto: true, sort_order: 2 },
      { label: "地板清潔", is_auto: true, sort_order: 1 },
    ];
    const sorted = sortServiceTypes([...manual, ...automatic]).map((type) => type.label);
    const collator = new Intl.Collator("zh-Hant-TW");
    expect(sorted).toEqual(["地板清潔", "水塔清洗", ...["石材", "冷氣", "地毯"].sort(collator.compare)]);
  });
});
