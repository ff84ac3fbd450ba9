// Service types (001 §3): the cases' service categories. Those derived from the
// services page's services (key, title, order, icon) are automatic and
// read-only; they follow the services page in the transaction that saves it.
// An automatic type that left the services page is removed unless a case still
// uses it (then it stays, so the case keeps its label).
import type { Db } from "#server/db/database.ts";
import { serviceTypesRepo } from "./service-types.repo.ts";

export interface ServiceTypeSource {
  key: string;
  title: string;
  order?: number;
  icon?: string;
}

export function createServiceTypesService(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    /** `handle`: the transaction saving the services page. */
    async syncFromServicesPage(handle: Db, services: readonly ServiceTypeSource[]): Promise<void> {
      const now = clock().toISOString();
      const wanted = services.filter((service) => service.key?.trim() && service.title?.trim());
      for (const [index, service] of wanted.entries()) {
        const value = service.key.trim();
        let label = service.title.trim();
        // Labels are unique: a manual type of the same name keeps its own, this one says which service it is.
        if (await serviceTypesRepo.labelTakenByOther(handle, label, value)) label = `${label}（${value}）`;
        await serviceTypesRepo.upsertAutomatic(handle, { value, label, icon: service.icon ?? "", sort_order: service.order ?? index + 1 }, now);
      }
      const keep = new Set(wanted.map((service) => service.key.trim()));
      for (const stale of (await serviceTypesRepo.automatic(handle)).filter((type) => !keep.has(type.value))) {
        if (!(await serviceTypesRepo.usedByCases(handle, stale.value))) await serviceTypesRepo.delete(handle, stale.id);
      }
    },
  };
}

export type ServiceTypesService = ReturnType<typeof createServiceTypesService>;
