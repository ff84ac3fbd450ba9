// Categories and tags of the news without a browser: the two kinds the
// 分類與標籤 dialog manages, their names checked with the contract's schemas,
// how many posts use one, and what a delete says it will do to them.
import { BLOG_MESSAGES, blogCategoryInputSchema, blogTagInputSchema, type BlogCategory, type BlogTag } from "#contract/blog.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";

export type TermKind = "category" | "tag";
export type Term = BlogCategory | BlogTag;

export interface TermValues {
  name: string;
  /** Categories only: the address part (/blog?category=…); empty follows the name. */
  slug: string;
}

export const TERM_TEXT = {
  category: {
    noun: "分類",
    deleteTitle: "刪除分類",
    deleteQuestion: "確定要刪除這個分類嗎？",
    created: BLOG_MESSAGES.categoryCreated,
    updated: BLOG_MESSAGES.categoryUpdated,
    deleted: BLOG_MESSAGES.categoryDeleted,
    loadFailed: "載入分類失敗",
    empty: "還沒有分類",
    placeholder: "例如 居家清潔",
  },
  tag: {
    noun: "標籤",
    deleteTitle: "刪除標籤",
    deleteQuestion: "確定要刪除這個標籤嗎？",
    created: BLOG_MESSAGES.tagCreated,
    updated: BLOG_MESSAGES.tagUpdated,
    deleted: BLOG_MESSAGES.tagDeleted,
    loadFailed: "載入標籤失敗",
    empty: "還沒有標籤，也可以在文章的「標籤」欄位直接輸入新標籤",
    placeholder: "例如 收納技巧",
  },
} as const;

export const postCountLabel = (term: Pick<Term, "post_count">) => (term.post_count > 0 ? `${term.post_count} 篇文章` : "沒有文章使用");

/** The confirmation's item: the name, and what becomes of the posts that use it. */
export function deleteTermItem(kind: TermKind, term: Term): string {
  if (term.post_count === 0) return `${term.name}（沒有文章使用）`;
  return kind === "category"
    ? `${term.name}（${term.post_count} 篇文章使用中，刪除後這些文章會變成未分類）`
    : `${term.name}（${term.post_count} 篇文章使用中，刪除後會從這些文章移除）`;
}

/** The refusals of the contract's schema, by field; the body to send when there are none. */
export function termBody(kind: TermKind, values: TermValues): { ok: true; body: TermValues | { name: string } } | { ok: false; errors: FieldErrors } {
  const parsed = kind === "category" ? blogCategoryInputSchema.safeParse(values) : blogTagInputSchema.safeParse({ name: values.name });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "name");
    if (!errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export const valuesOf = (term: Term | null): TermValues => ({ name: term?.name ?? "", slug: term && "slug" in term ? term.slug : "" });
