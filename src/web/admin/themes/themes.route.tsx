// /admin/themes (002 §2.4, §4, §7, §8, §9; issue 5): a card per theme
// with the active one marked, activate after a preview and a confirmation
// (decision 030; 風格已成功切換, cleared after 3 s, the page reloads after 1 s), and the in-place edit of name, industry,
// description and the four colours, sent with the backgrounds, text colours,
// border and font the spec fixes (the theme's own values kept when it has them).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Theme, ThemeListItem } from "#contract/theme.ts";
import { LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { ThemeCard, type SaveOutcome, type ThemeEdit } from "./theme-card.tsx";
import { ThemePreviewDialog } from "./theme-preview-dialog.tsx";
import { THEMES_QUERY_KEY, useThemes } from "./use-themes.ts";
import { ApiError, apiRequest, errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta("網站風格");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const RELOAD_MS = 1_000;

/**
 * 002 §7: every update also sends backgrounds, text colours, border and font
 * with fixed defaults. A theme's own values are kept: resetting a seeded theme's
 * light-blue background on an unrelated name change would lose the staff's theme.
 */
const THEME_FIXED_DEFAULTS = {
  bg_primary: "#ffffff",
  bg_secondary: "#f8fafc",
  text_primary: "#1f2937",
  text_secondary: "#4b5563",
  text_light: "#9ca3af",
  border_color: "#e5e7eb",
  font_family: "Inter",
} as const;

const fixedFieldsOf = (theme: ThemeListItem) =>
  Object.fromEntries(
    Object.entries(THEME_FIXED_DEFAULTS).map(([field, fallback]) => [field, theme[field as keyof typeof THEME_FIXED_DEFAULTS] || fallback]),
  );

export default function Themes() {
  const client = useQueryClient();
  const themes = useThemes();
  const [notice, setNotice] = useNotice();
  const [activatingId, setActivatingId] = useState<number | null>(null);
  // 套用此風格 shows the theme first; the site changes only after the confirmation (decision 030).
  const [previewing, setPreviewing] = useState<ThemeListItem | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);


  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  function reloadSoon() {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => window.location.reload(), RELOAD_MS);
  }

  async function activate(theme: ThemeListItem) {
    if (activatingId !== null) return;
    setActivatingId(theme.id);
    setNotice(null);
    try {
      await apiRequest<Theme>(`/api.php/themes/${theme.id}/activate`, { method: "POST" });
      setNotice({ tone: "success", text: "風格已成功切換" });
      await client.invalidateQueries({ queryKey: THEMES_QUERY_KEY });
      reloadSoon();
    } catch {
      setNotice({ tone: "error", text: "切換風格失敗" });
    } finally {
      setActivatingId(null);
    }
  }

  async function save(theme: ThemeListItem, edit: ThemeEdit): Promise<SaveOutcome> {
    try {
      await apiRequest<Theme>(`/api.php/themes/${theme.id}`, { method: "PUT", body: { ...edit, ...fixedFieldsOf(theme) } });
    } catch (error) {
      const message = `主題更新失敗：${errorMessage(error, "未知錯誤")}`;
      return { ok: false, message, errors: error instanceof ApiError ? error.errors : {} };
    }
    setNotice({ tone: "success", text: "主題已成功更新" });
    await client.invalidateQueries({ queryKey: THEMES_QUERY_KEY });
    // 002 §4: updating the active theme reloads the page after 1 s.
    if (theme.is_active) reloadSoon();
    return { ok: true };
  }

  const list = themes.data ?? [];

  return (
    <>
      <AdminPageHeader title="網站風格" description="選擇並調整網站前台的配色與版面風格" />

      <div className="space-y-4">
        <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="theme-notice" errorTestId="theme-error" />

        {themes.isPending ? (
          <AdminLoading label="載入風格中..." />
        ) : themes.isError ? (
          <LoadError message={errorMessage(themes.error, "載入風格失敗")} testId="themes-load-error" action={<RetryButton onRetry={() => void themes.refetch()} />} />
        ) : list.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-gray-600 shadow-sm">目前沒有可用的風格</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2" data-testid="theme-list">
            {list.map((theme) => (
              <ThemeCard
                key={theme.id}
                theme={theme}
                activating={activatingId === theme.id}
                busy={activatingId !== null}
                onActivate={setPreviewing}
                onSave={save}
              />
            ))}
          </div>
        )}
      </div>

      <ThemePreviewDialog
        theme={previewing}
        current={list.find((theme) => theme.is_active) ?? null}
        onClose={() => setPreviewing(null)}
        onApply={(chosen) => {
          setPreviewing(null);
          void activate(chosen);
        }}
      />
    </>
  );
}
