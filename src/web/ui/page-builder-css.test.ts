// The built pages' stylesheet as text: a width class for every column of every
// layout (a missing one would leave that column full width on a desktop), and
// every rule under .pb-page (the back office imports the file too).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COLUMN_LAYOUTS, widthClass } from "#contract/page-builder/layouts.ts";

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
