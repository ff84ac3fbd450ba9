// Canned replies: the quotes and answers the staff send again and again (a
// price question fifty times a day), kept in the staff's own order.
import { CUSTOMER_MESSAGES, cannedReplyInputSchema, type CannedReply } from "#contract/customers.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder, parseReorder } from "#server/lib/apply-order.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { notFound } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { cannedRepliesRepo } from "./canned-replies.repo.ts";

export function createCannedRepliesService(deps: { db: Db; write: WriteRunner; activity: ActivityService; clock?: () => Date }) {
  const { db, write, activity } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function find(handle: Db, idInput: unknown): Promise<CannedReply> {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await cannedRepliesRepo.findById(handle, id);
    if (!row) throw notFound(CUSTOMER_MESSAGES.cannedReplyNotFound);
    return row;
  }

  return {
    list: (): Promise<CannedReply[]> => cannedRepliesRepo.list(db),

    /** A new reply goes last. */
    async create(input: unknown, adminId: number): Promise<CannedReply> {
      const values = parseInput(cannedReplyInputSchema, input);
      const id = await write(async (tx) => {
        const now = clock().toISOString();
        const position = (await cannedRepliesRepo.lastPosition(tx.db)) + 1;
        const id = await cannedRepliesRepo.insert(tx.db, { ...values, sort_order: position, created_at: now, updated_at: now });
        await activity.record(tx.db, { adminId, action: "canned_reply.create", entityType: "canned_reply", entityId: id, summary: `新增常用回覆「${values.title}」` });
        return id;
      });
      return find(db, id);
    },

    /** Fields left out keep their values. */
    async update(idInput: unknown, input: unknown, adminId: number): Promise<CannedReply> {
      const stored = await find(db, idInput);
      const values = parseInput(cannedReplyInputSchema, mergedWith({ title: stored.title, text: stored.text }, input));
      await write(async (tx) => {
        const current = await find(tx.db, stored.id);
        await cannedRepliesRepo.update(tx.db, current.id, { ...values, updated_at: clock().toISOString() });
        await activity.record(tx.db, { adminId, action: "canned_reply.update", entityType: "canned_reply", entityId: current.id, summary: `修改常用回覆「${values.title}」` });
      });
      return find(db, stored.id);
    },

    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const current = await find(tx.db, idInput);
        await cannedRepliesRepo.remove(tx.db, current.id);
        await activity.record(tx.db, { adminId, action: "canned_reply.delete", entityType: "canned_reply", entityId: current.id, summary: `刪除常用回覆「${current.title}」` });
      });
    },

    /** The whole list's new order in one transaction; a list from a stale screen is a 409. */
    async reorder(input: unknown, adminId: number): Promise<CannedReply[]> {
      const ids = parseReorder(input);
      await write(async (tx) => {
        const now = clock().toISOString();
        const rows = {
          ids: () => cannedRepliesRepo.ids(tx.db),
          setPosition: (id: number, position: number) => cannedRepliesRepo.update(tx.db, id, { sort_order: position, updated_at: now }),
        };
        await applyOrder(rows, ids, CUSTOMER_MESSAGES.cannedRepliesChanged);
        await activity.record(tx.db, { adminId, action: "canned_reply.reorder", entityType: "canned_reply", summary: `調整常用回覆順序（${ids.length} 則）` });
      });
      return cannedRepliesRepo.list(db);
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
