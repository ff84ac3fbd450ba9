// Scheduled posts: a post saved as scheduled enqueues, in its save's
// transaction, the job that publishes it at its time (keyed per post, so a new
// time replaces the pending job); the job's operation publishes it if it is
// still scheduled and its time has come, so a second run finds it published.
import { access, defineOperation, ownInput, type JobRequest } from "#server/lib/operations.ts";
import { postTags } from "./blog-post-model.ts";
import { blogPostsRepo } from "./blog.repo.ts";

/** The job that publishes a scheduled post at its time. */
export const PUBLISH_SCHEDULED_POST = "blog.publish-scheduled";

export const publishJob = (postId: number, runAt: Date): JobRequest => ({
  kind: PUBLISH_SCHEDULED_POST,
  payload: { post_id: postId },
  options: { runAt, key: `blog-post:${postId}` },
});

export function createBlogSchedulingOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());

  return {
    publishScheduled: defineOperation({
      name: "blog.publish-scheduled",
      input: ownInput<{ post_id: number }>(),
      access: access.system,
      async run({ tx, input }) {
        const postId = Number(input.post_id);
        const row = await blogPostsRepo.findById(tx.db, postId);
        if (!row || row.status !== "scheduled" || !row.published_at) return null;
        // Its time moved later: the job enqueued with the new time publishes it.
        if (Date.parse(row.published_at) > clock().getTime()) return null;
        await blogPostsRepo.update(tx.db, postId, { status: "published", updated_at: clock().toISOString() });
        return { id: postId, title: row.title, category_id: row.category_id };
      },
      effects: {
        activity: ({ result }) => (result ? { entityType: "blog_post", entityId: result.id, summary: `排程發布文章「${result.title}」` } : null),
        invalidates: ({ result }) => (result ? postTags(result) : []),
      },
    }),
  };
}

export type BlogSchedulingOperations = ReturnType<typeof createBlogSchedulingOperations>;
