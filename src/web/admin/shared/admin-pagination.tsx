// The pages of a back-office list (contacts, cases): how many rows in all,
// which page of how many, and 上一頁 / the page numbers / 下一頁. A long list
// the server counted only up to its cap (contacts, LINE customers) says so,
// shows no last page, and keeps 下一頁 while the page is full.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { openEndedPageItems, pageItems } from "#web/lib/page-items.ts";
import { focusRing } from "./admin-notice.tsx";

const pageButton = `inline-flex min-w-11 items-center justify-center gap-1 rounded-lg border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

interface AdminPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onPage(page: number): void;
  /** The answer's pagination.total_capped: there are more than `total` rows. */
  capped?: boolean;
  /** The page shows as many rows as a page holds: with `capped`, there may be a next one. */
  pageFull?: boolean;
}

/** What the list says of its size: the count, or that it was counted only so far. */
const pageInfoText = (page: number, totalPages: number, total: number, capped = false) =>
  capped ? `比 ${total.toLocaleString("zh-TW")} 筆還多，請用搜尋或篩選縮小範圍；第 ${page} 頁` : `共 ${total} 筆，第 ${page} / ${totalPages} 頁`;

export function AdminPagination({ page, totalPages, total, onPage, capped = false, pageFull = false }: AdminPaginationProps) {
  const hasNext = page < totalPages || (capped && pageFull);
  const items = capped ? openEndedPageItems(page, totalPages, 2) : pageItems(page, totalPages, 2);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm">
      <p className="text-sm text-gray-700" data-testid="page-info">
        {pageInfoText(page, totalPages, total, capped)}
      </p>
      {items.length > 0 ? (
        <nav aria-label="分頁">
          <ul className="flex flex-wrap items-center gap-1.5">
            <li>
              <button type="button" className={`${pageButton} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
                <ChevronLeft aria-hidden size={16} />
                上一頁
              </button>
            </li>
            {items.map((item, index) =>
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
                disabled={!hasNext}
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
