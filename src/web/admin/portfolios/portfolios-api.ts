// The calls the cases screen makes (001 §7): a page of cases, create, update,
// delete, a saved case's photo groups put in a new order in one request; the
// service types listed, added, renamed and deleted; pictures uploaded to the
// media library (multipart field file).
import { PORTFOLIO_MESSAGES, type Portfolio, type PortfolioList } from "#contract/portfolios.ts";
import type { ServiceType } from "#contract/service-types.ts";
import { ApiError, apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { sendFile } from "#web/admin/shared/upload-client.ts";
import { portfolioPagePath, PORTFOLIOS_PATH, uploadAnswer, type CaseBody, type CaseListParams } from "./portfolio-form.ts";
import { SERVICE_TYPES_PATH } from "./service-type-form.ts";

const MEDIA_UPLOAD_PATH = "/admin-api.php/media";

export const fetchCases = (params: CaseListParams, signal?: AbortSignal) => apiGet<PortfolioList>(portfolioPagePath(params), signal);
export const createCase = (body: CaseBody) => apiRequest<Portfolio>(PORTFOLIOS_PATH, { method: "POST", body });
export const updateCase = (id: number, body: CaseBody) => apiRequest<Portfolio>(`${PORTFOLIOS_PATH}/${id}`, { method: "PUT", body });
export const deleteCase = (id: number) => apiRequest<unknown>(`${PORTFOLIOS_PATH}/${id}`, { method: "DELETE" });
/** The case's groups in their new order, all of them, in one request; answers the case as stored. */
export const reorderGroups = (id: number, ids: number[]) => apiRequest<Portfolio>(`${PORTFOLIOS_PATH}/${id}/photo-groups/reorder`, { method: "PUT", body: { ids } });

/** With an administrator's token the server answers every field, automatic first, then manual by name. */
export const fetchServiceTypes = (signal?: AbortSignal) => apiGet<ServiceType[]>(SERVICE_TYPES_PATH, signal);
/** Each change answers the whole list as it now stands. */
export const createServiceType = (body: { value: string; label: string }) => apiRequest<ServiceType[]>(SERVICE_TYPES_PATH, { method: "POST", body });
export const renameServiceType = (id: number, label: string) => apiRequest<ServiceType[]>(`${SERVICE_TYPES_PATH}/${id}`, { method: "PUT", body: { label } });
export const deleteServiceType = (id: number) => apiRequest<ServiceType[]>(`${SERVICE_TYPES_PATH}/${id}`, { method: "DELETE" });

/**
 * One picture to the media library: its site path, or the message to show
 * (never rejects; an abort resolves as a failure the screen ignores). A lapsed
 * session is said beside the picture: the open form stays.
 */
export async function uploadCasePicture(file: File, signal?: AbortSignal): Promise<{ ok: true; path: string } | { ok: false; message: string }> {
  try {
    const { status, text } = await sendFile(MEDIA_UPLOAD_PATH, file, { field: "file", signal, unauthorized: "report" });
    return uploadAnswer(file.name, status, text);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.message) return { ok: false, message: PORTFOLIO_MESSAGES.uploadFailed(file.name, error.message) };
    return { ok: false, message: PORTFOLIO_MESSAGES.uploadFailedRetry(file.name) };
  }
}
