// 套用此風格 first shows the theme (decision 030): the real home page in a frame,
// rendered by the server with the chosen theme for this staff member only
// (a signed address from GET /api.php/themes/{id}/preview), at desktop or phone
// width, and then our confirmation saying what will change for every visitor.
import { useQuery } from "@tanstack/react-query";
import { Loader2, Monitor, Palette, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ThemeListItem, ThemePreviewLink } from "#contract/theme.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing, LoadError, RetryButton } from "#web/admin/shared/admin-notice.tsx";
import { apiGet, errorMessage } from "#web/admin/shared/api-client.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { SegmentedControl } from "#web/admin/shared/segmented-control.tsx";
import { homeContentOf, themeChanges } from "./theme-change.ts";

type Width = "desktop" | "phone";

/** The phone width of the preview: a common phone's CSS width. */
export const PHONE_WIDTH = 375;
/** The desktop preview is laid out at this width and scaled down to the dialog, so it shows the desktop layout, not a tablet's. */
const DESKTOP_WIDTH = 1280;

const WIDTH_OPTIONS = [
  { value: "desktop", label: "電腦", icon: <Monitor aria-hidden size={16} /> },
  { value: "phone", label: "手機", icon: <Smartphone aria-hidden size={16} /> },
] as const;

interface ThemePreviewDialogProps {
  /** The theme to preview; null: closed. */
  theme: ThemeListItem | null;
  /** The theme the site uses now (null: the built-in one). */
  current: ThemeListItem | null;
  onClose(): void;
  /** Confirmed: activate it. */
  onApply(theme: ThemeListItem): void;
}

export function ThemePreviewDialog({ theme, current, onClose, onApply }: ThemePreviewDialogProps) {
  return (
    <AdminDialog open={theme !== null} title={theme ? `預覽「${theme.name}」` : "預覽風格"} onClose={onClose} size="xl">
      {theme ? <PreviewBody theme={theme} current={current} onClose={onClose} onApply={onApply} /> : null}
    </AdminDialog>
  );
}

function PreviewBody({ theme, current, onClose, onApply }: Omit<ThemePreviewDialogProps, "theme"> & { theme: ThemeListItem }) {
  const confirm = useConfirm();
  const [width, setWidth] = useState<Width>("desktop");
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ width: DESKTOP_WIDTH, height: 600 });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setStageSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, stageSize.width / DESKTOP_WIDTH);
  // A fresh address each time: a ticket lives minutes, and nothing of it may be reused from a cache.
  const link = useQuery({
    queryKey: ["admin", "theme-preview", theme.id],
    queryFn: ({ signal }) => apiGet<ThemePreviewLink>(`/api.php/themes/${theme.id}/preview`, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const home = useQuery({
    queryKey: ["admin", "home-services-page"],
    // A page the site does not show (inactive) feeds no section.
    queryFn: ({ signal }) => apiGet<{ content?: unknown }>("/api.php/pages/home_services", signal).catch(() => null),
  });

  async function apply() {
    const content = homeContentOf(home.data ?? null);
    const yes = await confirm({
      title: `套用「${theme.name}」`,
      message: "套用後網站前台會立即改變，所有訪客都會看到：",
      items: themeChanges(current, theme, content),
      confirmLabel: "確定套用",
      tone: "primary",
    });
    if (yes) onApply(theme);
  }

  return (
    <div className="space-y-4" data-testid="theme-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">這是首頁套用此風格後的樣子，只有您看得到；確定套用前，網站不會改變。</p>
        <SegmentedControl<Width> label="預覽寬度" value={width} onChange={setWidth} options={WIDTH_OPTIONS} />
      </div>
      <div ref={stage} className="flex h-[min(65dvh,720px)] items-stretch justify-center overflow-auto rounded-xl bg-gray-100 p-2">
        {link.isPending ? (
          <p className="flex items-center gap-2 self-start p-8 text-gray-700" role="status">
            <Loader2 aria-hidden size={18} className="animate-spin" />
            載入預覽中...
          </p>
        ) : link.isError ? (
          <LoadError message={errorMessage(link.error, "無法載入預覽")} testId="theme-preview-error" action={<RetryButton onRetry={() => void link.refetch()} />} />
        ) : (
          // One frame for both widths: switching does not load the page again.
          <div className="relative shrink-0" style={width === "phone" ? { width: PHONE_WIDTH } : { width: DESKTOP_WIDTH * scale }}>
            <iframe
              title={`「${theme.name}」的首頁預覽`}
              src={link.data.url}
              data-testid="theme-preview-frame"
              data-width={width}
              className="absolute top-0 left-0 origin-top-left rounded-lg border border-gray-300 bg-white shadow-sm"
              style={
                width === "phone"
                  ? { width: PHONE_WIDTH, height: "100%" }
                  : { width: DESKTOP_WIDTH, height: stageSize.height / scale, transform: `scale(${scale})` }
              }
            />
          </div>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={`min-h-11 rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
          取消
        </button>
        <button
          type="button"
          onClick={() => void apply()}
          className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}
          data-testid="theme-preview-apply"
        >
          <Palette aria-hidden size={18} />
          套用此風格
        </button>
      </div>
    </div>
  );
}
