// News in the back office, read (002 §2.1, §7): the posts list with its
// filters, a post, its kept versions (listed, and one whole), the categories and tags with their counts.
// Visitors' reads are in blog-public.service.ts; the writes are operations
// (blog-posts.operations.ts, blog-taxonomy.operations.ts, blog-scheduling.ts).
import { BLOG_MESSAGES, blogAdminListQuerySchema, type BlogCategory, type BlogPostList, type BlogPostRevision, type BlogPostVersion, type BlogStatus, type BlogTag } from "#contract/blog.ts";
import { versionChangeOf } from "#contract/version-origin.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
import { idFrom } from "#server/lib/entity-input.ts";
import { notFound } from "#server/lib/errors.ts";
import { parseInput } from "#server/lib/validation.ts";
import { KEPT_REVISIONS, requirePost, toPost, withTags } from "./blog-post-model.ts";
import { blogCategoriesRepo, blogPostsRepo, blogRevisionsRepo, blogTagsRepo } from "./blog.repo.ts";

export function createBlogService(deps: { db: ReadDb; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    dashboard: { stats: async () => ({ blog_posts: await blogPostsRepo.countPosts(db) }) },

    async list(queryInput: unknown): Promise<BlogPostList> {
      const query = parseInput(blogAdminListQuerySchema, queryInput);
      const filter = { search: query.search, categoryId: query.category, status: query.status };
      // The total first: a page past the middle is read from the list's end (blog.repo.ts).
      const total = await blogPostsRepo.count(db, filter);
      const rows = await blogPostsRepo.page(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }, total);
      const now = clock();
      return { posts: (await withTags(db, rows)).map((row) => toPost(row, now)), pagination: paginationOf(query.page, query.limit, total) };
    },

    get: (idInput: unknown) => requirePost(db, idInput, clock()),

    async revisions(idInput: unknown): Promise<BlogPostRevision[]> {
      const post = await requirePost(db, idInput, clock());
      return (await blogRevisionsRepo.listFor(db, post.id, KEPT_REVISIONS)).map(({ change_kind, ...row }) => ({
        ...row,
        status: row.status as BlogStatus,
        saved_by: row.saved_by ?? "",
        made_by: row.made_by ?? "",
        change: versionChangeOf(change_kind),
      }));
    },

    /** GET /admin-api.php/blog/posts/{id}/revisions/{revisionId}: one version whole (decision 032: the editor loads it unsaved; nothing is written). */
    async revision(idInput: unknown, revisionInput: unknown): Promise<BlogPostVersion> {
      const post = await requirePost(db, idInput, clock());
      const revisionId = idFrom(revisionInput);
      const listed = revisionId === null ? undefined : await blogRevisionsRepo.findListed(db, post.id, revisionId);
      const row = listed && (await blogRevisionsRepo.find(db, post.id, listed.id));
      if (!listed || !row) throw notFound(BLOG_MESSAGES.revisionNotFound);
      // A category deleted since is left out rather than offered back.
      const category = row.category_id !== null && (await blogCategoriesRepo.findById(db, row.category_id)) ? row.category_id : null;
      const { change_kind, ...origin } = listed;
      return {
        ...origin,
        status: row.status as BlogStatus,
        saved_by: origin.saved_by ?? "",
        made_by: origin.made_by ?? "",
        change: versionChangeOf(change_kind),
        slug: row.slug,
        summary: row.summary,
        content: row.content,
        featured_image: row.featured_image,
        is_featured: Number(row.is_featured) ? 1 : 0,
        category_id: category,
        tags: row.tags,
        seo_title: row.seo_title,
        seo_description: row.seo_description,
        published_at: row.published_at,
      };
    },

    categories: async (): Promise<BlogCategory[]> => (await blogCategoriesRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),

    tags: async (): Promise<BlogTag[]> => (await blogTagsRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
