// /admin/blog (002 §2.1, §3, §4, §7, §8, §9): the news posts, twenty a page,
// newest first, searched by title or content and filtered by category and
// status (the filters live in the address, so the editor's 返回列表 comes back
// to them). The star toggles a post's featured flag; 刪除 asks in our own
// confirmation naming the post; 新增文章 and a title open the full-screen
// editor; 分類與標籤 manages what posts are filed under.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderOpen, Plus, Tags } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { BLOG_MESSAGES, type BlogPost, type BlogPostList } from "#contract/blog.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { AdminPagination } from "#web/admin/shared/admin-pagination.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { actionFailure, loadFailure } from "#web/admin/shared/dialog-form.ts";
import { pageAfterDelete } from "#web/lib/page-items.ts";
import { deletePost, fetchCategories, fetchPosts, setFeatured } from "./blog-api.ts";
import { BlogFilters } from "./blog-filters.tsx";
import { BLOG_QUERY_KEY, BLOG_TEXT, CATEGORIES_QUERY_KEY, deletePostItem, filtersOf, isFiltered, paramsOf, POSTS_QUERY_KEY, scheduledRefetchMs, type ListFilters } from "./blog-list.ts";
import { PostTable } from "./post-table.tsx";
import { TaxonomyDialog } from "./taxonomy-dialog.tsx";

export const meta = () => adminMeta("最新消息");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const headerButton = `inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2.5 font-semibold shadow ${focusRing}`;

export default function Blog() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const listState = { list: `${pathname}${search}` };
  const [taxonomyOpen, setTaxonomyOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const filters = filtersOf(params);
  const listKey = [...POSTS_QUERY_KEY, filters] as const;

  const setFilters = useCallback((next: ListFilters) => setParams(paramsOf(next), { replace: true }), [setParams]);
  const setPage = (page: number) => setFilters({ ...filters, page });

  const query = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchPosts(filters, signal),
    // The previous page stays on screen while the next one comes.
    placeholderData: keepPreviousData,
    retry: false,
    // A scheduled post on screen is published by the server's job at its time: the list shows it without a reload.
    refetchInterval: (current) => scheduledRefetchMs(current.state.data?.posts ?? [], Date.now()),
  });
  const categories = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: ({ signal }) => fetchCategories(signal) });
  const list = query.data;

  // Posts deleted elsewhere can leave this page past the last one.
  useEffect(() => {
    if (!list || query.isPlaceholderData) return;
    const last = Math.max(1, list.pagination.total_pages);
    if (list.posts.length === 0 && filters.page > last) setFilters({ ...filters, page: last });
  }, [list, filters, query.isPlaceholderData, setFilters]);

  const reload = () => client.invalidateQueries({ queryKey: BLOG_QUERY_KEY });

  async function toggleFeatured(post: BlogPost) {
    setBusyId(post.id);
    const featured = post.is_featured !== 1;
    try {
      const { data } = await setFeatured(post.id, featured);
      // The star answers at once; the list is asked again behind it.
      client.setQueryData<BlogPostList>(listKey, (current) => current && { ...current, posts: current.posts.map((entry) => (entry.id === post.id ? data.post : entry)) });
      setNotice({ tone: "success", text: featured ? BLOG_TEXT.featuredOn : BLOG_TEXT.featuredOff });
      void client.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
    } catch (error) {
      console.warn(BLOG_TEXT.featureFailed, error);
      setNotice({ tone: "error", text: actionFailure(error, BLOG_TEXT.featureFailed) });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(post: BlogPost) {
    const confirmed = await confirm({ title: "刪除文章", message: BLOG_MESSAGES.confirmDelete, items: [deletePostItem(post)], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(post.id);
    try {
      const result = await deletePost(post.id);
      setNotice({ tone: "success", text: result.message || BLOG_MESSAGES.deleted });
      const page = pageAfterDelete(filters.page, list?.posts.length ?? 0);
      if (page !== filters.page) setPage(page);
      // Categories and tags count their posts.
      await reload();
    } catch (error) {
      console.warn(BLOG_TEXT.deleteFailed, error);
      setNotice({ tone: "error", text: actionFailure(error, BLOG_TEXT.deleteFailed) });
    } finally {
      setBusyId(null);
    }
  }

  const totalPages = Math.max(1, list?.pagination.total_pages ?? 1);
  const loadError = query.isError ? (
    <LoadError message={loadFailure(query.error, BLOG_MESSAGES.loadFailed)} testId="posts-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
  ) : null;

  return (
    <>
      <AdminPageHeader
        title="最新消息"
        description="撰寫與管理網站上的最新消息文章、分類與標籤"
        actions={
          <>
            <button type="button" onClick={() => setTaxonomyOpen(true)} className={`${headerButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}>
              <Tags aria-hidden size={18} />
              分類與標籤
            </button>
            <Link to="/admin/blog/new" state={listState} className={`${headerButton} bg-blue-600 text-white hover:bg-blue-700`}>
              <Plus aria-hidden size={18} />
              新增文章
            </Link>
          </>
        }
      />

      <div className="space-y-4">
        {taxonomyOpen ? null : <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="blog-notice" errorTestId="blog-error" />}
        <BlogFilters filters={filters} categories={categories.data ?? []} onChange={setFilters} />

        {query.isPending ? (
          <AdminLoading label={BLOG_TEXT.loading} />
        ) : !list ? (
          loadError
        ) : (
          <section aria-labelledby="post-list-heading" className="space-y-3">
            <h2 id="post-list-heading" className="sr-only">
              文章列表
            </h2>
            {loadError}
            {list.posts.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-10 text-center text-gray-700 shadow-sm" data-testid="posts-empty">
                <FolderOpen aria-hidden size={40} className="text-gray-400" />
                <p className="font-medium">{isFiltered(filters) ? BLOG_TEXT.noMatch : BLOG_TEXT.empty}</p>
                {isFiltered(filters) ? (
                  <button type="button" onClick={() => setFilters({ page: 1, search: "", category: "", status: "" })} className={`min-h-11 rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
                    清除篩選條件
                  </button>
                ) : null}
              </div>
            ) : (
              <>
                <PostTable
                  posts={list.posts}
                  busyId={busyId}
                  loading={query.isPlaceholderData}
                  caption={`文章列表，第 ${filters.page} / ${totalPages} 頁`}
                  listPath={listState.list}
                  search={filters.search}
                  onToggleFeatured={(post) => void toggleFeatured(post)}
                  onDelete={(post) => void remove(post)}
                />
                <AdminPagination page={filters.page} totalPages={totalPages} total={list.pagination.total} onPage={setPage} />
              </>
            )}
          </section>
        )}
      </div>

      <TaxonomyDialog open={taxonomyOpen} onClose={() => setTaxonomyOpen(false)} />
    </>
  );
}
