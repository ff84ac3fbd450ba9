import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { PublicSettings } from "#contract/settings.ts";
import { headerNavItems, isActivePath } from "#web/lib/navigation.ts";
import { useSiteData } from "#web/lib/site-data.ts";
import { SiteLogo } from "./site-logo.tsx";

/** `settings` overrides the site's own: the back office previews unsaved values with it. */
export function SiteHeader(props: { settings?: Partial<PublicSettings> }) {
  const site = useSiteData();
  const settings = props.settings ?? site.settings;
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = headerNavItems(settings);

  useEffect(() => setMenuOpen(false), [pathname]);

  const linkClass = (to: string) =>
    isActivePath(to, pathname)
      ? "text-primary-600 font-semibold"
      : "text-[color:var(--header-text)] hover:text-primary-600";

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-[color:var(--header-bg)]/95 backdrop-blur">
      <div className="container-site flex h-16 items-center justify-between gap-4 md:h-20">
        <Link to="/" className="flex shrink-0 items-center" aria-label={`${settings.company_name ?? ""} 首頁`}>
          <SiteLogo
            logo={settings.header_logo || settings.company_logo || ""}
            favicon={settings.favicon ?? ""}
            companyName={settings.company_name ?? ""}
            height={Number(settings.header_logo_height) || 48}
            maxWidth={Number(settings.header_logo_max_width) || 208}
          />
        </Link>
        <nav aria-label="主選單" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={`rounded-theme px-3 py-2 text-[0.95rem] transition-colors ${linkClass(item.to)}`}
                  aria-current={isActivePath(item.to, pathname) ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-theme text-[color:var(--header-text)] md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "關閉選單" : "開啟選單"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden size={24} /> : <Menu aria-hidden size={24} />}
        </button>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="行動版選單" className="border-t border-line bg-[color:var(--header-bg)] md:hidden">
          <ul className="container-site flex flex-col py-2">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={`block rounded-theme px-3 py-3 ${linkClass(item.to)}`}
                  aria-current={isActivePath(item.to, pathname) ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
