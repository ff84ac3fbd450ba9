// The cases list (001 §2, §3): first picture, title, service type, location,
// completion date, featured star, status, 編輯 and 刪除 — a table where there
// is room for one, a card per case on a phone; a search's words marked. A click on a row or a card
// opens the case, as 編輯 does.
import { Pencil, Star, Trash2 } from "lucide-react";
import type { MouseEvent } from "react";
import { portfolioStatusLabels, type Portfolio } from "#contract/portfolios.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { Thumbnail } from "#web/admin/shared/dialog-fields.tsx";
import { formatDate } from "#web/lib/zh-tw-dates.ts";
import { CASE_TEXT, caseThumbnail } from "./portfolio-form.ts";
import { useWideScreen } from "#web/admin/shared/use-wide-screen.ts";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";

interface CaseTableProps {
  cases: readonly Portfolio[];
  busyId: number | null;
  /** A page is on its way: the rows are the previous page's. */
  loading: boolean;
  caption: string;
  /** The list's search ('' for none). */
  search: string;
  onEdit(portfolio: Portfolio): void;
  onDelete(portfolio: Portfolio): void;
}

export function CaseTable({ cases, busyId, loading, caption, search, onEdit, onDelete }: CaseTableProps) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="space-y-3" aria-busy={loading} aria-label={caption} data-testid="case-list" data-layout="cards">
        {cases.map((portfolio) => (
          <li key={portfolio.id} onClick={() => onEdit(portfolio)} className="cursor-pointer rounded-2xl bg-white p-4 text-gray-900 shadow-sm" data-testid="case-row" data-case-id={portfolio.id}>
            <div className="flex gap-3">
              <Thumbnail src={caseThumbnail(portfolio)} alt="" className="h-16 w-20 shrink-0 rounded-lg" testId="case-thumbnail" />
              <div className="min-w-0 flex-1">
                <p className="flex items-start gap-1.5 font-semibold break-words">
                  <span data-testid="case-title">
                    <HighlightedText text={portfolio.title} search={search} />
                  </span>
                  <FeaturedMark featured={portfolio.featured} />
                </p>
                <p className="text-sm text-gray-600">
                  <span data-testid="case-type">{portfolio.category_label}</span>
                  {portfolio.client ? (
                    <span data-testid="case-location">
                      ・<HighlightedText text={portfolio.client} search={search} />
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
                  <StatusBadge status={portfolio.status} />
                  <span data-testid="case-date">完成日期：{formatDate(portfolio.completed_at) || CASE_TEXT.noDate}</span>
                </p>
              </div>
            </div>
            <RowButtons portfolio={portfolio} busy={busyId === portfolio.id} onEdit={onEdit} onDelete={onDelete} className="mt-3 justify-end" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl bg-white text-gray-900 shadow-sm">
      <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={loading} data-testid="case-list" data-layout="table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
          <tr>
            {["照片", "案例標題", "服務類型", "地點", "完成日期", "精選", "狀態"].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {cases.map((portfolio) => (
            <tr key={portfolio.id} onClick={() => onEdit(portfolio)} className="cursor-pointer align-middle hover:bg-blue-50/60" data-testid="case-row" data-case-id={portfolio.id}>
              <td className="px-4 py-3">
                <Thumbnail src={caseThumbnail(portfolio)} alt="" className="h-12 w-16 rounded-md" testId="case-thumbnail" />
              </td>
              <td className="max-w-xs px-4 py-3 font-medium break-words" data-testid="case-title">
                <HighlightedText text={portfolio.title} search={search} />
              </td>
              <td className="px-4 py-3" data-testid="case-type">
                {portfolio.category_label}
              </td>
              <td className="px-4 py-3" data-testid="case-location">
                {portfolio.client ? <HighlightedText text={portfolio.client} search={search} /> : <span className="text-gray-600">{CASE_TEXT.noLocation}</span>}
              </td>
              <td className="px-4 py-3 whitespace-nowrap" data-testid="case-date">
                {formatDate(portfolio.completed_at) || <span className="text-gray-600">{CASE_TEXT.noDate}</span>}
              </td>
              <td className="px-4 py-3">
                <FeaturedMark featured={portfolio.featured} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={portfolio.status} />
              </td>
              <td className="px-4 py-3">
                <RowButtons portfolio={portfolio} busy={busyId === portfolio.id} onEdit={onEdit} onDelete={onDelete} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FeaturedMark({ featured }: { featured: boolean }) {
  return featured ? (
    <span className="inline-flex items-center text-amber-500" data-testid="case-featured">
      <Star aria-hidden size={18} className="fill-current" />
      <span className="sr-only">精選案例</span>
    </span>
  ) : null;
}

function StatusBadge({ status }: { status: Portfolio["status"] }) {
  const on = status === "active";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${on ? "bg-green-50 text-green-800 ring-green-200" : "bg-gray-100 text-gray-700 ring-gray-300"}`}
      data-testid="case-status"
    >
      {portfolioStatusLabels[status]}
    </span>
  );
}

const rowButton = `inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${focusRing}`;

function RowButtons({ portfolio, busy, onEdit, onDelete, className }: { portfolio: Portfolio; busy: boolean; onEdit(portfolio: Portfolio): void; onDelete(portfolio: Portfolio): void; className: string }) {
  // The row around them opens the case too: a button's click stops here.
  const only = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <div className={`flex flex-wrap gap-1 ${className}`}>
      <button type="button" onClick={only(() => onEdit(portfolio))} className={`${rowButton} text-blue-700 hover:bg-blue-50`}>
        <Pencil aria-hidden size={16} />
        編輯
        <span className="sr-only">：{portfolio.title}</span>
      </button>
      <button type="button" disabled={busy} onClick={only(() => onDelete(portfolio))} className={`${rowButton} text-red-700 hover:bg-red-50`}>
        <Trash2 aria-hidden size={16} />
        刪除
        <span className="sr-only">：{portfolio.title}</span>
      </button>
    </div>
  );
}
