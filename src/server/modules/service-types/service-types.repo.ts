import { sql } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const serviceTypesRepo = {
  /** Every type with how many cases use it. */
  listWithUse: (db: ReadDb) =>
    db
      .selectFrom("service_types")
      .select((eb) => [
        "service_types.id",
        "service_types.value",
        "service_types.label",
        "service_types.icon",
        "service_types.sort_order",
        "service_types.is_auto",
        eb.selectFrom("portfolios").whereRef("portfolios.category", "=", "service_types.value").select(sql<number>`count(*)`.as("n")).as("case_count"),
      ])
      .execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("service_types").select(["id", "value", "label", "is_auto"]).where("id", "=", id).executeTakeFirst(),
  findByValue: (db: ReadDb, value: string) => db.selectFrom("service_types").select(["id", "value", "label", "is_auto"]).where("value", "=", value).executeTakeFirst(),
  findByLabel: (db: ReadDb, label: string) => db.selectFrom("service_types").select(["id", "value", "label"]).where("label", "=", label).executeTakeFirst(),
  automatic: (db: ReadDb) => db.selectFrom("service_types").select(["id", "value", "label", "icon", "sort_order"]).where("is_auto", "=", 1).execute(),
  labelTakenByOther: async (db: ReadDb, label: string, value: string) =>
    (await countRows(db.selectFrom("service_types").where("label", "=", label).where("value", "!=", value))) > 0,
  upsertAutomatic: (db: Db, entry: { value: string; label: string; icon: string; sort_order: number }, now: string) =>
    db
      .insertInto("service_types")
      .values({ ...entry, is_auto: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("value").doUpdateSet({ label: entry.label, icon: entry.icon, sort_order: entry.sort_order, is_auto: 1, updated_at: now }))
      .execute(),
  insertManual: async (db: Db, entry: { value: string; label: string }, now: string) =>
    (await db.insertInto("service_types").values({ ...entry, is_auto: 0, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id,
  updateLabel: (db: Db, id: number, label: string, now: string) => db.updateTable("service_types").set({ label, updated_at: now }).where("id", "=", id).execute(),
  moveCases: (db: Db, from: string, to: string) => db.updateTable("portfolios").set({ category: to }).where("category", "=", from).execute(),
  casesUsing: (db: ReadDb, value: string) => countRows(db.selectFrom("portfolios").where("category", "=", value)),
  delete: (db: Db, id: number) => db.deleteFrom("service_types").where("id", "=", id).execute(),
};
