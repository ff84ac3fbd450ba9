// Names for the data public reads are made of. A read says which data it read
// (PublicCache.remember), a page is tagged with every read it rendered from, and
// an operation says which data it changed (its `invalidates` effect): after the
// commit exactly the reads and pages holding a changed tag are dropped, on every
// instance. Tags name data, never views: a write does not need to know which
// pages show what it changed.
export type CacheTag =
  /** Every setting (the header, the footer and the SEO of every page read them). */
  | "settings"
  /** The themes' rows (the active one is named by a setting). */
  | "themes"
  | "banners"
  /** The media library's files: descriptions and picture variants shown by any content. */
  | "media"
  /** The service catalogue (categories, items, their pictures). */
  | "services"
  | "service-types"
  /** Every case: the gallery's lists and counts. */
  | "cases"
  /** A page record by key (home_services, services_page, about_company, free pages). */
  | `page:${string}`
  /** Which page records there are and when each changed (the sitemap). */
  | "pages"
  /** Every list of news: /blog's pages, featured, categories, tags, the feed, the sitemap, addresses. */
  | "news"
  /** One post's own page. */
  | `post:${number}`
  /** The news of one category (a post page's related posts). */
  | `news-category:${number}`;

export const cacheTags = {
  settings: "settings",
  themes: "themes",
  banners: "banners",
  media: "media",
  services: "services",
  serviceTypes: "service-types",
  cases: "cases",
  page: (key: string): CacheTag => `page:${key}`,
  pages: "pages",
  news: "news",
  post: (id: number): CacheTag => `post:${id}`,
  newsCategory: (id: number): CacheTag => `news-category:${id}`,
} as const satisfies Record<string, CacheTag | ((...args: never[]) => CacheTag)>;
