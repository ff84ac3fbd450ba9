// News: posts, categories and tags (000 §2 /blog, §3, §7; 002 §2.1, §3, §4, §5, §7).
// A save settles the post's status against its time (a published post with a
// future time is scheduled, WordPress's way), sanitises its HTML, keeps the
// version it replaces, remembers the old address of a published post whose
// slug changed, and enqueues the job that publishes a scheduled post, all in
// one transaction. Visitors see published posts whose time has come; the HTML
// is sanitised again when shown (decision 019).
import {
  BLOG_FEATURED_LIMIT,
  BLOG_MESSAGES,
  BLOG_RELATED_LIMIT,
  BLOG_TAG_LIMIT,
  blogAdminListQuerySchema,
  blogCategoryInputSchema,
  blogPostInputSchema,
  blogPublicListQuerySchema,
  blogTagInputSchema,
  excerptOf,
  isLatePost,
  slugify,
  type BlogCategory,
  type BlogListPage,
  type BlogPost,
  type BlogPostList,
  type BlogPublicListQuery,
  type BlogPostPage,
  type BlogPostRevision,
  type BlogStatus,
  type BlogTag,
  type PublicBlogPost,
  type PublicBlogPostList,
  type PublicBlogPostSummary,
} from "#contract/blog.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { Db } from "#server/db/database.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { cachedJson, type CachedJson } from "#server/lib/cached-json.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { badRequest, conflict, notFound } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { sanitizeStaffHtml } from "#server/lib/staff-html.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { uploadAddressesIn } from "#server/modules/media/file-addresses.ts";
import { blogCategoriesRepo, blogMovedSlugsRepo, blogPostsRepo, blogRevisionsRepo, blogTagsRepo, type PostFilter } from "./blog.repo.ts";
import { atomFeed } from "./blog-feed.ts";

/** The job that publishes a scheduled post at its time. */
export const PUBLISH_SCHEDULED_POST = "blog.publish-scheduled";
const KEPT_REVISIONS = 50;
/** The editor saves drafts every few seconds; one kept version per ten minutes of autosaves is enough to go back to. */
const AUTOSAVE_VERSION_INTERVAL_MS = 10 * 60_000;
const FEED_ENTRIES = 20;
/** A slug nothing else gives (a title of only punctuation). */
const FALLBACK_SLUG = "post";

type PostRow = NonNullable<Awaited<ReturnType<typeof blogPostsRepo.findById>>>;

export interface BlogDeps {
  db: Db;
  cache: PublicCache;
  write: WriteRunner;
  activity: ActivityService;
  jobs: Pick<JobQueue, "register">;
  /** Registers the files a post shows (its cover and the pictures in its text), in the post's transaction. */
  syncFileReferences: (handle: Db, postId: number, fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}


/** The fields whose change keeps a version (a version stores is_featured too, but the list's star alone is no new version). */
const VERSIONED = ["title", "slug", "summary", "content", "featured_image", "status", "category_id", "tags", "seo_title", "seo_description", "published_at"] as const;
const sameVersion = (a: BlogPost, b: BlogPost) => VERSIONED.every((field) => a[field] === b[field]);

export function createBlogService(deps: BlogDeps) {
  const { db, cache, write, activity } = deps;
  const clock = deps.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();

  async function withTags(rows: PostRow[]): Promise<Array<PostRow & { tags: string }>> {
    const names = await blogTagsRepo.namesFor(db, rows.map((row) => row.id));
    const byPost = new Map<number, string[]>();
    for (const { post_id, name } of names) byPost.set(post_id, [...(byPost.get(post_id) ?? []), name]);
    return rows.map((row) => ({ ...row, tags: (byPost.get(row.id) ?? []).join(",") }));
  }

  const toPost = (row: PostRow & { tags: string }): BlogPost => {
    const post = {
      ...row,
      status: row.status as BlogStatus,
      is_featured: (Number(row.is_featured) ? 1 : 0) as 0 | 1,
      view_count: Number(row.view_count),
      category_name: row.category_name ?? "",
      category_slug: row.category_slug ?? "",
    };
    return { ...post, is_late: isLatePost(post, clock()) };
  };

  const toPublic = async (post: BlogPost): Promise<PublicBlogPost> => ({ ...toPublicFields(post), content: await sanitizeStaffHtml(post.content) });

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

  /** What a list shows of a post: no text to sanitise and send, its excerpt instead. */
  const toSummary = (post: BlogPost): PublicBlogPostSummary => {
    const { content: _content, ...article } = toPublicFields(post);
    return { ...article, excerpt: excerptOf(post) };
  };

  async function findPost(handle: Db, idInput: unknown): Promise<BlogPost> {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await blogPostsRepo.findById(handle, id);
    if (!row) throw notFound(BLOG_MESSAGES.notFound);
    const names = await blogTagsRepo.namesFor(handle, [row.id]);
    return toPost({ ...row, tags: names.map((tag) => tag.name).join(",") });
  }

  async function postsPage(filter: PostFilter, page: number, limit: number) {
    const [total, rows] = await Promise.all([blogPostsRepo.count(db, filter), blogPostsRepo.page(db, filter, { limit, offset: (page - 1) * limit })]);
    return { posts: (await withTags(rows)).map(toPost), pagination: paginationOf(page, limit, total) };
  }

  /** A free address for a post: the wanted one, else with -2, -3… */
  async function freeSlug(handle: Db, wanted: string, ownId?: number): Promise<string> {
    const base = slugify(wanted) || FALLBACK_SLUG;
    const taken = new Set((await blogPostsRepo.slugsLike(handle, base)).filter((row) => row.id !== ownId).map((row) => row.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * The status a save stores, against the clock: published now when no time is given; a
   * published post with a future time waits as scheduled; a scheduled one whose time has
   * passed is published; scheduling needs a time.
   */
  function settle(status: BlogStatus, time: Date | null): { status: BlogStatus; published_at: string | null } {
    const now = clock();
    if (status === "published") return time && time > now ? { status: "scheduled", published_at: time.toISOString() } : { status, published_at: (time ?? now).toISOString() };
    if (status === "scheduled") {
      if (!time) throw badRequest(BLOG_MESSAGES.scheduleNeedsTime, { published_at: BLOG_MESSAGES.scheduleNeedsTime });
      return time > now ? { status, published_at: time.toISOString() } : { status: "published", published_at: time.toISOString() };
    }
    return { status, published_at: time ? time.toISOString() : null };
  }

  async function tagIdsFor(handle: Db, names: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const existing = await blogTagsRepo.findByName(handle, name);
      ids.push(existing ? existing.id : await blogTagsRepo.insert(handle, { name, created_at: nowIso() }));
    }
    return ids;
  }

  /** Keeps `post` as a version (unless an autosave kept one lately). */
  async function keepVersion(handle: Db, post: BlogPost, adminId: number | null, autosave: boolean) {
    if (autosave) {
      const newest = await blogRevisionsRepo.newest(handle, post.id);
      if (newest && clock().getTime() - Date.parse(newest.created_at) < AUTOSAVE_VERSION_INTERVAL_MS) return;
    }
    const { id, title, slug, summary, content, featured_image, status, is_featured, category_id, tags, seo_title, seo_description, published_at } = post;
    await blogRevisionsRepo.insert(handle, {
      post_id: id,
      title,
      slug,
      summary,
      content,
      featured_image,
      status,
      is_featured,
      category_id,
      tags,
      seo_title,
      seo_description,
      published_at,
      is_autosave: autosave ? 1 : 0,
      admin_user_id: adminId,
      created_at: nowIso(),
    });
    await blogRevisionsRepo.prune(handle, id, KEPT_REVISIONS);
  }

  /**
   * Writes a post's fields, tags, file references and publication job (in the caller's
   * transaction). `existing` is the post being changed, absent for a new one.
   */
  async function store(handle: Db, input: unknown, existing: BlogPost | undefined, enqueue: (runAt: Date, postId: number) => Promise<void>) {
    const parsed = parseInput(blogPostInputSchema, input);
    if (parsed.category_id !== null && !(await blogCategoriesRepo.findById(handle, parsed.category_id))) {
      throw badRequest(BLOG_MESSAGES.unknownCategory, { category_id: BLOG_MESSAGES.unknownCategory });
    }
    const { status, published_at } = settle(parsed.status, parsed.published_at);
    const slug = await freeSlug(handle, parsed.slug || parsed.title, existing?.id);
    const content = await sanitizeStaffHtml(parsed.content);
    const now = nowIso();
    const row = {
      title: parsed.title,
      slug,
      summary: parsed.summary,
      content,
      featured_image: parsed.featured_image,
      status,
      is_featured: parsed.is_featured,
      category_id: parsed.category_id,
      seo_title: parsed.seo_title,
      seo_description: parsed.seo_description,
      published_at,
      updated_at: now,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await blogPostsRepo.update(handle, id, row);
      // A published post's old address keeps leading to it (301).
      if (existing.slug !== slug && existing.status === "published") await blogMovedSlugsRepo.keep(handle, existing.slug, id, now);
    } else {
      id = await blogPostsRepo.insert(handle, { ...row, created_at: now });
    }
    await blogMovedSlugsRepo.release(handle, slug);
    await blogTagsRepo.replaceFor(handle, id, await tagIdsFor(handle, parsed.tags));
    await deps.syncFileReferences(handle, id, { featured_image: [parsed.featured_image], content: uploadAddressesIn(content) });
    if (status === "scheduled" && published_at) await enqueue(new Date(published_at), id);
    return { id, autosave: parsed.autosave, title: parsed.title, status };
  }

  const publishJob = (tx: { enqueue: (kind: string, payload: unknown, options?: { runAt?: Date; key?: string }) => Promise<number> }) => async (runAt: Date, postId: number) => {
    await tx.enqueue(PUBLISH_SCHEDULED_POST, { post_id: postId }, { runAt, key: `blog-post:${postId}` });
  };

  /** The job: publishes the post if it is still scheduled and its time has come (idempotent: a second run finds it published). */
  async function publishScheduled(postId: number): Promise<void> {
    await write(async (tx) => {
      const row = await blogPostsRepo.findById(tx.db, postId);
      if (!row || row.status !== "scheduled" || !row.published_at) return;
      // Its time moved later: the job enqueued with the new time publishes it.
      if (Date.parse(row.published_at) > clock().getTime()) return;
      await blogPostsRepo.update(tx.db, postId, { status: "published", updated_at: nowIso() });
      await activity.record(tx.db, { adminId: null, action: "blog.publish-scheduled", entityType: "blog_post", entityId: postId, summary: `排程發布文章「${row.title}」` });
      tx.invalidatePublicCache();
    });
  }

  deps.jobs.register<{ post_id: number }>(PUBLISH_SCHEDULED_POST, async (payload) => publishScheduled(Number(payload.post_id)));

  // --- what visitors read ---

  const publicFilter = (): PostFilter => ({ publicAt: nowIso() });

  async function publicPosts(query: BlogPublicListQuery) {
    const filter: PostFilter = { ...publicFilter(), search: query.search, categorySlug: query.category, tagName: query.tag, excludeId: query.exclude || undefined };
    return postsPage(filter, query.page, query.limit);
  }

  async function publicList(queryInput: unknown): Promise<PublicBlogPostList> {
    const { posts, pagination } = await publicPosts(parseInput(blogPublicListQuerySchema, queryInput));
    return { posts: posts.map(toSummary), pagination };
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
    return cache.remember(`blog:api:posts:${query.page}:${query.limit}:${query.category}:${query.tag}:${query.exclude}`, answer);
  }

  const featured = async (limit = BLOG_FEATURED_LIMIT): Promise<PublicBlogPostSummary[]> =>
    (await postsPage({ ...publicFilter(), featuredOnly: true }, 1, Math.min(Math.max(1, limit), 20))).posts.map(toSummary);

  const publicCategories = async (): Promise<BlogCategory[]> =>
    (await blogCategoriesRepo.listWithCounts(db, nowIso())).map((row) => ({ ...row, post_count: Number(row.post_count) }));

  const publicTags = async (limit = BLOG_TAG_LIMIT): Promise<BlogTag[]> =>
    (await blogTagsRepo.listWithCounts(db, { publicAt: nowIso(), limit: Math.min(Math.max(1, limit), 100) })).map((row) => ({ ...row, post_count: Number(row.post_count) }));

  /** A public post by its address; an old address of a published post gives the post too (`moved`). */
  async function findPublic(slug: string): Promise<{ post: BlogPost; moved: boolean } | null> {
    const visible = (post: BlogPost) => post.status === "published" && post.published_at !== null && post.published_at <= nowIso();
    const id = await blogPostsRepo.idBySlug(db, slug);
    if (id !== undefined) {
      const post = await findPost(db, id);
      return visible(post) ? { post, moved: false } : null;
    }
    const movedTo = await blogMovedSlugsRepo.postIdOf(db, slug);
    if (movedTo === undefined) return null;
    const post = await findPost(db, movedTo);
    return visible(post) ? { post, moved: true } : null;
  }

  const listPage = (query: { page?: number; search?: string; category?: string; tag?: string }): Promise<BlogListPage> => {
    const load = async (): Promise<BlogListPage> => {
      const parsed = parseInput(blogPublicListQuerySchema, query);
      const [list, featuredPosts, categories, tags] = await Promise.all([
        publicList({ page: parsed.page, search: parsed.search, category: parsed.category, tag: parsed.tag }),
        featured(),
        publicCategories(),
        publicTags(),
      ]);
      return { ...list, featured: featuredPosts, categories, tags, category: categories.find((category) => category.slug === parsed.category) ?? null };
    };
    // Searches are not kept: any text makes a new key.
    return query.search ? load() : cache.remember(`blog:list:${query.page ?? 1}:${query.category ?? ""}:${query.tag ?? ""}`, load);
  };

  const postPage = (slug: string): Promise<BlogPostPage> =>
    cache.remember(`blog:post:${slug}`, async (): Promise<BlogPostPage> => {
      const found = await findPublic(slug);
      if (!found) return { kind: "missing" };
      if (found.moved) return { kind: "moved", slug: found.post.slug };
      const related = found.post.category_slug
        ? (await publicList({ category: found.post.category_slug, exclude: found.post.id, limit: BLOG_RELATED_LIMIT })).posts
        : [];
      return { kind: "post", post: await toPublic(found.post), related };
    });

  // --- categories and tags ---

  async function findCategory(handle: Db, idInput: unknown) {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await blogCategoriesRepo.findById(handle, id);
    if (!row) throw notFound(BLOG_MESSAGES.categoryNotFound);
    return row;
  }

  async function checkCategory(handle: Db, name: string, slug: string, ownId?: number) {
    const sameName = await blogCategoriesRepo.findByName(handle, name);
    if (sameName && sameName.id !== ownId) throw conflict(BLOG_MESSAGES.categoryNameTaken(name), { name: BLOG_MESSAGES.categoryNameTaken(name) });
    const sameSlug = await blogCategoriesRepo.findBySlug(handle, slug);
    if (sameSlug && sameSlug.id !== ownId) throw conflict(BLOG_MESSAGES.categorySlugTaken(slug), { slug: BLOG_MESSAGES.categorySlugTaken(slug) });
  }

  async function findTag(handle: Db, idInput: unknown) {
    const id = idFrom(idInput);
    const row = id === null ? undefined : await blogTagsRepo.findById(handle, id);
    if (!row) throw notFound(BLOG_MESSAGES.tagNotFound);
    return row;
  }

  async function checkTag(handle: Db, name: string, ownId?: number) {
    const same = await blogTagsRepo.findByName(handle, name);
    if (same && same.id !== ownId) throw conflict(BLOG_MESSAGES.tagNameTaken(name), { name: BLOG_MESSAGES.tagNameTaken(name) });
  }

  const categorySlug = (name: string, slug: string) => slugify(slug || name) || `category-${Date.now().toString(36)}`;

  return {
    dashboard: { stats: async () => ({ blog_posts: await blogPostsRepo.countPosts(db) }) },

    /** What public pages read, in-process (site-reads.ts). */
    site: { listPage, postPage },

    /** Every public post's page, for the sitemap. */
    sitemap: async () => (await blogPostsRepo.publicAddresses(db, nowIso())).map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: row.updated_at })),

    /** GET /blog/feed.xml: the newest public posts as an Atom feed. */
    feed: (origin: string, siteTitle: string) =>
      cache.remember(`blog:feed:${origin}`, async () => {
        // The feed carries whole articles, sanitised.
        const { posts } = await publicPosts(parseInput(blogPublicListQuerySchema, { limit: FEED_ENTRIES }));
        return atomFeed({ origin, title: siteTitle, posts: await Promise.all(posts.map(toPublic)) });
      }),

    // --- public API (000 §7) ---
    publicList,
    publicListJson,
    featured: (limitInput: unknown) => featured(Number(limitInput) || BLOG_FEATURED_LIMIT),
    publicCategories,
    publicTags: (limitInput: unknown) => publicTags(Number(limitInput) || BLOG_TAG_LIMIT),

    async publicPost(slugInput: unknown): Promise<PublicBlogPost> {
      const found = typeof slugInput === "string" && slugInput.length <= 300 ? await findPublic(slugInput) : null;
      if (!found) throw notFound(BLOG_MESSAGES.notFound);
      return toPublic(found.post);
    },

    /** One more view of a public post (the article page's island, once per visit). No cache is dropped: pages do not show the count. */
    async countView(idInput: unknown): Promise<{ view_count: number }> {
      const id = idFrom(idInput);
      const count = id === null ? undefined : await blogPostsRepo.addView(db, id, nowIso());
      if (count === undefined) throw notFound(BLOG_MESSAGES.notFound);
      return { view_count: Number(count) };
    },

    // --- back office (002 §7) ---

    async list(queryInput: unknown): Promise<BlogPostList> {
      const query = parseInput(blogAdminListQuerySchema, queryInput);
      return postsPage({ search: query.search, categoryId: query.category, status: query.status }, query.page, query.limit);
    },

    get: (idInput: unknown) => findPost(db, idInput),

    async create(input: unknown, adminId: number): Promise<{ post: BlogPost; autosave: boolean }> {
      const { id, autosave } = await write(async (tx) => {
        const saved = await store(tx.db, input, undefined, publishJob(tx));
        await activity.record(tx.db, { adminId, action: "blog.create", entityType: "blog_post", entityId: saved.id, summary: `新增文章「${saved.title}」` });
        tx.invalidatePublicCache();
        return saved;
      });
      return { post: await findPost(db, id), autosave };
    },

    /** A PUT that leaves fields out keeps their stored values; the version it replaces is kept. */
    async update(idInput: unknown, input: unknown, adminId: number): Promise<{ post: BlogPost; autosave: boolean }> {
      const { id, autosave } = await write(async (tx) => {
        const existing = await findPost(tx.db, idInput);
        const { id: _id, created_at: _created, updated_at: _updated, view_count: _views, is_late: _late, category_name: _name, category_slug: _slug, ...stored } = existing;
        const saved = await store(tx.db, mergedWith(stored, input), existing, publishJob(tx));
        const after = await findPost(tx.db, existing.id);
        if (!sameVersion(existing, after)) await keepVersion(tx.db, existing, adminId, saved.autosave);
        if (!saved.autosave) {
          await activity.record(tx.db, { adminId, action: "blog.update", entityType: "blog_post", entityId: existing.id, summary: `更新文章「${saved.title}」` });
        }
        tx.invalidatePublicCache();
        return saved;
      });
      return { post: await findPost(db, id), autosave };
    },

    async remove(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await findPost(tx.db, idInput);
        await blogTagsRepo.replaceFor(tx.db, existing.id, []);
        await deps.syncFileReferences(tx.db, existing.id, {});
        await blogPostsRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "blog.delete", entityType: "blog_post", entityId: existing.id, summary: `刪除文章「${existing.title}」` });
        tx.invalidatePublicCache();
      });
    },

    async revisions(idInput: unknown): Promise<BlogPostRevision[]> {
      const post = await findPost(db, idInput);
      return (await blogRevisionsRepo.listFor(db, post.id, KEPT_REVISIONS)).map((row) => ({ ...row, status: row.status as BlogStatus, saved_by: row.saved_by ?? "" }));
    },

    /** Puts a kept version's words back (status, time and address stay); the current state is kept as a version too, so a restore can be undone. */
    async restore(idInput: unknown, revisionIdInput: unknown, adminId: number): Promise<BlogPost> {
      const id = await write(async (tx) => {
        const post = await findPost(tx.db, idInput);
        const revisionId = idFrom(revisionIdInput);
        const revision = revisionId === null ? undefined : await blogRevisionsRepo.find(tx.db, post.id, revisionId);
        if (!revision) throw notFound(BLOG_MESSAGES.revisionNotFound);
        await keepVersion(tx.db, post, adminId, false);
        // A category deleted since is left out rather than refusing the restore.
        const category = revision.category_id !== null && (await blogCategoriesRepo.findById(tx.db, revision.category_id)) ? revision.category_id : null;
        // The words come back; where the post stands does not: restoring text never takes a published post off the site or moves its address.
        const { title, summary, content, featured_image, is_featured, tags, seo_title, seo_description } = revision;
        const { slug, status, published_at } = post;
        await store(tx.db, { title, slug, summary, content, featured_image, status, is_featured, category_id: category, tags, seo_title, seo_description, published_at }, post, publishJob(tx));
        await activity.record(tx.db, { adminId, action: "blog.restore", entityType: "blog_post", entityId: post.id, summary: `將文章「${title}」還原到較早的版本` });
        tx.invalidatePublicCache();
        return post.id;
      });
      return findPost(db, id);
    },

    categories: async (): Promise<BlogCategory[]> => (await blogCategoriesRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),

    async createCategory(input: unknown, adminId: number): Promise<BlogCategory> {
      const parsed = parseInput(blogCategoryInputSchema, input);
      return write(async (tx) => {
        const slug = categorySlug(parsed.name, parsed.slug);
        await checkCategory(tx.db, parsed.name, slug);
        const id = await blogCategoriesRepo.insert(tx.db, { name: parsed.name, slug, created_at: nowIso() });
        await activity.record(tx.db, { adminId, action: "blog-category.create", entityType: "blog_category", entityId: id, summary: `新增文章分類「${parsed.name}」` });
        tx.invalidatePublicCache();
        return { id, name: parsed.name, slug, post_count: 0 };
      });
    },

    async updateCategory(idInput: unknown, input: unknown, adminId: number): Promise<BlogCategory> {
      return write(async (tx) => {
        const existing = await findCategory(tx.db, idInput);
        const parsed = parseInput(blogCategoryInputSchema, mergedWith({ name: existing.name, slug: existing.slug }, input));
        const slug = categorySlug(parsed.name, parsed.slug);
        await checkCategory(tx.db, parsed.name, slug, existing.id);
        await blogCategoriesRepo.update(tx.db, existing.id, { name: parsed.name, slug });
        await activity.record(tx.db, { adminId, action: "blog-category.update", entityType: "blog_category", entityId: existing.id, summary: `更新文章分類「${parsed.name}」` });
        tx.invalidatePublicCache();
        return { id: existing.id, name: parsed.name, slug, post_count: await blogCategoriesRepo.postCount(tx.db, existing.id) };
      });
    },

    async removeCategory(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await findCategory(tx.db, idInput);
        await blogCategoriesRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "blog-category.delete", entityType: "blog_category", entityId: existing.id, summary: `刪除文章分類「${existing.name}」` });
        tx.invalidatePublicCache();
      });
    },

    tags: async (): Promise<BlogTag[]> => (await blogTagsRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),

    async createTag(input: unknown, adminId: number): Promise<BlogTag> {
      const { name } = parseInput(blogTagInputSchema, input);
      return write(async (tx) => {
        await checkTag(tx.db, name);
        const id = await blogTagsRepo.insert(tx.db, { name, created_at: nowIso() });
        await activity.record(tx.db, { adminId, action: "blog-tag.create", entityType: "blog_tag", entityId: id, summary: `新增標籤「${name}」` });
        return { id, name, post_count: 0 };
      });
    },

    async renameTag(idInput: unknown, input: unknown, adminId: number): Promise<BlogTag> {
      const { name } = parseInput(blogTagInputSchema, input);
      return write(async (tx) => {
        const existing = await findTag(tx.db, idInput);
        await checkTag(tx.db, name, existing.id);
        await blogTagsRepo.rename(tx.db, existing.id, name);
        await activity.record(tx.db, { adminId, action: "blog-tag.update", entityType: "blog_tag", entityId: existing.id, summary: `將標籤「${existing.name}」改名為「${name}」` });
        tx.invalidatePublicCache();
        return { id: existing.id, name, post_count: await blogTagsRepo.postCount(tx.db, existing.id) };
      });
    },

    async removeTag(idInput: unknown, adminId: number): Promise<void> {
      await write(async (tx) => {
        const existing = await findTag(tx.db, idInput);
        await blogTagsRepo.delete(tx.db, existing.id);
        await activity.record(tx.db, { adminId, action: "blog-tag.delete", entityType: "blog_tag", entityId: existing.id, summary: `刪除標籤「${existing.name}」` });
        tx.invalidatePublicCache();
      });
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
