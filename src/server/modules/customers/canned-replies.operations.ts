// Canned replies, written: the quotes and answers the staff send again and
// again (a price question fifty times a day), kept in the staff's own order.
import { CUSTOMER_MESSAGES, cannedReplyInputSchema, type CannedReply } from "#contract/customers.ts";
import { reorderSchema } from "#contract/reorder.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder } from "#server/lib/apply-order.ts";
import { mergedWith, requireById } from "#server/lib/entity-input.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { cannedRepliesRepo } from "./canned-replies.repo.ts";

async function requireReply(db: Db, id: unknown): Promise<CannedReply> {
  const row = await requireById(id, (found) => cannedRepliesRepo.findById(db, found), CUSTOMER_MESSAGES.cannedReplyNotFound);
  return row;
}

export function createCannedRepliesOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  return {
    /** A new reply goes last. */
    create: defineOperation({
      name: "canned_reply.create",
      input: cannedReplyInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        const stamp = now();
        const position = (await cannedRepliesRepo.lastPosition(tx.db)) + 1;
        const id = await cannedRepliesRepo.insert(tx.db, { ...input, sort_order: position, created_at: stamp, updated_at: stamp });
        return requireReply(tx.db, id);
      },
      effects: { activity: ({ result }) => ({ entityType: "canned_reply", entityId: result.id, summary: `新增常用回覆「${result.title}」` }) },
    }),

    /** Fields left out keep their values. */
    update: defineOperation({
      name: "canned_reply.update",
      input: cannedReplyInputSchema,
      load: requireReply,
      merge: (body, record) => mergedWith({ title: record.title, text: record.text }, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await cannedRepliesRepo.update(tx.db, record.id, { ...input, updated_at: now() });
        return requireReply(tx.db, record.id);
      },
      effects: { activity: ({ result }) => ({ entityType: "canned_reply", entityId: result.id, summary: `修改常用回覆「${result.title}」` }) },
    }),

    remove: defineOperation({
      name: "canned_reply.delete",
      load: requireReply,
      access: access.administrators,
      async run({ tx, record }) {
        await cannedRepliesRepo.remove(tx.db, record.id);
      },
      effects: { activity: ({ record }) => ({ entityType: "canned_reply", entityId: record.id, summary: `刪除常用回覆「${record.title}」` }) },
    }),

    /** The whole list's new order in one transaction; a list from a stale screen is a 409. */
    reorder: defineOperation({
      name: "canned_reply.reorder",
      input: reorderSchema,
      access: access.administrators,
      async run({ tx, input }) {
        const stamp = now();
        const rows = {
          ids: () => cannedRepliesRepo.ids(tx.db),
          setPosition: (id: number, position: number) => cannedRepliesRepo.update(tx.db, id, { sort_order: position, updated_at: stamp }),
        };
        await applyOrder(rows, input.ids, CUSTOMER_MESSAGES.cannedRepliesChanged);
        return cannedRepliesRepo.list(tx.db);
      },
      effects: { activity: ({ input }) => ({ entityType: "canned_reply", summary: `調整常用回覆順序（${input.ids.length} 則）` }) },
    }),
  };
}

export type CannedRepliesOperations = ReturnType<typeof createCannedRepliesOperations>;
