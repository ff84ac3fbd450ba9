import { describe, expect, it } from "vitest";
import { legacyPhotoGroup, normalisePhotoGroups, picturesOfCase, portfolioInputSchema } from "./portfolios.ts";

const groupsOf = (groups: unknown[]) => normalisePhotoGroups(portfolioInputSchema.parse({ title: "案例", category: "x", photo_groups: groups }).photo_groups);

describe("photo groups as stored (001 §3, §4)", () => {
  it("title an untitled group 'photo group N' by its position and number the order from 1", () => {
    const groups = groupsOf([{ title: "客廳" }, {}, { title: "  " }]);
    expect(groups.map((group) => [group.title, group.display_order])).toEqual([
      ["客廳", 1],
      ["照片組 2", 2],
      ["照片組 3", 3],
    ]);
  });

  it("keep comparison on while a before or an after image exists, whatever the client says", () => {
    const [both, beforeOnly, afterOnly, neither] = groupsOf([
      { before_image: "/uploads/a.jpg", after_image: "/uploads/b.jpg", comparison_enabled: false },
      { before_image: "/uploads/a.jpg" },
      { after_image: "/uploads/b.jpg" },
      { comparison_enabled: true },
    ]);
    expect([both, beforeOnly, afterOnly, neither].map((group) => group!.comparison_enabled)).toEqual([true, true, true, false]);
  });

  it("keep the order sent, whatever display_order the groups carry from before a drag", () => {
    expect(groupsOf([{ title: "C", display_order: 3 }, { title: "A", display_order: 1 }, { title: "B", display_order: 2 }]).map((group) => [group.title, group.display_order])).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
  });

  it("keep a sent id and forget a made-up one", () => {
    expect(groupsOf([{ id: 7 }, { id: "8" }, { id: -1 }, { id: "x" }]).map((group) => group.id)).toEqual([7, 8, null, null]);
  });
});

describe("a legacy case's pictures as one group (001 §3)", () => {
  it("put the first half before and the second half after, the rest as single pictures", () => {
    expect(legacyPhotoGroup(["/1", "/2", "/3", "/4", "/5"])).toMatchObject({
      id: null,
      title: "照片組 1",
      before_image: "/1",
      after_image: "/4",
      single_images: ["/2", "/3", "/5"],
      comparison_enabled: true,
    });
    expect(legacyPhotoGroup(["/only"])).toMatchObject({ before_image: "/only", after_image: "", single_images: [] });
    expect(legacyPhotoGroup([])).toBeNull();
  });

  it("step through every picture of a case in order", () => {
    const group = legacyPhotoGroup(["/1", "/2", "/3", "/4"])!;
    expect(picturesOfCase({ photo_groups: [group] })).toEqual(["/1", "/3", "/2", "/4"]);
  });
});

describe("the case form's rules (001 §5)", () => {
  it("require a title and a service type, in people's words", () => {
    const result = portfolioInputSchema.safeParse({ title: " ", category: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({ title: "請輸入案例標題", category: "請選擇服務類型" });
  });

  it("read an empty date as none and refuse a date that is not one", () => {
    expect(portfolioInputSchema.parse({ title: "案例", category: "x", completed_at: "" }).completed_at).toBeNull();
    expect(portfolioInputSchema.parse({ title: "案例", category: "x", completed_at: "2026-11-24" }).completed_at).toBe("2026-11-24");
    expect(portfolioInputSchema.safeParse({ title: "案例", category: "x", completed_at: "2026-13-45" }).success).toBe(false);
  });

  it("trim features and drop empty and repeated ones", () => {
    expect(portfolioInputSchema.parse({ title: "案例", category: "x", technologies: [" 高壓沖洗 ", "高壓沖洗", "", "消毒"] }).technologies).toEqual(["高壓沖洗", "消毒"]);
  });
});
