// A news post as the back office and the public reads see it: its row with its
// tags, its status in words of the contract, and whether it is late. Shared by
// the reads (blog.service.ts, blog-public.service.ts) and the writes
// (blog-posts.operations.ts).
import { BLOG_MESSAGES, isLatePost, type BlogPost, type BlogStatus } from "#contract/blog.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags, type CacheTag } from "#server/lib/cache-tags.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { blogPostsRepo, blogTagsRepo } from "./blog.repo.ts";

export type PostRow = NonNullable<Awaited<ReturnType<typeof blogPostsRepo.findById>>>;

/** Versions kept per post. */
export const KEPT_REVISIONS = 50;

/** A post as the contract gives it: a new post that only autosaves stored shows the address it wants (decision 032). */
export function toPost({ wanted_slug, ...row }: PostRow & { tags: string }, now: Date): BlogPost {
  const post = {
    ...row,
    slug: wanted_slug ?? row.slug,
    status: row.status as BlogStatus,
    is_featured: (Number(row.is_featured) ? 1 : 0) as 0 | 1,
    view_count: Number(row.view_count),
    category_name: row.category_name ?? "",
    category_slug: row.category_slug ?? "",
  };
  return { ...post, is_late: isLatePost(post, now) };
}

/** The rows with their tags as the contract's comma text, in name order. */
export async function withTags(db: ReadDb, rows: PostRow[]): Promise<Array<PostRow & { tags: string }>> {
  const names = await blogTagsRepo.namesFor(db, rows.map((row) => row.id));
  const byPost = new Map<number, string[]>();
  for (const { post_id, name } of names) byPost.set(post_id, [...(byPost.get(post_id) ?? []), name]);
  return rows.map((row) => ({ ...row, tags: (byPost.get(row.id) ?? []).join(",") }));
}

/** A post by the id its address names; 404 when there is none. */
export async function requirePost(db: ReadDb, id: unknown, now: Date): Promise<BlogPost> {
  const row = await requireById(id, (found) => blogPostsRepo.findById(db, found), BLOG_MESSAGES.notFound);
  const [tagged] = await withTags(db, [row]);
  return toPost(tagged!, now);
}

/** What a post's change touches on the public site: the news lists, its own page, the related posts of its category. */
export const postTags = (post: Pick<BlogPost, "id" | "category_id">): CacheTag[] => [
  cacheTags.news,
  cacheTags.post(post.id),
  ...(post.category_id === null ? [] : [cacheTags.newsCategory(post.category_id)]),
];
