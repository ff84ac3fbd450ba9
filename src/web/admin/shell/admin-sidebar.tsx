// The back-office sidebar (001 §2): the twelve entries with their
// badges, and the actions — view site, sound on/off, sound settings,
// background colour, change password, sign out — and the version label.
import {
  Bell,
  Briefcase,
  DatabaseBackup,
  ExternalLink,
  FileText,
  Image,
  Images,
  KeyRound,
  LayoutDashboard,
  LoaderCircle,
  LogOut,
  Mail,
  MessageCircle,
  Newspaper,
  Palette,
  PaintBucket,
  Settings,
  SlidersHorizontal,
  Volume2,
  VolumeX,
  Wrench,
  X,
  type LucideIcon,
} from "lucide-react";
import type { Ref } from "react";
import { Link, useLocation } from "react-router";
import { VERSION_LABEL } from "#contract/dashboard.ts";
import { ADMIN_NAV, isActiveAdminPath, type AdminNavEntry } from "./admin-nav.ts";
import { badgeText } from "./notifications.ts";
import { useNotifications } from "./notifications-provider.tsx";

const ICONS: Record<string, LucideIcon> = {
  "/admin/dashboard": LayoutDashboard,
  "/admin/banners": Image,
  "/admin/pages": FileText,
  "/admin/portfolios": Briefcase,
  "/admin/services": Wrench,
  "/admin/blog": Newspaper,
  "/admin/media": Images,
  "/admin/contacts": Mail,
  "/admin/customers": MessageCircle,
  "/admin/line": Bell,
  "/admin/settings": Settings,
  "/admin/backups": DatabaseBackup,
  "/admin/themes": Palette,
};

interface AdminSidebarProps {
  userName: string;
  loggingOut: boolean;
  onNavigate(): void;
  onOpenSoundSettings(): void;
  onOpenBackground(): void;
  onLogout(): void;
  /** Small screens: closes the drawer. */
  onClose(): void;
  closeButtonRef?: Ref<HTMLButtonElement>;
}

// Two columns of actions keep all twelve entries on an 800-pixel-high screen.
const actionClass =
  "flex w-full items-center gap-1.5 whitespace-nowrap rounded-lg px-2 py-2 text-left text-[13px] text-slate-300 transition hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-400 disabled:opacity-60";

export function AdminSidebar({ userName, loggingOut, onNavigate, onOpenSoundSettings, onOpenBackground, onLogout, onClose, closeButtonRef }: AdminSidebarProps) {
  const { pathname } = useLocation();
  const { counts, sound, setSound } = useNotifications();

  return (
    <div className="flex h-full flex-col overflow-y-auto border-r border-white/10 bg-slate-900 text-slate-100">
      <div className="flex items-start justify-between gap-2 border-b border-slate-800 px-5 py-4">
        <div className="min-w-0">
          <p className="text-lg font-bold tracking-wide">後台管理系統</p>
          {userName ? <p className="mt-1 truncate text-sm text-slate-400">{userName}</p> : null}
        </div>
        <button
          ref={closeButtonRef}
          type="button"
          onClick={onClose}
          aria-label="關閉選單"
          className="-mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400 lg:hidden"
        >
          <X aria-hidden size={20} />
        </button>
      </div>
      <nav aria-label="後台選單" className="flex-1 px-3 py-3">
        <ul className="space-y-0.5">
          {ADMIN_NAV.map((entry) => (
            <li key={entry.path}>
              <NavEntry entry={entry} active={isActiveAdminPath(entry.path, pathname)} count={entry.badge ? counts[entry.badge.count] : 0} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-2 gap-1 border-t border-slate-800 px-3 py-3">
        <a href="/" target="_blank" rel="noopener noreferrer" className={actionClass}>
          <ExternalLink aria-hidden size={16} />
          查看網站
          <span className="sr-only">（在新分頁開啟）</span>
        </a>
        <button
          type="button"
          className={actionClass}
          aria-pressed={sound.enabled}
          onClick={() => setSound({ ...sound, enabled: !sound.enabled })}
        >
          {sound.enabled ? <Volume2 aria-hidden size={16} /> : <VolumeX aria-hidden size={16} />}
          {sound.enabled ? "提示音：開" : "提示音：關"}
        </button>
        <button type="button" className={actionClass} onClick={onOpenSoundSettings} aria-haspopup="dialog">
          <SlidersHorizontal aria-hidden size={16} />
          提示音設定
        </button>
        <button type="button" className={actionClass} onClick={onOpenBackground} aria-haspopup="dialog">
          <PaintBucket aria-hidden size={16} />
          背景顏色
        </button>
        <Link
          to="/admin/change-password"
          onClick={onNavigate}
          className={`${actionClass} ${isActiveAdminPath("/admin/change-password", pathname) ? "bg-slate-800 text-white" : ""}`}
          aria-current={isActiveAdminPath("/admin/change-password", pathname) ? "page" : undefined}
        >
          <KeyRound aria-hidden size={16} />
          變更密碼
        </Link>
        <button type="button" className={actionClass} onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : <LogOut aria-hidden size={16} />}
          {loggingOut ? "登出中..." : "登出"}
        </button>
        <p className="col-span-2 px-2.5 pt-1 text-xs text-slate-400" data-testid="admin-version">
          {VERSION_LABEL}
        </p>
      </div>
    </div>
  );
}

function NavEntry({ entry, active, count, onNavigate }: { entry: AdminNavEntry; active: boolean; count: number; onNavigate(): void }) {
  const Icon = ICONS[entry.path] ?? LayoutDashboard;
  const text = badgeText(count);
  const priority = entry.badge?.kind === "priority";
  return (
    <Link
      to={entry.path}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-400 ${
        active ? "bg-blue-600 text-white shadow" : "text-slate-300 hover:bg-slate-800 hover:text-white"
      }`}
    >
      <Icon aria-hidden size={18} />
      <span className="flex-1">{entry.label}</span>
      {text ? (
        <span
          data-testid={`badge-${entry.badge?.count}`}
          className={
            priority
              ? "min-w-6 rounded-full bg-red-600 px-2 py-0.5 text-center text-xs font-bold text-white ring-2 ring-red-300 motion-safe:animate-pulse"
              : "min-w-6 rounded-full bg-amber-400 px-2 py-0.5 text-center text-xs font-bold text-slate-900"
          }
        >
          {text}
          <span className="sr-only">{priority ? " 位客戶待回覆（優先處理）" : " 則未讀"}</span>
        </span>
      ) : null}
    </Link>
  );
}
