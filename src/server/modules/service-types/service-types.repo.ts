import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const serviceTypesRepo = {
  automatic: (db: Db) => db.selectFrom("service_types").select(["id", "value", "label", "icon", "sort_order"]).where("is_auto", "=", 1).execute(),
  labelTakenByOther: async (db: Db, label: string, value: string) =>
    (await countRows(db.selectFrom("service_types").where("label", "=", label).where("value", "!=", value))) > 0,
  upsertAutomatic: (db: Db, entry: { value: string; label: string; icon: string; sort_order: number }, now: string) =>
    db
      .insertInto("service_types")
      .values({ ...entry, is_auto: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("value").doUpdateSet({ label: entry.label, icon: entry.icon, sort_order: entry.sort_order, is_auto: 1, updated_at: now }))
      .execute(),
  usedByCases: async (db: Db, value: string) => (await countRows(db.selectFrom("portfolios").where("category", "=", value))) > 0,
  delete: (db: Db, id: number) => db.deleteFrom("service_types").where("id", "=", id).execute(),
};
