// The public header: logo, the main navigation (links switched by the menu
// settings, the current one marked) and, on a phone, a menu that opens from a
// toggle. Static HTML (decision 015): the phone menu is a <details> disclosure,
// which opens and closes without any script; following a link loads the next
// page, where it starts closed.
import { Menu, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { PublicSettings } from "#contract/settings.ts";
import { headerNavItems, isActivePath } from "./navigation.ts";
import { frameTones, navbarStyleOf } from "./theme-css.ts";
import { useSiteData } from "./site-data.ts";
import { SiteLogo } from "./site-logo.tsx";

/**
 * navbar_style: clean is the header's colour over a hairline, solid a filled
 * bar (the primary colour unless staff chose the header's own) with a shadow,
 * transparent lets the page show through a blur. The colours and the text on
 * them come from theme-css.ts, kept readable whatever staff chose.
 */
const NAVBAR_CLASSES = {
  clean: "border-b border-line bg-[color:var(--header-bg)]",
  solid: "bg-[color:var(--header-bg)] shadow-md",
  transparent: "bg-[color:color-mix(in_srgb,var(--header-bg)_72%,transparent)] backdrop-blur-md",
} as const;

/** `settings` overrides the site's own: the back office previews unsaved values with it. */
export function SiteHeader(props: { settings?: Partial<PublicSettings> }) {
  const site = useSiteData();
  const settings = props.settings ?? site.settings;
  const { pathname } = useLocation();
  const items = headerNavItems(settings);

  const linkClass = (to: string) =>
    isActivePath(to, pathname)
      ? "text-[color:var(--header-active)] font-semibold underline decoration-2 underline-offset-8"
      : "text-[color:var(--header-text)] hover:text-[color:var(--header-active)]";
  const navbar = navbarStyleOf(settings);

  return (
    <header className={`navbar-${navbar} sticky top-0 z-40 ${NAVBAR_CLASSES[navbar]}`}>
      <div className="container-site flex h-16 items-center justify-between gap-4 md:h-20">
        <Link to="/" className="flex shrink-0 items-center" aria-label={`${settings.company_name ?? ""} 首頁`}>
          <SiteLogo
            logo={settings.header_logo || settings.company_logo || ""}
            favicon={settings.favicon ?? ""}
            companyName={settings.company_name ?? ""}
            height={Number(settings.header_logo_height) || 48}
            maxWidth={Number(settings.header_logo_max_width) || 208}
            onDark={frameTones(site.theme, settings).header}
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
        <details className="group md:hidden" data-testid="mobile-menu">
          <summary
            className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-theme text-[color:var(--header-text)] [&::-webkit-details-marker]:hidden"
            aria-label="選單"
          >
            <Menu aria-hidden size={24} className="group-open:hidden" />
            <X aria-hidden size={24} className="hidden group-open:block" />
          </summary>
          <nav id="mobile-menu" aria-label="行動版選單" className="absolute inset-x-0 top-full border-t border-b border-line bg-[color:var(--header-bg)] shadow-md">
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
        </details>
      </div>
    </header>
  );
}
