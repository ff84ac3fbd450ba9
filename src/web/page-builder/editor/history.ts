// Undo and redo over whole trees: a change keeps the tree it replaced (the
// edits share structure, so a step costs the few objects it changed). Each
// step has a label in words, so 復原 can say what it undid. Every change is one
// step: the editor's only typing happens in dialogs, which save once.
export const HISTORY_LIMIT = 100;

export interface Step<T> {
  state: T;
  /** What the change that made this state did, e.g. 移動「圖片：門面」. */
  label: string;
}

export interface History<T> {
  past: readonly Step<T>[];
  present: Step<T>;
  future: readonly Step<T>[];
}

export const startHistory = <T>(state: T): History<T> => ({ past: [], present: { state, label: "" }, future: [] });

export function record<T>(history: History<T>, state: T, label: string): History<T> {
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: { state, label }, future: [] };
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

/** The history one step back, and the label of the step undone; null when there is nothing to undo. */
export function undo<T>(history: History<T>): { history: History<T>; label: string } | null {
  const previous = history.past.at(-1);
  if (!previous) return null;
  return { history: { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }, label: history.present.label };
}

export function redo<T>(history: History<T>): { history: History<T>; label: string } | null {
  const [next, ...rest] = history.future;
  if (!next) return null;
  return { history: { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: rest }, label: next.label };
}
