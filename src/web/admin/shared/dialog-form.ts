// What the back office's form dialogs and lists share: a form's field errors,
// what a dialog hears back after a save, the messages of a failed call in
// people's words (the server's own, else the screen's; no answer at all says
// so), and moving an entry of an ordered list.
import { ApiError, NETWORK_ERROR_MESSAGE } from "./api-client.ts";

export type FieldErrors = Record<string, string>;

/** What a dialog hears back from the screen after a save. */
export type SaveOutcome = { ok: true } | { ok: false; message: string; errors: FieldErrors };

/** A failed load says which list; no answer at all says so too. */
export function loadFailure(error: unknown, message: string): string {
  return error instanceof ApiError && error.isNetworkError ? `${message}：${NETWORK_ERROR_MESSAGE}` : message;
}

/** A failed save or delete: the server's own words (a duplicate name, a category still in use), else the screen's. */
export function actionFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return `${fallback}：${NETWORK_ERROR_MESSAGE}`;
    return error.message || fallback;
  }
  return fallback;
}

export const fieldErrorsOf = (error: unknown): FieldErrors => (error instanceof ApiError ? { ...error.errors } : {});

/** Moves the entry at `from` to `to`; out-of-range moves change nothing (the first up or the last down, 002 §4). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from === to || from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
