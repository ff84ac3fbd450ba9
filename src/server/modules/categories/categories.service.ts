// Product categories (001 §2, §3, §4, §5), read: a plain list the back office
// keeps in sort order. The writes are operations (categories.operations.ts).
import { CATEGORY_MESSAGES, type Category, type CategoryStatus } from "#contract/categories.ts";
import type { ReadDb } from "#server/db/database.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { categoriesRepo } from "./categories.repo.ts";

type CategoryRow = NonNullable<Awaited<ReturnType<typeof categoriesRepo.findById>>>;

const toCategory = (row: CategoryRow): Category => ({
  ...row,
  sort_order: Number(row.sort_order),
  status: (row.status === "inactive" ? "inactive" : "active") as CategoryStatus,
});

/** A category by the id its address names; 404 when there is none. */
export async function requireCategory(db: ReadDb, id: unknown): Promise<Category> {
  const row = await requireById(id, (found) => categoriesRepo.findById(db, found), CATEGORY_MESSAGES.notFound);
  return toCategory(row);
}

export function createCategoriesService(deps: { db: ReadDb }) {
  return {
    list: async (): Promise<Category[]> => (await categoriesRepo.list(deps.db)).map(toCategory),
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
