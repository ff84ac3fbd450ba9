import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TabAlert } from "./tab-alert.ts";

/** Just enough of a document: a title, a visibility state and its event, no icons. */
class FakeDocument {
  title = "儀表板 | 後台管理系統";
  visibilityState: DocumentVisibilityState = "visible";
  private listeners: Array<() => void> = [];
  addEventListener(_type: string, listener: () => void) {
    this.listeners.push(listener);
  }
  removeEventListener(_type: string, listener: () => void) {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  querySelectorAll() {
    return [];
  }
  setVisibility(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
}

const BLINK = "(3) 新訊息 - 儀表板 | 後台管理系統";

describe("TabAlert", () => {
  let doc: FakeDocument;
  let alert: TabAlert;
  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDocument();
    alert = new TabAlert(doc as unknown as Document);
  });
  afterEach(() => {
    alert.dispose();
    vi.useRealTimers();
  });

  it("alternates the title every second while the tab is hidden", () => {
    doc.setVisibility("hidden");
    alert.start(3);
    expect(doc.title).toBe(BLINK);
    vi.advanceTimersByTime(1_000);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
    vi.advanceTimersByTime(1_000);
    expect(doc.title).toBe(BLINK);
  });

  it("waits while the tab is visible, starts when it is hidden, pauses when it is back", () => {
    alert.start(3);
    vi.advanceTimersByTime(3_000);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
    doc.setVisibility("hidden");
    expect(doc.title).toBe(BLINK);
    doc.setVisibility("visible");
    expect(doc.title).toBe("儀表板 | 後台管理系統");
    vi.advanceTimersByTime(3_000);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
    expect(alert.isActive).toBe(true);
  });

  it("clear() ends it and restores the title; nothing more happens when hidden again", () => {
    doc.setVisibility("hidden");
    alert.start(3);
    alert.clear();
    expect(doc.title).toBe("儀表板 | 後台管理系統");
    doc.setVisibility("visible");
    doc.setVisibility("hidden");
    vi.advanceTimersByTime(3_000);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
  });

  it("follows the count, and stops once nothing is unread", () => {
    doc.setVisibility("hidden");
    alert.start(3);
    alert.update(120);
    expect(doc.title).toBe("(99+) 新訊息 - 儀表板 | 後台管理系統");
    alert.update(0);
    expect(alert.isActive).toBe(false);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
  });

  it("keeps a title the page set meanwhile instead of putting the old one back", () => {
    doc.setVisibility("hidden");
    alert.start(3);
    vi.advanceTimersByTime(1_000);
    doc.title = "聯絡表單 | 後台管理系統";
    vi.advanceTimersByTime(1_000);
    expect(doc.title).toBe("(3) 新訊息 - 聯絡表單 | 後台管理系統");
    alert.clear();
    expect(doc.title).toBe("聯絡表單 | 後台管理系統");
    // The page changed it while the alert title showed: clear() leaves the page's title alone.
    alert.start(3);
    doc.title = "媒體庫 | 後台管理系統";
    alert.clear();
    expect(doc.title).toBe("媒體庫 | 後台管理系統");
  });

  it("does nothing for a zero count", () => {
    doc.setVisibility("hidden");
    alert.start(0);
    expect(alert.isActive).toBe(false);
    expect(doc.title).toBe("儀表板 | 後台管理系統");
  });
});
