import type { ApiSuccess } from "#contract/envelope.ts";

export const ok = <T>(data: T, message?: string): ApiSuccess<T> =>
  message === undefined ? { success: true, data } : { success: true, data, message };
