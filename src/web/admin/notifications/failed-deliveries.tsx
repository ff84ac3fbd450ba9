// 傳送失敗的通知: the notifications that failed, still retrying with backoff
// or given up, each with its channel, what it was about, why it failed and
// when, and the ways out: send it now (after fixing the settings; LINE's retry
// key keeps it from arriving twice) or, once given up, remove it (asked first).
import { AlertTriangle, RotateCw, Trash2 } from "lucide-react";
import type { FailedDelivery } from "#contract/notifications.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { failureView } from "./notifications-form.ts";

interface FailedDeliveriesProps {
  failures: readonly FailedDelivery[];
  busyId: number | null;
  onRetry(failure: FailedDelivery): void;
  onRemove(failure: FailedDelivery): void;
}

const button = `inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium disabled:opacity-50 ${focusRing}`;

export function FailedDeliveries({ failures, busyId, onRetry, onRemove }: FailedDeliveriesProps) {
  return (
    <section aria-labelledby="failed-deliveries-heading" className="rounded-2xl border border-red-200 bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid="failed-deliveries">
      <h2 id="failed-deliveries-heading" className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <AlertTriangle aria-hidden size={20} />
        傳送失敗的通知（{failures.length}）
      </h2>
      <p className="mt-1 text-sm text-gray-600">這些通知送不出去：有的仍在自動重試，有的已停止重試。請先依原因修正設定並儲存，再按「重新傳送」立即再送一次（不會重複送達）；已停止重試且不需要的通知可以移除。</p>
      <ul className="mt-4 divide-y divide-gray-100">
        {failures.map((failure) => {
          const view = failureView(failure);
          const busy = busyId === failure.id;
          return (
            <li key={failure.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start" data-testid="failed-delivery" data-failure-id={failure.id} data-state={failure.state}>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800" data-testid="failed-delivery-channel">
                    {view.channel}
                  </span>
                  <span className="font-medium break-words" data-testid="failed-delivery-summary">
                    {view.summary}
                  </span>
                </p>
                <p className="text-sm text-red-800" data-testid="failed-delivery-reason">
                  原因：{view.reason}
                </p>
                <p className="text-xs text-gray-600">
                  <time dateTime={failure.failed_at} data-testid="failed-delivery-time">
                    {view.time}
                  </time>
                  ・{view.attempts}・<span data-testid="failed-delivery-state">{view.state}</span>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" onClick={() => onRetry(failure)} disabled={busy} aria-label={`重新傳送：${view.name}`} className={`${button} border-blue-200 bg-white text-blue-800 hover:bg-blue-50`}>
                  <RotateCw aria-hidden size={16} />
                  重新傳送
                </button>
                {view.removable ? (
                  <button type="button" onClick={() => onRemove(failure)} disabled={busy} aria-label={`移除：${view.name}`} className={`${button} border-red-200 bg-white text-red-700 hover:bg-red-50`}>
                    <Trash2 aria-hidden size={16} />
                    移除
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
