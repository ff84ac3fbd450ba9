// The news list without a browser (002 §2.1, §7, §9): the filters as they sit
// in the address (so 返回列表 comes back to the same page), the request they
// make, the status badge (a scheduled post past its time shows as late), the
// date column, the query keys and the screen's own words.
import {
  BLOG_ADMIN_PAGE_SIZE,
  BLOG_STATUSES,
  blogStatusLabels,
  LATE_STATUS_LABEL,
  type BlogPost,
  type BlogStatus,
} from "#contract/blog.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

export const BLOG_API = "/admin-api.php/blog";
export const BLOG_QUERY_KEY = ["admin", "blog"] as const;
export const POSTS_QUERY_KEY = [...BLOG_QUERY_KEY, "posts"] as const;
export const CATEGORIES_QUERY_KEY = [...BLOG_QUERY_KEY, "categories"] as const;
export const TAGS_QUERY_KEY = [...BLOG_QUERY_KEY, "tags"] as const;
export const postQueryKey = (id: number) => [...BLOG_QUERY_KEY, "post", id] as const;
export const revisionsQueryKey = (id: number) => [...BLOG_QUERY_KEY, "post", id, "revisions"] as const;

/** The screen's own words; the spec's (002 §5, §8) come from BLOG_MESSAGES. */
export const BLOG_TEXT = {
  loading: "載入文章中...",
  empty: "還沒有文章，按「新增文章」撰寫第一篇",
  noMatch: "沒有符合條件的文章",
  saveFailed: "儲存文章失敗",
  deleteFailed: "刪除文章失敗",
  featureFailed: "更新精選狀態失敗",
  featuredOn: "已設為精選文章",
  featuredOff: "已取消精選",
  unsaved: "文章有尚未儲存的變更，確定要離開嗎？",
  fixFields: "有欄位需要修正，請檢查標示的欄位",
  notPublished: "尚未發布",
  uncategorised: "未分類",
} as const;

export interface ListFilters {
  page: number;
  search: string;
  /** A category id, or empty for every category. */
  category: string;
  status: BlogStatus | "";
}

export const NO_FILTERS: ListFilters = { page: 1, search: "", category: "", status: "" };

/** The filters the address holds; anything unreadable counts as no filter. */
export function filtersOf(params: URLSearchParams): ListFilters {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const category = params.get("category") ?? "";
  const status = params.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    category: /^[1-9]\d{0,9}$/.test(category) ? category : "",
    status: (BLOG_STATUSES as readonly string[]).includes(status) ? (status as BlogStatus) : "",
  };
}

/** The address's query for the filters; the defaults are left out. */
export function paramsOf(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.status) params.set("status", filters.status);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** GET /admin-api.php/blog/posts?page&limit=20&search&category&status */
export function postsPath(filters: ListFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(BLOG_ADMIN_PAGE_SIZE) });
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.status) params.set("status", filters.status);
  return `${BLOG_API}/posts?${params.toString()}`;
}

export const isFiltered = (filters: ListFilters) => filters.search !== "" || filters.category !== "" || filters.status !== "";

export type BadgeTone = "green" | "gray" | "blue" | "slate" | "red";

/** The status badge: a scheduled post whose time passed without being published says so. */
export function statusBadge(post: Pick<BlogPost, "status" | "is_late">): { label: string; tone: BadgeTone } {
  if (post.status === "scheduled" && post.is_late) return { label: LATE_STATUS_LABEL, tone: "red" };
  const tones: Record<BlogStatus, BadgeTone> = { published: "green", draft: "gray", scheduled: "blue", archived: "slate" };
  return { label: blogStatusLabels[post.status], tone: tones[post.status] };
}

/** The list's date: when it was or will be published, to the minute; a draft has none. */
export function publishDateText(post: Pick<BlogPost, "status" | "published_at">): string {
  if (!post.published_at || post.status === "draft") return BLOG_TEXT.notPublished;
  return formatDateTime(post.published_at).slice(0, 16);
}

export const STATUS_OPTIONS: ReadonlyArray<{ value: BlogStatus | ""; label: string }> = [
  { value: "", label: "全部狀態" },
  ...BLOG_STATUSES.map((status) => ({ value: status, label: blogStatusLabels[status] })),
];

/** 確定要刪除這篇文章嗎？ names the post; a post visitors can read says so. */
export function deletePostItem(post: Pick<BlogPost, "title" | "status">): string {
  return post.status === "published" ? `${post.title}（已發布，刪除後訪客將無法瀏覽）` : post.title;
}

/**
 * When the list should look again by itself while it shows scheduled posts: a few seconds
 * after the earliest one's time (the job publishes it then), at least 5 s and at most a
 * minute away; never when none is waiting.
 */
export function scheduledRefetchMs(posts: ReadonlyArray<{ status: string; published_at: string | null }>, now: number): number | false {
  const due = posts.filter((post) => post.status === "scheduled" && post.published_at).map((post) => Date.parse(post.published_at!) - now + 3000);
  if (due.length === 0) return false;
  return Math.min(60_000, Math.max(5000, Math.min(...due)));
}
