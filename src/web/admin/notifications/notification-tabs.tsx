// The tabs of the notification settings (002 §2.3): basic, API, test and,
// for LINE only, usage statistics; an accessible tablist (arrow keys, Home,
// End) whose tabs are marked where a field holds an error or a change waits.
import { BarChart3, KeyRound, Send, SlidersHorizontal, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { MarkedTabList, markedPanelId, markedTabId } from "#web/admin/shared/marked-tabs.tsx";
import type { NotificationTab, NotificationTabId } from "./notifications-form.ts";

const TAB_ICONS: Record<NotificationTabId, LucideIcon> = { basic: SlidersHorizontal, api: KeyRound, test: Send, usage: BarChart3 };

export const tabId = (id: NotificationTabId) => markedTabId("notify", id);
export const panelId = (id: NotificationTabId) => markedPanelId("notify", id);

interface TabListProps {
  tabs: readonly NotificationTab[];
  active: NotificationTabId;
  onSelect(id: NotificationTabId): void;
  errorCounts: Partial<Record<NotificationTabId, number>>;
  changedTabs: ReadonlySet<NotificationTabId>;
}

export function NotificationTabList({ tabs, active, onSelect, errorCounts, changedTabs }: TabListProps) {
  return (
    <MarkedTabList
      prefix="notify"
      label="通知設定分類"
      tabs={tabs.map((tab) => ({ id: tab.id, label: tab.label, icon: TAB_ICONS[tab.id] }))}
      active={active}
      onSelect={onSelect}
      errorCounts={errorCounts}
      changedTabs={changedTabs}
      className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-1.5 shadow-sm sm:flex"
    />
  );
}

export function NotificationTabPanel({ id, children }: { id: NotificationTabId; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid={`notify-panel-${id}`}>
      {children}
    </div>
  );
}
