import { describe, expect, it } from "vitest";
import { previewDocument } from "./page-preview.ts";

describe("the editor's preview document", () => {
  it("shows the title as the page's heading, escaped, above rich text", () => {
    const html = previewDocument({ title: 'A & B <"C">', html: "<p>內文</p>", built: false });
    expect(html).toContain('<div class="rich"><h1>A &amp; B &lt;&quot;C&quot;&gt;</h1><p>內文</p></div>');
  });

  it("gives a built page its full width and the theme's tokens, which cannot break out of the style block", () => {
    const html = previewDocument({ title: "春季", html: '<div class="pb-page"></div>', built: true, tokens: { "--color-primary-600": "#123456", "--radius-theme": "8px}</style><script>" } });
    expect(html).toContain('<h1 class="built-title">春季</h1><div class="pb-page"></div>');
    expect(html).toContain(":root{--color-primary-600:#123456;--radius-theme:8px/stylescript}");
    expect(html).not.toContain("<script>");
  });
});
