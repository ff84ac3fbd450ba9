// `npm run dev`: the same app, with Vite serving the React Router code with hot reload.
import type { ViteDevServer } from "vite";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";

export async function createServer(vite: ViteDevServer) {
  const { app } = await buildApp({ env: parseEnv({ ...process.env, NODE_ENV: "development" }), web: { vite } });
  return app;
}
