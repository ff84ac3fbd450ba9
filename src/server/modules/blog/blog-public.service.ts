// What visitors read of the news (000 §2 /blog, §3, §7): published posts whose
// time has come, the HTML sanitised again when shown (decision 019), lists of
// summaries, the feed and the sitemap's addresses. Lists and articles are kept
// until a write changes their tags (cache-tags.ts); searches are not kept (any
// text would make a key) but still tag the page they are rendered into.
import {
  BLOG_FEATURED_LIMIT,
  BLOG_MESSAGES,
  BLOG_RELATED_LIMIT,
  BLOG_TAG_LIMIT,
  blogPublicListQuerySchema,
  excerptOf,
  searchedExcerptOf,
  type BlogCategory,
  type BlogListPage,
  type BlogPost,
  type BlogPostPage,
  type BlogPublicListQuery,
  type BlogTag,
  type PublicBlogPost,
  type PublicBlogPostList,
  type PublicBlogPostSummary,
} from "#contract/blog.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags, type CacheTag } from "#server/lib/cache-tags.ts";
import { cachedJson, type CachedJson } from "#server/lib/cached-json.ts";
import { notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { sanitizeStaffHtml } from "#server/lib/staff-html.ts";
import { parseInput } from "#server/lib/validation.ts";
import { requirePost, toPost, withTags } from "./blog-post-model.ts";
import { atomFeed } from "./blog-feed.ts";
import { blogCategoriesRepo, blogMovedSlugsRepo, blogPostsRepo, blogTagsRepo, type PostFilter } from "./blog.repo.ts";

const FEED_ENTRIES = 20;
const NEWS = [cacheTags.news];

/** A public post's fields as stored: its content not yet sanitised (toPublic does that; lists leave it out). */
const toPublicFields = (post: BlogPost): PublicBlogPost => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  summary: post.summary,
  content: post.content,
  featured_image: post.featured_image,
  published_at: post.published_at ?? post.created_at,
  updated_at: post.updated_at,
  category_name: post.category_name,
  category_slug: post.category_slug,
  tags: post.tags,
  view_count: post.view_count,
  seo_title: post.seo_title,
  seo_description: post.seo_description,
});

const toPublic = async (post: BlogPost): Promise<PublicBlogPost> => ({ ...toPublicFields(post), content: await sanitizeStaffHtml(post.content) });

/**
 * What a list shows of a post: no text to sanitise and send, its excerpt instead; in a
 * searched list, the part of its summary or its text where the words were found.
 */
const toSummary = (post: BlogPost, search = ""): PublicBlogPostSummary => {
  const { content: _content, ...article } = toPublicFields(post);
  return { ...article, excerpt: search ? searchedExcerptOf(post, search) : excerptOf(post) };
};

/** An article's page depends on the post itself and on its category's news (the related posts). */
function postPageTags(page: BlogPostPage, categoryId: number | null): CacheTag[] {
  if (page.kind !== "post") return NEWS; // an address that names nothing (yet), or an old one: any save may change it
  return [cacheTags.post(page.post.id), ...(categoryId === null ? [] : [cacheTags.newsCategory(categoryId)])];
}

export function createBlogPublicService(deps: { db: ReadDb; cache: PublicCache; clock?: () => Date }) {
  const { db, cache } = deps;
  const clock = deps.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();
  const publicFilter = (): PostFilter => ({ publicAt: nowIso() });

  async function postsPage(filter: PostFilter, page: number, limit: number) {
    // The total first: a page past the middle is read from the list's end (blog.repo.ts).
    const total = await blogPostsRepo.count(db, filter);
    const rows = await blogPostsRepo.page(db, filter, { limit, offset: (page - 1) * limit }, total);
    const now = clock();
    return { posts: (await withTags(db, rows)).map((row) => toPost(row, now)), pagination: paginationOf(page, limit, total) };
  }

  async function publicPosts(query: BlogPublicListQuery) {
    const filter: PostFilter = { ...publicFilter(), search: query.search, categorySlug: query.category, tagName: query.tag, excludeId: query.exclude || undefined };
    return postsPage(filter, query.page, query.limit);
  }

  async function publicList(queryInput: unknown): Promise<PublicBlogPostList> {
    const query = parseInput(blogPublicListQuerySchema, queryInput);
    const { posts, pagination } = await publicPosts(query);
    return { posts: posts.map((post) => toSummary(post, query.search)), pagination };
  }

  /**
   * GET /api.php/blog/posts as a prepared answer: kept like the other public reads
   * (serialised and compressed once, until a write), by the query as parsed (so
   * spellings of one list share an entry). Searches are not kept: any text makes a new key.
   */
  async function publicListJson(queryInput: unknown): Promise<CachedJson> {
    const query = parseInput(blogPublicListQuerySchema, queryInput);
    const answer = async () => cachedJson({ success: true, data: await publicList(query) });
    if (query.search) return answer();
    return cache.remember(`blog:api:posts:${query.page}:${query.limit}:${query.category}:${query.tag}:${query.exclude}`, NEWS, answer);
  }

  /** A public read serialised and compressed once, kept until a write to the news. */
  const preparedAnswer = (key: string, read: () => Promise<object>): Promise<CachedJson> =>
    cache.remember(`blog:api:${key}`, NEWS, async () => cachedJson({ success: true, data: await read() }));

  const featured = async (limit = BLOG_FEATURED_LIMIT): Promise<PublicBlogPostSummary[]> =>
    (await postsPage({ ...publicFilter(), featuredOnly: true }, 1, Math.min(Math.max(1, limit), 20))).posts.map((post) => toSummary(post));

  const publicCategories = async (): Promise<BlogCategory[]> =>
    (await blogCategoriesRepo.listWithCounts(db, nowIso())).map((row) => ({ ...row, post_count: Number(row.post_count) }));

  const publicTags = async (limit = BLOG_TAG_LIMIT): Promise<BlogTag[]> =>
    (await blogTagsRepo.listWithCounts(db, { publicAt: nowIso(), limit: Math.min(Math.max(1, limit), 100) })).map((row) => ({ ...row, post_count: Number(row.post_count) }));

  /** A public post by its address; an old address of a published post gives the post too (`moved`). */
  async function findPublic(slug: string): Promise<{ post: BlogPost; moved: boolean } | null> {
    const visible = (post: BlogPost) => post.status === "published" && post.published_at !== null && post.published_at <= nowIso();
    const id = await blogPostsRepo.idBySlug(db, slug);
    if (id !== undefined) {
      const post = await requirePost(db, id, clock());
      return visible(post) ? { post, moved: false } : null;
    }
    const movedTo = await blogMovedSlugsRepo.postIdOf(db, slug);
    if (movedTo === undefined) return null;
    const post = await requirePost(db, movedTo, clock());
    return visible(post) ? { post, moved: true } : null;
  }

  const listPage = (query: { page?: number; search?: string; category?: string; tag?: string }): Promise<BlogListPage> => {
    const load = async (): Promise<BlogListPage> => {
      const parsed = parseInput(blogPublicListQuerySchema, query);
      const [list, [featuredPosts, categories, tags]] = await Promise.all([
        publicList({ page: parsed.page, search: parsed.search, category: parsed.category, tag: parsed.tag }),
        // The same beside every list, searched or not: kept once (a search is not kept, its sidebar is).
        cache.remember("blog:list-sidebar", NEWS, () => Promise.all([featured(), publicCategories(), publicTags()])),
      ]);
      return { ...list, featured: featuredPosts, categories, tags, category: categories.find((category) => category.slug === parsed.category) ?? null };
    };
    return query.search ? cache.uncached(NEWS, load) : cache.remember(`blog:list:${query.page ?? 1}:${query.category ?? ""}:${query.tag ?? ""}`, NEWS, load);
  };

  const postPage = (slug: string): Promise<BlogPostPage> => {
    let categoryId: number | null = null;
    return cache.remember(
      `blog:post:${slug}`,
      (page) => postPageTags(page, categoryId),
      async (): Promise<BlogPostPage> => {
        const found = await findPublic(slug);
        if (!found) return { kind: "missing" };
        if (found.moved) return { kind: "moved", slug: found.post.slug };
        categoryId = found.post.category_id;
        const related = found.post.category_slug
          ? (await publicList({ category: found.post.category_slug, exclude: found.post.id, limit: BLOG_RELATED_LIMIT })).posts
          : [];
        return { kind: "post", post: await toPublic(found.post), related };
      },
    );
  };

  return {
    /** What public pages read, in-process (site-reads.ts). */
    site: { listPage, postPage },

    /** When /blog last changed, for the sitemap. */
    listChangedAt: () => blogPostsRepo.newestPublicChange(db, nowIso()),

    /** Every public post's page, for the sitemap. */
    sitemap: async () => (await blogPostsRepo.publicAddresses(db, nowIso())).map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: row.updated_at })),

    /** GET /blog/feed.xml: the newest public posts as an Atom feed (it carries the site's title and author: the settings' tag too). */
    feed: (origin: string, identity: { title: string; author: string }) =>
      cache.remember(`blog:feed:${origin}`, [cacheTags.news, cacheTags.settings], async () => {
        // The feed carries whole articles, sanitised.
        const { posts } = await publicPosts(parseInput(blogPublicListQuerySchema, { limit: FEED_ENTRIES }));
        return atomFeed({ origin, ...identity, posts: await Promise.all(posts.map(toPublic)) });
      }),

    // --- public API (000 §7) ---
    publicList,
    publicListJson,
    // The sidebar's reads as prepared answers, kept like the list until a write to the news: their
    // counts over ten years of posts cost 6–10 ms a request (a limit is a key: at most 20 and 100).
    featuredJson: (limitInput: unknown) => {
      const limit = Math.min(Math.max(1, Number(limitInput) || BLOG_FEATURED_LIMIT), 20);
      return preparedAnswer(`featured:${limit}`, async () => ({ posts: await featured(limit) }));
    },
    publicCategoriesJson: () => preparedAnswer("categories", async () => ({ categories: await publicCategories() })),
    publicTagsJson: (limitInput: unknown) => {
      const limit = Math.min(Math.max(1, Number(limitInput) || BLOG_TAG_LIMIT), 100);
      return preparedAnswer(`tags:${limit}`, async () => ({ tags: await publicTags(limit) }));
    },

    async publicPost(slugInput: unknown): Promise<PublicBlogPost> {
      const found = typeof slugInput === "string" && slugInput.length <= 300 ? await findPublic(slugInput) : null;
      if (!found) throw notFound(BLOG_MESSAGES.notFound);
      return toPublic(found.post);
    },
  };
}

export type BlogPublicService = ReturnType<typeof createBlogPublicService>;
