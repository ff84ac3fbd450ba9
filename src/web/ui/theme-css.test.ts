import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { primaryScale, shade, themeStyleSheet, themeVariables } from "./theme-css.ts";

describe("shade", () => {
  it("lightens and darkens each channel by a percentage of 255", () => {
    expect(shade("#3b82f6", 10)).toBe("#559cff");
    expect(shade("#3b82f6", -10)).toBe("#2269dd");
    expect(shade("#000000", 50)).toBe("#808080");
  });
  it("clamps at white and black", () => {
    expect(shade("#f0f0f0", 45)).toBe("#ffffff");
    expect(shade("#101010", -30)).toBe("#000000");
  });
  it("expands 3-digit colours and leaves invalid input alone", () => {
    expect(shade("#fff", -100)).toBe("#000000");
    expect(shade("blue", 10)).toBe("blue");
  });
});

describe("primaryScale", () => {
  it("makes tints 45/35/25/15/5 % lighter and shades 10/20/30 % darker (000 §9)", () => {
    const scale = primaryScale("#3b82f6");
    expect(scale[500]).toBe("#3b82f6");
    expect(scale[50]).toBe(shade("#3b82f6", 45));
    expect(scale[100]).toBe(shade("#3b82f6", 35));
    expect(scale[200]).toBe(shade("#3b82f6", 25));
    expect(scale[300]).toBe(shade("#3b82f6", 15));
    expect(scale[400]).toBe(shade("#3b82f6", 5));
    expect(scale[600]).toBe(shade("#3b82f6", -10));
    expect(scale[700]).toBe(shade("#3b82f6", -20));
    expect(scale[800]).toBe(shade("#3b82f6", -30));
  });
});

describe("themeVariables", () => {
  const theme = { ...FALLBACK_THEME, primary_color: "#0891b2", layout_type: "service" };

  it("takes colours from the theme while the colour settings are blank", () => {
    const vars = themeVariables(theme, defaultSettings);
    expect(vars["--primary-500"]).toBe("#0891b2");
    expect(vars["--primary-hover"]).toBe(FALLBACK_THEME.primary_hover);
  });

  it("lets a colour set in settings override the theme", () => {
    const vars = themeVariables(theme, { ...defaultSettings, primary_color: "#ff0000", header_background: "#eeeeee" });
    expect(vars["--primary-500"]).toBe("#ff0000");
    expect(vars["--header-bg"]).toBe("#eeeeee");
  });

  it("sets the content width per layout type: service 1200, corporate 1280, ecommerce 1400, others corporate", () => {
    expect(themeVariables(theme, defaultSettings)["--content-width"]).toBe("1200px");
    expect(themeVariables({ ...theme, layout_type: "corporate" }, defaultSettings)["--content-width"]).toBe("1280px");
    expect(themeVariables({ ...theme, layout_type: "ecommerce" }, defaultSettings)["--content-width"]).toBe("1400px");
    expect(themeVariables({ ...theme, layout_type: "enterprise" }, defaultSettings)["--content-width"]).toBe("1280px");
  });

  it("applies typography and radius settings", () => {
    const vars = themeVariables(theme, { ...defaultSettings, font_family: "Noto Sans TC", font_size: "18", line_height: "1.8", border_radius: "0" });
    expect(vars["--font-family"]).toMatch(/^'Noto Sans TC'/);
    expect(vars["--font-size"]).toBe("18px");
    expect(vars["--line-height"]).toBe("1.8");
    expect(vars["--radius"]).toBe("0px");
  });
});

describe("themeStyleSheet", () => {
  it("cannot be used to break out of the style element", () => {
    const css = themeStyleSheet({ "--x": "red;}</style><script>alert(1)</script>" });
    expect(css).not.toMatch(/<|>|\}.*\}/);
    expect(css.startsWith(":root{")).toBe(true);
  });
});
