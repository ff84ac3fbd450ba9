// The live preview of the public frame with the form's unsaved values: the
// site's own header, footer and floating buttons, coloured by the same
// theme variables the server writes into the page. It is drawn at a desktop
// width and zoomed to fit; it cannot be clicked (inert) and its fixed
// floating buttons stay inside it (a transformed box contains them). It
// carries the public frame's classes, so the shadow, button, card and navbar
// styles and the dark scheme look as they will on the site.
import { Eye, Wrench } from "lucide-react";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { isOn } from "#contract/settings.ts";
import type { Theme } from "#contract/theme.ts";
import { FloatingButtons } from "#web/ui/floating-buttons.tsx";
import { SiteFooter } from "#web/ui/site-footer.tsx";
import { SiteHeader } from "#web/ui/site-header.tsx";
import type { SettingsValues } from "./settings-form.ts";
import { cardStyleOf, darkVariables, themeVariables } from "#web/ui/theme-css.ts";

/** Wide enough for the desktop header (logo and six links) on one line. */
const FRAME_WIDTH = 900;

export function SettingsPreview({ values, theme }: { values: SettingsValues; theme: Theme }) {
  const outer = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(0.5);

  useEffect(() => {
    const element = outer.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setZoom(Math.min(1, width / FRAME_WIDTH));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Dark and auto are previewed dark (auto is what a visitor whose system is dark sees); the public page does the same with a stylesheet.
  const dark = values.theme_mode === "dark" || values.theme_mode === "auto";
  const frameStyle = {
    ...themeVariables(theme, values),
    ...(dark ? { ...darkVariables(theme, values), colorScheme: "dark" } : {}),
    width: FRAME_WIDTH,
    zoom,
    transform: "translateZ(0)",
    fontFamily: "var(--font-family)",
    fontSize: "var(--font-size)",
    lineHeight: "var(--line-height)",
    color: "var(--text-primary)",
    background: "var(--bg-primary)",
  } as CSSProperties;

  return (
    <section aria-labelledby="settings-preview-heading" className="rounded-2xl bg-white p-4 text-gray-900 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="settings-preview-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Eye aria-hidden size={18} />
          即時預覽
        </h2>
        <span className="text-xs text-gray-500">尚未儲存的變更也會顯示</span>
      </div>
      {isOn(values.maintenance_mode) ? (
        <p className="mb-3 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="preview-maintenance">
          <Wrench aria-hidden size={16} />
          維護模式開啟：訪客只會看到「網站維護中」頁面
        </p>
      ) : null}
      <div ref={outer} className="overflow-hidden rounded-lg border border-gray-200">
        {/* The classes and variables of the public frame (ui/theme.css): shadows, buttons, cards. */}
        <div inert style={frameStyle} data-testid="settings-preview" className={`site-frame cards-${cardStyleOf(values)} relative min-h-[560px] select-none`}>
          <SiteHeader settings={values} />
          <PreviewContent values={values} />
          <SiteFooter settings={values} />
          <FloatingButtons settings={values} />
        </div>
      </div>
    </section>
  );
}

/** A stand-in page between header and footer: heading, text and a button in the chosen type and colours. */
function PreviewContent({ values }: { values: SettingsValues }) {
  return (
    <div className="bg-surface-muted">
      <div className="container-site py-10">
        <p className="text-sm font-semibold text-[color:var(--primary-ink,var(--primary-600))]">{values.site_title}</p>
        <p className="mt-2 text-3xl font-bold text-ink">{values.company_name}</p>
        <p className="mt-3 max-w-xl text-ink-muted" style={{ fontSize: "var(--font-size)", lineHeight: "var(--line-height)" }} data-testid="preview-body-text">
          {values.site_description}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="/contact" className="rounded-theme bg-primary-600 px-5 py-2.5 font-semibold text-white shadow-sm" data-testid="preview-primary-button">
            免費估價
          </a>
          <a href="/services" className="rounded-theme border border-line bg-card px-5 py-2.5 font-semibold text-ink">
            了解服務
          </a>
        </div>
        <div className="mt-8 max-w-sm rounded-theme bg-card p-5 shadow-sm ring-1 ring-line" data-testid="preview-card">
          <p className="font-semibold text-ink">服務卡片</p>
          <p className="mt-1 text-sm text-ink-muted">卡片樣式、陰影與圓角的樣子</p>
        </div>
      </div>
    </div>
  );
}
