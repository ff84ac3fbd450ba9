// Page builder trees for tests: one container per call, elements of every type
// with valid fields, ids unique within a tree (the schema refuses repeats).
import { NO_CARD_ACTION } from "#contract/page-builder/elements/service-card.ts";
import { builderTreeSchema, type BuilderContainer, type BuilderElement, type BuilderTree, type ElementOf } from "#contract/page-builder/tree.ts";

let counter = 0;
/** A fresh node id of the contract's shape. */
export const testNodeId = (prefix = "n") => `${prefix}${(++counter).toString(36).padStart(6, "0")}`;

export const textElement = (html = "<h2>服務說明</h2><p>專業清潔團隊</p>"): ElementOf<"text"> => ({ id: testNodeId("t"), type: "text", html });
export const imageElement = (src = "/uploads/2026/01/0123456789abcdef.jpg", alt = "清潔後的客廳"): ElementOf<"image"> => ({ id: testNodeId("i"), type: "image", src, alt, decorative: false, link: "", caption: "" });
export const youtubeElement = (title = "水塔清洗過程"): ElementOf<"video"> => ({ id: testNodeId("v"), type: "video", source: "youtube", src: "", youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", poster: "", title });
export const codeElement = (html = "<p>嵌入的內容</p>"): ElementOf<"code"> => ({ id: testNodeId("c"), type: "code", html, title: "嵌入內容", height: 200, note: "" });
export const spacerElement = (height = 40): ElementOf<"spacer"> => ({ id: testNodeId("s"), type: "spacer", height });
export const serviceCardElement = (title = "居家清潔"): ElementOf<"serviceCard"> => ({
  id: testNodeId("s"),
  type: "serviceCard",
  icon: "star",
  iconColor: "#1d4ed8",
  backgroundColor: "#ffffff",
  title,
  description: "定期打掃，家裡常保乾淨",
  items: ["客廳", "廚房", "浴室"],
  alignment: "left",
  action: NO_CARD_ACTION,
});
export const buttonElement = (text = "立即預約", target: ElementOf<"button">["target"] = { kind: "contact", service: "居家清潔" }): ElementOf<"button"> => ({
  id: testNodeId("u"),
  type: "button",
  text,
  target,
  look: "primary",
  fullWidthOnPhone: false,
  alignment: "left",
});

/** A container of a layout whose columns hold these elements (one list per column). */
export function container(layout: string, columns: BuilderElement[][], mobile: Partial<BuilderContainer["mobile"]> = {}): BuilderContainer {
  return {
    id: testNodeId("b"),
    layout,
    columns: columns.map((elements) => ({ id: testNodeId("k"), elements })),
    mobile: { order: "normal", hidden: [], gap: "medium", ...mobile },
    background: "",
  };
}

export const tree = (...containers: BuilderContainer[]): BuilderTree => ({ version: 1, containers });

/** A page's content as the builder saves it: the tree and (whatever) HTML; the server generates the HTML again. */
export const builderContent = (built: BuilderTree, html = "") => JSON.stringify({ builder: built, html });

/** A page with every element type, every mobile rule and a picture the media library has variants of. */
export const everyElementTree: BuilderTree = builderTreeSchema.parse({
  containers: [
    {
      id: "box001",
      layout: "2-1",
      background: "#f1f5f9",
      mobile: { order: "reverse", hidden: ["col002"], gap: "large" },
      columns: [
        {
          id: "col001",
          elements: [
            { id: "txt001", type: "text", html: "<h2>居家清潔</h2><p>專業團隊</p>" },
            { id: "img001", type: "image", src: "/uploads/2026/01/a.jpg", alt: "清潔後的客廳 \"前後\" <對照>", link: "/contact", caption: "客廳" },
            { id: "img002", type: "image", src: "https://example.com/b.jpg", alt: "", decorative: true },
          ],
        },
        {
          id: "col002",
          elements: [
            { id: "vid001", type: "video", source: "youtube", youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "水塔清洗過程" },
            { id: "vid002", type: "video", source: "upload", src: "/uploads/2026/01/v.webm", poster: "/uploads/2026/01/p.webp", title: "施工" },
          ],
        },
      ],
    },
    {
      id: "box002",
      layout: "1-1-1",
      columns: [
        { id: "col003", elements: [{ id: "cod001", type: "code", html: '<p style="color:red">片段 & "引號"</p>', height: 120 }] },
        { id: "col004", elements: [{ id: "spc001", type: "spacer", height: 40 }] },
        {
          id: "col005",
          elements: [
            {
              id: "crd001",
              type: "serviceCard",
              icon: "star",
              iconColor: "#1d4ed8",
              backgroundColor: "#ffffff",
              title: "<定期>打掃",
              description: "每週一次",
              items: ["客廳", "廚房"],
              alignment: "center",
              action: { look: "link", text: "了解更多", target: { kind: "page", path: "/services/3" } },
            },
            { id: "crd002", type: "serviceCard", icon: "Droplets", iconColor: "#0369a1", backgroundColor: "#1e3a8a", title: "水塔清洗", action: { look: "button", text: "加 LINE 詢問", target: { kind: "line" } } },
          ],
        },
      ],
    },
    {
      id: "box003",
      layout: "1-1",
      columns: [
        {
          id: "col006",
          elements: [
            { id: "btn001", type: "button", text: "立即預約 \"春季\"", target: { kind: "contact", service: "水塔清洗 & 消毒" }, fullWidthOnPhone: true, alignment: "center" },
            { id: "btn002", type: "button", text: "撥打電話", target: { kind: "phone" }, look: "secondary" },
          ],
        },
        {
          id: "col007",
          elements: [
            { id: "btn003", type: "button", text: "官方粉絲頁", target: { kind: "address", url: "https://www.facebook.com/clean" }, alignment: "right" },
            { id: "btn004", type: "button", text: "寄信給我們", target: { kind: "address", url: "mailto:service@example.com" } },
            { id: "btn005", type: "button", text: "年終大掃除", target: { kind: "page", path: "/年終大掃除" } },
          ],
        },
      ],
    },
  ],
});

export const everyElementPictures = {
  "/uploads/2026/01/a.jpg": { width: 1600, height: 1200, placeholder: "", alt: "", avif: "/uploads/2026/01/a-640.avif 640w, /uploads/2026/01/a-1024.avif 1024w", webp: "/uploads/2026/01/a-640.webp 640w" },
};
