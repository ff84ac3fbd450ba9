import { describe, expect, it } from "vitest";
import type { Finding } from "#web/page-builder/findings/findings.ts";
import { EditorStore } from "./editor-store.ts";

const finding = (nodeId: string, message: string, editId = nodeId): Finding => ({ nodeId, editId, rule: "image-alt", message, widths: ["desktop", "mobile"] });

describe("the editor's store", () => {
  it("keeps an element's findings list when its findings read the same, so its card does not re-render", () => {
    const store = new EditorStore();
    store.setFindings([finding("aaaaaa", "圖片缺少替代文字"), finding("bbbbbb", "圖片缺少替代文字")]);
    const before = store.findingsOf("aaaaaa");
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.setFindings([finding("aaaaaa", "圖片缺少替代文字"), finding("bbbbbb", "圖片缺少替代文字")]);
    expect(notified).toBe(0);
    store.setFindings([finding("aaaaaa", "圖片缺少替代文字")]);
    expect(notified).toBe(1);
    expect(store.findingsOf("aaaaaa")).toBe(before);
    expect(store.findingsOf("bbbbbb")).toEqual([]);
  });

  it("takes new findings when only the node 前往修改 opens changed (the element moved to another container)", () => {
    const store = new EditorStore();
    store.setFindings([finding("aaaaaa", "對比不足", "box001")]);
    store.setFindings([finding("aaaaaa", "對比不足", "box002")]);
    expect(store.findingsOf("aaaaaa")[0]!.editId).toBe("box002");
  });

  it("tells its listeners only when the selection or a collapsed item really changes", () => {
    const store = new EditorStore();
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.select("aaaaaa");
    store.select("aaaaaa");
    store.setCollapsed("bbbbbb", false);
    store.setCollapsed("bbbbbb", true);
    expect(notified).toBe(2);
    expect(store.getSelected()).toBe("aaaaaa");
    expect(store.isCollapsed("bbbbbb")).toBe(true);
  });
});
