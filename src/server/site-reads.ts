// What server-rendered loaders may ask of the server, in-process: the `site`
// facet of every module service, by module name. A module adds a public data
// source by adding a function to its own `site` facet; the registry, its type
// and the loaders' context follow without another line anywhere.
// Only public data belongs in a `site` facet: public settings, never secrets.
import type { Services } from "./service-registry.ts";

type SiteFacets<M> = { [K in keyof M as M[K] extends { site: object } ? K : never]: M[K] extends { site: infer Facet } ? Facet : never };

export type SiteReads = Services["site"];

export function siteReadsOf<M extends object>(modules: M): SiteFacets<M> {
  return Object.fromEntries(
    Object.entries(modules).flatMap(([name, service]) => (service && typeof service === "object" && "site" in service ? [[name, service.site]] : [])),
  ) as SiteFacets<M>;
}

/** Every facet of one kind (`dashboard`, `sitemap`) among the modules. */
export function facetsOf<Key extends string, Facet>(modules: object, key: Key): Facet[] {
  return Object.values(modules).flatMap((service) => (service && typeof service === "object" && key in service ? [(service as Record<Key, Facet>)[key]] : []));
}
