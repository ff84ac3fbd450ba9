// The calls of the notification settings screen (002 §7; CONTRACT.md): the
// settings (load all, save this screen's keys), the two test sends with the
// unsaved values, the LINE quota, and the deliveries that kept failing.
import type { LineQuota, NotificationHealth } from "#contract/notifications.ts";
import type { Settings } from "#contract/settings.ts";
import { apiGet, apiRequest, type ApiResult } from "#web/admin/shared/api-client.ts";
import { DISCORD_TEST_PATH, FAILURES_PATH, LINE_TEST_PATH, QUOTA_PATH, SETTINGS_PATH, type TestRequest } from "./notifications-form.ts";

export const fetchSettings = (signal?: AbortSignal) => apiGet<Settings>(SETTINGS_PATH, signal);

export const saveNotificationSettings = (payload: Partial<Settings>): Promise<ApiResult<Settings>> => apiRequest<Settings>(SETTINGS_PATH, { method: "POST", body: payload });

/** Resolves with the server's message (測試訊息已發送); throws ApiError with its reason. */
export const sendTest = (request: TestRequest): Promise<ApiResult<unknown>> =>
  apiRequest<unknown>(request.type === "line" ? LINE_TEST_PATH : DISCORD_TEST_PATH, { method: "POST", body: request.body });

export const fetchQuota = (signal?: AbortSignal) => apiGet<LineQuota>(QUOTA_PATH, signal);

export const fetchNotificationHealth = (signal?: AbortSignal) => apiGet<NotificationHealth>(FAILURES_PATH, signal);

export const retryFailure = (id: number) => apiRequest<unknown>(`${FAILURES_PATH}/${id}/retry`, { method: "POST" });

export const removeFailure = (id: number) => apiRequest<unknown>(`${FAILURES_PATH}/${id}`, { method: "DELETE" });
