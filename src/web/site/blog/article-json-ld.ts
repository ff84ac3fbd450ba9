// schema.org Article for an article page: what search engines show a news
// result with (headline, dates, picture), written by and published by the
// company named in the settings.
import { tagNames, type PublicBlogPost } from "#contract/blog.ts";
import type { PublicSettings } from "#contract/settings.ts";
import { absoluteUrl } from "#web/site/shell/seo.ts";
import { postPath } from "./blog-query.ts";

export function articleJsonLd(post: PublicBlogPost, description: string, site: { settings: Partial<PublicSettings>; origin: string }): Record<string, unknown> {
  const { settings, origin } = site;
  const logo = settings.company_logo || settings.header_logo;
  const company = {
    "@type": "Organization",
    name: settings.company_name || settings.site_title || "",
    url: `${origin}/`,
    ...(logo ? { logo: { "@type": "ImageObject", url: absoluteUrl(origin, logo) } } : {}),
  };
  const url = absoluteUrl(origin, postPath(post.slug));
  const keywords = tagNames(post.tags);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: post.published_at,
    dateModified: post.updated_at || post.published_at,
    ...(post.featured_image ? { image: [absoluteUrl(origin, post.featured_image)] } : {}),
    ...(post.category_name ? { articleSection: post.category_name } : {}),
    ...(keywords.length > 0 ? { keywords: keywords.join(", ") } : {}),
    inLanguage: "zh-Hant-TW",
    author: company,
    publisher: company,
  };
}
