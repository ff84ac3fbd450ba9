import { describe, expect, it } from "vitest";
import { previewDocument, PREVIEW_WIDTHS } from "./post-preview.ts";

const post = { title: "水塔清洗 <三步驟>", summary: "", content: "<h2>準備</h2><p>先關水。</p>", featured_image: "/uploads/a.jpg", categoryName: "居家清潔", publishedAt: "2026-11-24T01:30:00.000Z" };

describe("previewDocument", () => {
  it("shows the title as text, the category and Taiwan date, the cover and the post's own HTML", () => {
    const html = previewDocument(post, new Date());
    expect(html).toContain("<h1>水塔清洗 &lt;三步驟&gt;</h1>");
    expect(html).toContain('<p class="meta">居家清潔・2026/11/24</p>');
    expect(html).toContain('<img class="cover" src="/uploads/a.jpg" alt="">');
    expect(html).toContain("<h2>準備</h2><p>先關水。</p>");
  });
  it("dates an unpublished post today, shows the summary as its lead and leaves out a cover that is not a picture address", () => {
    const html = previewDocument({ ...post, publishedAt: null, summary: "簡單 & 安全", featured_image: "javascript:alert(1)" }, new Date("2026-12-01T03:00:00.000Z"));
    expect(html).toContain('<p class="meta">居家清潔・2026/12/01</p>');
    expect(html).toContain('<p class="lead">簡單 &amp; 安全</p>');
    expect(html).not.toContain("javascript:");
  });
  it("previews at the desktop's full width, 768 px and 375 px (002 §9)", () => {
    expect(PREVIEW_WIDTHS).toEqual({ desktop: null, tablet: 768, mobile: 375 });
  });
});
