// /admin/blog/new and /admin/blog/{id} (002 §2.1, §8): the post is loaded
// fresh on each opening (載入文章失敗 with a retry, 文章不存在 for an unknown
// one) and handed to the full-screen editor. A new post keeps its editor when
// its first save gives it an address.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams, type MetaArgs } from "react-router";
import { BLOG_MESSAGES } from "#contract/blog.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, RetryButton } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { ApiError } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { loadFailure } from "#web/admin/shared/dialog-form.ts";
import { fetchPost } from "./blog-api.ts";
import { postQueryKey } from "./blog-list.ts";
import { PostEditor } from "./post-editor.tsx";

export const meta = ({ params }: MetaArgs) => adminMeta(params.postId === "new" ? "新增文章" : "編輯文章");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const LIST_PATH = "/admin/blog";

/** The list's address with its filters, as the list's links pass it; anything else is the plain list. */
function listPathOf(state: unknown): string {
  const list = (state as { list?: unknown } | null)?.list;
  return typeof list === "string" && (list === LIST_PATH || list.startsWith(`${LIST_PATH}?`)) ? list : LIST_PATH;
}

export default function PostEditorScreen() {
  const { postId = "" } = useParams();
  const location = useLocation();
  const listPath = listPathOf(location.state);
  // The id a new post got from its first save: its editor stays as it is.
  const [created, setCreated] = useState<number | null>(null);
  const id = /^[1-9]\d{0,9}$/.test(postId) ? Number(postId) : null;
  const isNew = postId === "new" || (id !== null && id === created);
  const query = useQuery({
    queryKey: postQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchPost(id!, signal),
    enabled: id !== null && !isNew,
    retry: false,
    // Opened fresh every time: the editor starts from what is stored now.
    gcTime: 0,
    staleTime: 0,
  });

  if (isNew) return <PostEditor key="new" post={null} listPath={listPath} onCreated={(post) => setCreated(post.id)} />;
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) return <Missing listPath={listPath} />;
  if (query.isPending) return <AdminLoading label="載入文章中..." />;
  if (query.isError) {
    return (
      <>
        <AdminPageHeader title="編輯文章" />
        <LoadError message={loadFailure(query.error, BLOG_MESSAGES.loadFailed)} testId="post-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
      </>
    );
  }
  return <PostEditor key={id} post={query.data} listPath={listPath} onCreated={(post) => setCreated(post.id)} />;
}

function Missing({ listPath }: { listPath: string }) {
  return (
    <>
      <AdminPageHeader title="編輯文章" />
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 text-gray-900 shadow-sm" data-testid="post-missing">
        <p className="font-medium">{BLOG_MESSAGES.notFound}</p>
        <p className="text-sm text-gray-600">這篇文章可能已被刪除，或網址不正確。</p>
        <Link to={listPath} className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
          <ArrowLeft aria-hidden size={16} />
          返回文章列表
        </Link>
      </div>
    </>
  );
}
