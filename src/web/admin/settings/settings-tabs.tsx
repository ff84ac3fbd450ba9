// The nine tabs of the settings screen (basic, logo, contact, social, style,
// typography, layout, seo, others; 001 §2): the tab list, marked where a field
// holds an error, and the active tab's sections of fields.
import { Image, LayoutTemplate, Palette, Phone, Search, Settings2, Share2, Store, Type, type LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { SETTINGS_TABS, type SettingsTab, type SettingsTabId } from "./settings-form.ts";
import type { FieldContext } from "./settings-field-parts.tsx";
import { SettingsField } from "./settings-fields.tsx";

const TAB_ICONS: Record<SettingsTabId, LucideIcon> = {
  basic: Store,
  logo: Image,
  contact: Phone,
  social: Share2,
  style: Palette,
  typography: Type,
  layout: LayoutTemplate,
  seo: Search,
  others: Settings2,
};

export const tabId = (id: SettingsTabId) => `settings-tab-${id}`;
export const panelId = (id: SettingsTabId) => `settings-panel-${id}`;

export function SettingsTabList({ active, onSelect, errorCounts, changedTabs }: { active: SettingsTabId; onSelect(id: SettingsTabId): void; errorCounts: Partial<Record<SettingsTabId, number>>; changedTabs: ReadonlySet<SettingsTabId> }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = SETTINGS_TABS.findIndex((tab) => tab.id === active);
    const next = event.key === "ArrowRight" || event.key === "ArrowDown" ? index + 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? SETTINGS_TABS.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const wrapped = (next + SETTINGS_TABS.length) % SETTINGS_TABS.length;
    onSelect(SETTINGS_TABS[wrapped]!.id);
    buttons.current[wrapped]?.focus();
  }

  return (
    <div role="tablist" aria-label="設定分類" aria-orientation="horizontal" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto rounded-2xl bg-white p-1.5 shadow-sm" data-testid="settings-tabs">
      {SETTINGS_TABS.map((tab, index) => {
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
            data-testid={`settings-tab-${tab.id}`}
            data-has-error={errors > 0 ? "true" : undefined}
            className={`relative inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-xl px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
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
              <span aria-label="有未儲存的變更" title="有未儲存的變更" className={`h-2 w-2 rounded-full ${selected ? "bg-white" : "bg-amber-500"}`} />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function SettingsTabPanel({ tab, context }: { tab: SettingsTab; context: FieldContext }) {
  return (
    <div role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} className="space-y-6" data-testid={`settings-panel-${tab.id}`}>
      {tab.sections.map((section) => {
        const fields = section.fields;
        const wide = fields.some((field) => field.kind === "image" || field.kind === "icon" || field.kind === "textarea" || field.kind === "switch" || field.kind === "range");
        return (
          <section key={section.title} className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            {section.description ? <p className="mt-1 text-sm text-gray-600">{section.description}</p> : null}
            <div className={`mt-4 grid gap-5 ${wide ? "" : "sm:grid-cols-2"}`}>
              {fields.map((field) => (
                <SettingsField key={field.key} spec={field} context={context} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
