// /admin/customers (002 §2.5, §7, §9): the customers who wrote to the LINE
// official account, twenty a page, newest interaction first, with a search
// box (its words marked in the results) and the tag filter; the page, search
// and tag live in the address, so coming back from a chat finds the list as
// it was left. New customers and messages come in by polling.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { LoadError, NoticeArea, RetryButton, useNotice, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { AdminPagination } from "#web/admin/shared/admin-pagination.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { SearchField } from "#web/admin/shared/search-field.tsx";
import { customerListKey, INBOX_TEXTS, LIST_POLL_MS, type CustomerListParams } from "./customer-inbox.ts";
import { CustomerRows, TagFilter } from "./customer-list.tsx";
import { fetchCustomers } from "./customers-api.ts";

export const meta = () => adminMeta("LINE 客服");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

/** What a chat hands back when it leaves (a deleted customer's toast). */
export interface CustomersLocationState {
  notice?: Notice;
}

function paramsOf(query: URLSearchParams): CustomerListParams {
  const page = Number(query.get("page"));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, search: query.get("q") ?? "", tag: query.get("tag") ?? "" };
}

export default function Customers() {
  const [query, setQuery] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useNotice();
  const params = paramsOf(query);

  // A toast handed over by the chat (客戶刪除成功！); taken once, so a reload does not repeat it.
  useEffect(() => {
    const handed = (location.state as CustomersLocationState | null)?.notice;
    if (!handed) return;
    setNotice(handed);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, setNotice]);

  const list = useQuery({
    queryKey: customerListKey(params),
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
    staleTime: 0,
    retry: false,
  });
  const data = list.data;

  // An empty page past the last one (customers deleted elsewhere) goes back to the last. (Past the pages
  // of a list counted only up to its cap, reached by 下一頁, a page with customers on it stays.)
  useEffect(() => {
    if (!data || list.isPlaceholderData || data.customers.length > 0) return;
    const last = Math.max(1, data.pagination.total_pages);
    if (params.page > last) change({ page: last });
  });

  function change(next: Partial<CustomerListParams>) {
    const merged = { ...params, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.page > 1) search.set("page", String(merged.page));
    if (merged.search) search.set("q", merged.search);
    if (merged.tag) search.set("tag", merged.tag);
    setQuery(search, { replace: true });
  }

  const filtered = params.search !== "" || params.tag !== "";
  const totalPages = Math.max(1, data?.pagination.total_pages ?? 1);

  return (
    <>
      <AdminPageHeader title="LINE 客服" description="查看並回覆客戶透過 LINE 官方帳號傳來的訊息" />
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="customer-notice" errorTestId="customer-error" />

      <section aria-labelledby="customer-list-heading" className="space-y-3">
        <h2 id="customer-list-heading" className="sr-only">
          客戶列表
        </h2>
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm">
          <SearchField label="搜尋客戶" placeholder="姓名、備註、標籤或對話內容" value={params.search} onSearch={(search) => change({ search })} testId="customer-search" />
          <TagFilter value={params.tag} onChange={(tag) => change({ tag })} />
        </div>

        {list.isPending ? (
          <AdminLoading label="載入客戶中..." />
        ) : list.isError && !data ? (
          <LoadError message={errorMessage(list.error, INBOX_TEXTS.loadFailed)} testId="customers-load-error" action={<RetryButton onRetry={() => void list.refetch()} />} />
        ) : data ? (
          <>
            {list.isError ? (
              <LoadError message={errorMessage(list.error, INBOX_TEXTS.loadFailed)} testId="customers-load-error" action={<RetryButton onRetry={() => void list.refetch()} />} />
            ) : null}
            {data.customers.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-10 text-center text-gray-700 shadow-sm" data-testid="customer-empty">
                <MessageCircle aria-hidden size={40} className="text-gray-400" />
                <p className="font-medium">{filtered ? INBOX_TEXTS.emptyFilter : INBOX_TEXTS.emptyInbox}</p>
              </div>
            ) : (
              <>
                <CustomerRows customers={data.customers} listSearch={location.search} busy={list.isPlaceholderData} search={params.search} />
                <AdminPagination
                  page={params.page}
                  totalPages={totalPages}
                  total={data.pagination.total}
                  onPage={(page) => change({ page })}
                  capped={data.pagination.total_capped === true}
                  pageFull={data.customers.length >= data.pagination.per_page}
                />
              </>
            )}
          </>
        ) : null}
      </section>
    </>
  );
}
