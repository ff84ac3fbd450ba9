// The gallery's loader: what it asks the portfolios module for, which featured
// cases it shows, where an open case comes from, and what the island receives.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { ResponsivePicture } from "#contract/media.ts";
import { PORTFOLIO_MESSAGES, type Portfolio, type PortfolioGallery } from "#contract/portfolios.ts";
import { siteServicesContext, type SiteReads } from "#web/site/shell/site-services.ts";
import { loader } from "./portfolio.route.tsx";

const portfolio = (id: number, cover = `/uploads/${id}.jpg`): Portfolio => ({
  id,
  title: `案例 ${id}`,
  description: "說明",
  client: "基隆市",
  category: "tank",
  category_label: "水塔清洗",
  technologies: [],
  images: [],
  photo_groups: [{ id, title: "照片組 1", description: "", before_image: `/uploads/${id}-before.jpg`, after_image: cover, single_images: [], display_order: 1, comparison_enabled: true }],
  before_images: [],
  after_images: [],
  completed_at: null,
  featured: false,
  status: "active",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

const picture = (path: string): ResponsivePicture => ({ width: 800, height: 600, placeholder: `data:${path}`, alt: "", avif: "", webp: `${path} 640w` });

function setUp(url: string, gallery: Partial<PortfolioGallery> = {}, detail: Portfolio | null = null) {
  const reads = {
    gallery: vi.fn(async () => ({ featured: [portfolio(1)], portfolios: [portfolio(1), portfolio(2)], pagination: { current_page: 1, total_pages: 1, total: 2, per_page: 9 }, service_types: [{ value: "tank", label: "水塔清洗" }], ...gallery })),
    detail: vi.fn(async () => detail),
    pictures: vi.fn(async (paths: string[]) => Object.fromEntries(paths.map((path) => [path, picture(path)]))),
  };
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { portfolios: { gallery: reads.gallery, detail: reads.detail }, media: { pictures: reads.pictures } } as unknown as SiteReads);
  const args = { context, request: new Request(`http://localhost${url}`), params: {} } as unknown as LoaderFunctionArgs;
  return { reads, run: () => loader(args) };
}

describe("the gallery's loader", () => {
  it("asks for the address's list and hands the island each case once, with the contract's texts", async () => {
    const { reads, run } = setUp("/portfolio");
    const { gallery, shared } = await run();
    expect(reads.gallery).toHaveBeenCalledWith({ search: "", category: "", page: 1 });
    expect(gallery.featuredIds).toEqual([1]);
    expect(gallery.pageIds).toEqual([1, 2]);
    expect(gallery.cases.map((view) => view.id)).toEqual([1, 2]);
    expect(gallery.texts).toEqual({ noneFound: PORTFOLIO_MESSAGES.noneFound, noPhotos: PORTFOLIO_MESSAGES.noPhotos });
    expect(gallery.openCase).toBeNull();
    expect(shared).toBeNull();
    expect(reads.detail).not.toHaveBeenCalled();
  });

  it("shows no featured cases for a search, a service type or a later page", async () => {
    for (const url of ["/portfolio?search=水塔", "/portfolio?category=tank", "/portfolio?page=2"]) {
      const { gallery } = await setUp(url).run();
      expect(gallery.featuredIds).toEqual([]);
      expect(gallery.cases.map((view) => view.id)).toEqual([1, 2]);
    }
  });

  it("opens a case of the page without asking for it again, and names it for link previews", async () => {
    const { reads, run } = setUp("/portfolio?case=2");
    const { gallery, shared } = await run();
    expect(gallery.openCase).toBe(2);
    expect(reads.detail).not.toHaveBeenCalled();
    expect(shared).toEqual({ id: 2, title: "案例 2", summary: "說明", cover: "/uploads/2.jpg" });
  });

  it("asks for a case that is not on the page, and opens nothing for one that is not there", async () => {
    const elsewhere = setUp("/portfolio?page=2&case=7", {}, portfolio(7));
    const { gallery } = await elsewhere.run();
    expect(elsewhere.reads.detail).toHaveBeenCalledWith(7);
    expect(gallery.openCase).toBe(7);
    expect(gallery.pageIds).toEqual([1, 2]);
    expect(gallery.cases.map((view) => view.id)).toEqual([1, 2, 7]);

    const missing = await setUp("/portfolio?case=99").run();
    expect(missing.gallery.openCase).toBeNull();
    expect(missing.shared).toBeNull();
  });
});
