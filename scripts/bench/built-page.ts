// The free page the Lighthouse step measures (issue 24): what a company builds
// with the page builder — a heading and paragraphs beside a photo, three
// service cards (each with a link to the services) on a coloured band, the
// calls to action (立即預約 with the service filled in, 撥打電話 from the
// settings; decision 041), a YouTube video beside more text. The
// video's poster is an uploaded picture: the bench runs offline, and YouTube's
// own thumbnail (i.ytimg.com) would fail to load and log an error.
import type { BuilderContainer, BuilderTree, ElementOf } from "#contract/page-builder/tree.ts";

export const BUILT_PAGE_KEY = "spring-cleaning";

const PARAGRAPH = "換季時節是大掃除的好時機。我們依照由上而下、先乾後濕的順序，從燈具、櫃頂到地板一次做對，省時又不重工。高處外窗、水塔與石材地板交給具備專業設備與安全措施的團隊。";

/** The page's tree: `photo` is the uploaded picture beside the text, `poster` the video's. */
export function builtPageTree(photo: string, poster: string): BuilderTree {
  const mobile: BuilderContainer["mobile"] = { order: "normal", hidden: [], gap: "medium" };
  const card = (id: string, icon: "star" | "shield" | "users", title: string, items: string[]) => ({
    id,
    type: "serviceCard" as const,
    icon,
    iconColor: "#1d4ed8",
    backgroundColor: "#ffffff",
    title,
    description: "專人到府評估，報價透明，完工附清潔前後照片。",
    items,
    alignment: "left" as const,
    action: { look: "link" as const, text: "了解更多", target: { kind: "page" as const, path: "/services" } },
  });
  const button = (id: string, text: string, look: "primary" | "secondary", target: ElementOf<"button">["target"]): ElementOf<"button"> => ({
    id,
    type: "button",
    text,
    target,
    look,
    fullWidthOnPhone: true,
    alignment: "center",
  });
  return {
    version: 1,
    containers: [
      {
        id: "benchrow1",
        layout: "1-1",
        mobile,
        background: "",
        columns: [
          { id: "benchcol11", elements: [{ id: "benchtext1", type: "text", html: `<h2>春季大掃除，一次做對</h2><p>${PARAGRAPH}</p><ul><li>廚房油垢與抽油煙機</li><li>浴室水垢與排水管</li><li>窗溝、紗窗與冷氣濾網</li></ul>` }] },
          { id: "benchcol12", elements: [{ id: "benchimage1", type: "image", src: photo, alt: "清潔完成的明亮客廳", decorative: false, link: "", caption: "清潔完成的客廳" }] },
        ],
      },
      {
        id: "benchrow2",
        layout: "1-1-1",
        mobile,
        background: "#f1f5f9",
        columns: [
          { id: "benchcol21", elements: [card("benchcard1", "star", "居家清潔", ["客廳與臥室", "廚房", "浴室"])] },
          { id: "benchcol22", elements: [card("benchcard2", "shield", "水塔清洗消毒", ["水質檢測", "清洗消毒", "檢驗報告"])] },
          { id: "benchcol23", elements: [card("benchcard3", "users", "社區大樓維護", ["公共區域", "地下停車場", "定期駐點"])] },
        ],
      },
      {
        id: "benchrow4",
        layout: "1-1",
        mobile,
        background: "",
        columns: [
          { id: "benchcol41", elements: [button("benchbutton1", "立即預約到府評估", "primary", { kind: "contact", service: "居家清潔" })] },
          { id: "benchcol42", elements: [button("benchbutton2", "撥打電話", "secondary", { kind: "phone" })] },
        ],
      },
      {
        id: "benchrow3",
        layout: "2-1",
        mobile,
        background: "",
        columns: [
          { id: "benchcol31", elements: [{ id: "benchvideo1", type: "video", source: "youtube", src: "", youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", poster, title: "水塔清洗作業實錄" }] },
          { id: "benchcol32", elements: [{ id: "benchtext2", type: "text", html: `<h2>作業實錄</h2><p>${PARAGRAPH}</p><p>需要協助嗎？歡迎<a href="/contact">預約到府評估</a>。</p>` }] },
        ],
      },
    ],
  };
}
