// robots.txt and sitemap.xml. The sitemap lists the fixed public pages and the
// entries of every module with a `sitemap` facet (services, cases, posts and
// free pages add theirs); dates are asked of the modules that own the data.
import { isOn } from "#contract/settings.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { PagesService } from "#server/modules/pages/pages.service.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";

export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** A module's public URLs: its `sitemap` facet. */
export type SitemapSource = () => Promise<SitemapEntry[]>;

export interface SeoDeps {
  cache: PublicCache;
  settings: SettingsService;
  pages: PagesService;
  sources: SitemapSource[];
  /** When the news list and the case gallery last changed (null when they list nothing). */
  listsChangedAt: { blog: () => Promise<string | null>; portfolio: () => Promise<string | null> };
  publicUrl?: string;
}

const SITEMAP_TAGS = [cacheTags.settings, cacheTags.pages, cacheTags.services, cacheTags.cases, cacheTags.news];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);
const later = (...dates: Array<string | null | undefined>) => dates.filter(Boolean).sort().at(-1) ?? null;

export function createSeoService(deps: SeoDeps) {
  const { cache, settings, pages } = deps;

  // The fixed public pages; their text comes from settings and the built-in pages,
  // except the news list and the gallery, which change when a post or case does
  // (a crawler told they changed with every settings save learns to ignore the date).
  const fixedPages: SitemapSource = async () => {
    const [settingsChanged, pagesChanged, blogChanged, portfolioChanged] = await Promise.all([
      settings.changedAt(),
      pages.changedAt(),
      deps.listsChangedAt.blog(),
      deps.listsChangedAt.portfolio(),
    ]);
    const pageChanged = (key: string) => pagesChanged[key];
    return [
      { path: "/", lastmod: later(settingsChanged, pageChanged("home_services")) },
      { path: "/about", lastmod: later(settingsChanged, pageChanged("about_company")) },
      { path: "/services", lastmod: later(settingsChanged, pageChanged("services_page")) },
      { path: "/portfolio", lastmod: portfolioChanged ?? settingsChanged },
      { path: "/blog", lastmod: blogChanged ?? settingsChanged },
      { path: "/contact", lastmod: settingsChanged },
    ];
  };

  const sources: SitemapSource[] = [fixedPages, ...deps.sources];

  /** The absolute base: the canonical URL setting, then PUBLIC_URL, then the request's own origin. */
  async function originFor(requestOrigin: string) {
    const configured = (await settings.site.publicSettings()).canonical_url || deps.publicUrl || requestOrigin;
    return configured.replace(/\/+$/, "");
  }

  return {
    originFor,

    /** What public pages read, in-process (site-reads.ts): the absolute base of canonical and Open Graph URLs. */
    site: { origin: originFor },

    async robots(requestOrigin: string): Promise<{ status: number; body: string }> {
      const current = await settings.site.publicSettings();
      // During maintenance crawlers are asked to come back later rather than told to forget the site.
      if (isOn(current.maintenance_mode)) return { status: 503, body: "# 網站維護中，請稍後再來\n" };
      const origin = await originFor(requestOrigin);
      const noindex = (current.meta_robots ?? "").includes("noindex");
      const lines = ["User-agent: *", noindex ? "Disallow: /" : "Disallow: /admin", ...(noindex ? [] : ["Disallow: /api.php", "Disallow: /admin-api.php"])];
      if (!noindex) lines.push("", `Sitemap: ${origin}/sitemap.xml`);
      return { status: 200, body: `${lines.join("\n")}\n` };
    },

    sitemap: (requestOrigin: string) =>
      // Every module's addresses and dates: the tags of all the data it lists.
      cache.remember(`sitemap:${requestOrigin}`, SITEMAP_TAGS, async () => {
        const origin = await originFor(requestOrigin);
        const entries = (await Promise.all(sources.map((source) => source()))).flat();
        const urls = entries.map((entry) => {
          const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.slice(0, 10)}</lastmod>` : "";
          return `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
        });
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
      }),
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
