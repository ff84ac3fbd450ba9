// Sending a file to the API from the back office, for every screen that
// uploads (media library, banners, settings images; galleries, post images and
// chat attachments next). XMLHttpRequest, because fetch cannot report upload
// progress; the bearer token, the 401 sign-out and the envelope are
// api-client's, so an upload behaves like every other call.
import { ApiError, NETWORK_ERROR_MESSAGE, noteSessionAnswer, parseEnvelope, sessionHeaders, type ApiResult, type RawAnswer, type RequestOptions } from "./api-client.ts";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100 */
  percent: number;
}

export interface UploadOptions extends Pick<RequestOptions, "unauthorized" | "signal"> {
  /** The multipart field that carries the file (each endpoint names its own: file, image). */
  field: string;
  /** Other form fields, sent before the file so that the server reads them first (folder=banners). */
  fields?: Record<string, string>;
  onProgress?(progress: UploadProgress): void;
}

/** Thrown when the caller aborts; screens check their signal rather than this. */
const aborted = () => new DOMException("上傳已取消", "AbortError");

/**
 * Sends one file as multipart/form-data. Resolves with the raw answer whatever
 * its status; rejects with ApiError(0) when no answer came, ApiError(401) when
 * no one is signed in, and an AbortError when the signal aborts.
 */
export function sendFile(path: string, file: File, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(aborted());
    const headers = sessionHeaders(path, options);
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append(options.field, file, file.name);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      const percent = total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0;
      options.onProgress?.({ loaded: event.loaded, total, percent });
    });
    xhr.addEventListener("load", () => {
      settle();
      noteSessionAnswer(xhr.status, path, options);
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener("abort", () => {
      settle();
      reject(aborted());
    });
    options.signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(form);
  });
}

/** sendFile, with the answer's envelope unwrapped into data and message (or a thrown ApiError). */
export async function uploadFile<T>(path: string, file: File, options: UploadOptions): Promise<ApiResult<T>> {
  const { status, text } = await sendFile(path, file, options);
  return parseEnvelope<T>(status, text);
}
