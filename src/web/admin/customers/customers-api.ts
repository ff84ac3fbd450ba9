// The customer-service endpoints as the inbox calls them (002 §7): the
// customers, one conversation, read marking, edits, deletes, the chat's
// attachment upload, sending, and the canned replies.
import type {
  CannedReply,
  CannedReplyInput,
  Customer,
  CustomerConversation,
  CustomerList,
  CustomerUpdate,
  Message,
  OutgoingMessage,
  UploadedLineFile,
} from "#contract/customers.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { uploadFile, type UploadProgress } from "#web/admin/shared/upload-client.ts";
import { CANNED_REPLIES_PATH, OLDER_PAGE_SIZE, CUSTOMERS_PATH, customerListPath, type CustomerListParams } from "./customer-inbox.ts";

export const fetchCustomers = (params: CustomerListParams, signal?: AbortSignal) => apiGet<CustomerList>(customerListPath(params), signal);

export const fetchConversation = (id: number, signal?: AbortSignal) => apiGet<CustomerConversation>(`${CUSTOMERS_PATH}/${id}`, signal);

/** The messages before the oldest one shown (the answer's has_more says whether there are more still). */
export const fetchOlderMessages = (id: number, before: number) => apiGet<CustomerConversation>(`${CUSTOMERS_PATH}/${id}?before=${before}&limit=${OLDER_PAGE_SIZE}`);

export const markMessagesRead = (id: number) => apiRequest<{ unread_count: number }>(`${CUSTOMERS_PATH}/${id}/messages/read`, { method: "PUT" });

export const updateCustomer = (id: number, input: CustomerUpdate) => apiRequest<Customer>(`${CUSTOMERS_PATH}/${id}`, { method: "PUT", body: input });

export const deleteCustomer = (id: number) => apiRequest<unknown>(`${CUSTOMERS_PATH}/${id}`, { method: "DELETE" });

export const uploadLineFile = (customerId: number, file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) =>
  uploadFile<UploadedLineFile>("/admin-api.php/upload-line-file", file, { field: "file", fields: { customer_id: String(customerId) }, onProgress, signal });

/** POST /send-line-message.php/{id}: text (with its quick replies), an uploaded image or an uploaded PDF. */
export function sendLineMessage(customerId: number, outgoing: OutgoingMessage) {
  const body =
    outgoing.type === "text"
      ? { message: outgoing.message, ...(outgoing.quick_replies.length > 0 ? { quick_replies: outgoing.quick_replies } : {}) }
      : outgoing.type === "image"
        ? { type: "image", imageUrl: outgoing.imageUrl }
        : { type: "file", fileUrl: outgoing.fileUrl, fileName: outgoing.fileName };
  return apiRequest<{ message: Message }>(`/send-line-message.php/${customerId}`, { method: "POST", body });
}

export const fetchCannedReplies = (signal?: AbortSignal) => apiGet<CannedReply[]>(CANNED_REPLIES_PATH, signal);

export const createCannedReply = (input: CannedReplyInput) => apiRequest<CannedReply>(CANNED_REPLIES_PATH, { method: "POST", body: input });

export const updateCannedReply = (id: number, input: CannedReplyInput) => apiRequest<CannedReply>(`${CANNED_REPLIES_PATH}/${id}`, { method: "PUT", body: input });

export const deleteCannedReply = (id: number) => apiRequest<unknown>(`${CANNED_REPLIES_PATH}/${id}`, { method: "DELETE" });

export const reorderCannedReplies = (ids: number[]) => apiRequest<unknown>(`${CANNED_REPLIES_PATH}/reorder`, { method: "PUT", body: { ids } });

/** POST /admin-api.php/customers/{id}/messages/{messageId}/resend: a failed message sent again in place. */
export const resendLineMessage = (customerId: number, messageId: number) =>
  apiRequest<{ message: Message }>(`${CUSTOMERS_PATH}/${customerId}/messages/${messageId}/resend`, { method: "POST" });
