import { describe, expect, it } from "vitest";
import { AUTOSAVE_LABELS, autosaveReducer, initialAutosave, mayAutosave, type AutosaveEvent, type AutosaveState } from "./page-autosave.ts";

const run = (events: AutosaveEvent[], from: AutosaveState = initialAutosave) => events.reduce(autosaveReducer, from);
const label = (state: AutosaveState) => AUTOSAVE_LABELS[state.status];

describe("the page editor's autosave", () => {
  it("says nothing until a change, then waits, saves and says 已儲存 with the server's time", () => {
    expect(label(initialAutosave)).toBe("");
    const waiting = run([{ type: "edited" }]);
    expect(waiting.status).toBe("pending");
    expect(mayAutosave(waiting)).toBe(true);
    const saving = run([{ type: "started" }], waiting);
    expect(label(saving)).toBe("儲存中...");
    expect(mayAutosave(saving)).toBe(false);
    const saved = run([{ type: "succeeded", at: "2026-03-04T05:06:07Z" }], saving);
    expect(saved).toEqual({ status: "saved", savedAt: "2026-03-04T05:06:07Z", failure: "" });
    expect(label(saved)).toBe("已儲存");
  });

  it("keeps showing 儲存中... for a change made during a save; the change waits its turn after it", () => {
    const saving = run([{ type: "edited" }, { type: "started" }, { type: "edited" }]);
    expect(saving.status).toBe("saving");
    const after = run([{ type: "succeeded", at: "t1", more: true }], saving);
    expect(after).toMatchObject({ status: "pending", savedAt: "t1" });
    expect(label(after)).toBe("有未儲存的變更");
  });

  it("a change undone before its save leaves nothing waiting: back to 已儲存, or to nothing before the first save", () => {
    expect(run([{ type: "edited" }, { type: "unchanged" }]).status).toBe("idle");
    expect(run([{ type: "edited" }, { type: "started" }, { type: "succeeded", at: "t1" }, { type: "edited" }, { type: "unchanged" }]).status).toBe("saved");
    // A save under way is not undone by the work returning to what the server holds.
    expect(run([{ type: "edited" }, { type: "started" }, { type: "unchanged" }]).status).toBe("saving");
  });

  it("says 儲存失敗 with the reason, and the next change tries again", () => {
    const failed = run([{ type: "edited" }, { type: "started" }, { type: "failed", reason: "請輸入頁面標題" }]);
    expect(label(failed)).toBe("儲存失敗");
    expect(failed.failure).toBe("請輸入頁面標題");
    expect(mayAutosave(failed)).toBe(true);
    const again = run([{ type: "edited" }, { type: "started" }], failed);
    expect(again).toMatchObject({ status: "saving", failure: "" });
  });

  it("stops after a conflict until the person chooses: changes do not start a save, a reload starts over", () => {
    const conflict = run([{ type: "edited" }, { type: "started" }, { type: "conflicted" }, { type: "edited" }]);
    expect(conflict.status).toBe("conflict");
    expect(label(conflict)).toBe("儲存失敗");
    expect(mayAutosave(conflict)).toBe(false);
    expect(run([{ type: "reset" }], conflict)).toEqual(initialAutosave);
    // 保留我的版本: the save is made again.
    expect(run([{ type: "started" }, { type: "succeeded", at: "t2" }], conflict).status).toBe("saved");
  });
});
