// The islands build (decision 015): one browser script per island entry
// (src/contract/islands.ts), React shared between them, written
// beside the client build's files with a manifest the server reads to link them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { ISLAND_ENTRIES } from "./src/contract/islands.ts";

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const root = dir("./");

/** build/islands-manifest.json: each entry's source path → its script, outside what the server serves. */
function islandsManifest(): Plugin {
  return {
    name: "islands-manifest",
    generateBundle(_options, bundle) {
      const manifest: Record<string, { file: string; isEntry: true }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId) {
          manifest[path.relative(root, chunk.facadeModuleId)] = { file: chunk.fileName, isEntry: true };
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
