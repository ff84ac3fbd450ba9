// The banner endpoints as the banners screen calls them: list, create, update,
// delete and toggle under /api.php/hero-banners, uploads to /api.php/upload
// (field image, folder banners) (002 §7), plus a one-request reorder.
import type { Banner } from "#contract/banner.ts";
import { NO_VIDEO_PROCESSING, type VideoProcessing } from "#contract/media.ts";
import { ApiError, apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { uploadFile } from "#web/admin/shared/upload-client.ts";
import { BANNERS_PATH, type bannerPayload } from "./banner-form.ts";

type Payload = ReturnType<typeof bannerPayload>;

export const fetchBanners = (signal?: AbortSignal) => apiGet<Banner[]>(BANNERS_PATH, signal);

export const createBanner = (body: Payload) => apiRequest<Banner>(BANNERS_PATH, { method: "POST", body });
export const updateBanner = (id: number, body: Partial<Payload>) => apiRequest<Banner>(`${BANNERS_PATH}/${id}`, { method: "PUT", body });
export const deleteBanner = (id: number) => apiRequest<unknown>(`${BANNERS_PATH}/${id}`, { method: "DELETE" });
export const toggleBanner = (id: number) => apiRequest<Banner>(`${BANNERS_PATH}/${id}/toggle`, { method: "POST" });
/** The whole list's new order in one request and one transaction; answers the list as stored. */
export const reorderBanners = (ids: number[]) => apiRequest<Banner[]>(`${BANNERS_PATH}/reorder`, { method: "PUT", body: { ids } });

export const BANNER_UPLOAD_PATH = "/api.php/upload";

export interface UploadedBannerFile {
  path: string;
  /** A video's processing as the upload left it (processing: made playable in the background). */
  video: VideoProcessing;
}

/** POST /api.php/upload (field image, folder=banners): resolves with data.path; rejects with ApiError (status 0 when no answer came). */
export async function uploadBannerFile(file: File, onPercent: (percent: number) => void, signal?: AbortSignal): Promise<UploadedBannerFile> {
  const { data } = await uploadFile<{ path?: unknown; video?: VideoProcessing }>(BANNER_UPLOAD_PATH, file, {
    field: "image",
    fields: { folder: "banners" },
    signal,
    onProgress: ({ percent }) => onPercent(percent),
  });
  if (!data || typeof data.path !== "string") throw new ApiError(200, "");
  return { path: data.path, video: data.video ?? NO_VIDEO_PROCESSING };
}
