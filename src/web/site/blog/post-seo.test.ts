import { describe, expect, it } from "vitest";
import type { PublicBlogPost } from "#contract/blog.ts";
import { articleJsonLd } from "./article-json-ld.ts";
import { articleProperties, seoDescriptionOf, seoTitleOf } from "./post-seo.ts";

const post = (fields: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
  id: 4,
  slug: "水塔清洗",
  title: "水塔多久要清洗一次？",
  summary: "",
  content: "<p>依法規，建築物的水塔<strong>每半年</strong>至少清洗一次。</p>",
  featured_image: "/uploads/2026/11/tank.jpg",
  published_at: "2026-11-20T02:00:00.000Z",
  updated_at: "2026-11-22T03:00:00.000Z",
  category_name: "清潔知識",
  category_slug: "tips",
  tags: "水塔, 消毒",
  view_count: 12,
  seo_title: "",
  seo_description: "",
  ...fields,
});

const site = { settings: { company_name: "安心清潔維護有限公司", site_title: "專業清潔維護服務", company_logo: "/uploads/logo.png" }, origin: "https://clean.example.tw" };

describe("an article's search-engine fields", () => {
  it("are its SEO title and description, else its title and excerpt", () => {
    expect(seoTitleOf(post())).toBe("水塔多久要清洗一次？");
    expect(seoDescriptionOf(post())).toBe("依法規，建築物的水塔每半年至少清洗一次。");
    expect(seoDescriptionOf(post({ summary: "半年一次。" }))).toBe("半年一次。");
    expect(seoTitleOf(post({ seo_title: " 水塔清洗頻率 " }))).toBe("水塔清洗頻率");
    expect(seoDescriptionOf(post({ seo_description: "清洗水塔的法規與建議。" }))).toBe("清洗水塔的法規與建議。");
  });

  it("say when it was published and changed, its section and its tags to link previews", () => {
    expect(articleProperties(post())).toEqual([
      { property: "article:published_time", content: "2026-11-20T02:00:00.000Z" },
      { property: "article:modified_time", content: "2026-11-22T03:00:00.000Z" },
      { property: "article:section", content: "清潔知識" },
      { property: "article:tag", content: "水塔" },
      { property: "article:tag", content: "消毒" },
    ]);
    expect(articleProperties(post({ category_name: "", tags: "" })).map((tag) => "property" in tag && tag.property)).toEqual(["article:published_time", "article:modified_time"]);
  });

  it("describe it as a schema.org Article by the company, with absolute addresses", () => {
    const company = { "@type": "Organization", name: "安心清潔維護有限公司", url: "https://clean.example.tw/", logo: { "@type": "ImageObject", url: "https://clean.example.tw/uploads/logo.png" } };
    expect(articleJsonLd(post(), "說明", site)).toEqual({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "水塔多久要清洗一次？",
      description: "說明",
      url: "https://clean.example.tw/blog/%E6%B0%B4%E5%A1%94%E6%B8%85%E6%B4%97",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://clean.example.tw/blog/%E6%B0%B4%E5%A1%94%E6%B8%85%E6%B4%97" },
      datePublished: "2026-11-20T02:00:00.000Z",
      dateModified: "2026-11-22T03:00:00.000Z",
      image: ["https://clean.example.tw/uploads/2026/11/tank.jpg"],
      articleSection: "清潔知識",
      keywords: "水塔, 消毒",
      inLanguage: "zh-Hant-TW",
      author: company,
      publisher: company,
    });
    const bare = articleJsonLd(post({ featured_image: "", category_name: "", tags: "" }), "說明", { settings: { site_title: "專業清潔維護服務" }, origin: "https://clean.example.tw" });
    expect(bare).not.toHaveProperty("image");
    expect(bare).not.toHaveProperty("articleSection");
    expect(bare).not.toHaveProperty("keywords");
    expect(bare.publisher).toEqual({ "@type": "Organization", name: "專業清潔維護服務", url: "https://clean.example.tw/" });
  });
});
