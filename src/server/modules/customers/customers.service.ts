// LINE customers and their conversations with the staff, read (002 §2.5, §7):
// the paged inbox, one conversation, the sidebar's unread counts, the canned
// replies; the chat's attachments (stored, not yet a message) and the send's
// orchestration (line-send.service.ts). The writes are operations
// (customers.operations.ts, canned-replies.operations.ts).
import {
  CUSTOMER_MESSAGES,
  conversationQuerySchema,
  customerListQuerySchema,
  type CannedReply,
  type Customer,
  type CustomerConversation,
  type CustomerList,
  type UploadedLineFile,
} from "#contract/customers.ts";
import { cappedPaginationOf, COUNT_CAP } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { badRequest } from "#server/lib/errors.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ReceivedUpload } from "#server/modules/media/upload-receiver.ts";
import { cannedRepliesRepo } from "./canned-replies.repo.ts";
import { toCustomer, toMessage } from "./customer-views.ts";
import { customersRepo } from "./customers.repo.ts";
import { storeLineFile } from "./line-files.ts";
import { createLineSendService, type LineSendDeps } from "./line-send.service.ts";

/** A customer by the id its address names; 404 when there is none. */
export async function requireCustomer(db: ReadDb, id: unknown): Promise<Customer> {
  const row = await requireById(id, (found) => customersRepo.findById(db, found), CUSTOMER_MESSAGES.customerNotFound);
  return toCustomer(row);
}

export interface CustomersDeps extends LineSendDeps {
  clock?: () => Date;
}

export function createCustomersService(deps: CustomersDeps) {
  const { db, storage } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    dashboard: {
      stats: async () => ({ line_customers: await customersRepo.count(db) }),
      /** Customers with unread messages and the unread messages in all: the sidebar badges. */
      notifications: async () => {
        const unread = await customersRepo.unreadIncoming(db);
        return { customers: unread.customers, total_messages: unread.messages };
      },
    },

    /** GET /admin-api.php/customers: 20 a page, newest interaction first, searched in name, notes and everything said in the conversation. */
    async list(queryInput: unknown): Promise<CustomerList> {
      const query = parseInput(customerListQuerySchema, queryInput ?? {});
      const filter = await customersRepo.whoSaid(db, { search: query.search, tag: query.tag });
      const [total, rows] = await Promise.all([
        customersRepo.countFiltered(db, filter, COUNT_CAP),
        customersRepo.page(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      ]);
      return { customers: rows.map(toCustomer), pagination: cappedPaginationOf(query.page, query.limit, total) };
    },

    /** GET /admin-api.php/customers/{id}: the customer and the newest messages, oldest first (`before` pages back). */
    async conversation(idInput: unknown, queryInput: unknown): Promise<CustomerConversation> {
      const customer = await requireCustomer(db, idInput);
      const query = parseInput(conversationQuerySchema, queryInput ?? {});
      const before = query.before === undefined ? undefined : await customersRepo.findMessage(db, customer.id, query.before);
      if (query.before !== undefined && !before) throw badRequest("找不到這則訊息，請重新整理", { before: "找不到這則訊息" });
      const page = await customersRepo.messages(db, customer.id, { before, limit: query.limit });
      // A customer's picture or file not yet here: whether its download is retrying or has given up.
      const waiting = page.rows.filter((row) => row.direction === "incoming" && (row.message_type === "image" || row.message_type === "file") && !row.media_url && !row.media_error);
      const downloads = await customersRepo.failingDownloads(db, waiting.map((row) => row.id));
      return { customer, messages: page.rows.map((row) => toMessage(row, downloads.get(row.id))), has_more: page.hasMore };
    },

    /** POST /admin-api.php/upload-line-file: an image or a PDF for the chat; `customer_id`, when sent, must name a customer. */
    async uploadFile(upload: ReceivedUpload, fields: Record<string, string>): Promise<UploadedLineFile> {
      if (fields.customer_id !== undefined) {
        try {
          await requireCustomer(db, fields.customer_id);
        } catch (error) {
          await upload.file.discard();
          throw error;
        }
      }
      return storeLineFile(storage, upload, clock());
    },

    /** The staff's canned replies, in their own order. */
    cannedReplies: (): Promise<CannedReply[]> => cannedRepliesRepo.list(db),

    ...createLineSendService(deps),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
