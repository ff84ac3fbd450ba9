// /admin/test (002 §2): a small screen for checking the current theme
// settings: the active theme (id, name, layout type, content width), its
// colours, and the typography of the settings. Not in the sidebar.
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { PublicSettings } from "#contract/settings.ts";
import { contentWidthOf } from "#contract/theme.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { layoutLabel, ThemeSwatches } from "./theme-swatches.tsx";
import { apiGet, errorMessage } from "#web/admin/shared/api-client.ts";
import { useThemes } from "./use-themes.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta("主題設定測試");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const cardClass = "rounded-2xl bg-white p-6 text-gray-900 shadow-sm";
const withUnit = (value: string | undefined, unit: string) => (value ? (/^\d+(\.\d+)?$/.test(value) ? `${value}${unit}` : value) : "—");

export default function TestTheme() {
  const settings = useQuery({
    queryKey: ["admin", "public-settings"],
    queryFn: ({ signal }) => apiGet<PublicSettings>("/api.php/settings", signal),
  });
  const themes = useThemes();

  const header = <AdminPageHeader title="主題設定測試" description="檢查目前網站使用的風格與樣式設定" />;
  if (settings.isPending || themes.isPending) {
    return (
      <>
        {header}
        <AdminLoading />
      </>
    );
  }
  if (settings.isError || themes.isError) {
    return (
      <>
        {header}
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800" data-testid="test-theme-error">
          <CircleAlert aria-hidden size={20} />
          {errorMessage(settings.error ?? themes.error, "載入主題設定失敗")}
        </p>
      </>
    );
  }

  const activeId = Number(settings.data.active_theme_id);
  const theme = themes.data.find((item) => item.id === activeId) ?? themes.data.find((item) => item.is_active) ?? null;

  return (
    <>
      {header}
      <div className="space-y-6">
        <section aria-labelledby="test-active-heading" className={cardClass}>
          <h2 id="test-active-heading" className="text-lg font-semibold">
            目前使用的風格
          </h2>
          {theme ? (
            <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Item label="主題編號" testId="test-theme-id">
                {theme.id}
              </Item>
              <Item label="主題名稱" testId="test-theme-name">
                {theme.name}
              </Item>
              <Item label="版面類型" testId="test-theme-layout">
                {layoutLabel(theme.layout_type)}（{theme.layout_type}）
              </Item>
              <Item label="內容寬度" testId="test-theme-width">
                {contentWidthOf(theme.layout_type)}px
              </Item>
            </dl>
          ) : (
            <p className="mt-4 text-gray-600" data-testid="test-theme-missing">
              找不到編號 {settings.data.active_theme_id || "—"} 的主題，網站使用內建預設風格。
            </p>
          )}
        </section>

        {theme ? (
          <section aria-labelledby="test-colours-heading" className={cardClass}>
            <h2 id="test-colours-heading" className="text-lg font-semibold">
              顏色
            </h2>
            <div className="mt-4">
              <ThemeSwatches
                size="lg"
                swatches={[
                  { label: "主要顏色", value: theme.primary_color },
                  { label: "主要顏色（滑過）", value: theme.primary_hover },
                  { label: "次要顏色", value: theme.secondary_color },
                  { label: "強調顏色", value: theme.accent_color },
                  { label: "主要背景", value: theme.bg_primary },
                  { label: "次要背景", value: theme.bg_secondary },
                  { label: "主要文字", value: theme.text_primary },
                  { label: "邊框", value: theme.border_color },
                ]}
              />
            </div>
          </section>
        ) : null}

        <section aria-labelledby="test-type-heading" className={cardClass}>
          <h2 id="test-type-heading" className="text-lg font-semibold">
            文字樣式
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Item label="字型" testId="test-font-family">
              {settings.data.font_family || "—"}
            </Item>
            <Item label="字體大小" testId="test-font-size">
              {withUnit(settings.data.font_size, "px")}
            </Item>
            <Item label="行高" testId="test-line-height">
              {settings.data.line_height || "—"}
            </Item>
            <Item label="圓角大小" testId="test-border-radius">
              {withUnit(settings.data.border_radius, "px")}
            </Item>
          </dl>
        </section>
      </div>
    </>
  );
}

function Item({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
