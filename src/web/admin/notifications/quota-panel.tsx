// The usage statistics tab (002 §2.3, §4, §9): this month's LINE push
// messages against the plan as a bar coloured green, yellow or red, the
// remaining count, a warning above 80 %, the free plan's terms and a refresh.
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Info, LoaderCircle, RefreshCw } from "lucide-react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { fetchQuota } from "./notifications-api.ts";
import { QUOTA_BAR_CLASSES, QUOTA_LEVEL_LABELS, QUOTA_QUERY_KEY, quotaErrorMessage, quotaView, SCREEN_MESSAGES } from "./notifications-form.ts";

export function QuotaPanel({ tokenChanged }: { tokenChanged: boolean }) {
  const query = useQuery({ queryKey: QUOTA_QUERY_KEY, queryFn: ({ signal }) => fetchQuota(signal), staleTime: 0, retry: false });
  const view = query.data ? quotaView(query.data) : null;
  const busy = query.isFetching;

  return (
    <div className="space-y-5" aria-busy={busy && !query.data ? true : undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">本月推播訊息用量</h2>
          <p className="mt-1 text-sm text-gray-600">依已儲存的 Channel Access Token 向 LINE 查詢</p>
        </div>
        <button
          type="button"
          onClick={() => void query.refetch()}
          disabled={busy}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60 ${focusRing}`}
        >
          <RefreshCw aria-hidden size={16} className={busy ? "animate-spin" : undefined} />
          重新整理
        </button>
      </div>

      {tokenChanged ? (
        <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
          <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
          Channel Access Token 有尚未儲存的變更；儲存設定後再按「重新整理」，就會用新的 Token 查詢。
        </p>
      ) : null}

      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-gray-600">
          <LoaderCircle aria-hidden size={18} className="animate-spin" />
          查詢配額中…
        </p>
      ) : query.isError && !view ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="quota-error">
          {quotaErrorMessage(query.error)}
        </p>
      ) : view && query.data ? (
        <div className="space-y-4" data-testid="quota">
          <div>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium" id="quota-bar-label">
                已使用
              </span>
              <span className="text-sm font-semibold tabular-nums" data-testid="quota-percentage">
                {view.percentText}
                <span className="ml-2 font-normal text-gray-600">{QUOTA_LEVEL_LABELS[view.level]}</span>
              </span>
            </div>
            <div
              role="meter"
              aria-labelledby="quota-bar-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={view.width}
              aria-valuetext={view.valueText}
              className="h-4 w-full overflow-hidden rounded-full bg-gray-200"
              data-testid="quota-bar"
              data-level={view.level}
            >
              <div className={`h-full rounded-full transition-[width] ${QUOTA_BAR_CLASSES[view.level]}`} style={{ width: `${view.width}%` }} data-testid="quota-bar-fill" />
            </div>
          </div>
          <dl className="grid gap-3 sm:grid-cols-3">
            <div className="rounded-lg bg-gray-50 px-4 py-3">
              <dt className="text-sm text-gray-600">已使用 / 上限</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid="quota-used">
                {view.usedText}
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 px-4 py-3">
              <dt className="text-sm text-gray-600">剩餘</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid="quota-remaining">
                {view.remainingText}
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 px-4 py-3">
              <dt className="text-sm text-gray-600">使用率</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{view.percentText}</dd>
            </div>
          </dl>
          {view.warning ? (
            <p className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="quota-warning">
              <AlertTriangle aria-hidden size={18} className="mt-0.5 shrink-0" />
              {SCREEN_MESSAGES.quotaWarning}
            </p>
          ) : null}
          {query.isError ? (
            <p role="alert" className="text-sm text-red-700" data-testid="quota-error">
              {quotaErrorMessage(query.error)}
            </p>
          ) : null}
        </div>
      ) : null}

      <p className="flex items-start gap-2 text-sm text-gray-700" data-testid="quota-plan">
        <Info aria-hidden size={18} className="mt-0.5 shrink-0 text-gray-500" />
        {SCREEN_MESSAGES.quotaFreePlan}
      </p>
    </div>
  );
}
