// The islands build (decision 015): one browser script per island entry
// (src/contract/islands.ts), React shared between them, written
// beside the client build's files with a manifest the server reads to link them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { ISLAND_ENTRIES } from "./src/contract/islands.ts";
import { wordsOf } from "./src/web/site/shell/page-stylesheet.ts";

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const root = dir("./");

/**
 * build/islands-manifest.json, outside what the server serves: each entry's source path → its
 * script, and the words of our code it may run (its modules under src/, in the chunks it imports
 * now or later), which a page's stylesheet keeps for the classes the island renders after load
 * (decision 048). Libraries' code (React) renders none of our classes and is left out.
 */
function islandsManifest(): Plugin {
  const sources = path.join(root, "src") + path.sep;
  return {
    name: "islands-manifest",
    generateBundle(_options, bundle) {
      const wordsOfChunk = (fileName: string, words: Set<string>, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[fileName];
        if (seen.has(fileName) || chunk?.type !== "chunk") return words;
        seen.add(fileName);
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (id.startsWith(sources) && module.code) for (const word of wordsOf(module.code)) words.add(word);
        }
        for (const imported of [...chunk.imports, ...chunk.dynamicImports]) wordsOfChunk(imported, words, seen);
        return words;
      };
      const manifest: Record<string, { file: string; isEntry: true; classWords: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId) {
          const classWords = [...wordsOfChunk(chunk.fileName, new Set())].filter((word) => /[a-z]/.test(word)).sort();
          manifest[path.relative(root, chunk.facadeModuleId)] = { file: chunk.fileName, isEntry: true, classWords };
        }
      }
      writeFileSync(path.join(root, "build", "islands-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [islandsManifest()],
  resolve: {
    alias: [
      { find: /^#contract\/(.*)$/, replacement: `${dir("./src/contract/")}$1` },
      { find: /^#web\/(.*)$/, replacement: `${dir("./src/web/")}$1` },
    ],
  },
  build: {
    target: "es2022",
    outDir: "build/client",
    // The client build has just written its files there.
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: Object.values(ISLAND_ENTRIES),
      output: {
        entryFileNames: "assets/islands/[name]-[hash].js",
        chunkFileNames: "assets/islands/[name]-[hash].js",
      },
    },
  },
});
