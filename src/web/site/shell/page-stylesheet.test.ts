import { describe, expect, it } from "vitest";
import { PAGE_STYLESHEET_MARK, parseStylesheet, stylesheetFor, withPageStylesheet, wordsOf } from "./page-stylesheet.ts";

const CSS = [
  "@layer theme,base,components,utilities;",
  "@layer base{*,:after{box-sizing:border-box}html{color:red}}",
  "@layer utilities{.flex{display:flex}.grid{display:grid}.md\\:grid-cols-2{x:1}.\\[--near-height\\:27rem\\]{--near-height:27rem}.\\32 xl\\:p-4{padding:1rem}.a.b{y:1}.c:not(.absent),.d{z:1}.e:has(>.absent){w:1}.f{content:\"}{\"}}",
  "@media (min-width:48rem){.md\\:flex{display:flex}}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
].join("");

const keep = (...words: string[]) => stylesheetFor(parseStylesheet(CSS), (word) => words.includes(word));

describe("a page's own stylesheet", () => {
  it("keeps rules without classes, layers (their order matters) and keyframes, and drops what no word names", () => {
    expect(keep()).toBe("@layer theme,base,components,utilities;@layer base{*,:after{box-sizing:border-box}html{color:red}}@layer utilities{}@keyframes spin{to{transform:rotate(1turn)}}");
  });

  it("reads escaped class names as the page writes them", () => {
    const kept = keep("md:grid-cols-2", "[--near-height:27rem]", "2xl:p-4", "md:flex");
    expect(kept).toContain(".md\\:grid-cols-2{x:1}");
    expect(kept).toContain(".\\[--near-height\\:27rem\\]{");
    expect(kept).toContain(".\\32 xl\\:p-4{");
    expect(kept).toContain("@media (min-width:48rem){.md\\:flex{display:flex}}");
    expect(kept).not.toContain(".flex{");
  });

  it("needs every class of a compound, any selector of a list, and never a class inside parentheses", () => {
    expect(keep("a")).not.toContain(".a.b");
    expect(keep("a", "b")).toContain(".a.b{y:1}");
    expect(keep("d")).toContain(".c:not(.absent),.d{z:1}");
    expect(keep("e")).toContain(".e:has(>.absent){w:1}");
  });

  it("skips braces inside strings", () => {
    expect(keep("f")).toContain('.f{content:"}{"}');
  });

  it("finds the words of HTML with its escapes undone, and of script text", () => {
    const words = wordsOf('<p class="flex [&amp;&gt;*]:p-2">x</p><script>const a="grid md:flex";</script>');
    expect([...words]).toEqual(expect.arrayContaining(["flex", "[&>*]:p-2", "grid", "md:flex"]));
  });

  it("fills the page's mark with its rules and those of its islands' code, or the whole stylesheet when an island's code is unknown", () => {
    const sheet = parseStylesheet(CSS);
    const page = `<style>${PAGE_STYLESHEET_MARK}</style><div class="flex"></div><div data-island="case-viewer"></div>`;
    const filled = withPageStylesheet(page, sheet, () => new Set(["grid"]));
    expect(filled).toContain(".flex{display:flex}.grid{display:grid}");
    expect(filled).not.toContain(".md\\:flex");
    expect(withPageStylesheet(page, sheet, () => null)).toContain(`<style>${CSS}</style>`);
    expect(withPageStylesheet("<p>no mark</p>", sheet, () => null)).toBe("<p>no mark</p>");
  });
});
