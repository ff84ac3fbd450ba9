// The dashboard's stat cards (products, portfolios, contacts, LINE customers,
// blog, banners, categories) and quick actions (customers, products, banners,
// blog, media, settings) of 001 §2, as data.
import type { DashboardStats } from "#contract/dashboard.ts";

export interface StatCard {
  to: string;
  label: string;
  /** The count, or a word for a card that has no count of its own. */
  value: string;
  /** A second line, e.g. 新訊息 3. */
  detail?: string;
  highlight?: boolean;
}

/** The seven cards; `null` while the counts load (values show as …). */
export function statCards(stats: DashboardStats | null): StatCard[] {
  const count = (value: number | undefined) => (stats ? String(value ?? 0) : "…");
  return [
    { to: "/admin/products", label: "服務項目", value: count(stats?.total_products) },
    { to: "/admin/portfolios", label: "清潔案例", value: count(stats?.total_portfolios) },
    {
      to: "/admin/contacts",
      label: "聯絡表單",
      value: count(stats?.total_contacts),
      detail: stats ? `新訊息 ${stats.new_contacts ?? 0}` : undefined,
      highlight: (stats?.new_contacts ?? 0) > 0,
    },
    { to: "/admin/customers", label: "LINE 客服", value: count(stats?.line_customers) },
    { to: "/admin/blog", label: "最新消息", value: count(stats?.blog_posts) },
    { to: "/admin/banners", label: "啟用中橫幅", value: count(stats?.active_banners) },
    // The stats carry no category count: the card links to the screen without inventing one.
    { to: "/admin/categories", label: "分類管理", value: "管理", detail: "前往管理分類" },
  ];
}

export interface QuickAction {
  to: string;
  label: string;
}

export const QUICK_ACTIONS: readonly QuickAction[] = [
  { to: "/admin/customers", label: "回覆 LINE 客服" },
  { to: "/admin/products", label: "管理服務項目" },
  { to: "/admin/banners", label: "管理首頁橫幅" },
  { to: "/admin/blog/new", label: "發布最新消息" },
  { to: "/admin/media", label: "媒體庫" },
  { to: "/admin/settings", label: "網站設定" },
];

/** 系統狀態: 正常運作 only while nothing is failing; staff notifications that keep failing (issue 22 §6) or other given-up jobs say so. */
export interface SystemStatus {
  ok: boolean;
  label: string;
  /** What is wrong, in words; null when nothing is. */
  detail: string | null;
}

export function systemStatus(stats: Pick<DashboardStats, "failed_jobs" | "failing_notifications"> | null): SystemStatus {
  const notifications = stats?.failing_notifications ?? 0;
  const others = stats?.failed_jobs ?? 0;
  if (notifications > 0) return { ok: false, label: "通知傳送異常", detail: `有 ${notifications} 則通知送不出去，員工可能收不到新訊息的通知。` };
  if (others > 0) return { ok: false, label: "背景工作異常", detail: `有 ${others} 項背景工作多次嘗試後仍然失敗。` };
  return { ok: true, label: "正常運作", detail: null };
}
