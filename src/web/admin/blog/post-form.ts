// The news editor without a browser (002 §2.1, §3, §4, §5): the form's values
// and what a save sends (checked with the contract's own schema), the slug that
// follows the title until staff type their own, the publication time and what
// a save will do with it, the save button's words, when a draft is saved by
// itself, and how a save's answer meets what was typed meanwhile.
import {
  BLOG_MESSAGES,
  blogPostInputSchema,
  parsePublishTime,
  slugify,
  tagNames,
  toTaipeiLocalInput,
  type BlogPost,
  type BlogPostInput,
  type BlogStatus,
} from "#contract/blog.ts";
import { SEO_DESCRIPTION_LENGTH, SEO_TITLE_LENGTH, seoLength } from "#contract/seo-length.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

/** What the editor holds while a post is written. */
export interface PostForm {
  title: string;
  slug: string;
  summary: string;
  content: string;
  featured_image: string;
  status: BlogStatus;
  is_featured: boolean;
  /** The category select's value: a category id, or empty for none. */
  category_id: string;
  /** Comma-separated names, as typed. */
  tags: string;
  seo_title: string;
  seo_description: string;
  /** Taiwan time as the datetime field shows it ("2026-11-24T09:30"); empty for none. */
  published_at: string;
}

/** A new post: a draft, not featured (002 §4). */
export const EMPTY_POST_FORM: PostForm = {
  title: "",
  slug: "",
  summary: "",
  content: "",
  featured_image: "",
  status: "draft",
  is_featured: false,
  category_id: "",
  tags: "",
  seo_title: "",
  seo_description: "",
  published_at: "",
};

export function formOf(post: BlogPost | null): PostForm {
  if (!post) return EMPTY_POST_FORM;
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    content: post.content,
    featured_image: post.featured_image,
    status: post.status,
    is_featured: post.is_featured === 1,
    category_id: post.category_id === null ? "" : String(post.category_id),
    tags: tagNames(post.tags).join(", "),
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    published_at: toTaipeiLocalInput(post.published_at),
  };
}

export const sameForm = (a: PostForm, b: PostForm) => (Object.keys(a) as Array<keyof PostForm>).every((key) => a[key] === b[key]);

/** Whether the status takes a publication time (the field is shown for these). */
export const hasPublishTime = (status: BlogStatus) => status === "published" || status === "scheduled";

/**
 * The body of POST / PUT (002 §7): the whole post. A draft or archived post
 * leaves its publication time out, so the stored one is kept; an unchanged time
 * is sent as stored, to the second.
 */
export function payloadOf(form: PostForm, stored: BlogPost | null, options: { autosave?: boolean } = {}): BlogPostInput {
  const body: BlogPostInput = {
    title: form.title.trim(),
    slug: form.slug.trim(),
    summary: form.summary.trim(),
    content: form.content,
    featured_image: form.featured_image,
    status: form.status,
    is_featured: form.is_featured ? 1 : 0,
    category_id: form.category_id === "" ? null : Number(form.category_id),
    tags: tagNames(form.tags).join(","),
    seo_title: form.seo_title.trim(),
    seo_description: form.seo_description.trim(),
  };
  if (hasPublishTime(form.status)) {
    const unchanged = stored?.published_at && form.published_at === toTaipeiLocalInput(stored.published_at);
    body.published_at = unchanged ? stored.published_at : form.published_at.trim() || null;
  }
  if (options.autosave) body.autosave = true;
  return body;
}

/** The form's refusals, by field, in the words the server would use. */
export function validatePost(form: PostForm): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = blogPostInputSchema.safeParse(payloadOf(form, null));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (form.status === "scheduled" && !form.published_at.trim() && !errors.published_at) errors.published_at = BLOG_MESSAGES.scheduleNeedsTime;
  return errors;
}

/**
 * What a save will do with the chosen status and time, said beside the time
 * field: a scheduled time already past publishes at once, a published post with
 * a time to come waits for it (the server's rules, 002 §4).
 */
export function publishTimeNote(form: PostForm, now: Date): string {
  if (!hasPublishTime(form.status)) return "";
  const time = parsePublishTime(form.published_at);
  if (time === "invalid") return "";
  if (time === null) return form.status === "published" ? "留空則以儲存的時間發布" : "請選擇要自動發布的時間";
  const when = formatDateTime(time.toISOString()).slice(0, 16);
  const future = time.getTime() > now.getTime();
  if (form.status === "scheduled") return future ? `將於 ${when} 自動發布` : "這個時間已經過了，儲存後會立即發布";
  return future ? `這個時間還沒到，儲存後會排程在 ${when} 自動發布` : `發布時間：${when}`;
}

/**
 * The save button's words. The spec's: 更新 for a published post, otherwise
 * 發布 (002 §2.1). A draft is saved as a draft and a post put away is archived,
 * so those say so; a post waiting for its time says 排程發布.
 */
export function saveLabel(storedStatus: BlogStatus | null, chosen: BlogStatus): string {
  if (chosen === "draft") return "儲存草稿";
  if (chosen === "scheduled") return storedStatus === "scheduled" ? "更新" : "排程發布";
  if (chosen === "archived") return storedStatus === "archived" ? "更新" : "封存";
  return storedStatus === "published" ? "更新" : "發布";
}

/**
 * Whether the slug still follows the title: on a new post, and on a draft whose
 * slug is still the one its title gives. A published post's address is never
 * changed behind staff's back.
 */
export function slugFollowsTitle(stored: BlogPost | null): boolean {
  if (!stored) return true;
  return stored.status === "draft" && (stored.slug === "" || stored.slug === slugify(stored.title));
}

/** What a new title changes: the slug too, while it follows. */
export function titleChange(title: string, follow: boolean): Partial<PostForm> {
  return follow ? { title, slug: slugify(title) } : { title };
}

/** Drafts only (never a published, scheduled or archived post: their changes would reach visitors), with a title. */
export function canAutosave(stored: BlogPost | null, form: PostForm): boolean {
  return (stored === null || stored.status === "draft") && form.status === "draft" && form.title.trim() !== "";
}

/** How long after the last change a draft is saved by itself. */
export const AUTOSAVE_DELAY_MS = 3_000;

/** Which save runs: the button's, or a draft's own. */
export type Saving = "manual" | "auto" | null;
/** How the last autosave went, until a save by hand or a restore. */
export type Autosaved = { ok: true; at: string } | { ok: false } | null;

/** The quiet line under the editor's title: an autosave on its way, done or failed, or changes waiting. */
export function autosaveStatus(saving: Saving, autosaved: Autosaved, dirty: boolean): { text: string; tone: "plain" | "warn" | "error" } {
  if (saving === "auto") return { text: "自動儲存中...", tone: "plain" };
  if (autosaved?.ok === false) return { text: "自動儲存失敗，請按「儲存草稿」", tone: "error" };
  if (dirty) return { text: "有未儲存的變更", tone: "warn" };
  if (autosaved?.ok) return { text: `${BLOG_MESSAGES.autosaved}（${formatDateTime(autosaved.at).slice(11, 16)}）`, tone: "plain" };
  return { text: "", tone: "plain" };
}

/**
 * The form after a save answered: each field still as it was sent takes the
 * stored value (a slug made unique, tags tidied, content sanitised); a field
 * changed while the save ran keeps what was typed.
 */
export function mergeAnswer(sent: PostForm, current: PostForm, answered: PostForm): PostForm {
  const merged = { ...current };
  for (const key of Object.keys(current) as Array<keyof PostForm>) {
    if (current[key] === sent[key]) (merged as Record<keyof PostForm, unknown>)[key] = answered[key];
  }
  return merged;
}

/** A search-engine field's length in the characters Google shows for Chinese (issue 25: title about 30, description 80–100). */
export const seoAdvice = (field: "seo_title" | "seo_description", text: string) =>
  seoLength(text, field === "seo_title" ? SEO_TITLE_LENGTH : SEO_DESCRIPTION_LENGTH, field === "seo_title" ? "尚未填寫，將使用文章標題" : "尚未填寫，將使用文章摘要");

/** The public address of a stored post. */
export const publicPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** Tags from the text, with one added or removed (the suggestions beside the field). */
export function toggleTag(text: string, name: string): string {
  const names = tagNames(text);
  const present = names.some((tag) => tag.toLowerCase() === name.toLowerCase());
  return (present ? names.filter((tag) => tag.toLowerCase() !== name.toLowerCase()) : [...names, name]).join(", ");
}
