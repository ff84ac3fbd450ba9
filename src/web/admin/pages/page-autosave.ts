// The page editor's autosave as a state machine, free of React and timers
// (issue 24: a draft saved a few seconds after each change, with 已儲存 /
// 儲存中... / 儲存失敗 shown). A change waits for a quiet spell; a change made
// while a save runs is saved after it; a conflict (someone saved the page
// since) stops autosaving until the person chooses what to keep.

/** How long the editor waits after the last change before saving a draft. */
export const AUTOSAVE_DELAY_MS = 3_000;

export type AutosaveStatus = "idle" | "pending" | "saving" | "saved" | "failed" | "conflict";

export interface AutosaveState {
  status: AutosaveStatus;
  /** When the last autosave of this editor succeeded (the server's time), or null. */
  savedAt: string | null;
  /** Why the last autosave failed, in words (empty unless failed). */
  failure: string;
}

export type AutosaveEvent =
  /** The editor's work differs from what the server holds. */
  | { type: "edited" }
  /** The work is back to what the server holds (undone): nothing waits. */
  | { type: "unchanged" }
  | { type: "started" }
  /** `more`: the work changed again while it was being saved (it waits for its own save). */
  | { type: "succeeded"; at: string; more?: boolean }
  | { type: "failed"; reason: string }
  | { type: "conflicted" }
  /** The editor took the server's page again (reloaded, draft discarded, restored). */
  | { type: "reset" };

export const initialAutosave: AutosaveState = { status: "idle", savedAt: null, failure: "" };

export function autosaveReducer(state: AutosaveState, event: AutosaveEvent): AutosaveState {
  switch (event.type) {
    case "edited":
      // A save under way stays shown; the newer change is saved after it. A conflict waits for the person.
      return state.status === "saving" || state.status === "conflict" || state.status === "pending" ? state : { ...state, status: "pending" };
    case "unchanged":
      return state.status === "pending" ? { ...state, status: state.savedAt ? "saved" : "idle" } : state;
    case "started":
      return { ...state, status: "saving", failure: "" };
    case "succeeded":
      return { status: event.more ? "pending" : "saved", savedAt: event.at, failure: "" };
    case "failed":
      return { ...state, status: "failed", failure: event.reason };
    case "conflicted":
      return { ...state, status: "conflict", failure: "" };
    case "reset":
      return initialAutosave;
  }
}

/** Whether a quiet spell after a change may start a save now. */
export const mayAutosave = (state: AutosaveState) => state.status !== "saving" && state.status !== "conflict";

/** The words shown (and announced) beside the publish button; nothing before the first change. */
export const AUTOSAVE_LABELS: Record<AutosaveStatus, string> = {
  idle: "",
  pending: "有未儲存的變更",
  saving: "儲存中...",
  saved: "已儲存",
  failed: "儲存失敗",
  conflict: "儲存失敗",
};
