import { describe, expect, it } from "vitest";
import { wordsOfJsonContent } from "./page-version-preview.tsx";

describe("wordsOfJsonContent", () => {
  it("gives the words a JSON page's version holds, in order, without icons, colours, keys or links", () => {
    const content = JSON.stringify({
      title: "核心服務",
      badges: ["專業團隊", " "],
      services: [{ key: "tank", icon: "Droplets", iconBg: "bg-sky-100", title: "水塔清洗", features: ["消毒"], button: { text: "預約", link: "/contact" }, image: "/uploads/a.webp" }],
      cta: { buttonText: "線上諮詢", buttonLink: "/contact" },
    });
    expect(wordsOfJsonContent(content)).toEqual(["核心服務", "專業團隊", "水塔清洗", "消毒", "預約", "線上諮詢"]);
  });

  it("gives nothing for content that is not JSON", () => {
    expect(wordsOfJsonContent("{not json")).toEqual([]);
  });
});
