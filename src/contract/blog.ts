// News, called blog on the wire (000 §2 /blog and /blog/{slug}, §3, §5, §7,
// §8, §9; 002 §2.1, §3, §4, §5, §7, §8): posts with a category, tags and
// search-engine fields; the screens and the server share these rules.
import { z } from "zod";
import { activeFlag, imagePath, text } from "./input-rules.ts";
import { limitParam, pageParam, type Pagination } from "./pagination.ts";
import { excerptAround, hasMatch } from "./search-highlight.ts";
import type { VersionOrigin } from "./version-origin.ts";

export const BLOG_MESSAGES = {
  created: "文章新增成功",
  updated: "文章更新成功",
  deleted: "文章刪除成功",
  autosaved: "草稿已自動儲存",
  notFound: "文章不存在",
  loadFailed: "載入文章失敗",
  /** The public list (000 §8). */
  listFailed: "載入資料失敗",
  noResults: "沒有找到相關文章",
  linkCopied: "連結已複製到剪貼簿",
  confirmDelete: "確定要刪除這篇文章嗎？",
  titleRequired: "請輸入文章標題",
  unknownCategory: "這個分類不存在，請重新選擇",
  scheduleNeedsTime: "排程發布需要設定發布時間",
  badPublishTime: "發布時間格式不正確，例如 2026-11-24 09:30",
  revisionNotFound: "找不到這個版本",
  restored: "已載入所選的版本，儲存或發布後才會取代目前的內容",
  categoryCreated: "分類新增成功",
  categoryUpdated: "分類更新成功",
  categoryDeleted: "分類刪除成功",
  categoryNotFound: "找不到這個分類",
  categoryNameRequired: "請輸入分類名稱",
  categoryNameTaken: (name: string) => `已有名為「${name}」的分類`,
  categorySlugTaken: (slug: string) => `網址代稱「${slug}」已被其他分類使用`,
  tagCreated: "標籤新增成功",
  tagUpdated: "標籤更新成功",
  tagDeleted: "標籤刪除成功",
  tagNotFound: "找不到這個標籤",
  tagNameRequired: "請輸入標籤名稱",
  tagNameTaken: (name: string) => `已有名為「${name}」的標籤`,
} as const;

/** 6 a page, 3 featured, 8 tags, 3 related; excerpts of 150 characters, related summaries of 100 (000 §9). */
export const BLOG_PUBLIC_PAGE_SIZE = 6;
export const BLOG_FEATURED_LIMIT = 3;
export const BLOG_TAG_LIMIT = 8;
export const BLOG_RELATED_LIMIT = 3;
export const BLOG_EXCERPT_LENGTH = 150;
export const BLOG_RELATED_SUMMARY_LENGTH = 100;
export const BLOG_ADMIN_PAGE_SIZE = 20;

export const BLOG_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const blogStatusLabels: Record<BlogStatus, string> = { draft: "草稿", published: "已發布", scheduled: "排程中", archived: "已封存" };
/** A scheduled post whose time passed without being published (the job runner was down): shown as late. */
export const LATE_STATUS_LABEL = "逾時未發布";
/** How long past its time a scheduled post may wait for the job runner before it counts as late. */
export const LATE_AFTER_MS = 60_000;

/** A post as the back office sees it (002 §3). */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  summary: string;
  /** As staff wrote it (the server sanitises it on save too). */
  content: string;
  featured_image: string;
  status: BlogStatus;
  is_featured: 0 | 1;
  view_count: number;
  category_id: number | null;
  category_name: string;
  category_slug: string;
  /** Comma-separated tag names (000 §3, 002 §3). */
  tags: string;
  seo_title: string;
  seo_description: string;
  /** ISO time; the publication time of a published or scheduled post. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** Scheduled, and its time passed more than a minute ago without being published. */
  is_late: boolean;
}

/** A post as visitors see it (000 §3): content sanitised, nothing of the back office. */
export interface PublicBlogPost {
  id: number;
  slug: string;
  title: string;
  summary: string;
  content: string;
  featured_image: string;
  published_at: string;
  updated_at: string;
  category_name: string;
  category_slug: string;
  tags: string;
  view_count: number;
  seo_title: string;
  seo_description: string;
}

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  /** Public posts in it (000 §3); the back office counts every post. */
  post_count: number;
}

export interface BlogTag {
  id: number;
  name: string;
  post_count: number;
}

export interface BlogPostList {
  posts: BlogPost[];
  pagination: Pagination;
}

/**
 * A post as lists show it (the news list, featured, related): everything of the
 * article but its text, which a list never shows, and the excerpt it does show
 * (the summary, else the text's beginning: 000 §9, 150 characters).
 */
export type PublicBlogPostSummary = Omit<PublicBlogPost, "content"> & { excerpt: string };

export interface PublicBlogPostList {
  posts: PublicBlogPostSummary[];
  pagination: Pagination;
}

/** One kept version of a post (a save keeps the one it replaces), with how it was made. */
export interface BlogPostRevision extends VersionOrigin {
  id: number;
  post_id: number;
  title: string;
  status: BlogStatus;
  /** Who saved the version that replaced this one, and when. */
  saved_by: string;
  created_at: string;
}

/** GET …/revisions/{id}: a kept version whole, to look at and to load into the editor (a category deleted since is none). */
export interface BlogPostVersion extends BlogPostRevision {
  slug: string;
  summary: string;
  content: string;
  featured_image: string;
  is_featured: 0 | 1;
  category_id: number | null;
  tags: string;
  seo_title: string;
  seo_description: string;
  published_at: string | null;
}

/** An empty filter in an address (`?status=`) means no filter. */
const emptyAsNone = (value: unknown) => (value === "" ? undefined : value);

const searchParam = z.string({ error: "搜尋文字必須是文字" }).trim().max(100, "搜尋文字不能超過 100 個字元").optional().default("");

/** GET /admin-api.php/blog/posts?page&limit&search&category&status */
export const blogAdminListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(BLOG_ADMIN_PAGE_SIZE, 100),
  search: searchParam,
  /** A category id; empty for every category. */
  category: z.preprocess(emptyAsNone, z.coerce.number({ error: "分類不正確" }).int("分類不正確").positive("分類不正確").optional()),
  status: z.preprocess(emptyAsNone, z.enum(BLOG_STATUSES, { error: "文章狀態不正確" }).optional()),
});
export type BlogAdminListQuery = z.output<typeof blogAdminListQuerySchema>;

/** GET /api.php/blog/posts?page&limit&category&search[&tag] (000 §7); category is a slug, tag a tag's name. */
export const blogPublicListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(BLOG_PUBLIC_PAGE_SIZE, 50),
  search: searchParam,
  category: z.string({ error: "分類必須是文字" }).trim().max(200, "分類不正確").optional().default(""),
  tag: z.string({ error: "標籤必須是文字" }).trim().max(50, "標籤不正確").optional().default(""),
  /** A post to leave out (the related posts of an article). */
  exclude: z.union([z.literal(""), z.coerce.number().int().positive()]).optional().catch("").default(""),
});
export type BlogPublicListQuery = z.output<typeof blogPublicListQuerySchema>;

/**
 * The address part of a post or category (002 §5): lowercase; runs of characters that are
 * neither letters a–z, digits nor Chinese characters become one hyphen; hyphens trimmed.
 * Chinese titles keep their characters (/blog/居家清潔小技巧). Empty when nothing is left:
 * the server then chooses one.
 */
export function slugify(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{Script=Han}a-z0-9]+/gu, "-")
    .slice(0, 120)
    .replace(/^-+|-+$/g, "");
}

/** Tag names from the comma-separated text or a list: trimmed, blanks and repeats dropped. Chinese commas count too. */
export function tagNames(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(/[,，、]/) : value;
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of parts) {
    const name = part.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/**
 * A publication time: an ISO time, or a time without zone as the back office's
 * datetime field sends it ("2026-11-24T09:30", "2026-11-24 09:30:00"), read in
 * Taiwan's time (UTC+8, no daylight saving). Empty means none.
 */
export function parsePublishTime(value: string): Date | null | "invalid" {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const parts = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(trimmed);
  if (!parts) return "invalid";
  const [, year, month, day, hour, minute, seconds, zone] = parts as unknown as [string, string, string, string, string, string, string | undefined, string | undefined];
  // Engines roll 30 February over into March: the day typed must be a day of the calendar.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59) return "invalid";
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}${seconds ?? ":00"}${zone ?? "+08:00"}`);
  return Number.isNaN(time.getTime()) ? "invalid" : time;
}

/** "2026-11-24T09:30" in Taiwan's time, for the back office's datetime field; empty for none. */
export function toTaipeiLocalInput(iso: string | null): string {
  if (!iso) return "";
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return "";
  return new Date(time.getTime() + 8 * 3600_000).toISOString().slice(0, 16);
}

const publishedAt = z
  .union([z.string(), z.null()], { error: BLOG_MESSAGES.badPublishTime })
  .optional()
  .transform((value, context) => {
    const parsed = parsePublishTime(value ?? "");
    if (parsed === "invalid") {
      context.addIssue({ code: "custom", message: BLOG_MESSAGES.badPublishTime });
      return z.NEVER;
    }
    return parsed;
  });

const categoryId = z
  .union([z.number(), z.string(), z.null()], { error: BLOG_MESSAGES.unknownCategory })
  .optional()
  .transform((value, context) => {
    if (value === null || value === undefined || value === "" || value === 0 || value === "0") return null;
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
      context.addIssue({ code: "custom", message: BLOG_MESSAGES.unknownCategory });
      return z.NEVER;
    }
    return id;
  });

const tagsInput = z
  .union([z.string(), z.array(z.string({ error: "每個標籤必須是文字" })), z.null()], { error: "標籤必須是以逗號分隔的文字" })
  .optional()
  .transform((value) => tagNames(value ?? ""))
  .pipe(z.array(z.string().max(50, "每個標籤不能超過 50 個字元")).max(20, "每篇文章最多 20 個標籤"));

/**
 * POST and PUT /admin-api.php/blog/posts[/{id}] (002 §7): the whole post. `id`,
 * `view_count`, `category_name` and the times the server keeps are ignored; `autosave`
 * marks the editor's automatic saves of a draft.
 */
export const blogPostInputSchema = z.object({
  title: text(200, "文章標題").min(1, BLOG_MESSAGES.titleRequired),
  slug: text(200, "網址代稱").optional().default(""),
  summary: text(1000, "摘要").optional().default(""),
  content: z.string({ error: "文章內容必須是文字" }).max(500_000, "文章內容太長了（最多 50 萬個字元）").optional().default(""),
  featured_image: imagePath("封面圖片").optional().default(""),
  status: z.enum(BLOG_STATUSES, { error: "文章狀態只能是草稿、已發布、排程中或已封存" }).optional().default("draft"),
  is_featured: activeFlag.optional().default(0),
  category_id: categoryId,
  tags: tagsInput,
  seo_title: text(200, "SEO 標題").optional().default(""),
  seo_description: text(500, "SEO 描述").optional().default(""),
  published_at: publishedAt,
  autosave: z.boolean().optional().catch(false).default(false),
  /** When the version the editor put back was made: the save is recorded as 還原 (decision 032). Anything else counts as none. */
  restored_from: z.iso.datetime({ offset: true }).nullable().optional().catch(null).default(null),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

/** POST and PUT /admin-api.php/blog/categories[/{id}]: the slug follows the name when left empty. */
export const blogCategoryInputSchema = z.object({
  name: text(100, "分類名稱").min(1, BLOG_MESSAGES.categoryNameRequired),
  slug: text(120, "網址代稱").optional().default(""),
});

/** POST and PUT /admin-api.php/blog/tags[/{id}] */
export const blogTagInputSchema = z.object({
  name: text(50, "標籤名稱").min(1, BLOG_MESSAGES.tagNameRequired).refine((name) => !/[,，、]/.test(name), "標籤名稱不能包含逗號"),
});

/** Whether a scheduled post's time passed without it being published. */
export function isLatePost(post: { status: string; published_at: string | null }, now: Date): boolean {
  if (post.status !== "scheduled" || !post.published_at) return false;
  return Date.parse(post.published_at) < now.getTime() - LATE_AFTER_MS;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The words of an HTML text, for excerpts and search snippets (rendered as text, never as HTML). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    // Blocks part words; inline marks (strong, a…) sit inside them: Chinese has no spaces to keep.
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|br|hr|blockquote|pre|figure|figcaption|table|tr|td|th)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Where a search found a post besides its title, as text: its summary when the words are
 * in it, else the words of its content; null when neither holds them (found by its title).
 * One or the other, never the two run together: the summary's last sentence would read
 * on into the article's first words.
 */
export function foundPostText(post: { summary: string; content: string }, search: string): string | null {
  const summary = post.summary.trim();
  if (summary && hasMatch(summary, search)) return summary;
  const content = textOfHtml(post.content);
  return hasMatch(content, search) ? content : null;
}

/** A post's excerpt: its summary, else the start of its text; cut at `length` characters with an ellipsis. */
export function excerptOf(post: { summary: string; content: string }, length = BLOG_EXCERPT_LENGTH): string {
  const source = post.summary.trim() || textOfHtml(post.content);
  const characters = [...source];
  return characters.length > length ? `${characters.slice(0, length).join("").trimEnd()}…` : source;
}

/**
 * A post's excerpt in a searched list: the part of the summary or of the text around the
 * first word found (foundPostText), so that the card shows why the post is there; a post
 * found by its title keeps its usual excerpt.
 */
export function searchedExcerptOf(post: { summary: string; content: string }, search: string, length = BLOG_EXCERPT_LENGTH): string {
  const found = foundPostText(post, search);
  return found === null ? excerptOf(post, length) : excerptAround(found, search, length);
}

/** The public news list page's data (server-rendered /blog). */
export interface BlogListPage {
  posts: PublicBlogPostSummary[];
  pagination: Pagination;
  featured: PublicBlogPostSummary[];
  categories: BlogCategory[];
  tags: BlogTag[];
  /** The category the address names, when it exists. */
  category: BlogCategory | null;
}

/** A public article with its related posts, or where its old address now leads. */
export type BlogPostPage =
  | { kind: "post"; post: PublicBlogPost; related: PublicBlogPostSummary[] }
  | { kind: "moved"; slug: string }
  | { kind: "missing" };
