import { describe, expect, it } from "vitest";
import { facetsOf, siteReadsOf } from "./site-reads.ts";

const modules = {
  banners: { site: { heroSlides: async () => "slides" }, dashboard: { stats: async () => ({ active_banners: 2 }) }, listAll: () => [] },
  media: { list: () => [] },
  pages: { site: { homeServices: async () => "content" }, sitemap: async () => [{ path: "/about", lastmod: null }] },
};

describe("siteReadsOf", () => {
  it("hands loaders exactly the modules' site facets, by module name", async () => {
    const reads = siteReadsOf(modules);
    expect(Object.keys(reads)).toEqual(["banners", "pages"]);
    expect(await reads.banners.heroSlides()).toBe("slides");
    expect(await reads.pages.homeServices()).toBe("content");
  });
});

describe("facetsOf", () => {
  it("collects one kind of facet from every module that has it", () => {
    expect(facetsOf(modules, "dashboard")).toEqual([modules.banners.dashboard]);
    expect(facetsOf(modules, "sitemap")).toEqual([modules.pages.sitemap]);
    expect(facetsOf(modules, "nothing")).toEqual([]);
  });
});
