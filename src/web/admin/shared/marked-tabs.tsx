// A tab list for a screen of many fields (the settings, the notification
// settings): accessible (arrow keys, Home, End move and select), each tab
// marked with how many of its fields hold an error, or a dot when a change on
// it waits to be saved. `prefix` names the ids: `{prefix}-tab-{id}` and
// `{prefix}-panel-{id}`, and the test ids alike.
import type { LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";

export interface MarkedTab<Id extends string> {
  id: Id;
  label: string;
  icon: LucideIcon;
}

export const markedTabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const markedPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

interface MarkedTabListProps<Id extends string> {
  prefix: string;
  /** The tab list's name for screen readers, e.g. 設定分類. */
  label: string;
  tabs: readonly MarkedTab<Id>[];
  active: Id;
  onSelect(id: Id): void;
  errorCounts: Partial<Record<Id, number>>;
  changedTabs: ReadonlySet<Id>;
  /** The list's layout (a scrolling row, a grid on phones…). */
  className: string;
}

export function MarkedTabList<Id extends string>({ prefix, label, tabs, active, onSelect, errorCounts, changedTabs, className }: MarkedTabListProps<Id>) {
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
    <div role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} className={className} data-testid={`${prefix}-tabs`}>
      {tabs.map((tab, index) => {
        const Icon = tab.icon;
        const selected = tab.id === active;
        const errors = errorCounts[tab.id] ?? 0;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={markedTabId(prefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? markedPanelId(prefix, tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            data-testid={markedTabId(prefix, tab.id)}
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
              <span title="有未儲存的變更" className={`h-2 w-2 rounded-full ${selected ? "bg-white" : "bg-amber-500"}`}>
                <span className="sr-only">（有未儲存的變更）</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
