// What a route tells the document around it (root.tsx reads it from the matches).
export interface RouteHandle {
  /**
   * The page is an app in the browser: React Router's runtime and the route's
   * scripts are loaded and take over (the back office). Without it a page is
   * static HTML with islands (every public page; decision 015).
   */
  hydrate?: true;
}

export const isHydrated = (matches: ReadonlyArray<{ handle?: unknown }>) => matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
