import { Mail, MapPin, Phone, Printer, Smartphone } from "lucide-react";
import { Link } from "react-router";
import type { PublicSettings } from "#contract/settings.ts";
import { useSiteData } from "./site-data.ts";
import { SiteLogo } from "./site-logo.tsx";
import { telHref } from "./contact-links.ts";
import { SocialLinks } from "./social-links.tsx";
import { footerIsDark, frameTones } from "./theme-css.ts";

const QUICK_LINKS = [
  { to: "/about", label: "關於我們" },
  { to: "/services", label: "服務項目" },
  { to: "/portfolio", label: "清潔案例" },
];

/** On a phone each link is a 44 px tall row, a finger's tap target (WCAG 2.5.5); wider screens keep the compact list. */
const linkClass = "inline-flex min-h-11 items-center hover:text-[color:var(--footer-heading)] hover:underline md:min-h-0";

/**
 * The footer logo keeps its colours; staff who want it in one colour (a white
 * silhouette on a dark footer, grey on a light one, which suits a logo on a
 * transparent background) turn 頁尾 Logo 保留彩色 off.
 */
export const footerLogoIsMonochrome = (settings: Partial<PublicSettings>) => settings.footer_logo_no_grayscale === "false";

/** `settings` overrides the site's own: the back office previews unsaved values with it. */
export function SiteFooter(props: { settings?: Partial<PublicSettings> }) {
  const site = useSiteData();
  const settings = props.settings ?? site.settings;
  const dark = footerIsDark(settings);
  const year = new Date().getFullYear();
  const contactLines = [
    settings.company_phone && { icon: Phone, label: "電話", value: settings.company_phone, href: telHref(settings.company_phone) },
    settings.company_phone_mobile && { icon: Smartphone, label: "手機", value: settings.company_phone_mobile, href: telHref(settings.company_phone_mobile) },
    settings.company_email && { icon: Mail, label: "Email", value: settings.company_email, href: `mailto:${settings.company_email}` },
    settings.company_address && { icon: MapPin, label: "地址", value: settings.company_address, href: "/contact#map" },
  ].filter(Boolean) as Array<{ icon: typeof Phone; label: string; value: string; href: string }>;

  return (
    // footer_style and footer_background set --footer-bg; the text colours on it are worked out to stay readable (theme-css.ts).
    <footer className={`render-near [--near-height:62rem] md:[--near-height:21rem] footer-${dark ? "dark" : "light"} bg-[color:var(--footer-bg)] text-[color:var(--footer-text)]`}>
      <div className="container-site grid gap-10 py-12 md:grid-cols-4">
        <div className="md:col-span-1">
          <SiteLogo
            logo={settings.footer_logo || settings.company_logo || ""}
            favicon={settings.favicon ?? ""}
            companyName={settings.company_name ?? ""}
            height={Number(settings.footer_logo_height) || 40}
            maxWidth={Number(settings.footer_logo_max_width) || 180}
            onDark={frameTones(site.theme, settings).footer}
            className={footerLogoIsMonochrome(settings) ? (dark ? "brightness-0 invert" : "grayscale") : ""}
            lazy
          />
          {settings.footer_text ? <p className="mt-4 text-sm leading-relaxed">{settings.footer_text}</p> : null}
          <SocialLinks settings={settings} className="mt-4 -ml-2.5" linkClassName="hover:bg-[color:var(--footer-line)] hover:text-[color:var(--footer-heading)]" />
        </div>
        <FooterColumn title="快速連結">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="服務項目">
          {site.footerServices.map((name) => (
            <li key={name}>
              <Link to="/services" className={linkClass}>
                {name}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="聯絡資訊">
          {contactLines.map((line) => (
            <li key={line.label} className="flex items-center gap-2 md:items-start">
              <line.icon aria-hidden size={16} className="shrink-0 md:mt-1" />
              <a href={line.href} className={linkClass}>
                <span className="sr-only">{line.label}：</span>
                {line.value}
              </a>
            </li>
          ))}
          {settings.company_fax ? (
            <li className="flex min-h-11 items-center gap-2 md:min-h-0 md:items-start">
              <Printer aria-hidden size={16} className="shrink-0 md:mt-1" />
              傳真：{settings.company_fax}
            </li>
          ) : null}
          {settings.company_tax_id ? <li>統一編號：{settings.company_tax_id}</li> : null}
        </FooterColumn>
      </div>
      <div className="border-t border-[color:var(--footer-line)]">
        {/* A page cached before New Year may hydrate after it: the year is allowed to differ. */}
        <p className="container-site py-5 text-center text-xs" suppressHydrationWarning>
          {settings.copyright_text || `© ${year} ${settings.company_name ?? ""} 版權所有`}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-base font-semibold text-[color:var(--footer-heading)]">{title}</h2>
      <ul className="text-sm md:space-y-2">{children}</ul>
    </div>
  );
}
