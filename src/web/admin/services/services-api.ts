// The services management calls as the services screen makes them (002 §7):
// categories, items and an item's case images, each list reordered in one
// request; pictures uploaded to the media library (multipart field file).
import type { ServiceCategory, ServiceImage, ServiceImageInput, ServiceItem } from "#contract/services.ts";
import { ApiError, apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { sendFile } from "#web/admin/shared/upload-client.ts";
import {
  CATEGORIES_PATH,
  IMAGES_PATH,
  ITEMS_PATH,
  MEDIA_UPLOAD_PATH,
  uploadFailedMessage,
  uploadOutcome,
  type categoryPayload,
  type itemPayload,
  type UploadOutcome,
} from "./services-form.ts";

type CategoryBody = ReturnType<typeof categoryPayload>;
type ItemBody = ReturnType<typeof itemPayload>;

export const fetchCategories = (signal?: AbortSignal) => apiGet<ServiceCategory[]>(CATEGORIES_PATH, signal);
export const createCategory = (body: CategoryBody) => apiRequest<{ id: number }>(CATEGORIES_PATH, { method: "POST", body });
export const updateCategory = (id: number, body: CategoryBody) => apiRequest<{ id: number }>(`${CATEGORIES_PATH}/${id}`, { method: "PUT", body });
export const deleteCategory = (id: number) => apiRequest<null>(`${CATEGORIES_PATH}/${id}`, { method: "DELETE" });
/** The whole order in one request; answers the list as stored. */
export const reorderCategories = (ids: number[]) => apiRequest<ServiceCategory[]>(`${CATEGORIES_PATH}/reorder`, { method: "PUT", body: { ids } });

export const fetchItems = (signal?: AbortSignal) => apiGet<ServiceItem[]>(ITEMS_PATH, signal);
export const createItem = (body: ItemBody) => apiRequest<ServiceItem>(ITEMS_PATH, { method: "POST", body });
export const updateItem = (id: number, body: ItemBody) => apiRequest<ServiceItem>(`${ITEMS_PATH}/${id}`, { method: "PUT", body });
export const deleteItem = (id: number) => apiRequest<null>(`${ITEMS_PATH}/${id}`, { method: "DELETE" });
export const reorderItems = (ids: number[]) => apiRequest<ServiceItem[]>(`${ITEMS_PATH}/reorder`, { method: "PUT", body: { ids } });

export const fetchImages = (serviceId: number, signal?: AbortSignal) => apiGet<ServiceImage[]>(`${IMAGES_PATH}?service_id=${serviceId}`, signal);
export const addImage = (body: ServiceImageInput) => apiRequest<ServiceImage>(IMAGES_PATH, { method: "POST", body });
export const deleteImage = (id: number) => apiRequest<null>(`${IMAGES_PATH}/${id}`, { method: "DELETE" });
export const reorderImages = (serviceId: number, ids: number[]) =>
  apiRequest<ServiceImage[]>(`${IMAGES_PATH}/reorder?service_id=${serviceId}`, { method: "PUT", body: { ids } });

/**
 * Sends one picture to the media library; resolves with its site path or the
 * message to show, never rejects (an abort resolves as a failure the screen
 * ignores). A lapsed session is said beside the upload: the open form stays.
 */
export async function uploadPicture(file: File, signal?: AbortSignal): Promise<UploadOutcome> {
  try {
    const { status, text } = await sendFile(MEDIA_UPLOAD_PATH, file, { field: "file", signal, unauthorized: "report" });
    return uploadOutcome(file.name, status, text);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return { ok: false, message: uploadFailedMessage(file.name, error.message || `HTTP ${error.status}`) };
    return uploadOutcome(file.name, 0, "");
  }
}
