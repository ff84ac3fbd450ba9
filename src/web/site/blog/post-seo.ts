// How an article presents itself to search engines and link previews (002 §5
// SEO fields; 000 §7 Open Graph): its SEO title, else its title; its SEO
// description, else its excerpt; and the article's own Open Graph facts.
import type { MetaDescriptor } from "react-router";
import { excerptOf, tagNames, type PublicBlogPost } from "#contract/blog.ts";

export const seoTitleOf = (post: PublicBlogPost) => post.seo_title.trim() || post.title;

export const seoDescriptionOf = (post: PublicBlogPost) => post.seo_description.trim() || excerptOf(post);

/** Open Graph's article:* properties: when it was published and changed, its section and tags. */
export function articleProperties(post: PublicBlogPost): MetaDescriptor[] {
  return [
    { property: "article:published_time", content: post.published_at },
    { property: "article:modified_time", content: post.updated_at || post.published_at },
    ...(post.category_name ? [{ property: "article:section", content: post.category_name }] : []),
    ...tagNames(post.tags).map((tag) => ({ property: "article:tag", content: tag })),
  ];
}
