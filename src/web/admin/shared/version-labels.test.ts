import { describe, expect, it } from "vitest";
import { versionWords } from "./version-labels.ts";

const base = { created_at: "2026-11-26T02:00:00.000Z", made_at: "2026-11-26T01:05:09.000Z", made_by: "王小明", restored_from: null };

describe("versionWords", () => {
  it("says when (Taiwan time), by what change and by whom", () => {
    expect(versionWords({ ...base, change: "save" }, "發布")).toEqual({ when: "2026/11/26 09:05:09", change: "發布", by: "由 王小明" });
    expect(versionWords({ ...base, change: "create" }, "儲存草稿").change).toBe("建立（儲存草稿）");
    expect(versionWords({ ...base, change: "autosave", made_by: "" }, "發布")).toEqual({ when: "2026/11/26 09:05:09", change: "自動儲存", by: "" });
    expect(versionWords({ ...base, change: "restore", restored_from: "2026-11-20T00:30:00.000Z" }, "發布").change).toBe("還原自 2026/11/20 08:30:00 的版本");
  });

  it("names a version kept before this was recorded by when it was replaced", () => {
    expect(versionWords({ ...base, made_at: null, made_by: "", change: null }, "發布")).toEqual({ when: "2026/11/26 10:00:00 以前", change: "", by: "" });
  });
});
