import { describe, expect, it } from "vitest";
import { homeContentOf, themeChanges } from "./theme-change.ts";

const service = { name: "清新潔淨", layout_type: "service", primary_color: "#0EA5E9", primary_hover: "#0284c7", secondary_color: "#64748b", accent_color: "#f59e0b", bg_primary: "#ffffff", text_primary: "#1f2937" };
const corporate = { ...service, name: "預設企業藍", layout_type: "corporate", primary_color: "#3b82f6", primary_hover: "#2563eb" };

describe("themeChanges", () => {
  it("names the colours that differ, the layout with its width, and says the home keeps its sections", () => {
    expect(themeChanges(service, corporate, { services: true, cta: true })).toEqual([
      "主要顏色：天藍色（#0ea5e9） → 藍色（#3b82f6）",
      "主要顏色（滑過）：天藍色（#0284c7） → 藍色（#2563eb）",
      "版面：服務型 → 企業型（內容寬度 1200 → 1280 px）",
      "首頁區塊不變：主視覺輪播、核心服務、聯絡資訊、行動呼籲（首頁服務內容的按鈕）",
    ]);
  });

  it("says which home sections appear and disappear", () => {
    expect(themeChanges(service, corporate, { services: false, cta: false })).toContain("首頁新增：「需要我們的協助嗎？」諮詢區塊");
    expect(themeChanges(corporate, service, { services: false, cta: false })).toContain("首頁不再顯示：「需要我們的協助嗎？」諮詢區塊");
  });
});

describe("homeContentOf", () => {
  it("reads the page's JSON text", () => {
    expect(homeContentOf({ content: JSON.stringify({ services: [{ title: "居家清潔" }], cta: {} }) })).toEqual({ services: true, cta: true });
    expect(homeContentOf({ content: "{}" })).toEqual({ services: false, cta: true });
    expect(homeContentOf(null)).toEqual({ services: false, cta: false });
  });
});
