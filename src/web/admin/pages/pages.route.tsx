// /admin/pages (002 §2.7, §3, §4, §7, §8): the page records in a table (key
// and ID, title and SEO title, 已發布 / 草稿, last update, edit), and the
// full-screen editor. On load the legacy `services` record is deleted by id
// and hidden; absent JSON pages are listed from their defaults (saving them
// creates them), which the server hands over beside the list.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Page } from "#contract/pages.ts";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { bootstrapPages, PAGE_DEFAULTS_QUERY_KEY, pageName, PAGES_QUERY_KEY } from "./page-content.ts";
import { PageEditor } from "./page-editor.tsx";
import { deletePage, fetchPageDefaults, fetchPages } from "./pages-api.ts";

export const meta = () => adminMeta("頁面管理");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function Pages() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: PAGES_QUERY_KEY, queryFn: ({ signal }) => fetchPages(signal) });
  // The defaults change only with a new release.
  const defaultsQuery = useQuery({ queryKey: PAGE_DEFAULTS_QUERY_KEY, queryFn: ({ signal }) => fetchPageDefaults(signal), staleTime: Infinity });
  const defaults = defaultsQuery.data;
  const [notice, setNotice] = useNotice();
  const [editing, setEditing] = useState<Page | null>(null);
  const { pages, legacy } = useMemo(() => (query.data && defaults ? bootstrapPages(query.data, defaults) : { pages: [], legacy: [] }), [query.data, defaults]);
  const removing = useRef(new Set<number>());

  // The legacy services record is removed on load (002 §4); a failure is only logged (002 §8).
  useEffect(() => {
    for (const page of legacy) {
      if (removing.current.has(page.id)) continue;
      removing.current.add(page.id);
      deletePage(page.id).catch((error: unknown) => console.warn("移除舊版服務頁面失敗", error));
    }
  }, [legacy]);

  const reload = () => client.invalidateQueries({ queryKey: PAGES_QUERY_KEY });
  const retryLoad = () => {
    if (query.isError) void query.refetch();
    if (defaultsQuery.isError) void defaultsQuery.refetch();
  };

  function openByKey(key: string): boolean {
    const page = pages.find((entry) => entry.page_key === key);
    if (!page) return false;
    setEditing(page);
    return true;
  }

  return (
    <>
      <AdminPageHeader title="頁面管理" description="編輯首頁核心服務、服務項目頁面、關於我們等頁面的內容與 SEO 設定" />
      <NoticeArea notice={editing ? null : notice} onDismiss={() => setNotice(null)} successTestId="pages-notice" errorTestId="pages-error" />

      {query.isError || defaultsQuery.isError ? (
        <LoadError
          message={errorMessage(query.error ?? defaultsQuery.error, "載入頁面失敗")}
          testId="pages-load-error"
          action={<RetryButton onRetry={retryLoad} />}
        />
      ) : query.isPending || defaultsQuery.isPending ? (
        <AdminLoading label="載入頁面中..." />
      ) : (
        <section aria-labelledby="pages-list-heading" className="rounded-2xl bg-white shadow-sm">
          <h2 id="pages-list-heading" className="sr-only">
            頁面列表
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="pages-table">
              <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    頁面代碼
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    標題
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    狀態
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    更新時間
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {pages.map((page) => (
                  <tr key={page.page_key} data-testid="page-row" data-page-key={page.page_key}>
                    <td className="px-4 py-3">
                      <code className="font-mono text-gray-900" data-testid="page-key">
                        {page.page_key}
                      </code>
                      <div className="text-xs text-gray-600" data-testid="page-id">
                        {page.id > 0 ? `ID: ${page.id}` : "尚未建立（儲存後建立）"}
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <div className="font-medium text-gray-900" data-testid="page-title">
                        {page.title}
                      </div>
                      <div className="text-xs text-gray-600" data-testid="page-seo-title">
                        {page.meta_title || "無 SEO 標題"}
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <span
                        data-testid="page-status"
                        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${page.is_active ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-800"}`}
                      >
                        {page.is_active ? "已發布" : "草稿"}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-700" data-testid="page-updated">
                      {page.id > 0 ? formatDateTime(page.updated_at) : "—"}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        onClick={() => setEditing(page)}
                        aria-label={`編輯「${pageName(page)}」`}
                        className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
                      >
                        <Pencil aria-hidden size={16} />
                        編輯
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {editing && defaults ? (
        <PageEditor
          key={`${editing.page_key}-${editing.id}`}
          page={editing}
          defaults={defaults}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice({ tone: "success", text: message });
            void reload();
          }}
          onChanged={() => void reload()}
          onOpenPage={openByKey}
        />
      ) : null}
    </>
  );
}
