import { describe, expect, it } from "vitest";
import { isFinished, newEntries, uploadPercent, withoutFinished, withProgress, withStatus, withStored } from "./media-upload-queue.ts";

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

describe("uploadPercent", () => {
  it("is a whole number from 0 to 100, and 0 when the total is unknown", () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
  });
});

describe("upload rows", () => {
  it("start waiting, or skipped with the reason", () => {
    const next = keys();
    const [waiting] = newEntries([{ name: "a.jpg" }], "waiting", next);
    const [skipped] = newEntries([{ name: "b.txt" }], "skipped", next);
    // No size until the server has stored the file: the row never shows a figure the library will not.
    expect(waiting).toEqual({ key: "k1", name: "a.jpg", storedSize: null, percent: 0, status: "waiting", message: "" });
    expect(skipped?.status).toBe("skipped");
    expect(skipped?.message).toContain("已略過");
  });

  it("go uploading → processing (all bytes sent) → done with the stored size, touching only their own row", () => {
    let rows = newEntries([{ name: "a.jpg" }, { name: "b.jpg" }], "waiting", keys());
    rows = withProgress(rows, "k1", 40, 100);
    expect(rows[0]).toMatchObject({ status: "uploading", percent: 40 });
    expect(rows[1]).toMatchObject({ status: "waiting", percent: 0 });
    rows = withProgress(rows, "k1", 100, 100);
    expect(rows[0]).toMatchObject({ status: "processing", percent: 100 });
    rows = withStored(rows, "k1", 49_664);
    expect(rows[0]).toMatchObject({ status: "done", percent: 100, storedSize: 49_664 });
    rows = withStatus(rows, "k2", "error", "不支援的檔案類型");
    expect(rows[1]).toMatchObject({ status: "error", message: "不支援的檔案類型", percent: 0 });
    expect(rows.every(isFinished)).toBe(true);
    expect(withoutFinished(rows)).toEqual([]);
  });
});
