import { describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { addToSelection, selectedFiles, selectionLabel, toggleSelection } from "./media-selection.ts";

describe("toggleSelection", () => {
  it("single mode: a click chooses only that file, a second click drops it", () => {
    expect(toggleSelection([], 3, false)).toEqual([3]);
    expect(toggleSelection([3], 5, false)).toEqual([5]);
    expect(toggleSelection([5], 5, false)).toEqual([]);
  });

  it("multiple mode: adds in click order and removes on a second click", () => {
    expect(toggleSelection([4, 1], 7, true)).toEqual([4, 1, 7]);
    expect(toggleSelection([4, 1, 7], 1, true)).toEqual([4, 7]);
  });

  it("does not change the array it was given", () => {
    const before = [1, 2];
    toggleSelection(before, 3, true);
    expect(before).toEqual([1, 2]);
  });
});

describe("addToSelection", () => {
  it("chooses an uploaded file: alone in single mode, once in multiple mode", () => {
    expect(addToSelection([1], 2, false)).toEqual([2]);
    expect(addToSelection([1], 2, true)).toEqual([1, 2]);
    expect(addToSelection([1, 2], 2, true)).toEqual([1, 2]);
  });
});

describe("selectedFiles", () => {
  const files = [1, 2, 3].map((id) => ({ id }) as MediaFile);
  it("answers the files in the order chosen and leaves out ids no longer listed", () => {
    expect(selectedFiles(files, [3, 9, 1]).map((f) => f.id)).toEqual([3, 1]);
    expect(selectedFiles(files, [])).toEqual([]);
  });
});

it("words the count as 已選擇 N 個檔案 (002 §2.9)", () => {
  expect(selectionLabel(0)).toBe("已選擇 0 個檔案");
  expect(selectionLabel(3)).toBe("已選擇 3 個檔案");
});
