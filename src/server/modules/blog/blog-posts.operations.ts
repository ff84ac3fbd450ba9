// News posts, written (002 §2.1, §3, §5, §7). A save settles the post's status
// against its time (a published post with a future time is scheduled,
// WordPress's way), sanitises its HTML, keeps the version it replaces (with how
// it was made: decision 032), remembers the old address of a published post
// whose slug changed, and enqueues the job that publishes a scheduled post, all
// in one transaction (decision 019). A new post's autosaves do not take its
// address; a version is restored by the editor's own save (decision 032).
import { randomUUID } from "node:crypto";
import { BLOG_MESSAGES, blogPostInputSchema, slugify, type BlogPost, type BlogStatus } from "#contract/blog.ts";
import type { Db } from "#server/db/database.ts";
import { idFrom, mergedWith } from "#server/lib/entity-input.ts";
import { badRequest, notFound } from "#server/lib/errors.ts";
import { access, adminIdOf, defineOperation, ownInput } from "#server/lib/operations.ts";
import { sanitizeStaffHtml } from "#server/lib/staff-html.ts";
import { retryOnUniqueViolation } from "#server/lib/unique-retry.ts";
import { uploadAddressesIn } from "#server/modules/media/file-addresses.ts";
import { noFiles } from "#server/modules/media/file-references.ts";
import { KEPT_REVISIONS, postTags, requirePost } from "./blog-post-model.ts";
import { publishJob } from "./blog-scheduling.ts";
import { blogCategoriesRepo, blogMovedSlugsRepo, blogPostsRepo, blogRevisionsRepo, blogTagsRepo } from "./blog.repo.ts";

/** The editor saves drafts every few seconds; one kept version per ten minutes of autosaves is enough to go back to. */
const AUTOSAVE_VERSION_INTERVAL_MS = 10 * 60_000;
/** A slug nothing else gives (a title of only punctuation). */
const FALLBACK_SLUG = "post";
/**
 * What a new post's slug column holds while only autosaves stored it: unique, and never a
 * clean address (slugify turns "_" into a hyphen, so no address can start with one).
 */
const unclaimedSlug = () => `_unsaved-${randomUUID()}`;

/** The fields whose change keeps a version (a version stores is_featured too, but the list's star alone is no new version). */
const VERSIONED = ["title", "slug", "summary", "content", "featured_image", "status", "category_id", "tags", "seo_title", "seo_description", "published_at"] as const;
const sameVersion = (a: BlogPost, b: BlogPost) => VERSIONED.every((field) => a[field] === b[field]);

type PostInput = ReturnType<typeof blogPostInputSchema.parse>;
type Origin = Awaited<ReturnType<typeof blogPostsRepo.originOf>>;

/** What a save stored: the post as it is now, and whether it was the editor's autosave. */
interface Saved {
  post: BlogPost;
  autosave: boolean;
}

const ownerOf = (id: number) => ({ type: "blog_post", id: String(id) }) as const;
const filesOf = (post: BlogPost) => ({ owner: ownerOf(post.id), fields: { featured_image: [post.featured_image], content: uploadAddressesIn(post.content) } });
/** A scheduled post's publication job; none for any other status. */
const jobsOf = (post: BlogPost) => (post.status === "scheduled" && post.published_at ? [publishJob(post.id, new Date(post.published_at))] : []);

export function createBlogPostsOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();
  const loadPost = (db: Db, id: unknown) => requirePost(db, id, clock());

  /** A free address for a post: the wanted one, else with -2, -3… */
  async function freeSlug(db: Db, wanted: string, ownId?: number): Promise<string> {
    const base = slugify(wanted) || FALLBACK_SLUG;
    const taken = new Set((await blogPostsRepo.slugsLike(db, base)).filter((row) => row.id !== ownId).map((row) => row.slug));
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

  async function tagIdsFor(db: Db, names: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const existing = await blogTagsRepo.findByName(db, name);
      ids.push(existing ? existing.id : await blogTagsRepo.insert(db, { name, created_at: nowIso() }));
    }
    return ids;
  }

  /** Keeps `post` as a version (unless an autosave kept one lately), with how it was made. */
  async function keepVersion(db: Db, post: BlogPost, origin: Origin | undefined, adminId: number | null, autosave: boolean) {
    if (autosave) {
      const newest = await blogRevisionsRepo.newest(db, post.id);
      if (newest && clock().getTime() - Date.parse(newest.created_at) < AUTOSAVE_VERSION_INTERVAL_MS) return;
    }
    const { id, title, slug, summary, content, featured_image, status, is_featured, category_id, tags, seo_title, seo_description, published_at } = post;
    await blogRevisionsRepo.insert(db, {
      made_at: post.updated_at,
      made_by: origin?.changed_by ?? null,
      change_kind: origin?.change_kind ?? null,
      restored_from: origin?.restored_from ?? null,
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
    await blogRevisionsRepo.prune(db, id, KEPT_REVISIONS);
  }

  /**
   * The address a save stores: a save by hand, or one that publishes or schedules, takes a
   * free one; a new post's autosaves only remember the one it wants, so an abandoned draft
   * never holds a clean address (decision 032). A post that has its address keeps
   * following its saves as before.
   */
  async function addressFor(db: Db, input: PostInput, status: BlogStatus, existing: BlogPost | undefined) {
    const unclaimed = existing ? ((await blogPostsRepo.originOf(db, existing.id))?.wanted_slug ?? null) !== null : true;
    if (!input.autosave || status !== "draft" || !unclaimed) return { slug: await freeSlug(db, input.slug || input.title, existing?.id), wanted_slug: null };
    const placeholder = existing ? (await blogPostsRepo.slugOf(db, existing.id)) : undefined;
    return { slug: placeholder ?? unclaimedSlug(), wanted_slug: slugify(input.slug || input.title) };
  }

  /**
   * Writes a post's fields and tags (in the caller's transaction). `existing` is the post being changed, absent for a new one.
   * Callers run it in retryOnUniqueViolation: two posts saved at once with one title both see the address free.
   */
  async function store(db: Db, input: PostInput, existing: BlogPost | undefined, adminId: number | null): Promise<BlogPost> {
    if (input.category_id !== null && !(await blogCategoriesRepo.findById(db, input.category_id))) {
      throw badRequest(BLOG_MESSAGES.unknownCategory, { category_id: BLOG_MESSAGES.unknownCategory });
    }
    const { status, published_at } = settle(input.status, input.published_at);
    const { slug, wanted_slug } = await addressFor(db, input, status, existing);
    const restoredFrom = input.restored_from ?? null;
    // A restored version saved by the draft's own autosave is still a restore.
    const change_kind = !existing ? (input.autosave ? "autosave" : "create") : restoredFrom ? "restore" : input.autosave ? "autosave" : "save";
    const content = await sanitizeStaffHtml(input.content);
    const now = nowIso();
    const row = {
      title: input.title,
      slug,
      summary: input.summary,
      content,
      featured_image: input.featured_image,
      status,
      is_featured: input.is_featured,
      category_id: input.category_id,
      seo_title: input.seo_title,
      seo_description: input.seo_description,
      published_at,
      updated_at: now,
      wanted_slug,
      change_kind,
      changed_by: adminId,
      restored_from: restoredFrom,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await blogPostsRepo.update(db, id, row);
      // A published post's old address keeps leading to it (301).
      if (existing.slug !== slug && existing.status === "published") await blogMovedSlugsRepo.keep(db, existing.slug, id, now);
    } else {
      id = await blogPostsRepo.insert(db, { ...row, created_at: now });
    }
    await blogMovedSlugsRepo.release(db, slug);
    await blogTagsRepo.replaceFor(db, id, await tagIdsFor(db, input.tags));
    return requirePost(db, id, clock());
  }

  /** The stored fields a PUT's body is merged over. */
  const storedFields = ({ id: _id, created_at: _created, updated_at: _updated, view_count: _views, is_late: _late, category_name: _name, category_slug: _slug, ...stored }: BlogPost) =>
    stored;

  return {
    create: defineOperation({
      name: "blog.create",
      input: blogPostInputSchema,
      access: access.administrators,
      async run({ tx, input, actor }): Promise<Saved> {
        return { post: await retryOnUniqueViolation(tx.db, () => store(tx.db, input, undefined, adminIdOf(actor))), autosave: input.autosave };
      },
      effects: {
        files: ({ result }) => filesOf(result.post),
        activity: ({ result }) => ({ entityType: "blog_post", entityId: result.post.id, summary: `新增文章「${result.post.title}」` }),
        jobs: ({ result }) => jobsOf(result.post),
        invalidates: ({ result }) => postTags(result.post),
      },
    }),

    /** A PUT that leaves fields out keeps their stored values; the version it replaces is kept. */
    update: defineOperation({
      name: "blog.update",
      input: blogPostInputSchema,
      load: loadPost,
      merge: (body, record) => mergedWith(storedFields(record), body),
      access: access.administrators,
      async run({ tx, input, record, actor }): Promise<Saved> {
        // How the replaced state was made, read before the save overwrites it.
        const origin = await blogPostsRepo.originOf(tx.db, record.id);
        const post = await retryOnUniqueViolation(tx.db, () => store(tx.db, input, record, adminIdOf(actor)));
        if (!sameVersion(record, post)) await keepVersion(tx.db, record, origin, adminIdOf(actor), input.autosave);
        return { post, autosave: input.autosave };
      },
      effects: {
        files: ({ result }) => filesOf(result.post),
        // The editor's autosaves are not news for the activity log.
        activity: ({ result }) => (result.autosave ? null : { entityType: "blog_post", entityId: result.post.id, summary: `更新文章「${result.post.title}」` }),
        jobs: ({ result }) => jobsOf(result.post),
        invalidates: ({ record, result }) => [...postTags(record), ...postTags(result.post)],
      },
    }),

    remove: defineOperation({
      name: "blog.delete",
      load: loadPost,
      access: access.administrators,
      async run({ tx, record }) {
        await blogTagsRepo.replaceFor(tx.db, record.id, []);
        await blogPostsRepo.delete(tx.db, record.id);
      },
      effects: {
        files: ({ record }) => noFiles(ownerOf(record.id)),
        activity: ({ record }) => ({ entityType: "blog_post", entityId: record.id, summary: `刪除文章「${record.title}」` }),
        invalidates: ({ record }) => postTags(record),
      },
    }),

    /** One more view of a public post (the article page's island, once per visit). No tag changes: pages do not show the count. */
    countView: defineOperation({
      name: "blog.view",
      input: ownInput<{ id: unknown }>(),
      access: access.anyone,
      async run({ tx, input }): Promise<{ view_count: number }> {
        const id = idFrom(input.id);
        const count = id === null ? undefined : await blogPostsRepo.addView(tx.db, id, nowIso());
        if (count === undefined) throw notFound(BLOG_MESSAGES.notFound);
        return { view_count: Number(count) };
      },
    }),
  };
}

export type BlogPostsOperations = ReturnType<typeof createBlogPostsOperations>;
