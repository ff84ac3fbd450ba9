// Every island of the public site: a component that becomes interactive in the
// browser on an otherwise static page (decision 015). Each has one browser entry
// that hydrates it (`<name>.island.tsx`, beside the component); the islands build
// (vite.islands.config.ts) makes one script per entry, sharing React between them.
// Plain data in the contract: the server (ssr/island-assets.ts) links the scripts
// and the islands build makes them, neither importing the browser's code.
export const ISLAND_ENTRIES = {
  "hero-carousel": "src/web/site/home/hero-carousel.island.tsx",
  "contact-form": "src/web/site/contact/contact-form.island.tsx",
  "contact-map": "src/web/site/contact/contact-map.island.tsx",
  "case-viewer": "src/web/site/cases/case-viewer.island.tsx",
  "post-share": "src/web/site/blog/post-share.island.tsx",
  "post-view": "src/web/site/blog/post-view.island.ts",
  "youtube-player": "src/web/site/pages/youtube-player.island.tsx",
} as const;

export type IslandName = keyof typeof ISLAND_ENTRIES;

/** Where each island's scripts are: the islands build's file in production; in development Vite's sources, after React's hot-reload preamble. */
export interface IslandAssets {
  /** The module scripts that make an island interactive, in the order they must run. */
  scriptsOf(name: IslandName): readonly string[];
  /**
   * The words of the island's own code (every class it may render after load), for the page's
   * stylesheet to keep (decision 048); null in development, where Vite serves sources and a page
   * keeps the whole stylesheet.
   */
  classWordsOf(name: IslandName): ReadonlySet<string> | null;
}
