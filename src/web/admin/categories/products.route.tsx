// /admin/products, where the dashboard's 服務項目 card and quick action lead.
// In this business the products are the service items, managed on the
// services screen: this page says so, counts them (GET service-items, the
// services screen's own query, so both show the same list) and leads there.
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, FolderTree, Package } from "lucide-react";
import { Link } from "react-router";
import { fetchItems } from "#web/admin/services/services-api.ts";
import { ITEMS_QUERY_KEY, SERVICES_TEXT } from "#web/admin/services/services-form.ts";
import { loadFailure } from "#web/admin/shared/dialog-form.ts";
import { focusRing, LoadError, RetryButton } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { productSummary, summaryDetail } from "./products-summary.ts";

export const meta = () => adminMeta("服務項目");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function Products() {
  const query = useQuery({ queryKey: ITEMS_QUERY_KEY, queryFn: ({ signal }) => fetchItems(signal) });
  const summary = query.data ? productSummary(query.data) : null;

  return (
    <>
      <AdminPageHeader title="服務項目" description="網站上介紹的各項清潔服務就是服務項目，統一在「服務管理」中新增、編輯、排序與上傳圖片。" />

      <div className="space-y-4">
        {query.isError ? (
          <LoadError message={loadFailure(query.error, SERVICES_TEXT.loadItemsFailed)} testId="products-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
        ) : null}

        <section aria-labelledby="products-count-heading" className="rounded-2xl bg-white p-6 text-gray-900 shadow-sm" aria-busy={query.isPending}>
          <div className="flex items-center gap-4">
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600">
              <Package aria-hidden size={28} />
            </span>
            <div className="min-w-0">
              <h2 id="products-count-heading" className="text-sm font-medium text-gray-600">
                服務項目數量
              </h2>
              <p className="text-3xl font-bold" data-testid="products-count">
                {summary ? `${summary.total} 個` : query.isError ? "—" : "…"}
              </p>
              {summary ? (
                <p className="text-sm text-gray-600" data-testid="products-detail">
                  {summaryDetail(summary)}
                </p>
              ) : null}
            </div>
          </div>

          <div className="mt-6 flex flex-wrap gap-3 border-t border-gray-100 pt-5">
            <Link
              to="/admin/services"
              className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
              data-testid="products-manage-link"
            >
              前往服務管理
              <ArrowRight aria-hidden size={18} />
            </Link>
            <Link
              to="/admin/services?tab=categories"
              className={`inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-5 py-2.5 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
            >
              <FolderTree aria-hidden size={18} />
              管理服務類別
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
