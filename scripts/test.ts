// `npm test`: every suite the project has. It gets its own prerequisites where
// it can (Chromium and CJK fonts through apt when root; PostgreSQL started when
// installed) and otherwise says loudly which suite it skipped and why. With
// CI=true a skipped suite is a failure.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

const CHROMIUM = "/usr/bin/chromium";
const isRoot = process.getuid?.() === 0;
const inCi = process.env.CI === "true";

function run(command: string): boolean {
  return spawnSync("sh", ["-c", command], { stdio: "inherit" }).status === 0;
}

function canConnect(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1500 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

async function ensureChromium(): Promise<string | null> {
  if (existsSync(CHROMIUM)) return null;
  if (!isRoot) return `Chromium is missing at ${CHROMIUM} and this user cannot install it (run: apt-get install -y chromium fonts-noto-cjk)`;
  console.log("Installing Chromium and CJK fonts for the end-to-end suite...");
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null");
  return existsSync(CHROMIUM) ? null : "apt-get could not install chromium";
}

async function ensurePostgres(): Promise<string | null> {
  if (await canConnect(5432)) return null;
  try {
    const versions = execSync("ls /etc/postgresql", { encoding: "utf8" }).trim().split(/\s+/).filter(Boolean);
    for (const version of versions) run(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  } catch {
    return "PostgreSQL is not installed and not reachable at 127.0.0.1:5432";
  }
  for (let i = 0; i < 20; i += 1) {
    if (await canConnect(5432)) return null;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return "PostgreSQL could not be started at 127.0.0.1:5432";
}

const projects = ["unit", "api-sqlite"];
const skipped: string[] = [];

const postgresProblem = await ensurePostgres();
if (postgresProblem) skipped.push(`api-postgres: ${postgresProblem}`);
else projects.push("api-postgres");

const chromiumProblem = await ensureChromium();
if (chromiumProblem) skipped.push(`e2e: ${chromiumProblem}`);
else projects.push("e2e");

if (skipped.length > 0) {
  console.error(`\n${"!".repeat(72)}\nSKIPPED SUITES:\n${skipped.map((line) => `  - ${line}`).join("\n")}\n${"!".repeat(72)}\n`);
  if (inCi) {
    console.error("CI=true: a skipped suite is a failure.");
    process.exit(1);
  }
}

// The end-to-end suite runs against the production build of the current code.
if (projects.includes("e2e") && !run("npm run -s build")) process.exit(1);

const result = spawnSync("npx", ["vitest", "run", ...projects.flatMap((project) => ["--project", project]), ...process.argv.slice(2)], {
  stdio: "inherit",
});
if (skipped.length > 0) console.error(`\nReminder — skipped: ${skipped.join("; ")}`);
process.exit(result.status ?? 1);
