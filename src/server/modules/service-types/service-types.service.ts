// Service types (001 §3, §4, §5), read: the cases' service categories, for the
// gallery's dropdown and the back office. The writes are operations
// (service-types.operations.ts).
import { sortServiceTypes, type ServiceType, type ServiceTypeOption } from "#contract/service-types.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { serviceTypesRepo } from "./service-types.repo.ts";

/** Every type with how many cases use it, in the order the gallery shows them; read with `db` (a write's transaction answers what it just saved). */
export async function listServiceTypes(db: ReadDb): Promise<ServiceType[]> {
  const rows = await serviceTypesRepo.listWithUse(db);
  return sortServiceTypes(rows.map((row) => ({ ...row, sort_order: Number(row.sort_order), is_auto: Number(row.is_auto) === 1, case_count: Number(row.case_count ?? 0) })));
}

export function createServiceTypesService(deps: { db: ReadDb; cache: PublicCache }) {
  const { db, cache } = deps;

  return {
    /** Public pages: the options of the gallery's dropdown. */
    site: {
      options: () =>
        cache.remember("service-types:options", [cacheTags.serviceTypes], async (): Promise<ServiceTypeOption[]> =>
          (await listServiceTypes(db)).map(({ value, label }) => ({ value, label })),
        ),
    },

    /** GET /admin-api.php/service-types: the public options, or everything for the back office. */
    async list(options: { forAdmin: boolean }): Promise<ServiceType[] | ServiceTypeOption[]> {
      const all = await listServiceTypes(db);
      return options.forAdmin ? all : all.map(({ value, label }) => ({ value, label }));
    },
  };
}

export type ServiceTypesService = ReturnType<typeof createServiceTypesService>;
