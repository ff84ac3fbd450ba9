// 通知上限: each channel's cap on notices (decision 021), stated as a rule in
// words: LINE's keeps a flood from spending the month's pushes; Discord's and
// mail's, which spend no quota, are high enough for a busy hour. With how many
// messages a channel held back today when it did (all in the inbox, counted in
// its summary).
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
      <ul className="mt-2 space-y-1 text-sm text-gray-700">
        {view.channels.map((channel) => (
          <li key={channel.channel} data-testid={`notice-cap-rule-${channel.channel}`}>
            {channel.rule}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-700" data-testid="notice-cap-past">
        {view.past}
      </p>
      {view.channels
        .filter((channel) => channel.held)
        .map((channel) => (
          <p key={channel.channel} className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid={`notice-cap-held-${channel.channel}`}>
            {channel.held}
          </p>
        ))}
    </section>
  );
}
