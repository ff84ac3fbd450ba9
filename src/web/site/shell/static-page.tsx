// Public pages are static HTML: the server renders them whole and no router
// runtime reaches the browser (decision 015). What such a page needs from the
// server besides its data comes through this context, set by entry.server.tsx:
// the public stylesheet (inlined in the <head>, so the first paint needs the HTML
// alone) and where each island's script is. In the back office (a browser app)
// there is no such context, and islands render as plain components.
import { createContext, useContext } from "react";
import type { IslandAssets } from "#contract/islands.ts";

export interface StaticPageAssets {
  /** What the page's <style> holds: the mark entry.server fills with the page's own rules of site.css once the page is rendered (decision 048). */
  stylesheet: string;
  islands: IslandAssets;
  /** This render's mark for its own inline scripts (`nonce`): the page's policy allows only those. */
  scriptMark: string;
}

export const StaticPageContext = createContext<StaticPageAssets | null>(null);

export const useStaticPageAssets = () => useContext(StaticPageContext);

/** The public stylesheet, inline. */
export function SiteStylesheet() {
  const assets = useStaticPageAssets();
  return assets ? <style data-site-stylesheet="" dangerouslySetInnerHTML={{ __html: assets.stylesheet }} /> : null;
}
