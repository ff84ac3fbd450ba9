// Service types (001 §3, §4, §5), written. Those derived from the services
// page's services (key, title, order, icon) are automatic and read-only; they
// follow the services page in the transaction that saves it (syncFromServicesPage,
// run by the pages' operations). An automatic type that left the services page
// is removed unless a case still uses it (then it stays, so the case keeps its
// label). Staff add manual types, rename them and delete those no case uses; a
// service whose key is a manual type's code leaves that type as staff made it.
import { SERVICE_TYPE_MESSAGES, serviceTypeInputSchema, serviceTypeUpdateSchema } from "#contract/service-types.ts";
import type { Db } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { conflict } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { serviceTypesRepo } from "./service-types.repo.ts";
import { listServiceTypes } from "./service-types.service.ts";

export interface ServiceTypeSource {
  key: string;
  title: string;
  order?: number;
  icon?: string;
}

/** A manual type found by the id its address names; automatic ones are refused before any change. */
async function requireManual(db: Db, id: unknown) {
  const row = await requireById(id, (found) => serviceTypesRepo.findById(db, found), SERVICE_TYPE_MESSAGES.notFound);
  if (Number(row.is_auto) === 1) throw conflict(SERVICE_TYPE_MESSAGES.automaticReadOnly);
  return row;
}

/** Codes and names are both unique (001 §5): the message names the one that clashes. */
async function checkUnique(db: Db, entry: { value?: string; label: string }, ownId?: number) {
  const errors: Record<string, string> = {};
  const sameValue = entry.value === undefined ? undefined : await serviceTypesRepo.findByValue(db, entry.value);
  if (sameValue && sameValue.id !== ownId) errors.value = SERVICE_TYPE_MESSAGES.duplicate;
  const sameLabel = await serviceTypesRepo.findByLabel(db, entry.label);
  if (sameLabel && sameLabel.id !== ownId) errors.label = SERVICE_TYPE_MESSAGES.duplicate;
  if (Object.keys(errors).length > 0) throw conflict(SERVICE_TYPE_MESSAGES.duplicate, errors);
}

/**
 * A service was given a client's key in place of its `service_{id}` (decision 044): its automatic
 * type takes the new code and the cases of it follow, in the transaction that gave the key. An
 * automatic type of the new code left by earlier cases (a card's key before decision 031) takes
 * them in; a manual type of either code is staff's, and its cases are left as they are.
 */
export async function followServiceKey(db: Db, from: string, to: string, stamp: string): Promise<void> {
  const old = (await serviceTypesRepo.automatic(db)).find((type) => type.value === from);
  if (!old) return;
  const target = await serviceTypesRepo.findByValue(db, to);
  if (target && Number(target.is_auto) === 0) return;
  if (!target) {
    // Cases name their type's code (a foreign key that refuses a change): the new code is made, with the
    // old one's name (names are unique, so the old one gives it up first), the cases move, the old one goes.
    await serviceTypesRepo.updateLabel(db, old.id, `${old.label}（${from}）`, stamp);
    await serviceTypesRepo.upsertAutomatic(db, { value: to, label: old.label, icon: old.icon, sort_order: Number(old.sort_order) }, stamp);
  }
  await serviceTypesRepo.moveCases(db, from, to);
  await serviceTypesRepo.delete(db, old.id);
}

export function createServiceTypesOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  /** The automatic types follow the services page's services, with `db`, the transaction saving the page. */
  async function syncFromServicesPage(db: Db, services: readonly ServiceTypeSource[]): Promise<void> {
    const stamp = now();
    const wanted = services.filter((service) => service.key?.trim() && service.title?.trim());
    for (const [index, service] of wanted.entries()) {
      const value = service.key.trim();
      // A manual type staff made with this code stays theirs: its name and its cases are never changed behind their back.
      const existing = await serviceTypesRepo.findByValue(db, value);
      if (existing && Number(existing.is_auto) === 0) continue;
      let label = service.title.trim();
      // Labels are unique: a manual type of the same name keeps its own, this one says which service it is.
      if (await serviceTypesRepo.labelTakenByOther(db, label, value)) label = `${label}（${value}）`;
      await serviceTypesRepo.upsertAutomatic(db, { value, label, icon: service.icon ?? "", sort_order: service.order ?? index + 1 }, stamp);
    }
    const keep = new Set(wanted.map((service) => service.key.trim()));
    for (const stale of (await serviceTypesRepo.automatic(db)).filter((type) => !keep.has(type.value))) {
      if ((await serviceTypesRepo.casesUsing(db, stale.value)) === 0) await serviceTypesRepo.delete(db, stale.id);
    }
  }

  return {
    syncFromServicesPage,

    create: defineOperation({
      name: "service-type.create",
      input: serviceTypeInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        await checkUnique(tx.db, input);
        const id = await serviceTypesRepo.insertManual(tx.db, input, now());
        return { id, list: await listServiceTypes(tx.db) };
      },
      effects: {
        activity: ({ input, result }) => ({ entityType: "service-type", entityId: result.id, summary: `新增服務類型「${input.label}」` }),
        invalidates: [cacheTags.serviceTypes],
      },
    }),

    update: defineOperation({
      name: "service-type.update",
      input: serviceTypeUpdateSchema,
      load: requireManual,
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkUnique(tx.db, { label: input.label }, record.id);
        await serviceTypesRepo.updateLabel(tx.db, record.id, input.label, now());
        return { id: record.id, list: await listServiceTypes(tx.db) };
      },
      effects: {
        activity: ({ input, record }) => ({ entityType: "service-type", entityId: record.id, summary: `服務類型「${record.label}」改名為「${input.label}」` }),
        invalidates: [cacheTags.serviceTypes],
      },
    }),

    remove: defineOperation({
      name: "service-type.delete",
      load: requireManual,
      access: access.administrators,
      async run({ tx, record }) {
        const cases = await serviceTypesRepo.casesUsing(tx.db, record.value);
        if (cases > 0) throw conflict(SERVICE_TYPE_MESSAGES.inUse(cases));
        await serviceTypesRepo.delete(tx.db, record.id);
        return { id: record.id, list: await listServiceTypes(tx.db) };
      },
      effects: {
        activity: ({ record }) => ({ entityType: "service-type", entityId: record.id, summary: `刪除服務類型「${record.label}」` }),
        invalidates: [cacheTags.serviceTypes],
      },
    }),
  };
}

export type ServiceTypesOperations = ReturnType<typeof createServiceTypesOperations>;
