// /admin/settings (001 §2, §3, §5, §7, §8): nine tabs (the open one in ?tab=) over every site
// setting, one save for the whole form, the shared zod rules checked before
// sending, the server's field errors beside their fields (and their tabs
// marked), uploads for logos and icons, and a live preview of the public
// header, footer and floating buttons with the unsaved values.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, RotateCcw, Save, Undo2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { SettingKey, Settings } from "#contract/settings.ts";
import { FALLBACK_THEME, type Theme } from "#contract/theme.ts";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import type { FieldContext } from "./settings-field-parts.tsx";
import { SettingsPreview } from "./settings-preview.tsx";
import { SettingsTabList, SettingsTabPanel } from "./settings-tabs.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { fetchSettings, saveSettings } from "./settings-api.ts";
import { useThemes } from "#web/admin/themes/use-themes.ts";
import {
  changedKeys,
  errorCountByTab,
  formFromSettings,
  SETTINGS_MESSAGES,
  SETTINGS_QUERY_KEY,
  SETTINGS_TABS,
  settingsPayload,
  tabFromSearch,
  tabOfKey,
  tabToShow,
  validateField,
  validateSettings,
  withTabDefaults,
  type FieldErrors,
  type SettingsTabId,
  type SettingsValues,
} from "./settings-form.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";

export const meta = () => adminMeta("網站設定");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function SettingsScreen() {
  const query = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: ({ signal }) => fetchSettings(signal), staleTime: 0 });
  // The active theme colours the preview and names what blank colours follow.
  const themes = useThemes();
  const theme = themes.data?.find((candidate) => candidate.is_active) ?? FALLBACK_THEME;

  return (
    <>
      <AdminPageHeader title="網站設定" description="管理網站的基本資料、Logo、配色、字型、版面與 SEO，並即時預覽尚未儲存的變更" />
      {query.isPending ? (
        <AdminLoading label="載入設定中..." />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error, SETTINGS_MESSAGES.loadFailed)} testId="settings-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
      ) : (
        <SettingsEditor initial={query.data} theme={theme} />
      )}
    </>
  );
}

function SettingsEditor({ initial, theme }: { initial: Settings; theme: Theme }) {
  const client = useQueryClient();
  const [saved, setSaved] = useState<SettingsValues>(() => formFromSettings(initial));
  const [values, setValues] = useState<SettingsValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The tab is kept in the address (?tab=seo), so another screen can send staff to the field it names.
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<SettingsTabId>(() => tabFromSearch(search.get("tab")));
  useEffect(() => {
    if ((search.get("tab") ?? "basic") === tab) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === "basic") next.delete("tab");
        else next.set("tab", tab);
        return next;
      },
      { replace: true },
    );
  }, [tab, search, setSearch]);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const [notice, setNotice] = useNotice();

  const changed = useMemo(() => changedKeys(values, saved), [values, saved]);
  const dirty = changed.length > 0;
  const changedTabs = useMemo(() => new Set(changed.map((key) => tabOfKey(key)).filter((id): id is SettingsTabId => Boolean(id))), [changed]);
  const changedTabLabels = SETTINGS_TABS.filter((candidate) => changedTabs.has(candidate.id)).map((candidate) => candidate.label);
  const confirm = useConfirm();
  const errorCounts = useMemo(() => errorCountByTab(errors), [errors]);

  const set = useCallback((key: SettingKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // An error goes away as soon as the value satisfies the rule again.
    setErrors((current) => (current[key] ? { ...current, [key]: validateField(key, value) } : current));
  }, []);
  const setError = useCallback((key: SettingKey, message: string | undefined) => setErrors((current) => ({ ...current, [key]: message })), []);
  const context: FieldContext = { values, errors, theme, set, setError };

  const save = useCallback(async () => {
    if (saving) return;
    const payload = settingsPayload(values);
    const invalid = validateSettings(payload);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setTab((current) => tabToShow(current, invalid));
      setNotice({ tone: "error", text: SETTINGS_MESSAGES.invalid });
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const result = await saveSettings(payload);
      const next = formFromSettings(result.data);
      client.setQueryData(SETTINGS_QUERY_KEY, result.data);
      setSaved(next);
      setValues(next);
      setErrors({});
      setNotice({ tone: "success", text: result.message || SETTINGS_MESSAGES.saved });
    } catch (error) {
      console.warn("儲存設定失敗", error);
      const fieldErrors: FieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(fieldErrors);
      setTab((current) => tabToShow(current, fieldErrors));
      setNotice({ tone: "error", text: errorMessage(error, SETTINGS_MESSAGES.saveFailed) });
      focusFirstError();
    } finally {
      setSaving(false);
    }
  }, [client, saving, setNotice, values, focusFirstError]);

  // Ctrl+S / ⌘S saves, as in the editors people know.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  useUnsavedChangesWarning(dirty, SETTINGS_MESSAGES.leave);

  async function discard() {
    const confirmed = await confirm({ title: "放棄變更", message: "確定要放棄所有尚未儲存的變更嗎？", items: changedTabLabels, confirmLabel: "放棄變更" });
    if (!confirmed) return;
    setValues(saved);
    setErrors({});
  }

  async function resetTab() {
    const label = SETTINGS_TABS.find((candidate) => candidate.id === tab)?.label ?? "";
    const confirmed = await confirm({ title: "恢復預設值", message: `確定要將「${label}」的欄位恢復為預設值嗎？（儲存後才會生效）`, confirmLabel: "恢復預設值" });
    if (!confirmed) return;
    setValues((current) => withTabDefaults(current, tab));
  }

  const activeTab = SETTINGS_TABS.find((candidate) => candidate.id === tab) ?? SETTINGS_TABS[0]!;
  const secondary = `inline-flex items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 ${focusRing}`;

  return (
    <div className="space-y-4">
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="settings-notice" errorTestId="settings-error" />
      <SettingsTabList active={tab} onSelect={setTab} errorCounts={errorCounts} changedTabs={changedTabs} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className="min-w-0 space-y-4"
          aria-label="網站設定"
          data-testid="settings-form"
        >
          <p className="text-sm opacity-75">{activeTab.description}</p>
          <SettingsTabPanel tab={activeTab} context={context} />
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 bg-white/95 px-4 py-3 text-gray-900 shadow-lg backdrop-blur">
            <p className="text-sm" aria-live="polite" data-testid="settings-dirty">
              {dirty ? <span className="font-medium text-amber-700">{changed.length} 個欄位尚未儲存</span> : <span className="text-gray-500">所有變更皆已儲存</span>}
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={() => void resetTab()} className={secondary} title="將目前分頁的欄位恢復為預設值" aria-label="恢復此頁預設值">
                <RotateCcw aria-hidden size={16} />
                <span className="hidden sm:inline">恢復此頁預設值</span>
              </button>
              <button type="button" onClick={() => void discard()} disabled={!dirty || saving} className={secondary} title="放棄變更" aria-label="放棄變更">
                <Undo2 aria-hidden size={16} />
                <span className="hidden sm:inline">放棄變更</span>
              </button>
              <button
                type="submit"
                disabled={saving}
                className={`inline-flex items-center gap-2 rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white shadow hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
              >
                {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <Save aria-hidden size={18} />}
                {saving ? "儲存中..." : "儲存設定"}
              </button>
            </div>
          </div>
        </form>
        <aside className="min-w-0 xl:sticky xl:top-4" aria-label="預覽">
          <SettingsPreview values={values} theme={theme} />
        </aside>
      </div>
    </div>
  );
}
