// The shared public layout: header, page, footer, floating buttons. With
// maintenance mode on, every public page answers 503 with a notice instead.
// Every page is a whole document load (decision 015), so each starts at the
// top, and a link to a place on a page (#map) is the browser's own scroll.
import { Wrench } from "lucide-react";
import { data, isRouteErrorResponse, Outlet, useRouteError, type LoaderFunctionArgs } from "react-router";
import { isOn } from "#contract/settings.ts";
import { FloatingButtons, floatingButtonsScrollPadding } from "#web/ui/floating-buttons.tsx";
import { SiteFooter } from "#web/ui/site-footer.tsx";
import { SiteHeader } from "#web/ui/site-header.tsx";
import { useSiteData } from "#web/ui/site-data.ts";
import { cardStyleOf, colourSchemeStyleSheet } from "#web/ui/theme-css.ts";
import { siteServicesContext } from "./site-services.ts";
import { telHref } from "#web/ui/contact-links.ts";
import { GoogleAnalytics } from "./google-analytics.tsx";

export async function loader({ context }: LoaderFunctionArgs) {
  const settings = await context.get(siteServicesContext).settings.publicSettings().catch(() => ({}) as Record<string, string>);
  if (isOn(settings.maintenance_mode)) throw data({ maintenance: true }, { status: 503 });
  return null;
}

/**
 * The frame carries the style settings the stylesheet reads (.site-frame,
 * cards-<card_style>: ui/theme.css). The dark scheme (theme_mode) and the
 * scroll padding that keeps a focused field clear of the floating buttons are
 * the public site's alone, so this layout, not the document, brings their
 * stylesheets; React puts them in the <head>, before the first paint.
 */
export default function SiteLayout() {
  const { settings, theme } = useSiteData();
  const scheme = colourSchemeStyleSheet(theme, settings);
  const scrollPadding = floatingButtonsScrollPadding(settings);
  return (
    <div className={`site-frame cards-${cardStyleOf(settings)} flex min-h-screen flex-col`}>
      {scheme ? (
        <style href="site-colour-scheme" precedence="theme">
          {scheme}
        </style>
      ) : null}
      {scrollPadding ? (
        // Its own precedence: React renders one <style> per precedence, and the scheme's stays its own.
        <style href="site-floating-buttons" precedence="layout">
          {scrollPadding}
        </style>
      ) : null}
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-surface focus:p-2 focus:text-ink">
        跳到主要內容
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <FloatingButtons />
      <GoogleAnalytics id={settings.google_analytics} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { settings } = useSiteData();
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center bg-surface-muted px-6 text-center">
        <title>{`網站維護中 | ${settings.site_title ?? ""}`}</title>
        <meta name="robots" content="noindex" />
        <Wrench aria-hidden size={48} className="text-primary" />
        <h1 className="mt-6 text-2xl font-bold">網站維護中</h1>
        <p className="mt-3 max-w-md text-ink-muted">我們正在進行系統維護，請稍後再回來。造成不便，敬請見諒。</p>
        {settings.company_phone ? (
          <p className="mt-6">
            如有急需，請來電 <a className="font-semibold text-primary-700 underline" href={telHref(settings.company_phone)}>{settings.company_phone}</a>
          </p>
        ) : null}
      </main>
    );
  }
  throw error;
}
