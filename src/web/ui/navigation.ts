// Header navigation: which links show (the three menu switches) and which is active.
import { isOn, type PublicSettings } from "#contract/settings.ts";

export interface NavItem {
  to: string;
  label: string;
}

export function headerNavItems(settings: Partial<PublicSettings>): NavItem[] {
  const items: Array<NavItem & { enabled: boolean }> = [
    { to: "/", label: "首頁", enabled: true },
    { to: "/about", label: "關於我們", enabled: true },
    { to: "/services", label: "服務項目", enabled: isOn(settings.menu_services_enabled) },
    { to: "/portfolio", label: "清潔案例", enabled: isOn(settings.menu_portfolio_enabled) },
    { to: "/blog", label: "最新消息", enabled: isOn(settings.menu_blog_enabled) },
    { to: "/contact", label: "聯絡我們", enabled: true },
  ];
  return items.filter((item) => item.enabled).map(({ to, label }) => ({ to, label }));
}

/** Home matches exactly; every other link matches its path and anything below it. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}
