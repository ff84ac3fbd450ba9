// The company's services: categories, items and their images. Public pages read
// the active items in display order; the services screen edits them.
import type { Db } from "#server/db/database.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { serviceItemsRepo } from "./services.repo.ts";

/** The footer lists the first four services. */
const FOOTER_SERVICE_COUNT = 4;

export function createServicesService(deps: { db: Db; cache: PublicCache }) {
  const { db, cache } = deps;
  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: {
      footerServiceNames: () => cache.remember("services:footer", () => serviceItemsRepo.activeNames(db, FOOTER_SERVICE_COUNT)),
    },
    dashboard: { stats: async () => ({ total_products: await serviceItemsRepo.count(db) }) },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
