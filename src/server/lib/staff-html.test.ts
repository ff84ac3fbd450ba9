import { describe, expect, it } from "vitest";
import { sanitizeStaffHtml } from "./staff-html.ts";

describe("sanitizeStaffHtml", () => {
  it("keeps the editors' own classes and drops every other one (no page-covering utility classes)", async () => {
    expect(await sanitizeStaffHtml('<div class="container"><div class="column"><p class="text">內容</p></div></div>')).toBe(
      '<div class="container"><div class="column"><p class="text">內容</p></div></div>',
    );
    expect(await sanitizeStaffHtml('<div class="fixed inset-0 z-50 bg-white column"><a class="btn" href="/x">登入</a></div>')).toBe(
      '<div class="column"><a href="/x">登入</a></div>',
    );
  });

  it("gives every link with a target noopener and noreferrer, keeping its other rel words", async () => {
    expect(await sanitizeStaffHtml('<a href="https://example.com" target="_blank">a</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>');
    expect(await sanitizeStaffHtml('<a href="https://example.com" target="other" rel="nofollow opener">b</a>')).toBe(
      '<a href="https://example.com" target="other" rel="nofollow noopener noreferrer">b</a>',
    );
    expect(await sanitizeStaffHtml('<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
  });

  it("still drops scripts, handlers and javascript: links", async () => {
    expect(await sanitizeStaffHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a>')).toBe("<p>a</p><a>b</a>");
  });
});
