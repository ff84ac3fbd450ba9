// The end-to-end suite runs the production build in real Chromium. Both must
// exist before any spec starts: a missing build is built here, a missing
// Chromium is installed when we may (root) and otherwise named loudly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = "/usr/bin/chromium";
/**
 * Debian's build of Chromium's headless shell: the same engine without the
 * browser's user interface, about a third faster per test on this 2-core
 * machine (a new context 300 → 90 ms, a back-office screen 1.0 → 0.5 s). It has
 * no PDF viewer: a spec that opens a PDF asks for the full browser.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

const root = fileURLToPath(new URL("../..", import.meta.url));
const serverBuild = path.join(root, "build/server/index.js");
const clientBuild = path.join(root, "build/client");

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { cwd: root, stdio: "inherit" }).status === 0;
}

function ensureBuild() {
  if (existsSync(serverBuild) && existsSync(clientBuild)) {
    warnWhenStale();
    return;
  }
  console.log("[e2e] No production build found; running `npm run build`...");
  // Through npm so that the pinned Node (the `node` package) runs the build, not the shell's Node.
  if (!run("npm", ["run", "build"]) || !existsSync(serverBuild)) {
    throw new Error("[e2e] `npm run build` failed; the end-to-end suite needs build/server/index.js and build/client.");
  }
}

/** The suite tests whatever is in build/; a build older than its sources tests yesterday's pages. */
function warnWhenStale() {
  const builtAt = statSync(serverBuild).mtimeMs;
  // The browser bundle is made from src/web and the contract it imports.
  const newest = Math.max(newestMtime(path.join(root, "src/web")), newestMtime(path.join(root, "src/contract")));
  if (newest > builtAt) {
    console.warn("[e2e] build/ is older than src/web or src/contract: the browser will see the previous build. Run `npm run build` first.");
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    // Unit tests beside the code are not part of the build.
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH) && existsSync(HEADLESS_SHELL_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `[e2e] Chromium is missing at ${CHROMIUM_PATH}. Install it (as root) with:\n` +
        "    apt-get update && apt-get install -y chromium chromium-headless-shell fonts-noto-cjk\n" +
        "The end-to-end suite cannot run without it.",
    );
  }
  console.log("[e2e] Installing Chromium and CJK fonts (apt-get)...");
  const installed = run("sh", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk >/dev/null",
  ]);
  if (!installed || !existsSync(CHROMIUM_PATH) || !existsSync(HEADLESS_SHELL_PATH)) {
    throw new Error(`[e2e] apt-get could not install Chromium at ${CHROMIUM_PATH} and ${HEADLESS_SHELL_PATH}; install chromium, chromium-headless-shell and fonts-noto-cjk by hand.`);
  }
}

export async function setup() {
  ensureChromium();
  ensureBuild();
}
