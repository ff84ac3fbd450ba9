// The news list (002 §2.1): the featured star (pressed to toggle), title,
// category, status badge, publication date, views, 編輯 and 刪除 — a table
// where there is room for one, a card per post on a phone. A search's words
// are marked, and shown where they are in the post's text.
import { Pencil, Star, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { foundPostText, type BlogPost } from "#contract/blog.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FoundExcerpt } from "#web/admin/shared/found-excerpt.tsx";
import { useWideScreen } from "#web/admin/shared/use-wide-screen.ts";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";
import { BLOG_TEXT, publishDateText, statusBadge, type BadgeTone } from "./blog-list.ts";

interface PostTableProps {
  posts: readonly BlogPost[];
  /** The post whose star or delete is on its way. */
  busyId: number | null;
  /** A page is on its way: the rows are the previous page's. */
  loading: boolean;
  caption: string;
  /** The list's address with its filters: the editor's 返回列表 leads back to it. */
  listPath: string;
  /** The list's search ('' for none). */
  search: string;
  onToggleFeatured(post: BlogPost): void;
  onDelete(post: BlogPost): void;
}

export const editPath = (post: Pick<BlogPost, "id">) => `/admin/blog/${post.id}`;

export function PostTable({ posts, busyId, loading, caption, listPath, search, onToggleFeatured, onDelete }: PostTableProps) {
  const state = { list: listPath };
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="space-y-3" aria-busy={loading} aria-label={caption} data-testid="post-list" data-layout="cards">
        {posts.map((post) => (
          <li key={post.id} className="rounded-2xl bg-white p-4 text-gray-900 shadow-sm" data-testid="post-row" data-post-id={post.id}>
            <div className="flex items-start gap-2">
              <FeaturedStar post={post} busy={busyId === post.id} onToggle={onToggleFeatured} />
              <div className="min-w-0 flex-1">
                <Link to={editPath(post)} state={state} className={`block py-2.5 font-semibold break-words text-blue-800 hover:underline ${focusRing}`} data-testid="post-title">
                  <HighlightedText text={post.title} search={search} />
                </Link>
                <FoundExcerpt label="內容" text={(search && foundPostText(post, search)) || ""} search={search} testId="post-found" />
                <p className="text-sm text-gray-600" data-testid="post-category">
                  {post.category_name || BLOG_TEXT.uncategorised}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                  <StatusBadge post={post} />
                  <span data-testid="post-date">{publishDateText(post)}</span>
                  <span data-testid="post-views">瀏覽 {post.view_count} 次</span>
                </p>
              </div>
            </div>
            <RowButtons post={post} state={state} busy={busyId === post.id} onDelete={onDelete} className="mt-2 justify-end" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl bg-white text-gray-900 shadow-sm">
      <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={loading} data-testid="post-list" data-layout="table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="w-14 px-3 py-3 font-semibold">
              精選
            </th>
            {["標題", "分類", "狀態", "發布日期", "瀏覽次數"].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {posts.map((post) => (
            <tr key={post.id} className="align-middle hover:bg-blue-50/60" data-testid="post-row" data-post-id={post.id}>
              <td className="px-1.5 py-1">
                <FeaturedStar post={post} busy={busyId === post.id} onToggle={onToggleFeatured} />
              </td>
              <td className="max-w-sm px-4 py-3">
                <Link to={editPath(post)} state={state} className={`font-medium break-words text-blue-800 hover:underline ${focusRing}`} data-testid="post-title">
                  <HighlightedText text={post.title} search={search} />
                </Link>
                <FoundExcerpt label="內容" text={(search && foundPostText(post, search)) || ""} search={search} testId="post-found" />
              </td>
              <td className="px-4 py-3" data-testid="post-category">
                {post.category_name || <span className="text-gray-600">{BLOG_TEXT.uncategorised}</span>}
              </td>
              <td className="px-4 py-3">
                <StatusBadge post={post} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap" data-testid="post-date">
                {publishDateText(post)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums" data-testid="post-views">
                {post.view_count}
              </td>
              <td className="px-4 py-3">
                <RowButtons post={post} state={state} busy={busyId === post.id} onDelete={onDelete} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The star is the switch: pressed means featured (shown first on the public news page). */
function FeaturedStar({ post, busy, onToggle }: { post: BlogPost; busy: boolean; onToggle(post: BlogPost): void }) {
  const on = post.is_featured === 1;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`精選文章：${post.title}`}
      title={on ? "取消精選" : "設為精選"}
      disabled={busy}
      onClick={() => onToggle(post)}
      className={`grid size-11 shrink-0 place-items-center rounded-lg hover:bg-amber-50 disabled:opacity-50 ${on ? "text-amber-500" : "text-gray-500"} ${focusRing}`}
      data-testid="post-featured"
    >
      <Star aria-hidden size={20} className={on ? "fill-current" : ""} />
    </button>
  );
}

const BADGE_CLASSES: Record<BadgeTone, string> = {
  green: "bg-green-50 text-green-800 ring-green-200",
  gray: "bg-gray-100 text-gray-700 ring-gray-300",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  slate: "bg-slate-200 text-slate-800 ring-slate-300",
  red: "bg-red-50 text-red-800 ring-red-200",
};

function StatusBadge({ post }: { post: BlogPost }) {
  const badge = statusBadge(post);
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${BADGE_CLASSES[badge.tone]}`} data-testid="post-status">
      {badge.label}
    </span>
  );
}

const rowButton = `inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${focusRing}`;

function RowButtons({ post, state, busy, onDelete, className }: { post: BlogPost; state: { list: string }; busy: boolean; onDelete(post: BlogPost): void; className: string }) {
  return (
    <div className={`flex flex-wrap gap-1 ${className}`}>
      <Link to={editPath(post)} state={state} className={`${rowButton} text-blue-700 hover:bg-blue-50`}>
        <Pencil aria-hidden size={16} />
        編輯
        <span className="sr-only">：{post.title}</span>
      </Link>
      <button type="button" disabled={busy} onClick={() => onDelete(post)} className={`${rowButton} text-red-700 hover:bg-red-50`}>
        <Trash2 aria-hidden size={16} />
        刪除
        <span className="sr-only">：{post.title}</span>
      </button>
    </div>
  );
}
