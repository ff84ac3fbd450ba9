// The pages of a back-office list (contacts, cases): how many rows in all,
// which page of how many, and 上一頁 / the page numbers / 下一頁.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageItems } from "#web/lib/page-items.ts";
import { focusRing } from "./admin-notice.tsx";

const pageButton = `inline-flex min-w-11 items-center justify-center gap-1 rounded-lg border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export function AdminPagination({ page, totalPages, total, onPage }: { page: number; totalPages: number; total: number; onPage(page: number): void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm">
      <p className="text-sm text-gray-700" data-testid="page-info">
        共 {total} 筆，第 {page} / {totalPages} 頁
      </p>
      {totalPages > 1 ? (
        <nav aria-label="分頁">
          <ul className="flex flex-wrap items-center gap-1.5">
            <li>
              <button type="button" className={`${pageButton} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
                <ChevronLeft aria-hidden size={16} />
                上一頁
              </button>
            </li>
            {pageItems(page, totalPages, 2).map((item, index) =>
              item === "gap" ? (
                <li key={`gap-${index}`} aria-hidden className="px-1 text-gray-600">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    aria-label={`第 ${item} 頁`}
                    aria-current={item === page ? "page" : undefined}
                    onClick={() => onPage(item)}
                    className={`${pageButton} ${item === page ? "border-blue-600 bg-blue-600 text-white" : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50"}`}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className={`${pageButton} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
                disabled={page >= totalPages}
                onClick={() => onPage(page + 1)}
              >
                下一頁
                <ChevronRight aria-hidden size={16} />
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
