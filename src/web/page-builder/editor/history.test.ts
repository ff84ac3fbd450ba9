import { describe, expect, it } from "vitest";
import { canRedo, canUndo, HISTORY_LIMIT, record, redo, startHistory, undo, type History } from "./history.ts";

const step = <T>(result: { history: History<T>; label: string } | null) => {
  if (!result) throw new Error("nothing to step to");
  return result;
};

describe("history", () => {
  it("undoes and redoes in order, naming each step", () => {
    let history = startHistory("a");
    history = record(history, "b", "第一步");
    history = record(history, "c", "第二步");
    const back = step(undo(history));
    expect(back.history.present.state).toBe("b");
    expect(back.label).toBe("第二步");
    const back2 = step(undo(back.history));
    expect(back2.history.present.state).toBe("a");
    expect(canUndo(back2.history)).toBe(false);
    expect(undo(back2.history)).toBeNull();
    const forward = step(redo(back2.history));
    expect(forward.history.present.state).toBe("b");
    expect(forward.label).toBe("第一步");
    expect(step(redo(forward.history)).history.present.state).toBe("c");
  });

  it("drops the redo steps when a new change is made after an undo", () => {
    let history = record(record(startHistory(0), 1, "一"), 2, "二");
    history = step(undo(history)).history;
    expect(canRedo(history)).toBe(true);
    history = record(history, 3, "三");
    expect(canRedo(history)).toBe(false);
    expect(step(undo(history)).history.present.state).toBe(1);
  });

  it("keeps at most the limit of steps to undo", () => {
    let history = startHistory(0);
    for (let n = 1; n <= HISTORY_LIMIT + 20; n += 1) history = record(history, n, `第 ${n} 步`);
    let undone = 0;
    for (let back = undo(history); back; back = undo(back.history)) {
      history = back.history;
      undone += 1;
    }
    expect(undone).toBe(HISTORY_LIMIT);
    expect(history.present.state).toBe(20);
  });

});
