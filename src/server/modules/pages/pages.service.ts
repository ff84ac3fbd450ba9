// Page records, read: the built-in pages (home services, services page, about)
// and free pages (002 §2.7). Public pages read their content here; a missing,
// unpublished or unreadable record falls back to the built-in default content.
// The writes (with their versions) are operations (pages.operations.ts).
import {
  BUILT_IN_PAGE_KEYS,
  isFreePageKey,
  PAGE_MESSAGES,
  publicPathOf,
  type HomeServicesContent,
  type HomeServicesRecord,
  type ServiceEntry,
  type ServicesPageRecord,
  type Page,
  type FreePage,
  type PageDefaults,
  type PageRevision,
  type PublicPage,
  type ServicesPageContent,
} from "#contract/pages.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { builderContentText } from "#contract/page-builder/content.ts";
import { versionChangeOf } from "#contract/version-origin.ts";
import { builtInPageDefaults, builtInPageRecords, DEFAULT_ABOUT_HTML, defaultHomeServicesContent, defaultServicesPageContent } from "#server/modules/seed/built-in-pages.ts";
import { cardsOf, choicesOf, type ServiceCardSource, type ServiceChoice } from "#contract/service-cards.ts";
import { serviceItemsRepo } from "#server/modules/services/services.repo.ts";
import { toCardSource } from "#server/modules/services/services.service.ts";
import { publicContentOf, type VideosOf } from "./built-page.ts";
import { pageRevisionsRepo, pagesRepo } from "./pages.repo.ts";

/** Versions kept per page. */
export const KEPT_REVISIONS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Stored content over the defaults, one level deep: a record saved by an older editor lacks newer fields. */
export function mergeHomeServicesContent(stored: unknown): HomeServicesRecord {
  const defaults = defaultHomeServicesContent();
  if (!isRecord(stored)) return defaults;
  const merged = { ...defaults, ...stored } as HomeServicesRecord;
  merged.cta = { ...defaults.cta, ...(isRecord(stored.cta) ? stored.cta : {}) };
  merged.contact = { ...defaults.contact, ...(isRecord(stored.contact) ? stored.contact : {}) };
  merged.services = choicesOf(stored.services);
  return merged;
}

/** The services page's stored content over its defaults, one level deep. */
export function mergeServicesPageContent(stored: unknown): ServicesPageRecord {
  const defaults = defaultServicesPageContent();
  if (!isRecord(stored)) return defaults;
  const merged = { ...defaults, ...stored } as ServicesPageRecord;
  merged.hero = { ...defaults.hero, ...(isRecord(stored.hero) ? stored.hero : {}) };
  merged.section = { ...defaults.section, ...(isRecord(stored.section) ? stored.section : {}) };
  merged.contact = { ...defaults.contact, ...(isRecord(stored.contact) ? stored.contact : {}) };
  merged.services = choicesOf(stored.services);
  return merged;
}

/** Stored JSON, or null when unreadable (the defaults are shown). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The services a page's cards are made of (decision 031): the active ones, as 服務管理 holds them now. */
export const activeCardSources = async (db: ReadDb): Promise<ServiceCardSource[]> => (await serviceItemsRepo.cardRows(db, { activeOnly: true })).map(toCardSource);

/** A stored page with its choice of services turned into the spec's cards. */
export const withCards = <T extends { services: ServiceChoice[] }>(record: T, sources: readonly ServiceCardSource[]): Omit<T, "services"> & { services: ServiceEntry[] } => ({
  ...record,
  services: cardsOf(sources, record.services),
});

type PageRow = NonNullable<Awaited<ReturnType<typeof pagesRepo.findByKey>>>;

/** The stored autosave, or null (none, or unreadable: the editor then starts from the published page). */
function draftOf(text: string | null): Page["draft"] {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || typeof parsed.content !== "string") return null;
    const str = (value: unknown) => (typeof value === "string" ? value : "");
    return {
      title: str(parsed.title),
      content: parsed.content,
      meta_title: str(parsed.meta_title),
      meta_description: str(parsed.meta_description),
      meta_keywords: str(parsed.meta_keywords),
      is_active: Number(parsed.is_active) ? 1 : 0,
      restored_from: typeof parsed.restored_from === "string" ? parsed.restored_from : null,
    };
  } catch {
    return null;
  }
}

/** The page as the contract gives it: how its current state was made stays on the server (its versions tell it). */
export const toPage = ({ change_kind: _change, changed_by: _by, restored_from: _from, ...row }: PageRow): Page => ({
  ...row,
  is_active: Number(row.is_active),
  revision: Number(row.revision),
  draft: draftOf(row.draft),
  draft_saved_at: row.draft ? row.draft_saved_at : null,
});

export interface PagesDeps {
  db: ReadDb;
  cache: PublicCache;
  logger: Logger;
  /** The uploaded videos' processing (the media library's): a served page plays each as its MP4 (decision 029). */
  videosOf: VideosOf;
  clock?: () => Date;
}

/**
 * The content the public API gives (000 §7): the built-in JSON pages' JSON as
 * stored; a built page as `{ builder, html }` with both sanitised again; rich
 * text sanitised.
 */
async function publicContentText(page: Page, db: ReadDb, videosOf: VideosOf): Promise<string> {
  // The two JSON pages as the spec writes them: their cards produced from the services (decision 031).
  if (page.page_key === "home_services") return JSON.stringify(withCards(mergeHomeServicesContent(jsonOf(page.content)), await activeCardSources(db)));
  if (page.page_key === "services_page") return JSON.stringify(withCards(mergeServicesPageContent(jsonOf(page.content)), await activeCardSources(db)));
  const shown = await publicContentOf(page.content, videosOf);
  return shown.tree ? builderContentText({ builder: shown.tree, html: shown.html }) : shown.html;
}

/** A page record by its key; 404 when there is none. */
export async function requirePage(db: ReadDb, key: unknown): Promise<Page> {
  const row = typeof key === "string" ? await pagesRepo.findByKey(db, key) : undefined;
  if (!row) throw notFound(PAGE_MESSAGES.notFound);
  return toPage(row);
}

export function createPagesService(deps: PagesDeps) {
  const { db, cache, logger, videosOf } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** A published page's JSON content, or null (absent, a draft, or unreadable: the caller shows its defaults). */
  async function publishedJson(key: string): Promise<unknown> {
    const row = await pagesRepo.findByKey(db, key);
    if (!row || !row.is_active) return null;
    try {
      return JSON.parse(row.content);
    } catch (error) {
      logger.warn({ err: error, pageKey: key }, "page content is not valid JSON; showing the default content");
      return null;
    }
  }

  // The cards are the services of 服務管理 (decision 031): a page's read is kept under the services' tag too, so a
  // service added, changed or hidden there shows on the page at once.
  const homeServices = () =>
    cache.remember("pages:home_services", [cacheTags.page("home_services"), cacheTags.services], async (): Promise<HomeServicesContent> =>
      withCards(mergeHomeServicesContent(await publishedJson("home_services")), await activeCardSources(db)),
    );

  /** The services page's content (000 §4): services_page, else the home services' choice of services, else the defaults. */
  const servicesPage = () =>
    cache.remember("pages:services_page", [cacheTags.page("services_page"), cacheTags.page("home_services"), cacheTags.services], async (): Promise<ServicesPageContent> => {
      const sources = await activeCardSources(db);
      const own = await publishedJson("services_page");
      if (own !== null) return withCards(mergeServicesPageContent(own), sources);
      const home = await publishedJson("home_services");
      const defaults = defaultServicesPageContent();
      return withCards(isRecord(home) ? { ...defaults, services: mergeHomeServicesContent(home).services } : defaults, sources);
    });

  /** The about page: the published record's content (built or rich text, sanitised), else the default content. */
  const about = () =>
    cache.remember("pages:about_company", [cacheTags.page("about_company")], async () => {
      const row = await pagesRepo.findByKey(db, "about_company");
      const published = row && row.is_active ? row : null;
      const shown = await publicContentOf(published?.content ?? "");
      const empty = shown.tree ? shown.tree.containers.length === 0 : shown.html.trim() === "";
      return {
        title: published?.title || "關於我們",
        ...(empty ? await publicContentOf(DEFAULT_ABOUT_HTML) : shown),
        meta_title: published?.meta_title ?? "",
        meta_description: published?.meta_description ?? "",
        meta_keywords: published?.meta_keywords ?? "",
      };
    });

  /** A published free page (`/{page_key}`), or null: a draft, an unknown key, a built-in page. */
  const freePage = (key: string) =>
    cache.remember(`pages:free:${key}`, [cacheTags.page(key)], async (): Promise<FreePage | null> => {
      if (!isFreePageKey(key)) return null;
      const row = await pagesRepo.findByKey(db, key);
      if (!row || !row.is_active) return null;
      return {
        page_key: row.page_key,
        title: row.title,
        ...(await publicContentOf(row.content)),
        meta_title: row.meta_title,
        meta_description: row.meta_description,
        meta_keywords: row.meta_keywords,
        updated_at: row.updated_at,
      };
    });

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { homeServices, servicesPage, about, freePage },

    /** Each published free page's address, for the sitemap. */
    sitemap: async () =>
      (await pagesRepo.list(db)).filter((row) => row.is_active && isFreePageKey(row.page_key)).map((row) => ({ path: publicPathOf(row.page_key), lastmod: row.updated_at })),

    /** When each page record last changed, by page key (the sitemap's dates). */
    changedAt: async (): Promise<Record<string, string>> =>
      Object.fromEntries((await pagesRepo.changes(db)).map((page) => [page.page_key, page.updated_at])),

    /** GET /api.php/pages/{key}: a published page (HTML pages sanitised). */
    async publicPage(key: unknown): Promise<PublicPage> {
      const page = await requirePage(db, key);
      if (!page.is_active) throw notFound(PAGE_MESSAGES.notFound);
      return {
        page_key: page.page_key,
        title: page.title,
        content: await publicContentText(page, db, videosOf),
        meta_title: page.meta_title,
        meta_description: page.meta_description,
        meta_keywords: page.meta_keywords,
      };
    },

    /**
     * GET /admin-api.php/pages: every record. A built-in page without a record is listed
     * with id 0 and its default content (saving it creates it); the legacy `services`
     * record is still listed, for the screen to delete (002 §4).
     */
    async list(): Promise<Page[]> {
      const pages = (await pagesRepo.list(db)).map(toPage);
      const now = clock().toISOString();
      const defaults = builtInPageRecords();
      for (const key of BUILT_IN_PAGE_KEYS) {
        if (pages.some((page) => page.page_key === key)) continue;
        pages.push({ id: 0, page_key: key, ...defaults[key], meta_title: "", meta_description: "", meta_keywords: "", is_active: 1, created_at: now, updated_at: now, revision: 0, draft: null, draft_saved_at: null });
      }
      return pages;
    },

    /** GET /admin-api.php/pages/defaults: the built-in pages' default content, for the pages screen (002 §4, §5). */
    defaults: (): PageDefaults => builtInPageDefaults(),

    get: (key: unknown) => requirePage(db, key),

    /** GET /admin-api.php/pages/{key}/revisions: newest first, each with its content (the editor shows one before restoring it) and how it was made. */
    async revisions(key: unknown): Promise<PageRevision[]> {
      const page = await requirePage(db, key);
      return (await pageRevisionsRepo.listFor(db, page.id, KEPT_REVISIONS)).map(({ change_kind, ...row }) => ({
        ...row,
        is_active: Number(row.is_active),
        saved_by: row.saved_by ?? "",
        made_by: row.made_by ?? "",
        change: versionChangeOf(change_kind),
      }));
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
