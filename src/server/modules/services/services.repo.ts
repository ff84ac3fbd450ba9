import type { Insertable, Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ServiceCategoriesTable, ServiceImagesTable, ServiceItemsTable } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";

const ITEM_COLUMNS = [
  "service_items.id",
  "service_items.category_id",
  "service_items.name",
  "service_items.description",
  "service_items.features",
  "service_items.service_references",
  "service_items.main_image",
  "service_items.price",
  "service_items.price_unit",
  "service_items.display_order",
  "service_items.is_active",
  "service_items.created_at",
  "service_items.updated_at",
] as const;

export const serviceItemsRepo = {
  activeNames: async (db: ReadDb, limit: number) =>
    (
      await db
        .selectFrom("service_items")
        .select("name")
        .where("is_active", "=", 1)
        .orderBy("display_order")
        .orderBy("id")
        .limit(limit)
        .execute()
    ).map((row) => row.name),
  count: (db: ReadDb) => countRows(db.selectFrom("service_items")),
  countInCategory: (db: ReadDb, categoryId: number) => countRows(db.selectFrom("service_items").where("category_id", "=", categoryId)),

  /** Every item with its category's name, in display order. */
  list: (db: ReadDb, options: { activeOnly?: boolean; id?: number } = {}) => {
    let query = db
      .selectFrom("service_items")
      .leftJoin("service_categories", "service_categories.id", "service_items.category_id")
      .select([...ITEM_COLUMNS, "service_categories.name as category_name"]);
    if (options.activeOnly) query = query.where("service_items.is_active", "=", 1);
    if (options.id !== undefined) query = query.where("service_items.id", "=", options.id);
    return query.orderBy("service_items.display_order").orderBy("service_items.id").execute();
  },
  ids: async (db: ReadDb) => (await db.selectFrom("service_items").select("id").execute()).map((row) => row.id),
  /** Items as the pages' cards read them: with their category's name and key (catalogue_key: the catalogue's or a client's), in display order. */
  cardRows: (db: ReadDb, options: { activeOnly?: boolean } = {}) => {
    let query = db
      .selectFrom("service_items")
      .leftJoin("service_categories", "service_categories.id", "service_items.category_id")
      .select([...ITEM_COLUMNS, "service_items.catalogue_key", "service_categories.name as category_name"]);
    if (options.activeOnly) query = query.where("service_items.is_active", "=", 1);
    return query.orderBy("service_items.display_order").orderBy("service_items.id").execute();
  },
  insert: async (db: Db, values: Insertable<ServiceItemsTable>) =>
    (await db.insertInto("service_items").values(values).returning("id").executeTakeFirstOrThrow()).id,
  /** A service without a key of its own is given the one a client sent (decision 044); a key once given stays. */
  setKey: (db: Db, id: number, key: string, now: string) =>
    db.updateTable("service_items").set({ catalogue_key: key, updated_at: now }).where("id", "=", id).where("catalogue_key", "is", null).executeTakeFirst(),
  update: (db: Db, id: number, changes: Updateable<ServiceItemsTable>) => db.updateTable("service_items").set(changes).where("id", "=", id).executeTakeFirst(),
  delete: (db: Db, id: number) => db.deleteFrom("service_items").where("id", "=", id).executeTakeFirst(),
};

export const serviceCategoriesRepo = {
  list: (db: ReadDb) =>
    db
      .selectFrom("service_categories")
      .leftJoin("service_items", "service_items.category_id", "service_categories.id")
      .select((eb) => [
        "service_categories.id",
        "service_categories.name",
        "service_categories.description",
        "service_categories.display_order",
        "service_categories.is_active",
        "service_categories.created_at",
        "service_categories.updated_at",
        eb.fn.count<number>("service_items.id").as("item_count"),
      ])
      .groupBy(["service_categories.id", "service_categories.name", "service_categories.description", "service_categories.display_order", "service_categories.is_active", "service_categories.created_at", "service_categories.updated_at"])
      .orderBy("service_categories.display_order")
      .orderBy("service_categories.id")
      .execute(),
  findById: (db: ReadDb, id: number) => db.selectFrom("service_categories").selectAll().where("id", "=", id).executeTakeFirst(),
  findByName: (db: ReadDb, name: string) => db.selectFrom("service_categories").select(["id", "name"]).where("name", "=", name).executeTakeFirst(),
  ids: async (db: ReadDb) => (await db.selectFrom("service_categories").select("id").execute()).map((row) => row.id),
  insert: async (db: Db, values: Insertable<ServiceCategoriesTable>) =>
    (await db.insertInto("service_categories").values(values).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, changes: Updateable<ServiceCategoriesTable>) =>
    db.updateTable("service_categories").set(changes).where("id", "=", id).executeTakeFirst(),
  delete: (db: Db, id: number) => db.deleteFrom("service_categories").where("id", "=", id).executeTakeFirst(),
};

export const serviceImagesRepo = {
  listFor: (db: ReadDb, serviceId: number, options: { activeOnly?: boolean } = {}) => {
    let query = db.selectFrom("service_images").selectAll().where("service_id", "=", serviceId);
    if (options.activeOnly) query = query.where("is_active", "=", 1);
    return query.orderBy("display_order").orderBy("id").execute();
  },
  findById: (db: ReadDb, id: number) => db.selectFrom("service_images").selectAll().where("id", "=", id).executeTakeFirst(),
  countFor: (db: ReadDb, serviceId: number) => countRows(db.selectFrom("service_images").where("service_id", "=", serviceId)),
  insert: async (db: Db, values: Insertable<ServiceImagesTable>) =>
    (await db.insertInto("service_images").values(values).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, changes: Updateable<ServiceImagesTable>) => db.updateTable("service_images").set(changes).where("id", "=", id).executeTakeFirst(),
  delete: (db: Db, id: number) => db.deleteFrom("service_images").where("id", "=", id).executeTakeFirst(),
  deleteFor: (db: Db, serviceId: number) => db.deleteFrom("service_images").where("service_id", "=", serviceId).execute(),
};
