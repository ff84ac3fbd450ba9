// What server-rendered loaders may ask of the server, in-process. Only public
// data crosses here: public settings, never secrets.
import { createContext } from "react-router";
import type { PublicSettings } from "#contract/settings.ts";
import type { Theme } from "#contract/theme.ts";

export interface SiteServices {
  getSettings(): Promise<Partial<PublicSettings>>;
  getActiveTheme(): Promise<Theme>;
  /** Absolute base URL from PUBLIC_URL, when set. */
  publicUrl?: string;
}

export const siteServicesContext = createContext<SiteServices>();
