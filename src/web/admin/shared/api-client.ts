// Same-origin fetch for the back office: adds the bearer token, unwraps the
// envelope {success, data, message} into data or a thrown ApiError, and turns
// a 401 from the admin API into a sign-out (issue 3).
import type { ApiAnswer } from "#contract/envelope.ts";
import { clearSession, getToken } from "./session.ts";

export const NETWORK_ERROR_MESSAGE = "連線錯誤，請稍後再試";

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export interface ApiResult<T> {
  data: T;
  message: string;
}

/**
 * Pure: the answer's status and body text into its result, or the ApiError it
 * stands for. A body that is not the envelope carries no message, so the
 * screen shows its own fallback (登入失敗, 密碼變更失敗...).
 */
export function parseEnvelope<T>(status: number, text: string): ApiResult<T> {
  let body: Partial<ApiAnswer<T>> & { errors?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new ApiError(status, "");
  }
  if (!body || typeof body !== "object") throw new ApiError(status, "");
  const message = typeof body.message === "string" ? body.message : "";
  if (status >= 200 && status < 300 && body.success === true) {
    return { data: (body as { data: T }).data, message };
  }
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === "object") {
    for (const [field, value] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof value === "string") errors[field] = value;
      else if (Array.isArray(value) && typeof value[0] === "string") errors[field] = value[0];
    }
  }
  throw new ApiError(status, message, errors);
}

/** Only the admin API's 401 means "your session is gone"; the login's 401 is a wrong password. */
export const isSessionPath = (path: string) => path.startsWith("/admin-api.php");

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign("/admin/login");

/** The admin layout routes the sign-out through the router instead of a page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = previous;
  };
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * What a missing token or a 401 from the admin API does: "sign-out" (default)
   * clears the session and leaves for the login screen; "report" clears the
   * session but lets the screen say so itself (the media library shows
   * 登入已過期，請重新登入 with a link to the login page, 002 §8).
   */
  unauthorized?: "sign-out" | "report";
}

export interface RawAnswer {
  status: number;
  text: string;
}

/**
 * The headers of a call made in the signed-in session: the bearer token. With
 * no stored token an admin call can only answer 401, so it is refused here
 * (and, in "sign-out" mode, the screen leaves for the login).
 */
export function sessionHeaders(path: string, options: Pick<RequestOptions, "auth" | "unauthorized"> = {}): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.auth === false) return headers;
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  else if (isSessionPath(path)) {
    // Signed out already (another tab, or just now).
    if (options.unauthorized !== "report") onUnauthorized();
    throw new ApiError(401, "請先登入");
  }
  return headers;
}

/** What an answer means for the session: a 401 from the admin API ends it. */
export function noteSessionAnswer(status: number, path: string, options: Pick<RequestOptions, "auth" | "unauthorized"> = {}) {
  if (status !== 401 || options.auth === false || !isSessionPath(path)) return;
  clearSession();
  if (options.unauthorized !== "report") onUnauthorized();
}

/**
 * The transport under apiRequest: the bearer token, the 401 sign-out, and a
 * failure to get any answer as ApiError(0). The body is left unparsed for
 * screens whose messages depend on its shape (a non-JSON reply, for one).
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<RawAnswer> {
  const headers = sessionHeaders(path, options);
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  noteSessionAnswer(response.status, path, options);
  return { status: response.status, text };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { status, text } = await apiFetch(path, options);
  return parseEnvelope<T>(status, text);
}

/** For TanStack Query: just the data. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}

/** The message to show for a failed call: the server's words, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
    return error.message || fallback;
  }
  return fallback;
}
