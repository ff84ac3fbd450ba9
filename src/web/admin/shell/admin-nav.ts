// The back office's sidebar, in the spec's order (dashboard, banners, pages,
// portfolios, services, blog, media, contacts, customers, line, settings,
// themes; 001 §2), each with its screen; 備份與還原 (issue 26) beside the settings.

export type NavBadge = "unread" | "priority";

export interface AdminNavEntry {
  path: string;
  label: string;
  /** contacts: unread contact forms; customers: LINE customers waiting for an answer. */
  badge?: { kind: NavBadge; count: "contacts" | "customers" };
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { path: "/admin/dashboard", label: "儀表板" },
  { path: "/admin/banners", label: "橫幅管理" },
  { path: "/admin/pages", label: "頁面管理" },
  { path: "/admin/portfolios", label: "清潔案例" },
  { path: "/admin/services", label: "服務管理" },
  { path: "/admin/blog", label: "最新消息" },
  { path: "/admin/media", label: "媒體庫" },
  { path: "/admin/contacts", label: "聯絡表單", badge: { kind: "unread", count: "contacts" } },
  { path: "/admin/customers", label: "LINE 客服", badge: { kind: "priority", count: "customers" } },
  { path: "/admin/line", label: "通知設定" },
  { path: "/admin/settings", label: "網站設定" },
  { path: "/admin/backups", label: "備份與還原" },
  { path: "/admin/themes", label: "網站風格" },
];

export function isActiveAdminPath(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

