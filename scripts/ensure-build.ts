// Part of `npm start`: builds the product once when no build exists (a fresh clone).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const outputs = ["build/server/index.js", "build/client", "build/app/main.js"];
if (!outputs.every((output) => existsSync(output))) {
  console.log("No build found: building the product once (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
