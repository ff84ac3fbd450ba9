// The article's loader: a post with its pictures and the share island's
// settings; an old slug redirects for good; an unknown one is a 404; a failed
// read is a 503 that is not kept.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { BLOG_MESSAGES, type BlogPostPage, type PublicBlogPost, type PublicBlogPostSummary } from "#contract/blog.ts";
import { requestLogContext, siteServicesContext, type SiteReads } from "#web/site/shell/site-services.ts";
import { loader } from "./blog-post.route.tsx";
import { SHARE_POPUP } from "./share-links.ts";

const post = (id: number, featured_image = `/uploads/${id}.jpg`): PublicBlogPost => ({
  id,
  slug: `post-${id}`,
  title: `文章 ${id}`,
  summary: "",
  content: "<p>內容</p>",
  featured_image,
  published_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  category_name: "清潔知識",
  category_slug: "tips",
  tags: "",
  view_count: 0,
  seo_title: "",
  seo_description: "",
});

function setUp(slug: string, postPage: () => Promise<BlogPostPage>) {
  const reads = {
    postPage: vi.fn(postPage),
    pictures: vi.fn(async (_paths: string[]) => ({})),
    logged: vi.fn(),
  };
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { blog: { postPage: reads.postPage }, media: { pictures: reads.pictures } } as unknown as SiteReads);
  context.set(requestLogContext, { error: reads.logged });
  const args = { context, request: new Request(`http://localhost/blog/${encodeURIComponent(slug)}`), params: { slug } } as unknown as LoaderFunctionArgs;
  return { reads, run: () => loader(args) };
}

/** What the loader threw: a Response (redirect) or data() with its status and headers. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error as Response & { data?: { message: string }; init?: { status: number; headers?: Record<string, string> } };
  }
  throw new Error("the loader did not throw");
}

describe("the article's loader", () => {
  it("answers the post, its related posts, their pictures and the share window's size and texts", async () => {
    const summary = ({ content: _content, ...fields }: PublicBlogPost): PublicBlogPostSummary => ({ ...fields, excerpt: "內容" });
    const related = [summary(post(2)), summary(post(3, ""))];
    const { reads, run } = setUp("居家清潔", async () => ({ kind: "post", post: post(1), related }));
    const answer = await run();
    expect(reads.postPage).toHaveBeenCalledWith("居家清潔");
    expect(reads.pictures).toHaveBeenCalledWith(["/uploads/1.jpg", "/uploads/2.jpg"]);
    expect(answer).toMatchObject({ post: post(1), related, share: { popup: SHARE_POPUP, texts: { copied: BLOG_MESSAGES.linkCopied } } });
  });

  it("sends an old slug to the post's address now, for good (301)", async () => {
    const response = await thrown(setUp("old", async () => ({ kind: "moved", slug: "新的網址" })).run);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/blog/%E6%96%B0%E7%9A%84%E7%B6%B2%E5%9D%80");
  });

  it("answers 404 with 文章不存在 for a slug no public post has", async () => {
    const { reads, run } = setUp("draft", async () => ({ kind: "missing" }));
    const error = await thrown(run);
    expect(error.init?.status).toBe(404);
    expect(error.data).toEqual({ message: BLOG_MESSAGES.notFound });
    expect(reads.pictures).not.toHaveBeenCalled();
  });

  it("answers 503 with 載入文章失敗, not kept, when the post cannot be read, and logs why", async () => {
    const failure = new Error("database away");
    const { reads, run } = setUp("any", async () => {
      throw failure;
    });
    const error = await thrown(run);
    expect(error.init?.status).toBe(503);
    expect(error.init?.headers?.["Cache-Control"]).toBe("no-store");
    expect(error.data).toEqual({ message: BLOG_MESSAGES.loadFailed });
    expect(reads.logged).toHaveBeenCalledWith({ err: failure }, expect.any(String));
  });
});
