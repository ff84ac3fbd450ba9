// News: posts, categories and tags.
import type { Db } from "#server/db/database.ts";
import { blogRepo } from "./blog.repo.ts";

export function createBlogService(deps: { db: Db }) {
  const { db } = deps;
  return {
    dashboard: { stats: async () => ({ blog_posts: await blogRepo.countPosts(db) }) },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
