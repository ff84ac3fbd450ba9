// Page records: the built-in pages (home services, services page, about) and
// free pages (002 §2.7). Public pages read their content here; a missing,
// unpublished or unreadable record falls back to the built-in default content.
// Saving a page keeps the version it replaces, in the same transaction, and the
// editor can restore any kept version (the last 50 of each page). Every save
// registers the uploaded files the content points at (a service card's picture,
// an <img> in the about page) with the media library in its transaction, so
// cleanup and deletion leave them alone (decision 024).
import {
  BUILT_IN_PAGE_KEYS,
  DEFAULT_ABOUT_HTML,
  defaultHomeServicesContent,
  defaultServicesPageContent,
  LEGACY_SERVICES_PAGE_KEY,
  PAGE_MESSAGES,
  type HomeServicesContent,
  type Page,
  type PageRevision,
  type PublicPage,
} from "#contract/pages.ts";
import { pageInputSchema } from "#contract/page-input.ts";
import type { Db } from "#server/db/database.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { sanitizeStaffHtml } from "#server/lib/staff-html.ts";
import { uploadAddressesOfPageContent } from "#server/modules/media/file-addresses.ts";
import { htmlOfContent } from "./page-html.ts";
import { pageRevisionsRepo, pagesRepo } from "./pages.repo.ts";

const KEPT_REVISIONS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Stored content over the defaults, one level deep: a record saved by an older editor lacks newer fields. */
export function mergeHomeServicesContent(stored: unknown): HomeServicesContent {
  const defaults = defaultHomeServicesContent();
  if (!isRecord(stored)) return defaults;
  const merged = { ...defaults, ...stored } as HomeServicesContent;
  merged.cta = { ...defaults.cta, ...(isRecord(stored.cta) ? stored.cta : {}) };
  merged.contact = { ...defaults.contact, ...(isRecord(stored.contact) ? stored.contact : {}) };
  return merged;
}

export type ServicesPageContent = ReturnType<typeof defaultServicesPageContent>;

/** The services page's stored content over its defaults, one level deep. */
export function mergeServicesPageContent(stored: unknown): ServicesPageContent {
  const defaults = defaultServicesPageContent();
  if (!isRecord(stored)) return defaults;
  const merged = { ...defaults, ...stored } as ServicesPageContent;
  merged.hero = { ...defaults.hero, ...(isRecord(stored.hero) ? stored.hero : {}) };
  merged.section = { ...defaults.section, ...(isRecord(stored.section) ? stored.section : {}) };
  merged.contact = { ...defaults.contact, ...(isRecord(stored.contact) ? stored.contact : {}) };
  if (!Array.isArray(merged.services)) merged.services = defaults.services;
  return merged;
}

type PageRow = NonNullable<Awaited<ReturnType<typeof pagesRepo.findByKey>>>;

const toPage = (row: PageRow): Page => ({ ...row, is_active: Number(row.is_active) });

export interface PagesDeps {
  /** Keeps the automatic service types in step with the services page, in the transaction that saves it. */
  syncServiceTypes: (handle: Db, services: ReadonlyArray<{ key: string; title: string; order?: number; icon?: string }>) => Promise<void>;
  /** Registers the files a page's content points at with the media library (fields: where in the content), in the write's transaction. */
  syncFileReferences: (handle: Db, pageKey: string, fields: Record<string, string[]>) => Promise<void>;
  db: Db;
  cache: PublicCache;
  logger: Logger;
  write: WriteRunner;
  activity: ActivityService;
  clock?: () => Date;
}

export function createPagesService(deps: PagesDeps) {
  const { db, cache, logger, write, activity } = deps;
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

  const homeServices = () =>
    cache.remember("pages:home_services", async (): Promise<HomeServicesContent> => mergeHomeServicesContent(await publishedJson("home_services")));

  /** The services page's content (000 §4): services_page, else the home services' services, else the defaults. */
  const servicesPage = () =>
    cache.remember("pages:services_page", async (): Promise<ServicesPageContent> => {
      const own = await publishedJson("services_page");
      if (own !== null) return mergeServicesPageContent(own);
      const home = await publishedJson("home_services");
      const defaults = defaultServicesPageContent();
      return isRecord(home) && Array.isArray(home.services) ? { ...defaults, services: mergeHomeServicesContent(home).services as ServicesPageContent["services"] } : defaults;
    });

  /** The about page: the published record's HTML, sanitised, else the default content. */
  const about = () =>
    cache.remember("pages:about_company", async () => {
      const row = await pagesRepo.findByKey(db, "about_company");
      const published = row && row.is_active ? row : null;
      const html = published ? htmlOfContent(published.content) : "";
      return {
        title: published?.title || "關於我們",
        html: await sanitizeStaffHtml(html.trim() ? html : DEFAULT_ABOUT_HTML),
        meta_title: published?.meta_title ?? "",
        meta_description: published?.meta_description ?? "",
        meta_keywords: published?.meta_keywords ?? "",
      };
    });

  async function findByKey(handle: Db, key: unknown): Promise<Page> {
    const row = typeof key === "string" ? await pagesRepo.findByKey(handle, key) : undefined;
    if (!row) throw notFound(PAGE_MESSAGES.notFound);
    return toPage(row);
  }

  /**
   * After a page's content changes: the files it points at are registered, and
   * the services page's services are the automatic service types.
   */
  async function afterContentChange(handle: Db, pageKey: string, content: string) {
    await deps.syncFileReferences(handle, pageKey, uploadAddressesOfPageContent(content));
    if (pageKey !== "services_page") return;
    try {
      const parsed: unknown = JSON.parse(content);
      if (isRecord(parsed) && Array.isArray(parsed.services)) {
        await deps.syncServiceTypes(handle, parsed.services.filter(isRecord).map((service) => ({ key: String(service.key ?? ""), title: String(service.title ?? ""), order: Number(service.order) || undefined, icon: typeof service.icon === "string" ? service.icon : undefined })));
      }
    } catch {
      // Unreadable content: checked on save; a restored old version that is unreadable leaves the types as they are.
    }
  }

  /** The version being replaced, kept in the write's transaction. */
  async function keepVersion(handle: Db, page: Page, adminId: number | null) {
    await pageRevisionsRepo.insert(handle, {
      page_id: page.id,
      page_key: page.page_key,
      title: page.title,
      content: page.content,
      meta_title: page.meta_title,
      meta_description: page.meta_description,
      meta_keywords: page.meta_keywords,
      is_active: page.is_active,
      admin_user_id: adminId,
      created_at: clock().toISOString(),
    });
    await pageRevisionsRepo.prune(handle, page.id, KEPT_REVISIONS);
  }

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { homeServices, servicesPage, about },

    /** When each page record last changed, by page key (the sitemap's dates). */
    changedAt: async (): Promise<Record<string, string>> =>
      Object.fromEntries((await pagesRepo.changes(db)).map((page) => [page.page_key, page.updated_at])),

    /** GET /api.php/pages/{key}: a published page (HTML pages sanitised). */
    async publicPage(key: unknown): Promise<PublicPage> {
      const page = await findByKey(db, key);
      if (!page.is_active) throw notFound(PAGE_MESSAGES.notFound);
      const isJson = page.content.trim().startsWith("{") && page.page_key !== "about_company";
      return {
        page_key: page.page_key,
        title: page.title,
        content: isJson ? page.content : await sanitizeStaffHtml(htmlOfContent(page.content)),
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
      const defaults: Record<(typeof BUILT_IN_PAGE_KEYS)[number], { title: string; content: string }> = {
        home_services: { title: "首頁核心服務", content: JSON.stringify(defaultHomeServicesContent()) },
        services_page: { title: "服務項目頁面", content: JSON.stringify(defaultServicesPageContent()) },
        about_company: { title: "關於我們", content: DEFAULT_ABOUT_HTML },
      };
      for (const key of BUILT_IN_PAGE_KEYS) {
        if (pages.some((page) => page.page_key === key)) continue;
        pages.push({ id: 0, page_key: key, ...defaults[key], meta_title: "", meta_description: "", meta_keywords: "", is_active: 1, created_at: now, updated_at: now });
      }
      return pages;
    },

    get: (key: unknown) => findByKey(db, key),

    async create(input: unknown, adminId: number): Promise<Page> {
      const page = parseInput(pageInputSchema, input);
      const now = clock().toISOString();
      await write(async (tx) => {
        if (await pagesRepo.findByKey(tx.db, page.page_key)) throw conflict(PAGE_MESSAGES.duplicateKey, { page_key: PAGE_MESSAGES.duplicateKey });
        const id = await pagesRepo.insert(tx.db, { ...page, created_at: now, updated_at: now });
        await afterContentChange(tx.db, page.page_key, page.content);
        await activity.record(tx.db, { adminId, action: "page.create", entityType: "page", entityId: id, summary: `建立頁面「${page.title}」` });
        tx.invalidatePublicCache();
      });
      return findByKey(db, page.page_key);
    },

    /** PUT /admin-api.php/pages/{page_key}: the version it replaces is kept; the key itself never changes. */
    async update(key: unknown, input: unknown, adminId: number): Promise<Page> {
      const existingKey = await write(async (tx) => {
        const existing = await findByKey(tx.db, key);
        // Fields left out keep their stored values (a client may send only 立即發布's switch).
        const { id: _id, created_at: _created, updated_at: _updated, ...stored } = existing;
        const body = isRecord(input) ? { ...stored, ...input, page_key: existing.page_key } : input;
        const page = parseInput(pageInputSchema, body);
        await keepVersion(tx.db, existing, adminId);
        await pagesRepo.update(tx.db, existing.id, { ...page, updated_at: clock().toISOString() });
        await afterContentChange(tx.db, existing.page_key, page.content);
        await activity.record(tx.db, { adminId, action: "page.update", entityType: "page", entityId: existing.id, summary: `更新頁面「${page.title}」` });
        tx.invalidatePublicCache();
        return existing.page_key;
      });
      return findByKey(db, existingKey);
    },

    /** DELETE /admin-api.php/pages/{id}: the legacy services record's clean-up, and free pages. */
    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const id = Number(idInput);
        const row = Number.isInteger(id) && id > 0 ? await pagesRepo.findById(tx.db, id) : undefined;
        if (!row) throw notFound(PAGE_MESSAGES.notFound);
        if ((BUILT_IN_PAGE_KEYS as readonly string[]).includes(row.page_key)) {
          throw conflict("內建頁面不能刪除，可以改為草稿");
        }
        await pageRevisionsRepo.deleteFor(tx.db, row.id);
        await pagesRepo.delete(tx.db, row.id);
        await deps.syncFileReferences(tx.db, row.page_key, {});
        const summary = row.page_key === LEGACY_SERVICES_PAGE_KEY ? "移除舊版服務頁面" : `刪除頁面「${row.title}」`;
        await activity.record(tx.db, { adminId, action: "page.delete", entityType: "page", entityId: row.id, summary });
        tx.invalidatePublicCache();
      });
    },

    /** GET /admin-api.php/pages/{key}/revisions: newest first. */
    async revisions(key: unknown): Promise<PageRevision[]> {
      const page = await findByKey(db, key);
      return (await pageRevisionsRepo.listFor(db, page.id, KEPT_REVISIONS)).map((row) => ({ ...row, is_active: Number(row.is_active), saved_by: row.saved_by ?? "" }));
    },

    /** Puts an earlier version back; the current one is kept as a version too, so a restore can be undone. */
    async restore(key: unknown, revisionIdInput: unknown, adminId: number): Promise<Page> {
      const pageKey = await write(async (tx) => {
        const page = await findByKey(tx.db, key);
        const revisionId = Number(revisionIdInput);
        const revision = Number.isInteger(revisionId) && revisionId > 0 ? await pageRevisionsRepo.find(tx.db, page.id, revisionId) : undefined;
        if (!revision) throw notFound(PAGE_MESSAGES.revisionNotFound);
        await keepVersion(tx.db, page, adminId);
        const { title, content, meta_title, meta_description, meta_keywords, is_active } = revision;
        await pagesRepo.update(tx.db, page.id, { title, content, meta_title, meta_description, meta_keywords, is_active, updated_at: clock().toISOString() });
        await afterContentChange(tx.db, page.page_key, content);
        await activity.record(tx.db, { adminId, action: "page.restore", entityType: "page", entityId: page.id, summary: `將頁面「${title}」還原到較早的版本` });
        tx.invalidatePublicCache();
        return page.page_key;
      });
      return findByKey(db, pageKey);
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
