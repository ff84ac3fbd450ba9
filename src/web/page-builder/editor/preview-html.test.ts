import { describe, expect, it } from "vitest";
import { previewHtml } from "./preview-html.ts";

describe("a text element's preview", () => {
  it("keeps the rich-text editor's markup, safe links and uploaded pictures", () => {
    const html = '<h2>服務說明</h2><p>專業<strong>清潔</strong> &amp; <a href="/contact">聯絡我們</a></p><ul><li>客廳</li></ul><img src="/uploads/a.jpg" alt="客廳">';
    expect(previewHtml(html)).toBe(html);
  });

  it("leaves out script, handlers, styles and unsafe addresses, keeping the words around them", () => {
    const html = '<p onclick="steal()" style="color:red">你好<script>steal()</script><a href="javascript:steal()">連結</a><img src="x" onerror="steal()"></p><iframe src="https://evil.example"></iframe><custom-tag>保留文字</custom-tag>';
    expect(previewHtml(html)).toBe("<p>你好<a>連結</a></p>保留文字");
  });

  it("escapes text that looks like markup once decoded", () => {
    expect(previewHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});
