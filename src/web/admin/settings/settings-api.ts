// The settings calls of 001 §7: load every key, save the whole form,
// and the logo / favicon / OG image upload (multipart field `image`, answer
// data.path).
import type { Settings } from "#contract/settings.ts";
import { ApiError, apiGet, apiRequest, type ApiResult } from "#web/admin/shared/api-client.ts";
import { uploadFile } from "#web/admin/shared/upload-client.ts";
import { SETTINGS_PATH, SETTINGS_UPLOAD_PATH } from "./settings-form.ts";

export const fetchSettings = (signal?: AbortSignal) => apiGet<Settings>(SETTINGS_PATH, signal);

export const saveSettings = (payload: Partial<Settings>): Promise<ApiResult<Settings>> => apiRequest<Settings>(SETTINGS_PATH, { method: "POST", body: payload });

/**
 * Resolves with the stored file's site path and the server's message; throws
 * ApiError. A lapsed session is reported beside the field (the unsaved form
 * stays on screen), not turned into a sign-out.
 */
export async function uploadSettingsImage(file: File, signal?: AbortSignal): Promise<{ path: string; message: string }> {
  const { data, message } = await uploadFile<{ path?: unknown }>(SETTINGS_UPLOAD_PATH, file, { field: "image", signal, unauthorized: "report" });
  if (!data || typeof data.path !== "string" || data.path === "") throw new ApiError(200, "");
  return { path: data.path, message };
}
