import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { defaultSettings, type PublicSettings } from "#contract/settings.ts";
import { FALLBACK_THEME, type Theme } from "#contract/theme.ts";
import { jsonLdText, localBusiness } from "#web/site/shell/local-business.ts";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { previewThemeContext, requestLogContext, siteServicesContext } from "#web/site/shell/site-services.ts";
import type { SiteData } from "#web/ui/site-data.ts";
import { SiteStylesheet, useStaticPageAssets } from "#web/site/shell/static-page.tsx";
import { withStoredLogos } from "#web/site/shell/stored-logos.ts";
import { themeStyleSheet, themeVariables } from "#web/ui/theme-css.ts";
import { isHydrated } from "./route-handle.ts";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const log = context.get(requestLogContext);
  let settings: Partial<PublicSettings> = defaultSettings;
  let settingsError: string | undefined;
  let theme: Theme = FALLBACK_THEME;
  let origin = new URL(request.url).origin;
  let footerServices: string[] = [];
  let complete = true;
  try {
    // A staff member's theme preview (decision 030) renders with that theme; the server never caches it.
    const preview = context.get(previewThemeContext);
    [settings, theme] = await Promise.all([site.settings.publicSettings(), preview ?? site.themes.activeTheme()]);
    settings = await withStoredLogos(settings, site.media.missingUploads);
    origin = await site.seo.origin(origin);
  } catch (error) {
    log.error({ err: error }, "site settings could not be loaded; rendering with the defaults");
    settingsError = "無法載入網站設定";
    complete = false;
  }
  try {
    footerServices = await site.services.footerServiceNames();
  } catch (error) {
    log.error({ err: error }, "the footer's services could not be loaded");
    complete = false;
  }
  const answer: SiteData = { settings, theme, themeCss: themeStyleSheet(themeVariables(theme, settings)), origin, footerServices, settingsError };
  // Rendered from a failed read, or a preview: not a page to keep in the cache.
  return complete && !context.get(previewThemeContext) ? answer : data(answer, NOT_CACHED);
}

export const headers = passLoaderHeaders;

// Settings and theme change only through the back office; a client-side
// navigation need not ask for them again.
export const shouldRevalidate = () => false;

/**
 * The document. Public pages are static: their stylesheet is inline and no
 * script of the router is sent (islands bring their own). Routes whose handle
 * says `hydrate` (the back office) get their stylesheets linked and the router's
 * scripts (decision 015).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const hydrated = isHydrated(useMatches());
  // Set on the server only: in the browser the scripts already ran.
  const scriptMark = useStaticPageAssets()?.scriptMark;
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {hydrated ? null : <SiteStylesheet />}
        <Links />
        <ThemeHead />
      </head>
      <body className="min-h-screen bg-surface font-sans text-ink antialiased">
        {children}
        {hydrated ? (
          <>
            <ScrollRestoration nonce={scriptMark} />
            <Scripts nonce={scriptMark} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function ThemeHead() {
  // Layout also renders for root errors, when loader data may be missing.
  const site = useRouteLoaderData("root") as SiteData | undefined;
  const favicon = site?.settings.favicon || "/favicon.ico";
  return (
    <>
      {site?.themeCss ? <style data-theme-variables="" dangerouslySetInnerHTML={{ __html: site.themeCss }} /> : null}
      {site ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(localBusiness(site.settings, site.origin)) }} /> : null}
      <link rel="icon" href={favicon} />
      <meta name="theme-color" content={site?.theme.primary_color ?? FALLBACK_THEME.primary_color} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container-site py-24 text-center">
      <h1 className="text-2xl font-bold">{status === 404 ? "找不到頁面" : "頁面發生錯誤"}</h1>
      <p className="mt-4 text-ink-muted">{status === 404 ? "您要找的頁面不存在。" : "頁面發生錯誤，請稍後再試。"}</p>
      <a className="mt-8 inline-block text-primary underline" href="/">
        回到首頁
      </a>
    </main>
  );
}
