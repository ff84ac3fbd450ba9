import { describe, expect, it } from "vitest";
import type { PublicBlogPost } from "#contract/blog.ts";
import { atomFeed } from "./blog-feed.ts";

const post = (overrides: Partial<PublicBlogPost>): PublicBlogPost => ({
  id: 1,
  slug: "居家清潔",
  title: "標題",
  summary: "",
  content: "<p>內文</p>",
  featured_image: "",
  published_at: "2026-11-20T01:00:00.000Z",
  updated_at: "2026-11-21T01:00:00.000Z",
  category_name: "",
  category_slug: "",
  tags: "",
  view_count: 0,
  seo_title: "",
  seo_description: "",
  ...overrides,
});

describe("the Atom feed", () => {
  const xml = atomFeed({
    origin: "https://clean.example",
    title: "潔淨 <公司> & 夥伴",
    author: "潔淨 <公司> & 夥伴 有限公司",
    posts: [
      post({ title: "A <b> & \"C\"", content: '<p><img src="/uploads/a.jpg" alt="x"><a href="/contact">聯絡</a><a href="//cdn.example/x">x</a></p>', category_name: "知識" }),
      post({ id: 2, slug: "second", updated_at: "2026-11-23T01:00:00.000Z" }),
    ],
  });

  it("escapes titles and content as text", () => {
    expect(xml).toContain("<title>潔淨 &lt;公司&gt; &amp; 夥伴</title>");
    expect(xml).toContain("<title>A &lt;b&gt; &amp; &quot;C&quot;</title>");
    expect(xml).not.toContain("<img");
  });

  it("links each entry by its absolute, encoded address and makes the post's own links absolute", () => {
    expect(xml).toContain(`<id>https://clean.example/blog/${encodeURIComponent("居家清潔")}</id>`);
    expect(xml).toContain("src=&quot;https://clean.example/uploads/a.jpg&quot;");
    expect(xml).toContain("href=&quot;https://clean.example/contact&quot;");
    // A protocol-relative address is another site's: left as it is.
    expect(xml).toContain("href=&quot;//cdn.example/x&quot;");
  });

  it("is updated when its newest entry was, with categories and summaries", () => {
    expect(xml.indexOf("<updated>2026-11-23T01:00:00.000Z</updated>")).toBeLessThan(xml.indexOf("<entry>"));
    expect(xml).toContain('<category term="知識"/>');
    expect(xml).toContain("<summary>內文</summary>");
  });

  it("names the company as the feed's author, before the entries (every entry inherits it)", () => {
    const feedHead = xml.slice(0, xml.indexOf("<entry>"));
    expect(feedHead).toMatch(/<author>\s*<name>潔淨 &lt;公司&gt; &amp; 夥伴 有限公司<\/name>\s*<\/author>/);
  });
});
