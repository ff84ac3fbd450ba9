// What server-rendered loaders may ask of the server, in-process. Only public
// data crosses here: public settings, never secrets.
import { createContext } from "react-router";
import type { HeroSlides } from "#contract/banner.ts";
import type { PublicSettings } from "#contract/settings.ts";
import type { Theme } from "#contract/theme.ts";

export interface SiteServices {
  getSettings(): Promise<Partial<PublicSettings>>;
  getActiveTheme(): Promise<Theme>;
  /** The home carousel's active banners with their images' responsive variants. */
  getHeroSlides(): Promise<HeroSlides>;
  /** Absolute base URL from PUBLIC_URL, when set. */
  publicUrl?: string;
}

export const siteServicesContext = createContext<SiteServices>();
