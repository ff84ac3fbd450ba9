import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { buildPageMeta, DEFAULT_OG_IMAGE } from "./seo.ts";

const site = { settings: defaultSettings, origin: "https://clean.example" };
const find = (tags: ReturnType<typeof buildPageMeta>, key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string> | undefined;

describe("buildPageMeta", () => {
  it("gives the home page the site title, description, canonical and the default OG image 1016x311", () => {
    const tags = buildPageMeta(site, { path: "/" });
    expect(tags[0]).toEqual({ title: defaultSettings.site_title });
    expect(find(tags, "name", "description")?.content).toBe(defaultSettings.site_description);
    expect(find(tags, "rel", "canonical")?.href).toBe("https://clean.example/");
    expect(find(tags, "property", "og:image")?.content).toBe(`https://clean.example${DEFAULT_OG_IMAGE.path}`);
    expect(find(tags, "property", "og:image:width")?.content).toBe("1016");
    expect(find(tags, "property", "og:image:height")?.content).toBe("311");
    expect(find(tags, "property", "og:locale")?.content).toBe("zh_TW");
  });

  it("suffixes page titles with the site title and uses the settings' OG image when set", () => {
    const tags = buildPageMeta({ ...site, settings: { ...defaultSettings, og_image: "/uploads/og.jpg" } }, { title: "關於我們", path: "/about" });
    expect(tags[0]).toEqual({ title: `關於我們 | ${defaultSettings.site_title}` });
    expect(find(tags, "property", "og:image")?.content).toBe("https://clean.example/uploads/og.jpg");
    expect(find(tags, "property", "og:image:width")).toBeUndefined();
  });

  it("honours meta_robots, noindex pages and facebook_app_id", () => {
    const settings = { ...defaultSettings, meta_robots: "noindex,nofollow", facebook_app_id: "1234567890" };
    expect(find(buildPageMeta({ ...site, settings }, { path: "/" }), "name", "robots")?.content).toBe("noindex,nofollow");
    expect(find(buildPageMeta(site, { path: "/x", noindex: true }), "name", "robots")?.content).toBe("noindex,follow");
    expect(find(buildPageMeta({ ...site, settings }, { path: "/" }), "property", "fb:app_id")?.content).toBe("1234567890");
  });

  it("gives a page's own keywords, else the site's", () => {
    const settings = { ...defaultSettings, meta_keywords: "清潔, 基隆" };
    expect(find(buildPageMeta({ ...site, settings }, { path: "/water-tanks", keywords: "水塔清洗, 消毒" }), "name", "keywords")?.content).toBe("水塔清洗, 消毒");
    expect(find(buildPageMeta({ ...site, settings }, { path: "/water-tanks", keywords: "" }), "name", "keywords")?.content).toBe("清潔, 基隆");
  });
});
