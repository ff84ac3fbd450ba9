// Product categories, written. Names are unique so that two rows never look alike.
import { categoryInputSchema } from "#contract/categories.ts";
import type { Db } from "#server/db/database.ts";
import { mergedWith } from "#server/lib/entity-input.ts";
import { conflict } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { categoriesRepo } from "./categories.repo.ts";
import { requireCategory } from "./categories.service.ts";

async function checkName(db: Db, name: string, ownId?: number) {
  const same = await categoriesRepo.findByName(db, name);
  if (same && same.id !== ownId) {
    const message = `已有名為「${name}」的類別`;
    throw conflict(message, { name: message });
  }
}

export function createCategoriesOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  return {
    create: defineOperation({
      name: "category.create",
      input: categoryInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        await checkName(tx.db, input.name);
        const stamp = now();
        return { id: await categoriesRepo.insert(tx.db, { ...input, created_at: stamp, updated_at: stamp }) };
      },
      effects: { activity: ({ input, result }) => ({ entityType: "category", entityId: result.id, summary: `新增類別「${input.name}」` }) },
    }),

    update: defineOperation({
      name: "category.update",
      input: categoryInputSchema,
      load: requireCategory,
      merge: (body, { id: _id, created_at: _created, updated_at: _updated, ...stored }) => mergedWith(stored, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkName(tx.db, input.name, record.id);
        await categoriesRepo.update(tx.db, record.id, { ...input, updated_at: now() });
        return { id: record.id };
      },
      effects: { activity: ({ input, record }) => ({ entityType: "category", entityId: record.id, summary: `更新類別「${input.name}」` }) },
    }),

    remove: defineOperation({
      name: "category.delete",
      load: requireCategory,
      access: access.administrators,
      async run({ tx, record }) {
        await categoriesRepo.delete(tx.db, record.id);
      },
      effects: { activity: ({ record }) => ({ entityType: "category", entityId: record.id, summary: `刪除類別「${record.name}」` }) },
    }),
  };
}

export type CategoriesOperations = ReturnType<typeof createCategoriesOperations>;
