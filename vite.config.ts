import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // `npm run dev` serves the whole product (API included) through Vite.
    fastifyReactRouterDev({ entry: "./src/server/dev.ts", externalizeServerEntryImports: false }),
  ],
  resolve: {
    alias: [
      { find: /^#contract\/(.*)$/, replacement: `${dir("./src/contract/")}$1` },
      { find: /^#web\/(.*)$/, replacement: `${dir("./src/web/")}$1` },
    ],
  },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        // Every page needs React and React Router: one file instead of six, so a phone on a
        // slow link waits for fewer requests before the page is interactive (decision 010).
        codeSplitting: { groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/ }] },
      },
    },
  },
  // Icons are bundled (tree-shaken) into the server build: importing lucide-react's
  // barrel at run time would load every icon into the server's memory.
  ssr: { noExternal: ["lucide-react"] },
});
