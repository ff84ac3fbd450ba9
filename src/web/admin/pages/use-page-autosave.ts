// The page editor's autosave in React (page-autosave.ts holds its rules): a
// save AUTOSAVE_DELAY_MS after the last change, one at a time, and `flush`
// for closing the editor without waiting. The save itself (the request, the
// revision, a conflict's dialog) is the editor's.
import { useCallback, useEffect, useReducer, useRef } from "react";
import { AUTOSAVE_DELAY_MS, autosaveReducer, initialAutosave, mayAutosave } from "./page-autosave.ts";

export type AutosaveOutcome = { outcome: "saved"; at: string; more: boolean } | { outcome: "failed"; reason: string } | { outcome: "conflict" };

interface Options {
  enabled: boolean;
  /** The editor's work and what the server holds, as text: equal means nothing to save. */
  snapshot: string;
  persisted: string;
  /** True while the editor publishes: no autosave starts then. */
  paused: boolean;
  save(): Promise<AutosaveOutcome>;
}

export function usePageAutosave({ enabled, snapshot, persisted, paused, save }: Options) {
  const [state, dispatch] = useReducer(autosaveReducer, initialAutosave);
  const current = useRef({ state, paused, save });
  useEffect(() => {
    current.current = { state, paused, save };
  });

  const run = useCallback(async (): Promise<boolean> => {
    dispatch({ type: "started" });
    const result = await current.current.save();
    if (result.outcome === "saved") dispatch({ type: "succeeded", at: result.at, more: result.more });
    else if (result.outcome === "failed") dispatch({ type: "failed", reason: result.reason });
    else dispatch({ type: "conflicted" });
    return result.outcome === "saved";
  }, []);

  useEffect(() => {
    if (!enabled) return;
    if (snapshot === persisted) {
      dispatch({ type: "unchanged" });
      return;
    }
    dispatch({ type: "edited" });
    const timer = setTimeout(() => {
      if (mayAutosave(current.current.state) && !current.current.paused) void run();
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, snapshot, persisted, run]);

  /** Saves what waits now (closing the editor; after a save under way, the editor's saves being one at a time); true when nothing is left unsaved. */
  const flush = useCallback(async () => {
    if (!enabled || snapshot === persisted) return true;
    if (current.current.state.status === "conflict") return false;
    return run();
  }, [enabled, snapshot, persisted, run]);

  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  const conflicted = useCallback(() => dispatch({ type: "conflicted" }), []);

  return { state, flush, retry: run, reset, conflicted };
}
