// The news list's loader: what it asks the blog module for, when it shows the
// featured posts, which pictures it asks for, and that a failed read is a 503
// that is not kept.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { BLOG_MESSAGES, type BlogListPage, type PublicBlogPostSummary } from "#contract/blog.ts";
import { requestLogContext, siteServicesContext, type SiteReads } from "#web/site/shell/site-services.ts";
import { loader } from "./blog.route.tsx";

const post = (id: number, featured_image = `/uploads/${id}.jpg`): PublicBlogPostSummary => ({
  id,
  slug: `post-${id}`,
  title: `文章 ${id}`,
  summary: "",
  excerpt: "內容",
  featured_image,
  published_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  category_name: "",
  category_slug: "",
  tags: "",
  view_count: 0,
  seo_title: "",
  seo_description: "",
});

const listing: BlogListPage = {
  posts: [post(1), post(2, "")],
  pagination: { current_page: 1, total_pages: 1, total: 2, per_page: 6 },
  featured: [post(3)],
  categories: [],
  tags: [],
  category: null,
};

function setUp(url: string, listPage: () => Promise<BlogListPage> = async () => listing) {
  const reads = {
    listPage: vi.fn(listPage),
    pictures: vi.fn(async (paths: string[]) => Object.fromEntries(paths.map((path) => [path, { width: 800, height: 450, placeholder: "", alt: "", avif: "", webp: `${path} 640w` }]))),
    logged: vi.fn(),
  };
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { blog: { listPage: reads.listPage }, media: { pictures: reads.pictures } } as unknown as SiteReads);
  context.set(requestLogContext, { error: reads.logged });
  const args = { context, request: new Request(`http://localhost${url}`), params: {} } as unknown as LoaderFunctionArgs;
  return { reads, run: () => loader(args) };
}

describe("the news list's loader", () => {
  it("asks for the address's list and the pictures of the featured and listed posts, with the contract's texts", async () => {
    const { reads, run } = setUp("/blog");
    const answer = await run();
    expect(reads.listPage).toHaveBeenCalledWith({ search: "", category: "", tag: "", page: 1 });
    expect(reads.pictures).toHaveBeenCalledWith(["/uploads/3.jpg", "/uploads/1.jpg"]);
    expect(answer).toMatchObject({ showFeatured: true, listing, texts: { listFailed: BLOG_MESSAGES.listFailed, noResults: BLOG_MESSAGES.noResults } });
  });

  it("shows no featured posts for a search, a category, a tag or a later page (nor asks for their pictures)", async () => {
    for (const url of ["/blog?search=水塔", "/blog?category=tips", "/blog?tag=消毒", "/blog?page=2"]) {
      const { reads, run } = setUp(url);
      expect(await run(), url).toMatchObject({ showFeatured: false });
      expect(reads.pictures).toHaveBeenCalledWith(["/uploads/1.jpg"]);
    }
  });

  it("passes the narrowed query on, trimmed", async () => {
    const { reads, run } = setUp("/blog?search=%20水塔%20&category=tips&tag=消毒&page=2");
    await run();
    expect(reads.listPage).toHaveBeenCalledWith({ search: "水塔", category: "tips", tag: "消毒", page: 2 });
  });

  it("answers 503, not kept, with no list when the list cannot be read, and logs why", async () => {
    const failure = new Error("database away");
    const { reads, run } = setUp("/blog?page=2", async () => {
      throw failure;
    });
    const answer = (await run()) as unknown as { data: { listing: unknown }; init: { status: number; headers: Record<string, string> } };
    expect(answer.init.status).toBe(503);
    expect(answer.init.headers["Cache-Control"]).toBe("no-store");
    expect(answer.data.listing).toBeNull();
    expect(reads.logged).toHaveBeenCalledWith({ err: failure }, expect.any(String));
  });
});
