// The built pages' stylesheet as text: a width class for every column of every
// layout (a missing one would leave that column full width on a desktop),
// every rule under .pb-page (the back office imports the file too), and the
// buttons' colours readable in every theme and scheme.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COLUMN_LAYOUTS, widthClass } from "#contract/page-builder/layouts.ts";
import { defaultSettings } from "#contract/settings.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { SEED_THEMES } from "#server/modules/seed/seed-themes.ts";
import { contrast, darkVariables, themeVariables } from "./theme-css.ts";

const css = readFileSync(new URL("./page-builder.css", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** The body of the at-rule that starts with `prelude`, braces balanced. */
function blockOf(prelude: string): string {
  const start = css.indexOf(prelude);
  if (start < 0) return "";
  const open = css.indexOf("{", start);
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    if (css[index] === "{") depth += 1;
    if (css[index] === "}" && --depth === 0) return css.slice(open + 1, index);
  }
  return "";
}

/** Splits a selector list on its top-level commas (not those inside :is()). */
function selectorsOf(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "(") depth += 1;
    if (char === ")") depth -= 1;
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  return [...parts, current.trim()];
}

describe("page-builder.css", () => {
  const desktop = blockOf("@container pb-page (min-width: 768px)");

  it("gives every column width of the 21 layouts its percentage from 768 px", () => {
    const widths = [...new Set(COLUMN_LAYOUTS.flatMap((layout) => layout.columns))];
    expect(widths.length).toBeGreaterThan(10);
    const missing = widths.filter((width) => !desktop.includes(`.pb-page .${widthClass(width)} { width: ${width}%; }`));
    expect(missing).toEqual([]);
  });

  it("keeps the widths out of the phone layout, where columns stack full width", () => {
    const outside = css.replace(desktop, "");
    expect(outside).not.toMatch(/\.pb-w-/);
  });

  it("scopes every rule under .pb-page", () => {
    const preludes = [...css.matchAll(/([^{}]+)\{/g)].map((match) => match[1]!.trim()).filter((prelude) => !prelude.startsWith("@"));
    expect(preludes.length).toBeGreaterThan(20);
    const unscoped = preludes.flatMap(selectorsOf).filter((selector) => !selector.startsWith(".pb-page"));
    expect(unscoped).toEqual([]);
  });
});

describe("the buttons of built pages", () => {
  /** The declarations of a rule, by its exact selector. */
  const rule = (selector: string) => new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\{([^}]*)\\}`).exec(css)?.[1]?.trim() ?? "";

  it("paint the theme's button shades and read the button_style corners, 44 px high", () => {
    expect(rule(".pb-page .pb-button-primary")).toBe("background: var(--color-primary-600); color: #fff;");
    expect(rule(".pb-page .pb-button-primary:hover")).toBe("background: var(--color-primary-700); border-color: var(--color-primary-700);");
    expect(rule(".pb-page .pb-button-secondary")).toBe("background: var(--color-card); color: var(--primary-ink, var(--color-primary-700)); border-color: currentColor;");
    expect(rule(".pb-page .pb-button-secondary:hover")).toBe("background: var(--color-primary-600); border-color: var(--color-primary-600); color: #fff;");
    expect(rule(".pb-page .pb-button")).toMatch(/min-height: 2\.75rem;[\s\S]*border-radius: var\(--radius-button\);/);
    expect(rule(".pb-page .pb-card-link")).toContain("min-height: 2.75rem");
  });

  const themes = [FALLBACK_THEME, ...SEED_THEMES.map((theme) => ({ ...FALLBACK_THEME, ...theme }))];
  it.each(themes.map((theme) => [theme.name, theme] as const))("read at 4.5:1 in both looks, at rest and hovered, light and dark, in the theme %s", (_name, theme) => {
    const light = themeVariables(theme, defaultSettings);
    const dark = { ...light, ...darkVariables(theme, defaultSettings) };
    for (const [scheme, vars] of [["light", light], ["dark", dark]] as const) {
      const secondaryInk = vars["--primary-ink"] ?? vars["--primary-700"]!;
      const pairs: Array<[string, string, string]> = [
        ["primary", "#ffffff", vars["--primary-600"]!],
        ["primary hovered", "#ffffff", vars["--primary-700"]!],
        ["secondary", secondaryInk, vars["--bg-card"]!],
        ["secondary hovered", "#ffffff", vars["--primary-600"]!],
      ];
      for (const [look, text, background] of pairs) expect(contrast(text, background), `${look} (${scheme}): ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
