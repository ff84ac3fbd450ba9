// /admin/pages (002 §2.7, §3, §4, §7, §8; issues 24, 25): the page records in a
// table (each page by its title and where visitors find it, never its key or
// id; its SEO title; 已發布 / 草稿 and an unpublished draft, last update, edit;
// delete for a free page, never a built-in one), 新增頁面 for a free page, and the full-screen editor. On load the
// legacy `services` record is deleted by id and hidden; absent JSON pages are
// listed from their defaults (saving them creates them), which the server
// hands over beside the list.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { isFreePageKey, PAGE_MESSAGES, pageAddressOf, type Page } from "#contract/pages.ts";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { actionFailure, fieldErrorsOf, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { bootstrapPages, PAGE_DEFAULTS_QUERY_KEY, pageName, PAGES_QUERY_KEY } from "./page-content.ts";
import { NewPageDialog } from "./new-page-dialog.tsx";
import { newPagePayload, type NewPageValues } from "./new-page.ts";
import { PageEditor } from "./page-editor.tsx";
import { createPage, deletePage, fetchPageDefaults, fetchPages } from "./pages-api.ts";

export const meta = () => adminMeta("頁面管理");

/** Where visitors see a page, in words: the home services are a part of the home page, the others an address. */
const whereShown = (key: string) => (key === "home_services" ? "首頁的核心服務區塊" : `網址 ${pageAddressOf(key)}`);

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function Pages() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: PAGES_QUERY_KEY, queryFn: ({ signal }) => fetchPages(signal) });
  // The defaults change only with a new release.
  const defaultsQuery = useQuery({ queryKey: PAGE_DEFAULTS_QUERY_KEY, queryFn: ({ signal }) => fetchPageDefaults(signal), staleTime: Infinity });
  const defaults = defaultsQuery.data;
  const [notice, setNotice] = useNotice();
  const [editing, setEditing] = useState<Page | null>(null);
  // The toast the editor opens with (a page just created).
  const [greeting, setGreeting] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const confirm = useConfirm();
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

  /** A new free page is created as an empty built page and opened in the editor. */
  async function create(values: NewPageValues): Promise<SaveOutcome> {
    try {
      const result = await createPage(newPagePayload(values));
      setCreating(false);
      void reload();
      setGreeting(result.message || PAGE_MESSAGES.created);
      setEditing(result.data);
      return { ok: true };
    } catch (error) {
      console.warn("新增頁面失敗", error);
      return { ok: false, message: actionFailure(error, "新增頁面失敗"), errors: fieldErrorsOf(error) };
    }
  }

  async function remove(page: Page) {
    const asked = await confirm({
      title: "刪除頁面",
      message: `確定要刪除這個頁面嗎？網址 ${pageAddressOf(page.page_key)} 將無法再開啟，頁面的版本紀錄與草稿也會一併刪除，無法復原。`,
      items: [`${pageName(page)}（${pageAddressOf(page.page_key)}）`],
      confirmLabel: "刪除",
    });
    if (!asked) return;
    setDeleting(page.id);
    try {
      const result = await deletePage(page.id);
      setNotice({ tone: "success", text: result.message || PAGE_MESSAGES.deleted });
      await reload();
    } catch (error) {
      console.warn("刪除頁面失敗", error);
      setNotice({ tone: "error", text: actionFailure(error, "刪除頁面失敗") });
    } finally {
      setDeleting(null);
    }
  }

  function openByKey(key: string): boolean {
    const page = pages.find((entry) => entry.page_key === key);
    if (!page) return false;
    setGreeting(undefined);
    setEditing(page);
    return true;
  }

  return (
    <>
      <AdminPageHeader
        title="頁面管理"
        description="編輯首頁核心服務、服務項目頁面、關於我們與自訂頁面的內容與 SEO 設定"
        actions={
          <button
            type="button"
            onClick={() => setCreating(true)}
            className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
            data-testid="new-page"
          >
            <Plus aria-hidden size={18} />
            新增頁面
          </button>
        }
      />
      <NoticeArea notice={editing || creating ? null : notice} onDismiss={() => setNotice(null)} successTestId="pages-notice" errorTestId="pages-error" />

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
                    頁面
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    SEO 標題
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
                      <div className="font-medium text-gray-900" data-testid="page-title">
                        {page.title || pageName(page)}
                      </div>
                      <div className="text-xs text-gray-600" data-testid="page-where">
                        {whereShown(page.page_key)}
                      </div>
                      {page.id > 0 ? null : (
                        <div className="text-xs text-gray-600" data-testid="page-not-created">
                          尚未建立（儲存後建立）
                        </div>
                      )}
                    </td>
                    <td className="px-4 py-3 text-gray-700" data-testid="page-seo-title">
                      {page.meta_title || "無 SEO 標題"}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        data-testid="page-status"
                        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${page.is_active ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-800"}`}
                      >
                        {page.is_active ? "已發布" : "草稿"}
                      </span>
                      {page.draft ? (
                        <div className="mt-1 text-xs text-amber-800" data-testid="page-has-draft">
                          有未發布的變更
                        </div>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-700" data-testid="page-updated">
                      {page.id > 0 ? formatDateTime(page.updated_at) : "—"}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <div className="flex justify-end gap-2">
                        <button
                          type="button"
                          onClick={() => {
                            setGreeting(undefined);
                            setEditing(page);
                          }}
                          aria-label={`編輯「${pageName(page)}」`}
                          className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
                        >
                          <Pencil aria-hidden size={16} />
                          編輯
                        </button>
                        {/* Built-in pages are kept (a page the site needs can be set to 草稿 instead). */}
                        {isFreePageKey(page.page_key) && page.id > 0 ? (
                          <button
                            type="button"
                            onClick={() => void remove(page)}
                            disabled={deleting === page.id}
                            aria-label={`刪除「${pageName(page)}」`}
                            className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 ${focusRing}`}
                          >
                            <Trash2 aria-hidden size={16} />
                            刪除
                          </button>
                        ) : null}
                      </div>
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
          onClose={() => {
            setEditing(null);
            // An autosaved draft shows in the list.
            void reload();
          }}
          onSaved={(message) => {
            setEditing(null);
            setNotice({ tone: "success", text: message });
            void reload();
          }}
          onChanged={() => void reload()}
          onOpenPage={openByKey}
          greeting={greeting}
        />
      ) : null}
      <NewPageDialog open={creating} onClose={() => setCreating(false)} onSave={create} />
    </>
  );
}
