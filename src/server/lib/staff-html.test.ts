import { describe, expect, it } from "vitest";
import { sanitizeSnippetHtml, sanitizeStaffHtml } from "./staff-html.ts";

describe("sanitizeStaffHtml", () => {
  it("keeps the editors' own classes and drops every other one (no page-covering utility classes)", async () => {
    expect(await sanitizeStaffHtml('<div class="container"><div class="column"><p class="text">內容</p></div></div>')).toBe(
      '<div class="container"><div class="column"><p class="text">內容</p></div></div>',
    );
    expect(await sanitizeStaffHtml('<div class="fixed inset-0 z-50 bg-white column"><a class="btn" href="/x">登入</a></div>')).toBe(
      '<div class="column"><a href="/x">登入</a></div>',
    );
  });

  it("opens a link to another site in a new tab that never gets our page as its opener, keeping its other rel words", async () => {
    expect(await sanitizeStaffHtml('<a href="https://example.com" target="_blank">a</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>');
    expect(await sanitizeStaffHtml('<a href="https://example.com" target="other" rel="nofollow opener">b</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">b</a>',
    );
    expect(await sanitizeStaffHtml('<a href=" HTTP://example.com/x">c</a>')).toBe('<a href=" HTTP://example.com/x" target="_blank" rel="noopener noreferrer">c</a>');
  });

  it("opens a page of our own, a part of the page, mail and a call in the same tab, whatever the editor wrote", async () => {
    // What TipTap writes on every link.
    const tiptap = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(await sanitizeStaffHtml(`<a ${tiptap} href="/contact">預約</a>`)).toBe('<a href="/contact" rel="nofollow">預約</a>');
    for (const href of ["/services/1?from=news", "#steps", "?page=2", "contact", "mailto:service@example.com", "tel:0224200000"]) {
      expect(await sanitizeStaffHtml(`<a href="${href}" target="_blank" rel="noopener">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it("leaves a code snippet's link targets as written, with noopener and noreferrer", async () => {
    expect(await sanitizeSnippetHtml('<a href="/contact" target="_blank">a</a>')).toBe('<a href="/contact" target="_blank" rel="noopener noreferrer">a</a>');
    expect(await sanitizeSnippetHtml('<a href="https://example.com">b</a>')).toBe('<a href="https://example.com">b</a>');
  });

  it("still drops scripts, handlers and javascript: links", async () => {
    expect(await sanitizeStaffHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a>')).toBe("<p>a</p><a>b</a>");
  });
});
