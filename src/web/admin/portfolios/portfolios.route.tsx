// /admin/portfolios (001 §2, §3, §4, §5, §7, §8, §9): the cleaning cases,
// ten a page, newest first (the best matches first while searching, the words
// marked; page and search kept in the address). A row (or its 編輯) opens the case in the
// two-tab modal; 新增案例 opens it empty; 刪除 asks in our own confirmation,
// naming the case. 服務類型管理 opens the service types, also reachable from
// the case form beside its dropdown.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderOpen, Plus, Tags } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PORTFOLIO_MESSAGES, type Portfolio } from "#contract/portfolios.ts";
import { AdminPagination } from "#web/admin/shared/admin-pagination.tsx";
import { pageAfterDelete } from "#web/lib/page-items.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { SearchField } from "#web/admin/shared/search-field.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { fieldErrorsOf, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { CaseDialog } from "./case-dialog.tsx";
import { CaseTable } from "./case-table.tsx";
import { createCase, deleteCase, fetchCases, fetchServiceTypes, updateCase } from "./portfolios-api.ts";
import {
  CASE_TEXT,
  caseFailure,
  caseListAddressOf,
  caseListParamsOf,
  casePayload,
  deleteCaseQuestion,
  loadFailure,
  portfolioPageKey,
  PORTFOLIOS_QUERY_KEY,
  type CaseFormValues,
  type CaseListParams,
} from "./portfolio-form.ts";
import { SERVICE_TYPE_TEXT, SERVICE_TYPES_QUERY_KEY, serviceTypeOptions } from "./service-type-form.ts";
import { ServiceTypeDialog } from "./service-type-dialog.tsx";

export const meta = () => adminMeta("清潔案例");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

type Form = { open: false } | { open: true; entry: Portfolio | null };

const headerButton = `inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2.5 font-semibold shadow ${focusRing}`;

export default function Portfolios() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [address, setAddress] = useSearchParams();
  const params = caseListParamsOf(address);
  const { page, search } = params;
  const [form, setForm] = useState<Form>({ open: false });
  const [typesOpen, setTypesOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  // A new search starts again at the first page.
  const change = useCallback(
    (next: Partial<CaseListParams>) => setAddress((current) => caseListAddressOf({ ...caseListParamsOf(current), page: 1, ...next }), { replace: true }),
    [setAddress],
  );
  const query = useQuery({
    queryKey: portfolioPageKey(params),
    queryFn: ({ signal }) => fetchCases(params, signal),
    // The previous page stays on screen while the next one comes.
    placeholderData: keepPreviousData,
    retry: false,
  });
  const types = useQuery({ queryKey: SERVICE_TYPES_QUERY_KEY, queryFn: ({ signal }) => fetchServiceTypes(signal) });
  const list = query.data;

  // Cases deleted elsewhere can leave this page past the last one.
  useEffect(() => {
    if (!list || query.isPlaceholderData) return;
    const last = Math.max(1, list.pagination.total_pages);
    if (list.portfolios.length === 0 && page > last) change({ page: last });
  }, [list, page, query.isPlaceholderData, change]);

  const reload = () => client.invalidateQueries({ queryKey: PORTFOLIOS_QUERY_KEY });
  const editing = form.open ? form.entry : null;

  async function saveCase(values: CaseFormValues): Promise<SaveOutcome> {
    try {
      const body = casePayload(values);
      const result = editing ? await updateCase(editing.id, body) : await createCase(body);
      setNotice({ tone: "success", text: result.message || (editing ? PORTFOLIO_MESSAGES.updated : PORTFOLIO_MESSAGES.created) });
      setForm({ open: false });
      // A new case is the newest: it heads the first page.
      if (!editing && page !== 1) change({ page: 1 });
      await Promise.all([reload(), client.invalidateQueries({ queryKey: SERVICE_TYPES_QUERY_KEY })]);
      return { ok: true };
    } catch (error) {
      console.warn("儲存案例失敗", error);
      // Shown beside 儲存, and field refusals beside their fields.
      return { ok: false, message: caseFailure(error), errors: fieldErrorsOf(error) };
    }
  }

  async function removeCase(portfolio: Portfolio) {
    const confirmed = await confirm({ title: "刪除案例", message: deleteCaseQuestion, items: [portfolio.title], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(portfolio.id);
    try {
      const result = await deleteCase(portfolio.id);
      setNotice({ tone: "success", text: result.message || PORTFOLIO_MESSAGES.deleted });
      const after = pageAfterDelete(page, list?.portfolios.length ?? 0);
      if (after !== page) change({ page: after });
      await Promise.all([reload(), client.invalidateQueries({ queryKey: SERVICE_TYPES_QUERY_KEY })]);
    } catch (error) {
      console.warn("刪除案例失敗", error);
      setNotice({ tone: "error", text: caseFailure(error) });
    } finally {
      setBusyId(null);
    }
  }

  const typeOptions = serviceTypeOptions(types.data ?? [], editing?.category ?? "", editing?.category_label ?? "");
  const typesProblem = types.isError ? `${SERVICE_TYPE_TEXT.loadFailed}；請按「管理服務類型」重新載入` : "";
  const totalPages = Math.max(1, list?.pagination.total_pages ?? 1);

  return (
    <>
      <AdminPageHeader
        title="清潔案例"
        description="管理網站上的清潔案例、施工前後照片與服務類型"
        actions={
          <>
            <button type="button" onClick={() => setTypesOpen(true)} className={`${headerButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}>
              <Tags aria-hidden size={18} />
              服務類型管理
            </button>
            <button type="button" onClick={() => setForm({ open: true, entry: null })} className={`${headerButton} bg-blue-600 text-white hover:bg-blue-700`}>
              <Plus aria-hidden size={18} />
              新增案例
            </button>
          </>
        }
      />

      <div className="space-y-4">
        {/* While a dialog is open its feedback shows inside the top one: the page behind is covered. */}
        {form.open || typesOpen ? null : <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="case-notice" errorTestId="case-error" />}

        <div role="search" className="rounded-2xl bg-white p-3 text-gray-900 shadow-sm">
          <SearchField label="搜尋案例" placeholder="標題、內容或地點" value={search} onSearch={(next) => change({ search: next })} testId="case-search" />
        </div>

        {query.isPending ? (
          <AdminLoading label={CASE_TEXT.loading} />
        ) : query.isError && !list ? (
          <LoadError message={loadFailure(query.error)} testId="cases-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
        ) : list ? (
          <section aria-labelledby="case-list-heading" className="space-y-3">
            <h2 id="case-list-heading" className="sr-only">
              清潔案例列表
            </h2>
            {query.isError ? <LoadError message={loadFailure(query.error)} testId="cases-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} /> : null}
            {list.portfolios.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-10 text-center text-gray-700 shadow-sm" data-testid="cases-empty">
                <FolderOpen aria-hidden size={40} className="text-gray-400" />
                <p className="font-medium">{search ? CASE_TEXT.noMatch : CASE_TEXT.empty}</p>
              </div>
            ) : (
              <>
                <CaseTable
                  cases={list.portfolios}
                  busyId={busyId}
                  loading={query.isPlaceholderData}
                  caption={`清潔案例${search ? `（搜尋「${search}」）` : ""}，第 ${page} / ${totalPages} 頁`}
                  search={search}
                  onEdit={(portfolio) => setForm({ open: true, entry: portfolio })}
                  onDelete={(portfolio) => void removeCase(portfolio)}
                />
                <AdminPagination page={page} totalPages={totalPages} total={list.pagination.total} onPage={(next) => change({ page: next })} />
              </>
            )}
          </section>
        ) : null}
      </div>

      {form.open ? (
        <CaseDialog
          key={editing?.id ?? "new"}
          portfolio={editing}
          typeOptions={typeOptions}
          typesProblem={typesProblem}
          onManageTypes={() => setTypesOpen(true)}
          onClose={() => setForm({ open: false })}
          onSave={saveCase}
          notice={typesOpen ? null : notice}
          onNotice={setNotice}
        />
      ) : null}
      <ServiceTypeDialog open={typesOpen} onClose={() => setTypesOpen(false)} types={types} notice={notice} onNotice={setNotice} />
    </>
  );
}
