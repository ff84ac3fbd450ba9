// The tabs of the notification settings (002 §2.3): basic, API, test and,
// for LINE only, usage statistics; an accessible tablist (arrow keys, Home,
// End) whose tabs are marked where a field holds an error or a change waits.
import { BarChart3, KeyRound, Send, SlidersHorizontal, type LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import type { NotificationTab, NotificationTabId } from "./notifications-form.ts";

const TAB_ICONS: Record<NotificationTabId, LucideIcon> = { basic: SlidersHorizontal, api: KeyRound, test: Send, usage: BarChart3 };

export const tabId = (id: NotificationTabId) => `notify-tab-${id}`;
export const panelId = (id: NotificationTabId) => `notify-panel-${id}`;

interface TabListProps {
  tabs: readonly NotificationTab[];
  active: NotificationTabId;
  onSelect(id: NotificationTabId): void;
  errorCounts: Partial<Record<NotificationTabId, number>>;
  changedTabs: ReadonlySet<NotificationTabId>;
}

export function NotificationTabList({ tabs, active, onSelect, errorCounts, changedTabs }: TabListProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active);
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown" ? index + 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const wrapped = (next + tabs.length) % tabs.length;
    onSelect(tabs[wrapped]!.id);
    buttons.current[wrapped]?.focus();
  }

  return (
    <div role="tablist" aria-label="通知設定分類" aria-orientation="horizontal" onKeyDown={onKeyDown} className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-1.5 shadow-sm sm:flex" data-testid="notify-tabs">
      {tabs.map((tab, index) => {
        const Icon = TAB_ICONS[tab.id];
        const selected = tab.id === active;
        const errors = errorCounts[tab.id] ?? 0;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            data-testid={`notify-tab-${tab.id}`}
            data-has-error={errors > 0 ? "true" : undefined}
            className={`relative inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-xl px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
              selected ? "bg-blue-600 text-white shadow" : errors > 0 ? "text-red-700 hover:bg-red-50" : "text-gray-700 hover:bg-gray-100"
            }`}
          >
            <Icon aria-hidden size={16} />
            {tab.label}
            {errors > 0 ? (
              <span className={`ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-bold ${selected ? "bg-white text-red-700" : "bg-red-600 text-white"}`} data-testid="tab-error-count">
                {errors}
                <span className="sr-only"> 個欄位有錯誤</span>
              </span>
            ) : changedTabs.has(tab.id) ? (
              <span className={`h-2 w-2 rounded-full ${selected ? "bg-white" : "bg-amber-500"}`}>
                <span className="sr-only">（有未儲存的變更）</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function NotificationTabPanel({ id, children }: { id: NotificationTabId; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid={`notify-panel-${id}`}>
      {children}
    </div>
  );
}
