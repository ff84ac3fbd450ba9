// Service types (001 §3, §4, §5): the cases' service categories. Those derived
// from the services page's services (key, title, order, icon) are automatic and
// read-only; they follow the services page in the transaction that saves it.
// An automatic type that left the services page is removed unless a case still
// uses it (then it stays, so the case keeps its label). Staff add manual types,
// rename them and delete those no case uses; a service whose key is a manual
// type's code leaves that type as staff made it.
import {
  SERVICE_TYPE_MESSAGES,
  serviceTypeInputSchema,
  serviceTypeUpdateSchema,
  sortServiceTypes,
  type ServiceType,
  type ServiceTypeOption,
} from "#contract/service-types.ts";
import type { Db } from "#server/db/database.ts";
import { idFrom } from "#server/lib/entity-input.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { serviceTypesRepo } from "./service-types.repo.ts";

export interface ServiceTypeSource {
  key: string;
  title: string;
  order?: number;
  icon?: string;
}

export interface ServiceTypesDeps {
  db: Db;
  cache: PublicCache;
  write: WriteRunner;
  activity: ActivityService;
  clock?: () => Date;
}

export function createServiceTypesService(deps: ServiceTypesDeps) {
  const { db, cache, write, activity } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function listAll(handle: Db): Promise<ServiceType[]> {
    const rows = await serviceTypesRepo.listWithUse(handle);
    return sortServiceTypes(
      rows.map((row) => ({ ...row, sort_order: Number(row.sort_order), is_auto: Number(row.is_auto) === 1, case_count: Number(row.case_count ?? 0) })),
    );
  }

  /** A manual type found by its id; automatic ones are refused before any change. */
  async function findManual(handle: Db, idInput: unknown) {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await serviceTypesRepo.findById(handle, id);
    if (!row) throw notFound(SERVICE_TYPE_MESSAGES.notFound);
    if (Number(row.is_auto) === 1) throw conflict(SERVICE_TYPE_MESSAGES.automaticReadOnly);
    return row;
  }

  /** Codes and names are both unique (001 §5): the message names the one that clashes. */
  async function checkUnique(handle: Db, entry: { value?: string; label: string }, ownId?: number) {
    const errors: Record<string, string> = {};
    const sameValue = entry.value === undefined ? undefined : await serviceTypesRepo.findByValue(handle, entry.value);
    if (sameValue && sameValue.id !== ownId) errors.value = SERVICE_TYPE_MESSAGES.duplicate;
    const sameLabel = await serviceTypesRepo.findByLabel(handle, entry.label);
    if (sameLabel && sameLabel.id !== ownId) errors.label = SERVICE_TYPE_MESSAGES.duplicate;
    if (Object.keys(errors).length > 0) throw conflict(SERVICE_TYPE_MESSAGES.duplicate, errors);
  }

  return {
    /** Public pages: the options of the gallery's dropdown. */
    site: {
      options: () => cache.remember("service-types:options", async (): Promise<ServiceTypeOption[]> => (await listAll(db)).map(({ value, label }) => ({ value, label }))),
    },

    /** GET /admin-api.php/service-types: the public options, or everything for the back office. */
    async list(options: { forAdmin: boolean }): Promise<ServiceType[] | ServiceTypeOption[]> {
      const all = await listAll(db);
      return options.forAdmin ? all : all.map(({ value, label }) => ({ value, label }));
    },

    async create(input: unknown, adminId: number): Promise<ServiceType[]> {
      const entry = parseInput(serviceTypeInputSchema, input);
      await write(async (tx) => {
        await checkUnique(tx.db, entry);
        const id = await serviceTypesRepo.insertManual(tx.db, entry, clock().toISOString());
        await activity.record(tx.db, { adminId, action: "service-type.create", entityType: "service-type", entityId: id, summary: `新增服務類型「${entry.label}」` });
        tx.invalidatePublicCache();
      });
      return listAll(db);
    },

    async update(idInput: unknown, input: unknown, adminId: number): Promise<ServiceType[]> {
      const { label } = parseInput(serviceTypeUpdateSchema, input);
      await write(async (tx) => {
        const existing = await findManual(tx.db, idInput);
        await checkUnique(tx.db, { label }, existing.id);
        await serviceTypesRepo.updateLabel(tx.db, existing.id, label, clock().toISOString());
        await activity.record(tx.db, { adminId, action: "service-type.update", entityType: "service-type", entityId: existing.id, summary: `服務類型「${existing.label}」改名為「${label}」` });
        tx.invalidatePublicCache();
      });
      return listAll(db);
    },

    async remove(idInput: unknown, adminId: number): Promise<ServiceType[]> {
      await write(async (tx) => {
        const existing = await findManual(tx.db, idInput);
        const cases = await serviceTypesRepo.casesUsing(tx.db, existing.value);
        if (cases > 0) throw conflict(SERVICE_TYPE_MESSAGES.inUse(cases));
        await serviceTypesRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "service-type.delete", entityType: "service-type", entityId: existing.id, summary: `刪除服務類型「${existing.label}」` });
        tx.invalidatePublicCache();
      });
      return listAll(db);
    },

    /** `handle`: the transaction saving the services page. */
    async syncFromServicesPage(handle: Db, services: readonly ServiceTypeSource[]): Promise<void> {
      const now = clock().toISOString();
      const wanted = services.filter((service) => service.key?.trim() && service.title?.trim());
      for (const [index, service] of wanted.entries()) {
        const value = service.key.trim();
        // A manual type staff made with this code stays theirs: its name and its cases are never changed behind their back.
        const existing = await serviceTypesRepo.findByValue(handle, value);
        if (existing && Number(existing.is_auto) === 0) continue;
        let label = service.title.trim();
        // Labels are unique: a manual type of the same name keeps its own, this one says which service it is.
        if (await serviceTypesRepo.labelTakenByOther(handle, label, value)) label = `${label}（${value}）`;
        await serviceTypesRepo.upsertAutomatic(handle, { value, label, icon: service.icon ?? "", sort_order: service.order ?? index + 1 }, now);
      }
      const keep = new Set(wanted.map((service) => service.key.trim()));
      for (const stale of (await serviceTypesRepo.automatic(handle)).filter((type) => !keep.has(type.value))) {
        if ((await serviceTypesRepo.casesUsing(handle, stale.value)) === 0) await serviceTypesRepo.delete(handle, stale.id);
      }
    },
  };
}

export type ServiceTypesService = ReturnType<typeof createServiceTypesService>;
