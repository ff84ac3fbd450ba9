// What server-rendered loaders may ask of the server, in-process, through the
// router context: the modules' public reads (their shape is the contract's,
// src/contract/site-reads.ts: public settings, never secrets), the request's
// logger and where the islands' scripts are. Loaders never make an HTTP call to
// our own API.
import { createContext } from "react-router";
import type { SiteReads } from "#contract/site-reads.ts";
import type { IslandAssets } from "#contract/islands.ts";
import type { Theme } from "#contract/theme.ts";

export type { SiteReads };

/** The request's structured logger (with its request id), for failures a loader turns into a fallback. */
export interface RequestLog {
  error(details: { err: unknown }, message: string): void;
}

/** Who is asking, as the server saw it: the contact form's sender without JavaScript. */
export interface RequestMeta {
  clientIp: string;
  userAgent: string;
}

export const siteServicesContext = createContext<SiteReads>();
export const requestMetaContext = createContext<RequestMeta>();
export const requestLogContext = createContext<RequestLog>();
/** Where each island's script is (the islands build in production, Vite's sources in development). */
export const islandAssetsContext = createContext<IslandAssets>();
/** This render's mark for the inline scripts it writes itself: only those are allowed by the page's Content-Security-Policy (server/ssr/content-security-policy.ts). */
export const scriptMarkContext = createContext<string>();
/** The theme a staff member's preview ticket asks for (decision 030); null on every ordinary request. */
export const previewThemeContext = createContext<Theme | null>(null);
