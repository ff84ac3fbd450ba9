// 通知上限: the cap that keeps a flood of messages from spending the month's
// LINE pushes (decision 021), stated as a rule, and how many messages it held
// back today when it did (they are all in the inbox, counted in a summary).
import { Gauge } from "lucide-react";
import type { NoticeCapStatus } from "#contract/notifications.ts";
import { capView } from "./notifications-form.ts";

export function NoticeCapPanel({ cap }: { cap: NoticeCapStatus }) {
  const view = capView(cap);
  return (
    <section aria-labelledby="notice-cap-heading" className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid="notice-cap">
      <h2 id="notice-cap-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Gauge aria-hidden size={20} />
        通知上限
      </h2>
      <p className="mt-1 text-sm text-gray-700" data-testid="notice-cap-rule">
        {view.rule}
      </p>
      {view.held ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="notice-cap-held">
          {view.held}
        </p>
      ) : null}
    </section>
  );
}
