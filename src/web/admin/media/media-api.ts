// The media endpoints as the back office calls them: the list, an upload as
// multipart field `file`, delete (to the trash, or for good from there), and
// cleanup-unused: a dry run first, then {delete: true} with the files it
// listed (decision 042); the alt text is issue 4's.
import type { MediaFile, TrashedMediaFile } from "#contract/media.ts";
import { ApiError, apiFetch, apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { MEDIA_MESSAGES, MediaLoadError, parseCleanupAnswer, parseMediaListAnswer, parseUploadAnswer, type CleanupOutcome, type UploadOutcome } from "./media-answers.ts";
import { getToken } from "#web/admin/shared/session.ts";
import { sendFile, type UploadProgress } from "#web/admin/shared/upload-client.ts";

export const MEDIA_PATH = "/admin-api.php/media";
export const MEDIA_QUERY_KEY = ["admin", "media"] as const;

/** The list, newest first. The screen itself says why it failed (登入已過期，請重新登入 on a 401, 002 §8), so a 401 does not leave the page. */
export async function fetchMediaFiles(signal?: AbortSignal): Promise<MediaFile[]> {
  if (!getToken()) throw new MediaLoadError("no-token", MEDIA_MESSAGES.noToken);
  let answer;
  try {
    answer = await apiFetch(MEDIA_PATH, { signal, unauthorized: "report" });
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) throw new MediaLoadError("network", MEDIA_MESSAGES.network);
    if (error instanceof ApiError && error.status === 401) throw new MediaLoadError("no-token", MEDIA_MESSAGES.noToken);
    throw error;
  }
  return parseMediaListAnswer(answer.status, answer.text);
}

export function saveAltText(id: number, altText: string) {
  return apiRequest<MediaFile>(`${MEDIA_PATH}/${id}`, { method: "PUT", body: { alt_text: altText } });
}

export type DeleteOutcome = { ok: true } | { ok: false; status: number; text: string };

export async function deleteMediaFile(id: number): Promise<DeleteOutcome> {
  const { status, text } = await apiFetch(`${MEDIA_PATH}/${id}`, { method: "DELETE" });
  return status >= 200 && status < 300 ? { ok: true } : { ok: false, status, text };
}

/** The dry run (`delete: false`) finds the unused files; `delete: true` with `files` moves those of them still unused to the trash. */
export async function cleanupUnusedMedia(request: { delete: false } | { delete: true; files: readonly string[] }): Promise<CleanupOutcome> {
  try {
    const { status, text } = await apiFetch(`${MEDIA_PATH}/cleanup-unused`, { method: "POST", body: request });
    return parseCleanupAnswer(status, text);
  } catch (error) {
    console.warn("清理未使用檔案失敗", error);
    return { ok: false, message: MEDIA_MESSAGES.cleanupException };
  }
}

/**
 * Sends one file as multipart field `file`. Resolves with the stored record or
 * the message to show; never rejects. Aborting resolves as cancelled. The
 * screen says itself that the session has lapsed (登入已過期，請重新登入,
 * 002 §8), so a 401 clears the session without leaving the page.
 */
export async function uploadMediaFile(file: File, options: { onProgress?(progress: UploadProgress): void; signal?: AbortSignal }): Promise<UploadOutcome> {
  try {
    const { status, text } = await sendFile(MEDIA_PATH, file, { field: "file", unauthorized: "report", ...options });
    return parseUploadAnswer(status, text);
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, status: 0, message: MEDIA_MESSAGES.uploadAborted };
    if (error instanceof ApiError && error.status === 401) return parseUploadAnswer(401, "");
    return parseUploadAnswer(0, "");
  }
}

export const TRASH_QUERY_KEY = ["admin", "media", "trash"] as const;

/** The trash (decision 024): files cleanup moved there, most recent first. */
export const fetchTrash = (signal?: AbortSignal) => apiGet<TrashedMediaFile[]>(`${MEDIA_PATH}/trash`, signal);

export const restoreMediaFile = (id: number) => apiRequest<MediaFile>(`${MEDIA_PATH}/${id}/restore`, { method: "POST" });

/** 永久刪除: the same DELETE as the library's, on a trashed file. */
export const purgeMediaFile = (id: number) => apiRequest<null>(`${MEDIA_PATH}/${id}`, { method: "DELETE" });
