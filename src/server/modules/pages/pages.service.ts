// Page records: the built-in pages (home services, services page, about) and,
// with the page editors, free pages. Public pages read their content here; a
// missing or unreadable record falls back to the built-in default content.
import { defaultHomeServicesContent, type HomeServicesContent } from "#contract/pages.ts";
import type { Db } from "#server/db/database.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { pagesRepo } from "./pages.repo.ts";

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

export function createPagesService(deps: { db: Db; cache: PublicCache; logger: Logger }) {
  const { db, cache, logger } = deps;

  const homeServices = () =>
    cache.remember("pages:home_services", async (): Promise<HomeServicesContent> => {
      const row = await pagesRepo.findByKey(db, "home_services");
      if (!row || !row.is_active) return defaultHomeServicesContent();
      try {
        return mergeHomeServicesContent(JSON.parse(row.content));
      } catch (error) {
        logger.warn({ err: error }, "home_services page content is not valid JSON; showing the default content");
        return defaultHomeServicesContent();
      }
    });

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { homeServices },

    /** When each page record last changed, by page key (the sitemap's dates). */
    changedAt: async (): Promise<Record<string, string>> =>
      Object.fromEntries((await pagesRepo.changes(db)).map((page) => [page.page_key, page.updated_at])),
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
