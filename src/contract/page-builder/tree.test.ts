import { describe, expect, it } from "vitest";
import { builderTreeSchema, BUILDER_LIMITS, containerSchema, type BuilderTree } from "./tree.ts";

const text = (id: string) => ({ id, type: "text", html: "<p>文字</p>" });
const column = (id: string, elements: unknown[] = []) => ({ id, elements });
const container = (id: string, layout: string, columns: unknown[], extra: Record<string, unknown> = {}) => ({ id, layout, columns, ...extra });

/** The first issue's message for a tree, or null when it reads. */
function refusal(tree: unknown): string | null {
  const result = builderTreeSchema.safeParse(tree);
  return result.success ? null : result.error.issues[0]!.message;
}

describe("the page builder's tree schema", () => {
  it("reads a tree of every element type and fills the defaults", () => {
    const tree = builderTreeSchema.parse({
      containers: [
        container("box001", "1-1", [
          column("col001", [
            text("txt001"),
            { id: "img001", type: "image", src: "/uploads/2026/01/a.jpg", alt: "客廳" },
            { id: "vid001", type: "video", source: "youtube", youtube: "https://youtu.be/dQw4w9WgXcQ", title: "影片" },
          ]),
          column("col002", [
            { id: "cod001", type: "code", html: "<p>片段</p>" },
            { id: "spc001", type: "spacer", height: 40 },
            { id: "crd001", type: "serviceCard", icon: "star", iconColor: "#1d4ed8", backgroundColor: "#ffffff", title: "居家清潔" },
          ]),
        ]),
      ],
    });
    expect(tree.version).toBe(1);
    const [box] = tree.containers;
    expect(box!.mobile).toEqual({ order: "normal", hidden: [], gap: "medium" });
    expect(box!.background).toBe("");
    expect(box!.columns[0]!.elements[1]).toEqual({ id: "img001", type: "image", src: "/uploads/2026/01/a.jpg", alt: "客廳", decorative: false, link: "", caption: "" });
    expect(box!.columns[1]!.elements[0]).toMatchObject({ title: "嵌入內容", height: 200, note: "" });
    expect(box!.columns[1]!.elements[2]).toMatchObject({ description: "", items: [], alignment: "left" });
  });

  it("refuses, in words, what the builder could not show", () => {
    expect(refusal({ containers: [container("box001", "1-1", [column("col001")])] })).toBe("「兩欄平分」版面應有 2 欄");
    expect(refusal({ containers: [container("box001", "9-9", [column("col001")])] })).toBe("請選擇欄位版面");
    expect(refusal({ containers: [container("box001", "1", [column("col001")], { mobile: { hidden: ["col999"] } })] })).toBe("隱藏的欄位不在這個容器裡");
    expect(refusal({ containers: [container("box001", "1", [column("col001", [text("same01"), text("same01")])])] })).toBe("頁面中有重複的項目編號");
    expect(refusal({ containers: [container("BOX-1", "1", [column("col001")])] })).toBe("項目編號不正確");
    expect(refusal({ containers: [container("box001", "1", [column("col001", [{ id: "abc123", type: "marquee" }])])] })).toBe("不支援的元素類型");
    expect(refusal({ containers: [container("box001", "1", [column("col001", [{ id: "abc123", type: "video", source: "youtube", youtube: "not a video" }])])] })).toBe(
      "無法辨識 YouTube 影片網址或 ID",
    );
    expect(refusal({ containers: [container("box001", "1", [column("col001", [{ id: "abc123", type: "image", src: "javascript:alert(1)" }])])] })).toBe(
      "圖片必須是上傳的檔案或 https:// 開頭的網址",
    );
    expect(refusal({ containers: [container("box001", "1", [column("col001")], { background: "red" })] })).toBe("容器背景顏色必須是 #RRGGBB 格式的顏色");
    expect(refusal({ containers: "nope" })).toBe("頁面內容必須是容器的清單");
  });

  it("keeps a page within its limits: elements per column and in the page", () => {
    const many = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => text(`${prefix}${index.toString().padStart(5, "0")}`));
    expect(refusal({ containers: [container("box001", "1", [column("col001", many("a", BUILDER_LIMITS.elementsPerColumn + 1))])] })).toBe(
      `一欄最多 ${BUILDER_LIMITS.elementsPerColumn} 個元素`,
    );
    const full: BuilderTree["containers"] = Array.from({ length: 6 }, (_, c) =>
      containerSchema.parse(container(`box00${c}`, "1", [column(`col00${c}`, many(`e${c}`, 200))])),
    );
    expect(refusal({ containers: full })).toBe(`頁面最多 ${BUILDER_LIMITS.elements} 個元素`);
    expect(refusal({ containers: full.slice(0, 5) })).toBeNull();
  });
});
