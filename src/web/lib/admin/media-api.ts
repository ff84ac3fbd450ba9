// The media endpoints as the back office calls them (002 section 7, issue 4).
// Uploads go through XMLHttpRequest: fetch cannot report upload progress.
import type { MediaFile } from "#contract/media.ts";
import { ApiError, apiFetch, apiRequest } from "./api-client.ts";
import { MEDIA_MESSAGES, MediaLoadError, parseCleanupAnswer, parseMediaListAnswer, parseUploadAnswer, type CleanupOutcome, type UploadOutcome } from "./media-answers.ts";
import { getToken } from "./session.ts";

export const MEDIA_PATH = "/admin-api.php/media";
export const MEDIA_QUERY_KEY = ["admin", "media"] as const;

/** The list, newest first. The screen itself says why it failed (002 section 8), so a 401 does not leave the page. */
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

export async function cleanupUnusedMedia(): Promise<CleanupOutcome> {
  try {
    const { status, text } = await apiFetch(`${MEDIA_PATH}/cleanup-unused`, { method: "POST", body: { delete: true } });
    return parseCleanupAnswer(status, text);
  } catch (error) {
    console.warn("清理未使用檔案失敗", error);
    return { ok: false, message: MEDIA_MESSAGES.cleanupException };
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends one file as multipart field `file`. Resolves with the stored record
 * or the message to show; never rejects. Aborting resolves as cancelled.
 */
export function uploadMediaFile(file: File, options: { token: string; onProgress?(progress: UploadProgress): void; signal?: AbortSignal }): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ ok: false, status: 0, message: MEDIA_MESSAGES.uploadAborted });
      return;
    }
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append("file", file, file.name);
    const onAbort = () => xhr.abort();
    const finish = (outcome: UploadOutcome) => {
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    xhr.open("POST", MEDIA_PATH);
    xhr.setRequestHeader("authorization", `Bearer ${options.token}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    xhr.addEventListener("load", () => finish(parseUploadAnswer(xhr.status, xhr.responseText)));
    xhr.addEventListener("error", () => finish(parseUploadAnswer(0, "")));
    xhr.addEventListener("abort", () => finish({ ok: false, status: 0, message: MEDIA_MESSAGES.uploadAborted }));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(form);
  });
}
