import { sql, type ExpressionBuilder, type Insertable, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { BlogPostRevisionsTable, BlogPostsTable, Database } from "#server/db/schema.ts";
import { countRows } from "#server/lib/count.ts";
import { escapeLike } from "#server/lib/like-pattern.ts";
import { boundedCount } from "#server/lib/bounded-count.ts";
import { matchesSearch, type SearchPart } from "#server/lib/search/full-text.ts";
import { tieredPage } from "#server/lib/search/tiered-page.ts";
import { withSearchColumns } from "#server/lib/search/search-columns.ts";
import { parseSearch } from "#server/lib/search/search-terms.ts";
import { postSearchColumns } from "./blog-search.ts";

export interface PostFilter {
  search?: string;
  categoryId?: number;
  categorySlug?: string;
  tagName?: string;
  status?: string;
  featuredOnly?: boolean;
  excludeId?: number;
  /** Only what visitors may read at this time: published, and its time reached. */
  publicAt?: string;
}

const COLUMNS = [
  "blog_posts.id",
  "blog_posts.title",
  "blog_posts.slug",
  "blog_posts.summary",
  "blog_posts.content",
  "blog_posts.featured_image",
  "blog_posts.status",
  "blog_posts.is_featured",
  "blog_posts.view_count",
  "blog_posts.category_id",
  "blog_posts.seo_title",
  "blog_posts.seo_description",
  "blog_posts.published_at",
  "blog_posts.created_at",
  "blog_posts.updated_at",
  "blog_posts.wanted_slug",
] as const;


type PostsEb = ExpressionBuilder<Database, "blog_posts">;
const isPublicAt = (eb: PostsEb, now: string) => eb.and([eb("blog_posts.status", "=", "published"), eb("blog_posts.published_at", "<=", now)]);

/**
 * A page of posts of the query, newest first (or oldest first, to read a list from its end).
 * The page's ids are chosen first and only their rows read: choosing from whole rows made SQLite
 * sort every public post with its text (24 ms at 5,000 posts; 1.5 ms this way). `published`: the
 * query holds only published posts, which all have a publication time; ordered by it alone, a
 * searched page is chosen from the (status, published_at) index without reading a post.
 */
function postsPage(
  db: ReadDb,
  query: SelectQueryBuilder<Database, "blog_posts", object>,
  range: { limit: number; offset: number },
  options: { direction?: "desc" | "asc"; published?: boolean } = {},
) {
  const direction = options.direction ?? "desc";
  const time = options.published ? sql`${sql.ref("blog_posts.published_at")}` : sql`coalesce(${sql.ref("blog_posts.published_at")}, ${sql.ref("blog_posts.created_at")})`;
  const pageIds = query
    .select("blog_posts.id")
    .orderBy(time, direction)
    .orderBy("blog_posts.id", direction)
    .limit(range.limit)
    .offset(range.offset);
  return db
    .selectFrom("blog_posts")
    .leftJoin("blog_categories", "blog_categories.id", "blog_posts.category_id")
    .select([...COLUMNS, "blog_categories.name as category_name", "blog_categories.slug as category_slug"])
    .where("blog_posts.id", "in", pageIds)
    .orderBy(time, direction)
    .orderBy("blog_posts.id", direction);
}

/**
 * The posts of the filter. `fromIndex`: the search's hits checked from an index (matchesSearch):
 * with thousands of posts, walking an index in the list's order and checking each entry against
 * the hits costs under a millisecond whatever the word, where reading each hit's row to count or
 * sort the hits took 3–7 ms for a common one on SQLite.
 */
function filtered(db: ReadDb, filter: PostFilter, part: SearchPart = "all", fromIndex = false) {
  let query = db.selectFrom("blog_posts");
  if (filter.publicAt) {
    const now = filter.publicAt;
    query = query.where((eb) => isPublicAt(eb, now));
  }
  if (filter.status) query = query.where("blog_posts.status", "=", filter.status);
  if (filter.featuredOnly) query = query.where("blog_posts.is_featured", "=", 1);
  if (filter.categoryId) query = query.where("blog_posts.category_id", "=", filter.categoryId);
  if (filter.excludeId) query = query.where("blog_posts.id", "!=", filter.excludeId);
  if (filter.categorySlug) {
    const slug = filter.categorySlug;
    query = query.where("blog_posts.category_id", "in", (eb) => eb.selectFrom("blog_categories").select("blog_categories.id").where("blog_categories.slug", "=", slug));
  }
  if (filter.tagName) {
    const name = filter.tagName.toLowerCase();
    query = query.where("blog_posts.id", "in", (eb) =>
      eb
        .selectFrom("blog_post_tags")
        .innerJoin("blog_tags", "blog_tags.id", "blog_post_tags.tag_id")
        .select("blog_post_tags.post_id")
        .where(sql`lower(${sql.ref("blog_tags.name")})`, "=", name),
    );
  }
  if (filter.search?.trim()) {
    // A search of no words at all (only punctuation) finds nothing rather than everything.
    const phrases = parseSearch(filter.search);
    query = phrases ? query.where(matchesSearch(db, "blog_posts", phrases, part, { fromIndex })) : query.where(sql<boolean>`1 = 0`);
  }
  return query;
}

export const blogPostsRepo = {
  countPosts: (db: ReadDb) => countRows(db.selectFrom("blog_posts")),
  count: (db: ReadDb, filter: PostFilter) => countRows(filtered(db, filter, "all", true)),

  /**
   * Newest first: by publication time, then by creation (drafts have no publication time).
   * A search lists the posts whose title holds it first, then those whose text does.
   */
  page: async (db: ReadDb, filter: PostFilter, range: { limit: number; offset: number }, total?: number) => {
    if (filter.search?.trim()) {
      return tieredPage(
        range,
        (part, partRange) => postsPage(db, filtered(db, filter, part, true), partRange, { published: Boolean(filter.publicAt) }).execute(),
        (cap) => boundedCount(db, filtered(db, filter, "title", true), cap),
      );
    }
    // A page past the middle is read from the other end: the last page of ten years of posts
    // is then the first rows of the index backwards, not thousands skipped to reach it.
    if (total !== undefined && range.offset > total / 2) {
      const limit = Math.min(range.limit, total - range.offset);
      if (limit <= 0) return [];
      const rows = await postsPage(db, filtered(db, filter), { limit, offset: total - range.offset - limit }, { direction: "asc" }).execute();
      return rows.reverse();
    }
    return postsPage(db, filtered(db, filter), range).execute();
  },

  findById: (db: ReadDb, id: number) =>
    db
      .selectFrom("blog_posts")
      .leftJoin("blog_categories", "blog_categories.id", "blog_posts.category_id")
      .select([...COLUMNS, "blog_categories.name as category_name", "blog_categories.slug as category_slug"])
      .where("blog_posts.id", "=", id)
      .executeTakeFirst(),

  /** How the post's current state was made (kept with it when it becomes a version). */
  originOf: (db: ReadDb, id: number) => db.selectFrom("blog_posts").select(["change_kind", "changed_by", "restored_from", "wanted_slug"]).where("id", "=", id).executeTakeFirst(),

  slugOf: async (db: ReadDb, id: number) => (await db.selectFrom("blog_posts").select("slug").where("id", "=", id).executeTakeFirst())?.slug,

  idBySlug: async (db: ReadDb, slug: string) => (await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst())?.id,

  /** Slugs starting with `base` (the base itself and its -2, -3… forms), to choose a free one. */
  slugsLike: async (db: ReadDb, base: string) =>
    (
      await db
        .selectFrom("blog_posts")
        .select(["id", "slug"])
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", sql<string>`${`${escapeLike(base)}-%`} escape '\\'`)]))
        .execute()
    ).map((row) => ({ id: row.id, slug: row.slug })),

  insert: async (db: Db, row: Insertable<BlogPostsTable>) =>
    (await db.insertInto("blog_posts").values({ ...row, ...postSearchColumns(row) }).returning("id").executeTakeFirstOrThrow()).id,
  update: async (db: Db, id: number, row: Updateable<BlogPostsTable>) => {
    const current = () => db.selectFrom("blog_posts").select(["title", "summary", "content"]).where("id", "=", id).executeTakeFirst();
    return db.updateTable("blog_posts").set(await withSearchColumns(row, ["title", "summary", "content"], current, postSearchColumns)).where("id", "=", id).execute();
  },
  delete: (db: Db, id: number) => db.deleteFrom("blog_posts").where("id", "=", id).execute(),

  /** Scheduled posts, oldest time first: those a restart must not forget. */
  scheduled: (db: ReadDb) => db.selectFrom("blog_posts").select(["id", "published_at"]).where("status", "=", "scheduled").orderBy("published_at").execute(),

  /** One more view of a public post; the new count, or undefined when the post is not public. */
  addView: async (db: Db, id: number, now: string) => {
    const result = await db
      .updateTable("blog_posts")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", id)
      .where((eb) => isPublicAt(eb, now))
      .returning("view_count")
      .executeTakeFirst();
    return result?.view_count;
  },

  /** Every public post's address and last change (the sitemap). */
  publicAddresses: (db: ReadDb, now: string) =>
    db
      .selectFrom("blog_posts")
      .select(["slug", "updated_at"])
      .where((eb) => isPublicAt(eb, now))
      .orderBy("published_at", "desc")
      .execute(),

  /** When the public list last changed: its newest edit or publication (a scheduled post appears at its time). */
  newestPublicChange: async (db: ReadDb, now: string) => {
    const row = await db
      .selectFrom("blog_posts")
      .select((eb) => [eb.fn.max("updated_at").as("updated"), eb.fn.max("published_at").as("published")])
      .where((eb) => isPublicAt(eb, now))
      .executeTakeFirst();
    return [row?.updated, row?.published].filter((date): date is string => typeof date === "string").sort().at(-1) ?? null;
  },
};

export const blogCategoriesRepo = {
  /** In name order, each with how many posts (every post, or only the public ones at `publicAt`). */
  listWithCounts: (db: ReadDb, publicAt?: string) =>
    db
      .selectFrom("blog_categories")
      .leftJoin("blog_posts", (join) => {
        const joined = join.onRef("blog_posts.category_id", "=", "blog_categories.id");
        return publicAt ? joined.on("blog_posts.status", "=", "published").on("blog_posts.published_at", "<=", publicAt) : joined;
      })
      .select(["blog_categories.id", "blog_categories.name", "blog_categories.slug", (eb) => eb.fn.count<number | string>("blog_posts.id").as("post_count")])
      .groupBy(["blog_categories.id", "blog_categories.name", "blog_categories.slug"])
      .orderBy("blog_categories.name")
      .execute(),

  findById: (db: ReadDb, id: number) => db.selectFrom("blog_categories").select(["id", "name", "slug"]).where("id", "=", id).executeTakeFirst(),
  findBySlug: (db: ReadDb, slug: string) => db.selectFrom("blog_categories").select(["id", "name", "slug"]).where("slug", "=", slug).executeTakeFirst(),
  findByName: (db: ReadDb, name: string) =>
    db.selectFrom("blog_categories").select(["id", "name", "slug"]).where(sql`lower(${sql.ref("name")})`, "=", name.toLowerCase()).executeTakeFirst(),
  postCount: (db: ReadDb, id: number) => countRows(db.selectFrom("blog_posts").where("category_id", "=", id)),

  insert: async (db: Db, row: { name: string; slug: string; created_at: string }) =>
    (await db.insertInto("blog_categories").values(row).returning("id").executeTakeFirstOrThrow()).id,
  update: (db: Db, id: number, row: { name: string; slug: string }) => db.updateTable("blog_categories").set(row).where("id", "=", id).execute(),
  /** Its posts stay, uncategorised (set here rather than trusting every database's foreign-key setting). */
  delete: async (db: Db, id: number) => {
    await db.updateTable("blog_posts").set({ category_id: null }).where("category_id", "=", id).execute();
    await db.deleteFrom("blog_categories").where("id", "=", id).execute();
  },
};

export const blogTagsRepo = {
  /** Most used first, then by name; counting every post, or only the public ones at `publicAt`. */
  listWithCounts: (db: ReadDb, options: { publicAt?: string; limit?: number } = {}) => {
    // Counted from the tag links alone; the public posts as a set of ids from the (status,
    // published_at) index: a post's row is never read (on SQLite its text lies before those columns).
    const publicAt = options.publicAt;
    let counts = db.selectFrom("blog_post_tags").select(["blog_post_tags.tag_id", (eb) => eb.fn.countAll<number | string>().as("n")]).groupBy("blog_post_tags.tag_id");
    if (publicAt) {
      counts = counts.where("blog_post_tags.post_id", "in", (eb) =>
        eb.selectFrom("blog_posts").select("blog_posts.id").where("blog_posts.status", "=", "published").where("blog_posts.published_at", "<=", publicAt),
      );
    }
    let query = db
      .selectFrom("blog_tags")
      .leftJoin(counts.as("counts"), "counts.tag_id", "blog_tags.id")
      .select(["blog_tags.id", "blog_tags.name", sql<number | string>`coalesce(${sql.ref("counts.n")}, 0)`.as("post_count")]);
    if (publicAt) query = query.where("counts.n", ">", 0);
    query = query.orderBy("post_count", "desc").orderBy("blog_tags.name");
    return options.limit ? query.limit(options.limit).execute() : query.execute();
  },

  findById: (db: ReadDb, id: number) => db.selectFrom("blog_tags").select(["id", "name"]).where("id", "=", id).executeTakeFirst(),
  findByName: (db: ReadDb, name: string) =>
    db.selectFrom("blog_tags").select(["id", "name"]).where(sql`lower(${sql.ref("name")})`, "=", name.toLowerCase()).executeTakeFirst(),
  postCount: (db: ReadDb, id: number) => countRows(db.selectFrom("blog_post_tags").where("tag_id", "=", id)),
  /** The posts carrying a tag (their pages show its name). */
  postIdsOf: async (db: ReadDb, id: number) => (await db.selectFrom("blog_post_tags").select("post_id").where("tag_id", "=", id).execute()).map((row) => row.post_id),

  insert: async (db: Db, row: { name: string; created_at: string }) => (await db.insertInto("blog_tags").values(row).returning("id").executeTakeFirstOrThrow()).id,
  rename: (db: Db, id: number, name: string) => db.updateTable("blog_tags").set({ name }).where("id", "=", id).execute(),
  delete: async (db: Db, id: number) => {
    await db.deleteFrom("blog_post_tags").where("tag_id", "=", id).execute();
    await db.deleteFrom("blog_tags").where("id", "=", id).execute();
  },

  /** Tag names of several posts, each post's in name order. */
  namesFor: async (db: ReadDb, postIds: readonly number[]) =>
    postIds.length === 0
      ? []
      : db
          .selectFrom("blog_post_tags")
          .innerJoin("blog_tags", "blog_tags.id", "blog_post_tags.tag_id")
          .select(["blog_post_tags.post_id", "blog_tags.name"])
          .where("blog_post_tags.post_id", "in", [...postIds])
          .orderBy("blog_post_tags.position")
          .orderBy("blog_tags.name")
          .execute(),

  replaceFor: async (db: Db, postId: number, tagIds: readonly number[]) => {
    await db.deleteFrom("blog_post_tags").where("post_id", "=", postId).execute();
    // Each tag keeps its place in the order typed.
    if (tagIds.length > 0) await db.insertInto("blog_post_tags").values([...new Set(tagIds)].map((tag_id, position) => ({ post_id: postId, tag_id, position }))).execute();
  },
};

/** A post's versions with the names of who made each and of who saved the one that replaced it. */
const listed = (db: ReadDb, postId: number) =>
  db
    .selectFrom("blog_post_revisions")
    .leftJoin("admin_users", "admin_users.id", "blog_post_revisions.admin_user_id")
    .leftJoin("admin_users as makers", "makers.id", "blog_post_revisions.made_by")
    .select([
      "blog_post_revisions.id",
      "blog_post_revisions.post_id",
      "blog_post_revisions.title",
      "blog_post_revisions.status",
      "blog_post_revisions.created_at",
      "admin_users.name as saved_by",
      "blog_post_revisions.made_at",
      "blog_post_revisions.change_kind",
      "blog_post_revisions.restored_from",
      "makers.name as made_by",
    ])
    .where("blog_post_revisions.post_id", "=", postId);

export const blogRevisionsRepo = {
  insert: (db: Db, row: Insertable<BlogPostRevisionsTable>) => db.insertInto("blog_post_revisions").values(row).execute(),

  newest: (db: ReadDb, postId: number) =>
    db.selectFrom("blog_post_revisions").select(["id", "created_at"]).where("post_id", "=", postId).orderBy("id", "desc").limit(1).executeTakeFirst(),

  /** Keeps the newest `keep` versions of a post. */
  prune: async (db: Db, postId: number, keep: number) => {
    const kept = await db.selectFrom("blog_post_revisions").select("id").where("post_id", "=", postId).orderBy("id", "desc").limit(keep).execute();
    if (kept.length < keep) return;
    await db.deleteFrom("blog_post_revisions").where("post_id", "=", postId).where("id", "<", kept.at(-1)!.id).execute();
  },

  listFor: (db: ReadDb, postId: number, limit: number) => listed(db, postId).orderBy("blog_post_revisions.id", "desc").limit(limit).execute(),
  /** One version as the list names it. */
  findListed: (db: ReadDb, postId: number, id: number) => listed(db, postId).where("blog_post_revisions.id", "=", id).executeTakeFirst(),

  find: (db: ReadDb, postId: number, id: number) =>
    db.selectFrom("blog_post_revisions").selectAll().where("post_id", "=", postId).where("id", "=", id).executeTakeFirst(),
};

export const blogMovedSlugsRepo = {
  /** The post an old address now names. */
  postIdOf: async (db: ReadDb, slug: string) => (await db.selectFrom("blog_moved_slugs").select("post_id").where("slug", "=", slug).executeTakeFirst())?.post_id,
  /** Keeps `slug` leading to the post (replacing whatever post it led to before). */
  keep: async (db: Db, slug: string, postId: number, now: string) => {
    await db.deleteFrom("blog_moved_slugs").where("slug", "=", slug).execute();
    await db.insertInto("blog_moved_slugs").values({ slug, post_id: postId, created_at: now }).execute();
  },
  /** A live post took this address back: it is no longer a redirect. */
  release: (db: Db, slug: string) => db.deleteFrom("blog_moved_slugs").where("slug", "=", slug).execute(),
};
