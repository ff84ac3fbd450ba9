// Product categories (001 §2, §3, §4, §5): a plain list the back office keeps
// in sort order. Names are unique so that two rows never look alike.
import { CATEGORY_MESSAGES, categoryInputSchema, type Category, type CategoryStatus } from "#contract/categories.ts";
import type { Db } from "#server/db/database.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { categoriesRepo } from "./categories.repo.ts";

type CategoryRow = NonNullable<Awaited<ReturnType<typeof categoriesRepo.findById>>>;

const toCategory = (row: CategoryRow): Category => ({
  ...row,
  sort_order: Number(row.sort_order),
  status: (row.status === "inactive" ? "inactive" : "active") as CategoryStatus,
});

export function createCategoriesService(deps: { db: Db; write: WriteRunner; activity: ActivityService; clock?: () => Date }) {
  const { db, write, activity } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function find(handle: Db, idInput: unknown): Promise<Category> {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await categoriesRepo.findById(handle, id);
    if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
    return toCategory(row);
  }

  async function checkName(handle: Db, name: string, ownId?: number) {
    const same = await categoriesRepo.findByName(handle, name);
    if (same && same.id !== ownId) {
      const message = `已有名為「${name}」的類別`;
      throw conflict(message, { name: message });
    }
  }

  return {
    list: async (): Promise<Category[]> => (await categoriesRepo.list(db)).map(toCategory),

    async create(input: unknown, adminId: number): Promise<{ id: number }> {
      const category = parseInput(categoryInputSchema, input);
      const now = clock().toISOString();
      return write(async (tx) => {
        await checkName(tx.db, category.name);
        const id = await categoriesRepo.insert(tx.db, { ...category, created_at: now, updated_at: now });
        await activity.record(tx.db, { adminId, action: "category.create", entityType: "category", entityId: id, summary: `新增類別「${category.name}」` });
        return { id };
      });
    },

    async update(idInput: unknown, input: unknown, adminId: number): Promise<{ id: number }> {
      return write(async (tx) => {
        const existing = await find(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, ...stored } = existing;
        const category = parseInput(categoryInputSchema, mergedWith(stored, input));
        await checkName(tx.db, category.name, existing.id);
        await categoriesRepo.update(tx.db, existing.id, { ...category, updated_at: clock().toISOString() });
        await activity.record(tx.db, { adminId, action: "category.update", entityType: "category", entityId: existing.id, summary: `更新類別「${category.name}」` });
        return { id: existing.id };
      });
    },

    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        await categoriesRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "category.delete", entityType: "category", entityId: existing.id, summary: `刪除類別「${existing.name}」` });
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
