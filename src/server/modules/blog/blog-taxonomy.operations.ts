// News categories and tags, written (002 §2.1, §7). Names (and a category's
// address) are unique; a category's posts stay, uncategorised, when it goes.
import { BLOG_MESSAGES, blogCategoryInputSchema, blogTagInputSchema, slugify, type BlogCategory, type BlogTag } from "#contract/blog.ts";
import type { Db } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { mergedWith, requireById } from "#server/lib/entity-input.ts";
import { conflict } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { blogCategoriesRepo, blogTagsRepo } from "./blog.repo.ts";

async function requireCategory(db: Db, id: unknown) {
  const row = await requireById(id, (found) => blogCategoriesRepo.findById(db, found), BLOG_MESSAGES.categoryNotFound);
  return row;
}

async function checkCategory(db: Db, name: string, slug: string, ownId?: number) {
  const sameName = await blogCategoriesRepo.findByName(db, name);
  if (sameName && sameName.id !== ownId) throw conflict(BLOG_MESSAGES.categoryNameTaken(name), { name: BLOG_MESSAGES.categoryNameTaken(name) });
  const sameSlug = await blogCategoriesRepo.findBySlug(db, slug);
  if (sameSlug && sameSlug.id !== ownId) throw conflict(BLOG_MESSAGES.categorySlugTaken(slug), { slug: BLOG_MESSAGES.categorySlugTaken(slug) });
}

async function requireTag(db: Db, id: unknown) {
  const row = await requireById(id, (found) => blogTagsRepo.findById(db, found), BLOG_MESSAGES.tagNotFound);
  return row;
}

async function checkTag(db: Db, name: string, ownId?: number) {
  const same = await blogTagsRepo.findByName(db, name);
  if (same && same.id !== ownId) throw conflict(BLOG_MESSAGES.tagNameTaken(name), { name: BLOG_MESSAGES.tagNameTaken(name) });
}

const categorySlug = (name: string, slug: string) => slugify(slug || name) || `category-${Date.now().toString(36)}`;

/** A category's change: the news lists, and its posts' pages (they show its name and its related posts). */
const categoryTags = (id: number) => [cacheTags.news, cacheTags.newsCategory(id)];

export function createBlogTaxonomyOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const nowIso = () => clock().toISOString();

  return {
    createCategory: defineOperation({
      name: "blog-category.create",
      input: blogCategoryInputSchema,
      access: access.administrators,
      async run({ tx, input }): Promise<BlogCategory> {
        const slug = categorySlug(input.name, input.slug);
        await checkCategory(tx.db, input.name, slug);
        const id = await blogCategoriesRepo.insert(tx.db, { name: input.name, slug, created_at: nowIso() });
        return { id, name: input.name, slug, post_count: 0 };
      },
      effects: {
        activity: ({ result }) => ({ entityType: "blog_category", entityId: result.id, summary: `新增文章分類「${result.name}」` }),
        invalidates: [cacheTags.news],
      },
    }),

    updateCategory: defineOperation({
      name: "blog-category.update",
      input: blogCategoryInputSchema,
      load: requireCategory,
      merge: (body, record) => mergedWith({ name: record.name, slug: record.slug }, body),
      access: access.administrators,
      async run({ tx, input, record }): Promise<BlogCategory> {
        const slug = categorySlug(input.name, input.slug);
        await checkCategory(tx.db, input.name, slug, record.id);
        await blogCategoriesRepo.update(tx.db, record.id, { name: input.name, slug });
        return { id: record.id, name: input.name, slug, post_count: await blogCategoriesRepo.postCount(tx.db, record.id) };
      },
      effects: {
        activity: ({ result }) => ({ entityType: "blog_category", entityId: result.id, summary: `更新文章分類「${result.name}」` }),
        invalidates: ({ record }) => categoryTags(record.id),
      },
    }),

    removeCategory: defineOperation({
      name: "blog-category.delete",
      load: requireCategory,
      access: access.administrators,
      async run({ tx, record }) {
        await blogCategoriesRepo.delete(tx.db, record.id);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "blog_category", entityId: record.id, summary: `刪除文章分類「${record.name}」` }),
        invalidates: ({ record }) => categoryTags(record.id),
      },
    }),

    /** A tag no post carries yet: nothing public changes. */
    createTag: defineOperation({
      name: "blog-tag.create",
      input: blogTagInputSchema,
      access: access.administrators,
      async run({ tx, input }): Promise<BlogTag> {
        await checkTag(tx.db, input.name);
        const id = await blogTagsRepo.insert(tx.db, { name: input.name, created_at: nowIso() });
        return { id, name: input.name, post_count: 0 };
      },
      effects: {
        activity: ({ result }) => ({ entityType: "blog_tag", entityId: result.id, summary: `新增標籤「${result.name}」` }),
      },
    }),

    renameTag: defineOperation({
      name: "blog-tag.update",
      input: blogTagInputSchema,
      load: requireTag,
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkTag(tx.db, input.name, record.id);
        await blogTagsRepo.rename(tx.db, record.id, input.name);
        const tag: BlogTag = { id: record.id, name: input.name, post_count: await blogTagsRepo.postCount(tx.db, record.id) };
        return { tag, posts: await blogTagsRepo.postIdsOf(tx.db, record.id) };
      },
      effects: {
        activity: ({ input, record }) => ({ entityType: "blog_tag", entityId: record.id, summary: `將標籤「${record.name}」改名為「${input.name}」` }),
        // The pages of the posts carrying it show its name.
        invalidates: ({ result }) => [cacheTags.news, ...result.posts.map(cacheTags.post)],
      },
    }),

    removeTag: defineOperation({
      name: "blog-tag.delete",
      load: requireTag,
      access: access.administrators,
      async run({ tx, record }) {
        const posts = await blogTagsRepo.postIdsOf(tx.db, record.id);
        await blogTagsRepo.delete(tx.db, record.id);
        return { posts };
      },
      effects: {
        activity: ({ record }) => ({ entityType: "blog_tag", entityId: record.id, summary: `刪除標籤「${record.name}」` }),
        invalidates: ({ result }) => [cacheTags.news, ...result.posts.map(cacheTags.post)],
      },
    }),
  };
}

export type BlogTaxonomyOperations = ReturnType<typeof createBlogTaxonomyOperations>;
