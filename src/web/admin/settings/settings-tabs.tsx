// The nine tabs of the settings screen (basic, logo, contact, social, style,
// typography, layout, seo, others; 001 §2): the tab list, marked where a field
// holds an error, and the active tab's sections of fields.
import { Image, LayoutTemplate, Palette, Phone, Search, Settings2, Share2, Store, Type, type LucideIcon } from "lucide-react";
import { MarkedTabList, markedPanelId, markedTabId } from "#web/admin/shared/marked-tabs.tsx";
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

export const tabId = (id: SettingsTabId) => markedTabId("settings", id);
export const panelId = (id: SettingsTabId) => markedPanelId("settings", id);

const TABS = SETTINGS_TABS.map((tab) => ({ id: tab.id, label: tab.label, icon: TAB_ICONS[tab.id] }));

export function SettingsTabList({ active, onSelect, errorCounts, changedTabs }: { active: SettingsTabId; onSelect(id: SettingsTabId): void; errorCounts: Partial<Record<SettingsTabId, number>>; changedTabs: ReadonlySet<SettingsTabId> }) {
  return (
    <MarkedTabList
      prefix="settings"
      label="設定分類"
      tabs={TABS}
      active={active}
      onSelect={onSelect}
      errorCounts={errorCounts}
      changedTabs={changedTabs}
      className="flex gap-1 overflow-x-auto rounded-2xl bg-white p-1.5 shadow-sm"
    />
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
