import { describe, expect, it } from "vitest";
import { casePicturesOf, pictureKey } from "./case-pictures.ts";

describe("a case's pictures in the preview's order", () => {
  it("goes through each group's before, after and other pictures, naming each", () => {
    const pictures = casePicturesOf([
      { title: "頂樓水塔", description: "", before: "/b.jpg", after: "/a.jpg", singles: ["/s1.jpg", "/s2.jpg"] },
      { title: "地下水池", description: "", before: "", after: "/a2.jpg", singles: [] },
      { title: "說明", description: "只有文字", before: "", after: "", singles: [] },
    ]);
    expect(pictures).toEqual([
      { key: pictureKey(0, "before"), src: "/b.jpg", caption: "頂樓水塔・施工前" },
      { key: pictureKey(0, "after"), src: "/a.jpg", caption: "頂樓水塔・施工後" },
      { key: pictureKey(0, "single", 0), src: "/s1.jpg", caption: "頂樓水塔・照片 1" },
      { key: pictureKey(0, "single", 1), src: "/s2.jpg", caption: "頂樓水塔・照片 2" },
      { key: pictureKey(1, "after"), src: "/a2.jpg", caption: "地下水池・施工後" },
    ]);
  });

  it("tells apart the same file shown twice", () => {
    const [first, second] = casePicturesOf([{ title: "一", description: "", before: "/same.jpg", after: "/same.jpg", singles: [] }]);
    expect(first!.key).not.toBe(second!.key);
  });
});
