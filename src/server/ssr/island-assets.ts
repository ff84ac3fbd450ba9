// Where the browser finds each island's script (decision 015). In production the
// islands build (vite.islands.config.ts) writes a manifest beside the client
// files; in development Vite serves the entries from their sources.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ISLAND_ENTRIES, type IslandAssets, type IslandName } from "#contract/islands.ts";

/** The islands manifest, relative to the build directory. */
export const ISLANDS_MANIFEST = "islands-manifest.json";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** The words of our code the island may run (vite.islands.config.ts). */
  classWords: string[];
}

export function builtIslandAssets(buildDirectory: string): IslandAssets {
  const manifest = JSON.parse(readFileSync(path.join(buildDirectory, ISLANDS_MANIFEST), "utf8")) as Record<string, ManifestChunk>;
  const scripts = new Map<IslandName, string[]>();
  const classWords = new Map<IslandName, ReadonlySet<string>>();
  for (const [name, entry] of Object.entries(ISLAND_ENTRIES) as Array<[IslandName, string]>) {
    const chunk = manifest[entry];
    if (!chunk?.isEntry || !chunk.classWords) throw new Error(`The islands build has no script or no words for ${name} (${entry}): run npm run build`);
    scripts.set(name, [`/${chunk.file}`]);
    classWords.set(name, new Set(chunk.classWords));
  }
  return { scriptsOf: (name) => scripts.get(name) ?? [], classWordsOf: (name) => classWords.get(name) ?? null };
}

/** Vite's modules carry React's hot reload, which wants its preamble to have run first (React Router's scripts do that on the back office). */
const DEV_PREAMBLE = "/src/web/site/islands/dev-preamble.ts";

export const devIslandAssets: IslandAssets = { scriptsOf: (name) => [DEV_PREAMBLE, `/${ISLAND_ENTRIES[name]}`], classWordsOf: () => null };
