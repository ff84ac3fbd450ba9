// Title, description, canonical, Open Graph and Twitter tags for every public
// page, from the page's own texts and the site settings.
import type { MetaDescriptor } from "react-router";
import type { PublicSettings } from "#contract/settings.ts";

export const DEFAULT_OG_IMAGE = { path: "/og-default.png", width: 1016, height: 311 };

export interface SiteMetaSource {
  settings: Partial<PublicSettings>;
  origin: string;
}

export interface PageMetaInput {
  /** Page name; the home page passes nothing and gets the site title alone. */
  title?: string;
  description?: string;
  /** The page's own keywords (a page's SEO fields); the site's when empty. */
  keywords?: string;
  /** Path of the canonical URL; defaults to the current path. */
  path: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function buildPageMeta(site: SiteMetaSource | undefined, page: PageMetaInput): MetaDescriptor[] {
  const settings = site?.settings ?? {};
  const origin = site?.origin ?? "";
  const siteTitle = settings.site_title || settings.company_name || "";
  const title = page.title ? `${page.title} | ${siteTitle}` : siteTitle;
  const description = page.description || settings.meta_description || settings.site_description || "";
  const canonical = absoluteUrl(origin, page.path);
  const ogImage = page.image || settings.og_image;
  const image = ogImage ? absoluteUrl(origin, ogImage) : absoluteUrl(origin, DEFAULT_OG_IMAGE.path);
  const ogTitle = page.title ? title : settings.og_title || title;
  const ogDescription = page.title ? description : settings.og_description || description;

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { name: "robots", content: page.noindex ? "noindex,follow" : settings.meta_robots || "index,follow" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: ogDescription },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:site_name", content: settings.company_name || siteTitle },
    { property: "og:locale", content: "zh_TW" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ogTitle },
    { name: "twitter:description", content: ogDescription },
    { name: "twitter:image", content: image },
  ];
  if (!ogImage) {
    tags.push({ property: "og:image:width", content: String(DEFAULT_OG_IMAGE.width) });
    tags.push({ property: "og:image:height", content: String(DEFAULT_OG_IMAGE.height) });
  }
  const keywords = page.keywords || settings.meta_keywords || settings.site_keywords;
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (settings.meta_author) tags.push({ name: "author", content: settings.meta_author });
  if (settings.facebook_app_id) tags.push({ property: "fb:app_id", content: settings.facebook_app_id });
  return tags;
}
