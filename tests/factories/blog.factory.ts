// News (blog) test data: a post as the back office's editor sends it (the
// spec's fields only, 002 §3: the whole post, tags as comma-separated text),
// times relative to now, and a clean slate of every blog table.
import type { Db } from "#server/db/database.ts";

/** The whole post exactly as the spec's editor sends it (id 0 means new; the read-only fields come along). */
export function editorPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 0,
    title: "新文章",
    slug: "",
    summary: "",
    content: "",
    status: "draft",
    is_featured: false,
    view_count: 0,
    created_at: "",
    updated_at: "",
    published_at: "",
    category_id: "",
    category_name: "",
    tags: "",
    seo_title: "",
    seo_description: "",
    ...overrides,
  };
}

/** An ISO time `ms` milliseconds from now (negative: in the past). */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Resolves a little after `iso` has passed. */
export const waitUntil = (iso: string) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(iso) - Date.now() + 60)));

/** Removes every post, category, tag, version, old address, file reference and publication job. */
export async function clearBlog(db: Db): Promise<void> {
  await db.deleteFrom("blog_post_tags").execute();
  await db.deleteFrom("blog_post_revisions").execute();
  await db.deleteFrom("blog_moved_slugs").execute();
  await db.deleteFrom("media_references").where("owner_type", "=", "blog_post").execute();
  await db.deleteFrom("jobs").where("kind", "=", "blog.publish-scheduled").execute();
  await db.deleteFrom("blog_posts").execute();
  await db.deleteFrom("blog_tags").execute();
  await db.deleteFrom("blog_categories").execute();
}
