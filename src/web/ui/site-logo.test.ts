import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOGO, DEFAULT_LOGO_ON_DARK } from "./site-logo.tsx";

// A logo drawn with <text> is laid out in a document of its own with the visitor's
// CJK font: on a slow phone that first font lookup was the page's longest task
// (docs/decisions/047-light-to-parse.md). The wordmark is outlines instead.
describe("the default logos", () => {
  for (const file of [DEFAULT_LOGO, DEFAULT_LOGO_ON_DARK]) {
    it(`${file} needs no font and keeps its name for screen readers`, () => {
      const svg = readFileSync(`public${file}`, "utf8");
      expect(svg).not.toMatch(/<text\b|font-family/);
      expect(svg).toContain('aria-label="清潔維護"');
      expect(svg).toMatch(/<path fill="#[0-9a-f]{6}" d="M[^"]{1000,}"/);
    });
  }
});
