import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { SEED_THEMES } from "#server/modules/seed/seed-themes.ts";
import { colourSchemeStyleSheet, contrast, frameTones, darkVariables, luminance, primaryScale, shade, themeStyleSheet, themeVariables, withContrast } from "./theme-css.ts";

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

describe("the style settings as variables", () => {
  it("give shadow_style's three elevations, none being no shadow at all", () => {
    const soft = themeVariables(FALLBACK_THEME, defaultSettings);
    const strong = themeVariables(FALLBACK_THEME, { ...defaultSettings, shadow_style: "strong" });
    const none = themeVariables(FALLBACK_THEME, { ...defaultSettings, shadow_style: "none" });
    expect(soft["--elevation-1"]).toContain("rgb(0 0 0/.1)");
    expect(strong["--elevation-1"]).not.toBe(soft["--elevation-1"]);
    expect([none["--elevation-1"], none["--elevation-2"], none["--elevation-3"]]).toEqual(["0 0 #0000", "0 0 #0000", "0 0 #0000"]);
  });

  it("give button_style's corners: the theme radius, square or pill", () => {
    expect(themeVariables(FALLBACK_THEME, defaultSettings)["--radius-button"]).toBe("var(--radius)");
    expect(themeVariables(FALLBACK_THEME, { ...defaultSettings, button_style: "square" })["--radius-button"]).toBe("0px");
    expect(themeVariables(FALLBACK_THEME, { ...defaultSettings, button_style: "pill" })["--radius-button"]).toBe("9999px");
  });

  it("fill a solid navbar with the primary colour, or the header colour staff chose, and keep its text readable", () => {
    const solid = themeVariables(FALLBACK_THEME, { ...defaultSettings, navbar_style: "solid" });
    expect(solid["--header-bg"]).not.toBe("#ffffff");
    expect(contrast(solid["--header-text"]!, solid["--header-bg"]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(solid["--header-active"]!, solid["--header-bg"]!)).toBeGreaterThanOrEqual(4.5);
    const chosen = themeVariables(FALLBACK_THEME, { ...defaultSettings, navbar_style: "solid", header_background: "#fde68a" });
    expect(chosen["--header-bg"]).toBe("#fde68a");
    expect(contrast(chosen["--header-text"]!, "#fde68a")).toBeGreaterThanOrEqual(4.5);
  });

  it("keep the footer's text readable on any footer background", () => {
    for (const settings of [{ footer_style: "dark" }, { footer_style: "light" }, { footer_style: "dark", footer_background: "#fef3c7" }, { footer_style: "light", footer_background: "#1e3a8a" }]) {
      const vars = themeVariables(FALLBACK_THEME, { ...defaultSettings, ...settings });
      expect(contrast(vars["--footer-text"]!, vars["--footer-bg"]!), JSON.stringify(settings)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(vars["--footer-heading"]!, vars["--footer-bg"]!), JSON.stringify(settings)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("withContrast", () => {
  it("moves a colour toward white or black until it reads on every background", () => {
    const lifted = withContrast("#1d4ed8", ["#0b0f17", "#171e2c"]);
    expect(contrast(lifted, "#171e2c")).toBeGreaterThanOrEqual(4.5);
    expect(withContrast("#111111", ["#ffffff"])).toBe("#111111");
  });
});

describe("the dark scheme", () => {
  const themes = [FALLBACK_THEME, { ...FALLBACK_THEME, primary_color: "#0891b2" }, { ...FALLBACK_THEME, primary_color: "#facc15" }, { ...FALLBACK_THEME, primary_color: "#7f1d1d" }];

  it("adapts each theme with dark surfaces and text, buttons and primary-coloured text at 4.5:1", () => {
    for (const theme of themes) {
      const dark = darkVariables(theme, defaultSettings);
      const surfaces = [dark["--bg-primary"]!, dark["--bg-secondary"]!, dark["--bg-card"]!, dark["--primary-50"]!];
      for (const surface of surfaces) {
        expect(contrast(dark["--text-primary"]!, surface), theme.primary_color).toBeGreaterThanOrEqual(4.5);
        expect(contrast(dark["--text-secondary"]!, surface), theme.primary_color).toBeGreaterThanOrEqual(4.5);
        expect(contrast(dark["--primary-ink"]!, surface), theme.primary_color).toBeGreaterThanOrEqual(4.5);
      }
      for (const step of ["600", "700", "800"]) expect(contrast("#ffffff", dark[`--primary-${step}`]!), `${theme.primary_color} ${step}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark["--header-text"]!, dark["--header-bg"]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark["--footer-text"]!, dark["--footer-bg"]!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("is the theme's colours adapted, not inverted: the primary colour stays", () => {
    const dark = darkVariables({ ...FALLBACK_THEME, primary_color: "#0891b2" }, defaultSettings);
    expect(dark["--primary-500"]).toBeUndefined();
    expect(dark["--bg-primary"]).not.toBe(darkVariables(FALLBACK_THEME, defaultSettings)["--bg-primary"]);
  });

  it("is nothing for light, unconditional for dark, and inside prefers-color-scheme for auto", () => {
    expect(colourSchemeStyleSheet(FALLBACK_THEME, { ...defaultSettings, theme_mode: "light" })).toBe("");
    const dark = colourSchemeStyleSheet(FALLBACK_THEME, { ...defaultSettings, theme_mode: "dark" });
    expect(dark.startsWith("html:root{")).toBe(true);
    expect(dark).toContain("color-scheme:dark");
    expect(dark).toContain(".text-primary-700");
    const auto = colourSchemeStyleSheet(FALLBACK_THEME, { ...defaultSettings, theme_mode: "auto" });
    expect(auto).toBe(`@media (prefers-color-scheme:dark){${dark}}`);
    expect(auto).not.toMatch(/<|>/);
  });
});

describe("frameTones", () => {
  it("says whether header and footer are dark, and auto where the visitor's scheme decides", () => {
    expect(frameTones(FALLBACK_THEME, defaultSettings)).toEqual({ header: false, footer: true });
    expect(frameTones(FALLBACK_THEME, { ...defaultSettings, footer_style: "light", navbar_style: "solid" })).toEqual({ header: true, footer: false });
    expect(frameTones(FALLBACK_THEME, { ...defaultSettings, theme_mode: "dark", footer_style: "light" })).toEqual({ header: true, footer: true });
    expect(frameTones(FALLBACK_THEME, { ...defaultSettings, theme_mode: "auto" })).toEqual({ header: "auto", footer: true });
  });
});

describe("what a search found (<mark>)", () => {
  const accents = ["#f59e0b", "#ffffff", "#facc15", "#000000", "#7f1d1d", "#0891b2"];
  const themes = [...SEED_THEMES.map((theme) => ({ ...FALLBACK_THEME, ...theme })), ...accents.map((accent_color) => ({ ...FALLBACK_THEME, accent_color }))];

  it("is a tint of the accent colour under text at 4.5:1, in the light and the dark scheme, and stands out from the card", () => {
    for (const theme of themes) {
      for (const [scheme, vars] of Object.entries({ light: themeVariables(theme, defaultSettings), dark: darkVariables(theme, defaultSettings) })) {
        const where = `${theme.name} ${theme.accent_color} ${scheme}`;
        expect(contrast(vars["--mark-ink"]!, vars["--mark-bg"]!), where).toBeGreaterThanOrEqual(4.5);
        const card = scheme === "light" ? theme.bg_card : vars["--bg-card"]!;
        expect(contrast(vars["--mark-bg"]!, card), where).toBeGreaterThanOrEqual(1.2);
      }
    }
  });

  it("follows the accent colour set in settings, and keeps its light colours inside a dark page's white boxes", () => {
    expect(themeVariables(FALLBACK_THEME, { ...defaultSettings, accent_color: "#0891b2" })["--mark-bg"]).not.toBe(themeVariables(FALLBACK_THEME, defaultSettings)["--mark-bg"]);
    const sheet = colourSchemeStyleSheet(FALLBACK_THEME, { ...defaultSettings, theme_mode: "dark" });
    expect(/\.bg-white\{[^}]*--mark-bg:([^;}]*)/.exec(sheet)![1]).toBe(themeVariables(FALLBACK_THEME, defaultSettings)["--mark-bg"]);
  });
});

describe("white text on the primary colour's buttons", () => {
  const BUTTON_STEPS = ["--primary-600", "--primary-700", "--primary-800", "--primary-hover"];
  // Light colours staff pick in settings, then the built-in themes' own.
  const picked = [
    ["amber", "#f59e0b"],
    ["yellow", "#facc15"],
    ["light blue", "#7dd3fc"],
    ["white", "#ffffff"],
  ] as const;
  const schemes = (settings: Partial<typeof defaultSettings>, theme = FALLBACK_THEME) => ({ light: themeVariables(theme, settings), dark: darkVariables(theme, settings) });

  it.each(picked)("%s (%s) set as primary_color: 4.5:1 in the light and the dark scheme", (_name, colour) => {
    // Before the floor, amber's 700 gave white text 3.9:1 on the banner button.
    expect(contrast("#ffffff", primaryScale(colour)[700]!)).toBeLessThan(4.5);
    const { light, dark } = schemes({ ...defaultSettings, primary_color: colour });
    for (const [scheme, vars] of Object.entries({ light, dark })) {
      for (const step of BUTTON_STEPS) expect(contrast("#ffffff", vars[step]!), `${scheme} ${step}`).toBeGreaterThanOrEqual(4.5);
      // Each step darker than the one before: a hover (600 → 700) still shows.
      expect(luminance(vars["--primary-700"]!), scheme).toBeLessThan(luminance(vars["--primary-600"]!));
      expect(luminance(vars["--primary-800"]!), scheme).toBeLessThan(luminance(vars["--primary-700"]!));
    }
    // The colour itself stays the colour staff picked (tints and the 500 are untouched).
    expect(light["--primary-500"]).toBe(colour);
  });

  it.each(SEED_THEMES.map((theme) => [theme.name, theme] as const))("the built-in theme %s: 4.5:1 in both schemes, its passing steps unchanged", (_name, seeded) => {
    const theme = { ...FALLBACK_THEME, ...seeded };
    const { light, dark } = schemes(defaultSettings, theme);
    for (const [scheme, vars] of Object.entries({ light, dark })) {
      for (const step of BUTTON_STEPS) expect(contrast("#ffffff", vars[step]!), `${scheme} ${step}`).toBeGreaterThanOrEqual(4.5);
    }
    const scale = primaryScale(theme.primary_color);
    if (contrast("#ffffff", scale[600]!) >= 4.5) expect([light["--primary-600"], light["--primary-700"], light["--primary-800"]]).toEqual([scale[600], scale[700], scale[800]]);
  });

  it("keeps a dark scheme's white boxes (the hero's white button) at the light scheme's floored steps", () => {
    const sheet = colourSchemeStyleSheet(FALLBACK_THEME, { ...defaultSettings, primary_color: "#f59e0b", theme_mode: "dark" });
    const whiteBox = /\.bg-white\{([^}]*)\}/.exec(sheet)![1]!;
    const kept = /--primary-700:(#[0-9a-f]{6})/.exec(whiteBox)![1]!;
    expect(contrast("#ffffff", kept)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("a form's states (the contact form's refusals and thanks)", () => {
  const themes = [...SEED_THEMES.map((theme) => ({ ...FALLBACK_THEME, ...theme })), ...["#facc15", "#7f1d1d", "#22c55e", "#ef4444"].map((primary_color) => ({ ...FALLBACK_THEME, primary_color }))];

  it("read at 4.5:1 in every theme, in the light and the dark scheme: the errors on every surface, the thanks and 再寫一封 on theirs", () => {
    for (const theme of themes) {
      const light = themeVariables(theme, defaultSettings);
      const dark = darkVariables(theme, defaultSettings);
      const schemes = {
        light: { vars: light, surfaces: [theme.bg_card, theme.bg_primary], link: light["--primary-700"]! },
        dark: { vars: dark, surfaces: [dark["--bg-primary"]!, dark["--bg-secondary"]!, dark["--bg-card"]!], link: dark["--primary-ink"]! },
      };
      for (const [scheme, { vars, surfaces, link }] of Object.entries(schemes)) {
        const where = `${theme.name} ${theme.primary_color} ${scheme}`;
        for (const surface of [...surfaces, vars["--danger-surface"]!]) expect(contrast(vars["--danger-ink"]!, surface), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(vars["--success-ink"]!, vars["--success-surface"]!), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(link, vars["--success-surface"]!), where).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("are a dark tint on the dark scheme's page, not the light scheme's pale box", () => {
    const dark = darkVariables(FALLBACK_THEME, defaultSettings);
    for (const surface of [dark["--danger-surface"]!, dark["--success-surface"]!]) expect(luminance(surface)).toBeLessThan(0.05);
    expect(themeVariables(FALLBACK_THEME, defaultSettings)["--danger-ink"]).toBe("#b91c1c");
  });
});
