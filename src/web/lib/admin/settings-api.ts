// The settings calls of 001 section 7: load every key, save the whole form,
// and the logo / favicon / OG image upload (multipart field `image`, answer
// data.path).
import type { Settings } from "#contract/settings.ts";
import { ApiError, apiGet, apiRequest, NETWORK_ERROR_MESSAGE, parseEnvelope, type ApiResult } from "./api-client.ts";
import { clearSession, getToken } from "./session.ts";
import { SETTINGS_PATH, SETTINGS_UPLOAD_PATH } from "./settings-form.ts";

export const fetchSettings = (signal?: AbortSignal) => apiGet<Settings>(SETTINGS_PATH, signal);

export const saveSettings = (payload: Partial<Settings>): Promise<ApiResult<Settings>> => apiRequest<Settings>(SETTINGS_PATH, { method: "POST", body: payload });

/** Resolves with the stored file's site path and the server's message; throws ApiError. */
export async function uploadSettingsImage(file: File, signal?: AbortSignal): Promise<{ path: string; message: string }> {
  const token = getToken();
  if (!token) throw new ApiError(401, "請先登入");
  const form = new FormData();
  form.append("image", file, file.name);
  let status: number;
  let text: string;
  try {
    const response = await fetch(SETTINGS_UPLOAD_PATH, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      body: form,
      signal,
      credentials: "same-origin",
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (status === 401) clearSession();
  const { data, message } = parseEnvelope<{ path?: unknown }>(status, text);
  if (!data || typeof data.path !== "string" || data.path === "") throw new ApiError(status, "");
  return { path: data.path, message };
}
