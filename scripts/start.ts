// `npm start`: builds the web app when no build exists (a fresh clone), then
// serves the whole product from one process.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log("No build found: building the web app once (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../src/server/main.ts");
