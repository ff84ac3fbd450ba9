import { describe, expect, it } from "vitest";
import type { ResponsivePicture } from "#contract/media.ts";
import type { PhotoGroup, Portfolio } from "#contract/portfolios.ts";
import { caseViewOf, coverOf, picturePathsOf, withoutPlaceholders } from "./case-view.ts";

const group = (fields: Partial<PhotoGroup>): PhotoGroup => ({
  id: 1,
  title: "照片組 1",
  description: "",
  before_image: "",
  after_image: "",
  single_images: [],
  display_order: 1,
  comparison_enabled: false,
  ...fields,
});

const portfolio = (fields: Partial<Portfolio>): Portfolio => ({
  id: 3,
  title: "大樓水塔清洗",
  description: "十二樓住宅大樓兩座水塔。",
  client: "基隆市信義區",
  category: "water-tower",
  category_label: "水塔清洗",
  technologies: [],
  images: [],
  photo_groups: [],
  before_images: [],
  after_images: [],
  completed_at: "2026-03-02",
  featured: false,
  status: "active",
  created_at: "2026-03-03T00:00:00.000Z",
  updated_at: "2026-03-03T00:00:00.000Z",
  ...fields,
});

describe("a case as the gallery shows it", () => {
  it("a card's picture is the first after picture, else the first picture, else none", () => {
    expect(coverOf({ photo_groups: [group({ before_image: "/b1.jpg" }), group({ before_image: "/b2.jpg", after_image: "/a2.jpg" })] })).toBe("/a2.jpg");
    expect(coverOf({ photo_groups: [group({ single_images: ["/s1.jpg"] }), group({ before_image: "/b2.jpg" })] })).toBe("/s1.jpg");
    expect(coverOf({ photo_groups: [] })).toBe("");
  });

  it("keeps what the card and the detail show: three feature tags on the card, the rest counted; empty groups left out", () => {
    const view = caseViewOf(
      portfolio({
        technologies: ["高壓清洗", " ", "消毒", "水質檢測", "防水塗層", "安全繩索"],
        photo_groups: [group({ before_image: "/b.jpg", after_image: "/a.jpg", single_images: ["/s.jpg", ""] }), group({ title: "照片組 2" }), group({ title: "說明", description: "只有文字" })],
      }),
    );
    expect(view).toEqual({
      id: 3,
      title: "大樓水塔清洗",
      serviceType: "水塔清洗",
      location: "基隆市信義區",
      completedAt: "2026-03-02",
      description: "十二樓住宅大樓兩座水塔。",
      features: ["高壓清洗", "消毒", "水質檢測", "防水塗層", "安全繩索"],
      cardTagCount: 3,
      cover: "/a.jpg",
      groups: [
        { title: "照片組 1", description: "", before: "/b.jpg", after: "/a.jpg", singles: ["/s.jpg"] },
        { title: "說明", description: "只有文字", before: "", after: "", singles: [] },
      ],
    });
    expect(picturePathsOf(view)).toEqual(["/a.jpg", "/b.jpg", "/a.jpg", "/s.jpg"]);
    expect(caseViewOf(portfolio({ technologies: ["一"] })).cardTagCount).toBe(1);
  });

  it("the island's pictures go without their placeholders, nothing else changed", () => {
    const picture: ResponsivePicture = { width: 800, height: 600, placeholder: "data:image/webp;base64,AAAA", alt: "", avif: "/a-640.avif 640w", webp: "/a-640.webp 640w" };
    expect(withoutPlaceholders({ "/cover.jpg": picture, "/inside.jpg": picture })).toEqual({
      "/cover.jpg": { ...picture, placeholder: "" },
      "/inside.jpg": { ...picture, placeholder: "" },
    });
  });
});
