// The banner endpoints as the banners screen calls them (002 section 7).
// The upload goes through XMLHttpRequest: fetch cannot report upload progress.
import type { Banner } from "#contract/banner.ts";
import { ApiError, apiGet, apiRequest, parseEnvelope } from "./api-client.ts";
import { BANNERS_PATH, type bannerPayload } from "./banner-form.ts";
import { getToken } from "./session.ts";

type Payload = ReturnType<typeof bannerPayload>;

export const fetchBanners = (signal?: AbortSignal) => apiGet<Banner[]>(BANNERS_PATH, signal);

export const createBanner = (body: Payload) => apiRequest<Banner>(BANNERS_PATH, { method: "POST", body });
export const updateBanner = (id: number, body: Partial<Payload>) => apiRequest<Banner>(`${BANNERS_PATH}/${id}`, { method: "PUT", body });
export const deleteBanner = (id: number) => apiRequest<unknown>(`${BANNERS_PATH}/${id}`, { method: "DELETE" });
export const toggleBanner = (id: number) => apiRequest<Banner>(`${BANNERS_PATH}/${id}/toggle`, { method: "POST" });

export const BANNER_UPLOAD_PATH = "/api.php/upload";

/**
 * POST /api.php/upload (fields image, folder=banners): resolves with data.path;
 * rejects with ApiError (status 0 when no answer came). Progress is 0..100.
 */
export function uploadBannerFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append("image", file, file.name);
    form.append("folder", "banners");
    xhr.open("POST", BANNER_UPLOAD_PATH);
    const token = getToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
    });
    xhr.addEventListener("load", () => {
      try {
        const { data } = parseEnvelope<{ path?: unknown }>(xhr.status, xhr.responseText);
        if (!data || typeof data.path !== "string") throw new ApiError(xhr.status, "");
        resolve(data.path);
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "")));
    xhr.addEventListener("abort", () => reject(new ApiError(0, "")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
