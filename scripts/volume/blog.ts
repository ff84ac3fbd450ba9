// News: the categories and tags, and ten years of posts as the back office
// keeps them. Mostly published (their published_at at or soon after their
// writing), some drafts, a few archived, and among the newest some scheduled
// with their publishing job; featured pictures registered as in use, as a save
// does (blog-posts.operations.ts).
import { slugify } from "#contract/blog.ts";
import { DEFAULT_MAX_ATTEMPTS } from "#server/jobs/job-queue.ts";
import { jobsRepo } from "#server/jobs/jobs.repo.ts";
import { postSearchColumns } from "#server/modules/blog/blog-search.ts";
import { publishJob } from "#server/modules/blog/blog-scheduling.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables, nextIdOf } from "./insert-batches.ts";
import { postHtml, postSummary, postTitle, topicNamed } from "./text.ts";
import { DAY_MS, iso } from "./timeline.ts";
import { BLOG_CATEGORIES, BLOG_TAGS, CATEGORY_TOPICS } from "./vocabulary.ts";

const RECENT_MS = 45 * DAY_MS;

export async function fillBlog(context: VolumeContext, count: number): Promise<Made[]> {
  const { writer, random, timeline, adminId, pictures } = context;
  const { db } = writer;
  const made: Made[] = [];
  const takenSlugs = new Set([
    ...(await db.selectFrom("blog_posts").select("slug").execute()).map((row) => row.slug),
    ...(await db.selectFrom("blog_moved_slugs").select("slug").execute()).map((row) => row.slug),
  ]);
  const categories = new Map((await db.selectFrom("blog_categories").select(["id", "slug", "name"]).execute()).map((row) => [row.name, row]));
  const tags = new Map((await db.selectFrom("blog_tags").select(["id", "name"]).execute()).map((row) => [row.name, row.id]));
  const moments = timeline.sortedMoments(random, count);
  let postId = await nextIdOf(db, "blog_posts");
  let categoryId = await nextIdOf(db, "blog_categories");
  let tagId = await nextIdOf(db, "blog_tags");
  const pictureChoices = pictures.pairs.flatMap((pair) => [pair.after, pair.before]);

  await fillTables(writer, "blog", async (open, trx) => {
    const categoryRows = open("blog_categories", ["id", "name", "slug", "description", "created_at"]);
    for (const [name, slug, description] of BLOG_CATEGORIES) {
      if (categories.has(name) || [...categories.values()].some((category) => category.slug === slug)) continue;
      const id = categoryId++;
      categories.set(name, { id, slug, name });
      await categoryRows.add([id, name, slug, description, iso(timeline.start)]);
    }
    const tagRows = open("blog_tags", ["id", "name", "created_at"]);
    for (const name of BLOG_TAGS) {
      if (tags.has(name)) continue;
      const id = tagId++;
      tags.set(name, id);
      await tagRows.add([id, name, iso(timeline.start)]);
    }
    await categoryRows.flush();
    await tagRows.flush();

    const posts = open("blog_posts", [
      "id", "title", "slug", "summary", "content", "featured_image", "status", "is_featured", "view_count", "category_id", "seo_title",
      "seo_description", "published_at", "change_kind", "changed_by", "created_at", "updated_at", "search_title", "search_body",
    ]);
    const postTags = open("blog_post_tags", ["post_id", "tag_id", "position"]);
    const references = open("media_references", ["media_id", "owner_type", "owner_id", "field", "created_at"]);
    const ours = BLOG_CATEGORIES.map(([name, slug]) => ({ id: categories.get(name)?.id ?? null, slug }));
    for (const created of moments) {
      const id = postId++;
      const category = random.weighted(ours.map((entry) => [entry, entry.slug === "news" ? 0.4 : 1] as const));
      const topic = topicNamed(random.pick(CATEGORY_TOPICS[category.slug] ?? ["居家清潔"]));
      const title = postTitle(random, topic, new Date(created).getUTCFullYear());
      const recent = timeline.end - created < RECENT_MS;
      const status = recent
        ? random.weighted<string>([["published", 60], ["scheduled", 25], ["draft", 15]])
        : random.weighted<string>([["published", 955], ["draft", 30], ["archived", 15]]);
      const publishedAt =
        status === "scheduled" ? timeline.end + random.int(1, 21) * DAY_MS + random.int(0, 23) * 3600_000
        : status === "draft" ? null
        : Math.min(created + random.int(0, 48) * 3600_000, timeline.end - 1000);
      const edited = random.chance(0.2) ? Math.min((publishedAt && publishedAt < timeline.end ? publishedAt : created) + random.int(1, 90) * DAY_MS, timeline.end - 1000) : created;
      const ageYears = (timeline.end - created) / (365 * DAY_MS);
      const views = status === "published" || status === "archived" ? Math.round(random.logNormal(120 * Math.sqrt(ageYears + 0.05), 1.1)) : 0;
      const picture = random.chance(0.75) ? random.pick(pictureChoices) : null;
      const summary = postSummary(random, topic);
      const content = postHtml(random, topic);
      const search = postSearchColumns({ title, summary, content });
      await posts.add([
        id, title, uniqueSlug(takenSlugs, title, id), summary, content, picture?.path ?? "", status,
        status === "published" && random.chance(0.004) ? 1 : 0, views, category.id,
        random.chance(0.3) ? `${title}｜基隆清潔` : "", random.chance(0.3) ? summary.slice(0, 150) : "",
        publishedAt === null ? null : iso(publishedAt), edited > created ? "save" : "create", adminId, iso(created), iso(edited),
        search.search_title, search.search_body,
      ]);
      const related = BLOG_TAGS.filter((tag) => topic.name.includes(tag) || tag.includes(topic.name.slice(0, 2)));
      const chosen = [...new Set([...random.sample(related, random.int(1, 2)), ...random.sample(BLOG_TAGS, random.int(0, 3))])].slice(0, random.int(1, 4));
      for (const [position, name] of chosen.entries()) await postTags.add([id, tags.get(name)!, position]);
      if (picture) await references.add([picture.id, "blog_post", String(id), "featured_image", iso(edited)]);
      if (status === "scheduled" && publishedAt !== null) {
        const job = publishJob(id, new Date(publishedAt));
        await jobsRepo.insert(trx, {
          kind: job.kind, payload: JSON.stringify(job.payload), runAt: iso(publishedAt), maxAttempts: DEFAULT_MAX_ATTEMPTS, key: job.options?.key ?? null, now: iso(edited),
        });
      }
      made.push({ id, name: title, at: created });
    }
  });
  return made;
}

/** The post's address from its title, as the editor makes it; a title written before gets -2, -3… (an empty one its id). */
function uniqueSlug(taken: Set<string>, title: string, id: number): string {
  const base = slugify(title) || `post-${id}`;
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  taken.add(slug);
  return slug;
}
