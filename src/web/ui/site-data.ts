// The root loader's answer, read by the layout, the meta helper and components.
import { useRouteLoaderData } from "react-router";
import { defaultSettings, type PublicSettings } from "#contract/settings.ts";
import { FALLBACK_THEME, type Theme } from "#contract/theme.ts";

export interface SiteData {
  settings: Partial<PublicSettings>;
  theme: Theme;
  themeCss: string;
  origin: string;
  /** The four service names the footer lists (000 §2); the catalogue itself stays on the server. */
  footerServices: string[];
  /** Set when settings could not be loaded: 無法載入網站設定 (000 §8). */
  settingsError?: string;
}

export function useSiteData(): SiteData {
  const data = useRouteLoaderData("root") as SiteData | undefined;
  return data ?? { settings: defaultSettings, theme: FALLBACK_THEME, themeCss: "", origin: "", footerServices: [] };
}

export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as SiteData | undefined;
}
