// News in the back office, read (002 §2.1, §7): the posts list with its
// filters, a post, its kept versions, the categories and tags with their counts.
// Visitors' reads are in blog-public.service.ts; the writes are operations
// (blog-posts.operations.ts, blog-taxonomy.operations.ts, blog-scheduling.ts).
import { blogAdminListQuerySchema, type BlogCategory, type BlogPostList, type BlogPostRevision, type BlogStatus, type BlogTag } from "#contract/blog.ts";
import { paginationOf } from "#contract/pagination.ts";
import type { ReadDb } from "#server/db/database.ts";
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
      const [total, rows] = await Promise.all([
        blogPostsRepo.count(db, filter),
        blogPostsRepo.page(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      ]);
      const now = clock();
      return { posts: (await withTags(db, rows)).map((row) => toPost(row, now)), pagination: paginationOf(query.page, query.limit, total) };
    },

    get: (idInput: unknown) => requirePost(db, idInput, clock()),

    async revisions(idInput: unknown): Promise<BlogPostRevision[]> {
      const post = await requirePost(db, idInput, clock());
      return (await blogRevisionsRepo.listFor(db, post.id, KEPT_REVISIONS)).map((row) => ({ ...row, status: row.status as BlogStatus, saved_by: row.saved_by ?? "" }));
    },

    categories: async (): Promise<BlogCategory[]> => (await blogCategoriesRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),

    tags: async (): Promise<BlogTag[]> => (await blogTagsRepo.listWithCounts(db)).map((row) => ({ ...row, post_count: Number(row.post_count) })),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
