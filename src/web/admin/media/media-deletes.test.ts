import { describe, expect, it } from "vitest";
import { cleanupMoreWords, type MediaFile } from "#contract/media.ts";
import { cleanupCandidates, cleanupLeftWords, cleanupQuestion, isInUse, keptSinceListed, usageLines } from "./media-deletes.ts";
import { normaliseMediaFile } from "./media-files.ts";

const file = (id: number, patch: Partial<MediaFile> = {}): MediaFile =>
  normaliseMediaFile({ id, filename: `f${id}.jpg`, original_name: `照片${id}.jpg`, file_path: `/uploads/2026/01/f${id}.jpg`, mime_type: "image/jpeg", ...patch });
const usage = (label: string) => ({ owner_type: "banner", owner_id: "1", field: "image_url", label });

describe("usageLines", () => {
  it("names each place the library knows, and counts the rest", () => {
    expect(usageLines(file(1, { usages: [usage("首頁橫幅「夏季優惠」（圖片）")], usage_count: 1 }))).toEqual(["首頁橫幅「夏季優惠」（圖片）"]);
    expect(usageLines(file(2, { usages: [usage("a"), usage("b")], usage_count: 7 }))).toEqual(["a", "b", "以及另外 5 處"]);
    expect(usageLines(file(3))).toEqual([]);
  });

  it("a file is in use when any place is counted (an answer without a count counts the places it names)", () => {
    expect(isInUse(file(1))).toBe(false);
    expect(isInUse(file(2, { usage_count: 3 }))).toBe(true);
    expect(isInUse(normaliseMediaFile({ id: 3, usages: [usage("a")] }))).toBe(true);
  });
});

describe("cleanupCandidates", () => {
  it("keeps the dry run's order, names each by its record, and a file the screen has not loaded by its address", () => {
    const library = [file(1), file(2, { original_name: "" })];
    expect(cleanupCandidates(["/uploads/2026/01/f2.jpg", "/uploads/2026/02/new.png", "/uploads/2026/01/f1.jpg"], library)).toEqual([
      { path: "/uploads/2026/01/f2.jpg", name: "f2.jpg", file: library[1] },
      { path: "/uploads/2026/02/new.png", name: "new.png", file: null },
      { path: "/uploads/2026/01/f1.jpg", name: "照片1.jpg", file: library[0] },
    ]);
  });
});

describe("keptSinceListed", () => {
  it("says how many listed files were kept, or nothing", () => {
    expect(keptSinceListed(3, 3)).toBeNull();
    expect(keptSinceListed(3, 1)).toBe("有 2 個檔案在確認前開始被使用，已保留在媒體庫。");
  });
});

describe("a preview of more unused files than one cleanup takes", () => {
  it("asks about the files listed, says how many there are in all, and how many more remain", () => {
    expect(cleanupQuestion(3, 0)).toBe("下列 3 個檔案沒有被任何內容使用，確認後會移到回收桶，30 天內可以還原，之後會永久刪除。");
    expect(cleanupQuestion(10_000, 2_345)).toBe("共有 12345 個檔案沒有被任何內容使用，一次最多清理 10000 個。下列 10000 個確認後會移到回收桶，30 天內可以還原，之後會永久刪除。");
    expect(cleanupMoreWords(2_345)).toBe("另外還有 2345 個未使用的檔案沒有列出，這次清理後可以再清理一次");
    expect(cleanupLeftWords(2_345)).toBe("還有 2345 個未使用的檔案這次沒有清理，可以再按一次「清理未使用檔案」。");
  });
});
