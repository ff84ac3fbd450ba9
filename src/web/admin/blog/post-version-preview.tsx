// A kept version of a post, read-only, in 版本紀錄 before it is loaded into the
// editor (decision 032): read whole from the server and shown as the editor's
// preview shows a post (a sandboxed frame, no script runs).
import { useQuery } from "@tanstack/react-query";
import type { BlogCategory, BlogPostRevision } from "#contract/blog.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { LoadError, RetryButton } from "#web/admin/shared/admin-notice.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { fetchVersion } from "./blog-api.ts";
import { revisionsQueryKey } from "./blog-list.ts";
import { previewDocument } from "./post-preview.ts";

export const versionQueryKey = (postId: number, revisionId: number) => [...revisionsQueryKey(postId), revisionId] as const;

export function PostVersionPreview({ postId, revision, categories }: { postId: number; revision: BlogPostRevision; categories: readonly BlogCategory[] }) {
  const query = useQuery({ queryKey: versionQueryKey(postId, revision.id), queryFn: ({ signal }) => fetchVersion(postId, revision.id, signal) });
  if (query.isPending) return <AdminLoading label="載入這個版本中..." />;
  if (query.isError) return <LoadError message={errorMessage(query.error, "載入這個版本失敗")} testId="version-error" action={<RetryButton onRetry={() => void query.refetch()} />} />;
  const version = query.data;
  const categoryName = categories.find((category) => category.id === version.category_id)?.name ?? "";
  const document = previewDocument({ ...version, categoryName, publishedAt: version.published_at }, new Date());
  return (
    <div className="space-y-3 p-3" data-testid="post-version-preview">
      {/* Its own origin lets it show the site's pictures, which are served same-origin only; no script runs. */}
      <iframe title={`「${version.title}」的版本預覽`} sandbox="allow-same-origin" srcDoc={document} className="h-[50vh] w-full rounded bg-white" />
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-gray-700">標籤</dt>
        <dd className="text-gray-900">{version.tags.split(",").filter(Boolean).join("、") || "（無）"}</dd>
        <dt className="font-medium text-gray-700">SEO 標題</dt>
        <dd className="text-gray-900">{version.seo_title || "（未填寫）"}</dd>
        <dt className="font-medium text-gray-700">SEO 描述</dt>
        <dd className="text-gray-900">{version.seo_description || "（未填寫）"}</dd>
      </dl>
    </div>
  );
}
