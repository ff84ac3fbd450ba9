// LINE customers and their conversations with the staff: the paged inbox,
// one conversation, marking it read (the sidebar badges drop), the staff's
// notes and tags, deleting a customer with every message, the chat's
// attachments, sending (line-send.service.ts) and canned replies.
import {
  CUSTOMER_MESSAGES,
  conversationQuerySchema,
  customerListQuerySchema,
  customerUpdateSchema,
  type Customer,
  type CustomerConversation,
  type CustomerList,
  type UploadedLineFile,
} from "#contract/customers.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { Settings } from "#contract/settings.ts";
import type { Db } from "#server/db/database.ts";
import type { LineApi } from "#server/integrations/line.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { badRequest, notFound } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import type { ReceivedUpload } from "#server/modules/media/media.service.ts";
import { createCannedRepliesService } from "./canned-replies.service.ts";
import { toCustomer, toMessage } from "./customer-views.ts";
import { customersRepo } from "./customers.repo.ts";
import { storeLineFile } from "./line-files.ts";
import { createLineSendService } from "./line-send.service.ts";

export interface CustomersDeps {
  db: Db;
  write: WriteRunner;
  activity: ActivityService;
  line: LineApi;
  storage: FileStorage;
  settings: { getAll(): Promise<Settings> };
  /** PUBLIC_URL: the site's address when the canonical_url setting is empty. */
  publicUrl?: string;
  jobs: Pick<JobQueue, "register">;
  /** The media reference index (media.syncReferences), written in the message's transaction. */
  syncFileReferences: (handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}

export function createCustomersService(deps: CustomersDeps) {
  const { db, write, activity, storage } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function find(handle: Db, idInput: unknown): Promise<Customer> {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await customersRepo.findById(handle, id);
    if (!row) throw notFound(CUSTOMER_MESSAGES.customerNotFound);
    return toCustomer(row);
  }

  return {
    dashboard: {
      stats: async () => ({ line_customers: await customersRepo.count(db) }),
      /** Customers with unread messages and the unread messages in all: the sidebar badges. */
      notifications: async () => {
        const unread = await customersRepo.unreadIncoming(db);
        return { customers: unread.customers, total_messages: unread.messages };
      },
    },

    /** GET /admin-api.php/customers: 20 a page, newest interaction first, searched in name, notes and last message. */
    async list(queryInput: unknown): Promise<CustomerList> {
      const query = parseInput(customerListQuerySchema, queryInput ?? {});
      const filter = { search: query.search, tag: query.tag };
      const [total, rows] = await Promise.all([
        customersRepo.countFiltered(db, filter),
        customersRepo.page(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      ]);
      return { customers: rows.map(toCustomer), pagination: paginationOf(query.page, query.limit, total) };
    },

    /** GET /admin-api.php/customers/{id}: the customer and the newest messages, oldest first (`before` pages back). */
    async conversation(idInput: unknown, queryInput: unknown): Promise<CustomerConversation> {
      const customer = await find(db, idInput);
      const query = parseInput(conversationQuerySchema, queryInput ?? {});
      const before = query.before === undefined ? undefined : await customersRepo.findMessage(db, customer.id, query.before);
      if (query.before !== undefined && !before) throw badRequest("找不到這則訊息，請重新整理", { before: "找不到這則訊息" });
      const page = await customersRepo.messages(db, customer.id, { before, limit: query.limit });
      return { customer, messages: page.rows.map(toMessage), has_more: page.hasMore };
    },

    /** PUT /admin-api.php/customers/{id}/messages/read: opening a conversation reads it. */
    async markRead(idInput: unknown): Promise<{ unread_count: 0 }> {
      await write(async (tx) => {
        const customer = await find(tx.db, idInput);
        await customersRepo.markRead(tx.db, customer.id);
      });
      return { unread_count: 0 };
    },

    /** PUT /admin-api.php/customers/{id}: the staff's name for the customer, tags and notes; fields left out are kept. */
    async update(idInput: unknown, input: unknown, adminId: number): Promise<Customer> {
      const stored = await find(db, idInput);
      const values = parseInput(customerUpdateSchema, mergedWith({ display_name: stored.display_name, tags: stored.tags, notes: stored.notes }, input));
      await write(async (tx) => {
        const current = await find(tx.db, stored.id);
        await customersRepo.update(tx.db, current.id, {
          display_name: values.display_name,
          tags: JSON.stringify(values.tags),
          notes: values.notes,
          updated_at: clock().toISOString(),
        });
        await activity.record(tx.db, { adminId, action: "customer.update", entityType: "customer", entityId: current.id, summary: `更新客戶「${values.display_name}」的資料` });
      });
      return find(db, stored.id);
    },

    /** DELETE /admin-api.php/customers/{id}: the customer and every message. */
    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const current = await find(tx.db, idInput);
        // The messages' file references go with them.
        for (const messageId of await customersRepo.messagesWithFiles(tx.db, current.id)) {
          await deps.syncFileReferences(tx.db, { type: "line_message", id: String(messageId) }, {});
        }
        await customersRepo.remove(tx.db, current.id);
        await activity.record(tx.db, {
          adminId,
          action: "customer.delete",
          entityType: "customer",
          entityId: current.id,
          summary: `刪除客戶「${current.display_name || "LINE 客戶"}」及其 ${current.message_count} 則訊息`,
        });
      });
    },

    /** POST /admin-api.php/upload-line-file: an image or a PDF for the chat; `customer_id`, when sent, must name a customer. */
    async uploadFile(upload: ReceivedUpload, fields: Record<string, string>): Promise<UploadedLineFile> {
      if (fields.customer_id !== undefined) {
        try {
          await find(db, fields.customer_id);
        } catch (error) {
          await upload.file.discard();
          throw error;
        }
      }
      return storeLineFile(storage, upload, clock());
    },

    ...createLineSendService(deps),

    cannedReplies: createCannedRepliesService(deps),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
