// The frame of every signed-in back-office screen: the guard (no stored token
// → /admin/login), TanStack Query, live notifications, the sidebar (a drawer
// on small screens), the new-message banner and the background colour.
// Browser-rendered only; nothing here is loaded by the public pages.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BellRing, Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, redirect, useLocation, useNavigate } from "react-router";
import { ConfirmProvider } from "#web/admin/shared/confirm-dialog.tsx";
import { AdminSidebar } from "./admin-sidebar.tsx";
import { BackgroundPickerDialog } from "./background-picker-dialog.tsx";
import { NotificationsProvider, useNotifications } from "./notifications-provider.tsx";
import { SoundSettingsDialog } from "./sound-settings-dialog.tsx";
import { apiRequest, setUnauthorizedHandler } from "#web/admin/shared/api-client.ts";
import { backgroundPreset, type BackgroundPreset } from "./background.ts";
import { clearSession, readSession, readThemeColor, saveThemeColor, STORAGE_KEYS } from "#web/admin/shared/session.ts";
import { useAdminUser } from "./use-admin-user.ts";
import { adminMeta, browserLoader } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta();

export const clientLoader = browserLoader(() => {
  const session = readSession();
  if (!session) throw redirect("/admin/login");
  return { user: session.user };
});

export { handle, HydrateFallback, links } from "#web/admin/shared/browser-screen.tsx";

export default function AdminLayout() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <AdminShell />
      </NotificationsProvider>
    </QueryClientProvider>
  );
}

function AdminShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAdminUser();
  const { banner, clearTabAlert } = useNotifications();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<"sound" | "background" | null>(null);
  const [background, setBackground] = useState<BackgroundPreset>(() => backgroundPreset(readThemeColor()));
  const [loggingOut, setLoggingOut] = useState(false);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // The query cache goes with this layout when it unmounts; clearing it here
  // would make the still-mounted screen fetch again, without a token.
  const toLogin = useCallback(() => navigate("/admin/login", { replace: true }), [navigate]);

  // A 401 from the admin API (expired or revoked token): the client has already cleared the session.
  useEffect(() => setUnauthorizedHandler(toLogin), [toLogin]);

  // Signed out in another tab: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === STORAGE_KEYS.token || event.key === null) && !readSession()) toLogin();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [toLogin]);

  // 001 §4: a route change ends the tab alert; the drawer closes too.
  useEffect(() => {
    clearTabAlert();
    setMenuOpen(false);
  }, [pathname, clearTabAlert]);

  // The drawer takes the focus when it opens and gives it back to the menu button when it closes.
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    if (menuOpen) drawerClose.current?.focus();
    else if (drawerWasOpen.current && document.activeElement?.closest("#admin-sidebar")) menuButton.current?.focus();
    drawerWasOpen.current = menuOpen;
  }, [menuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  async function logout() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await apiRequest("/admin-api.php/logout", { method: "POST" });
    } catch (error) {
      // The session ends here whatever the server said.
      console.warn("登出請求失敗，已清除本機登入狀態", error);
    } finally {
      clearSession();
      toLogin();
    }
  }

  function pickBackground(preset: BackgroundPreset) {
    setBackground(preset);
    saveThemeColor(preset.id);
  }

  const onNavigate = () => {
    clearTabAlert();
    setMenuOpen(false);
  };

  return (
    <div
      className={`min-h-screen ${background.dark ? "text-gray-100" : "text-gray-900"}`}
      style={{ backgroundColor: background.color }}
      data-admin-background={background.id}
      data-back-office
    >
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:p-2 focus:text-gray-900"
      >
        跳到主要內容
      </a>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-900 px-4 text-white lg:hidden">
        <button
          ref={menuButton}
          type="button"
          onClick={() => setMenuOpen((open) => !open)}
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          aria-label={menuOpen ? "關閉選單" : "開啟選單"}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          {menuOpen ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
        </button>
        <span className="font-semibold">後台管理系統</span>
      </header>

      {menuOpen ? <div className="fixed inset-0 z-30 bg-black/50 lg:hidden" aria-hidden onClick={() => setMenuOpen(false)} /> : null}

      <aside
        id="admin-sidebar"
        aria-label="後台側邊欄"
        className={`fixed inset-y-0 left-0 z-40 w-64 transform transition-transform duration-200 lg:translate-x-0 ${
          menuOpen ? "translate-x-0" : "-translate-x-full"
        } ${menuOpen ? "" : "max-lg:invisible"}`}
      >
        <AdminSidebar
          userName={user?.name ?? ""}
          loggingOut={loggingOut}
          onNavigate={onNavigate}
          onOpenSoundSettings={() => setDialog("sound")}
          onOpenBackground={() => setDialog("background")}
          onLogout={() => void logout()}
          onClose={() => setMenuOpen(false)}
          closeButtonRef={drawerClose}
        />
      </aside>

      {/* Always in the document so that screen readers announce what appears in it. */}
      <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 top-4 z-50">
        {banner ? (
          <p
            data-testid="new-message-banner"
            className="flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-3 font-semibold text-white shadow-xl ring-4 ring-blue-300/50"
          >
            <BellRing aria-hidden size={20} />
            {banner}
          </p>
        ) : null}
      </div>

      <ConfirmProvider>
        <main id="admin-main" className="min-h-screen px-4 py-6 sm:px-6 lg:ml-64 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </ConfirmProvider>

      <SoundSettingsDialog open={dialog === "sound"} onClose={() => setDialog(null)} />
      <BackgroundPickerDialog open={dialog === "background"} current={background} onPick={pickBackground} onClose={() => setDialog(null)} />
    </div>
  );
}
