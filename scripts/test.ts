// `npm test`: every suite the project has. It gets its own prerequisites where
// it can (Chromium and CJK fonts through apt when root; PostgreSQL started when
// installed) and otherwise says loudly which suite it skipped and why. With
// CI=true a skipped suite is a failure.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import net from "node:net";
import { createInterface } from "node:readline";
import { motoProblem } from "#tests/setup/moto-server.ts";

const CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
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
  const installed = () => existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL);
  if (installed()) return null;
  if (!isRoot) return `Chromium is missing at ${CHROMIUM} or ${HEADLESS_SHELL} and this user cannot install it (run: apt-get install -y chromium chromium-headless-shell fonts-noto-cjk)`;
  console.log("Installing Chromium, its headless shell and CJK fonts for the end-to-end suite...");
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk >/dev/null");
  return installed() ? null : "apt-get could not install chromium and chromium-headless-shell";
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

// The object-storage tests start moto_server themselves; without it they are skipped (failed with CI=true).
const motoMissing = motoProblem();
if (motoMissing) skipped.push(`s3: ${motoMissing}`);

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

const reportDirectory = mkdtempSync(path.join(tmpdir(), "test-reports-"));
const reportOf = (label: string) => path.join(reportDirectory, `${label}.json`);

interface JsonReport {
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/**
 * The failures of a lane, a line each, printed again at the very end: a CI log keeps only its
 * tail, where a failure of the lane that ran first is lost.
 */
function failuresOf(label: string): string[] {
  if (!existsSync(reportOf(label))) return [`${label}: no report was written (the run stopped before its end)`];
  const report = JSON.parse(readFileSync(reportOf(label), "utf8")) as JsonReport;
  // By characters, not UTF-16 units: a Chinese message is not cut inside a character.
  const firstLine = (text = "") => [...(text.split("\n").find((line) => line.trim())?.trim() ?? "")].slice(0, 300).join("");
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0) return file.message ? [`${where}: ${firstLine(file.message)}`] : [];
    return failed.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

/** Runs vitest on these projects with its lines prefixed by `label`; resolves with its exit code. */
function vitest(label: string, names: string[], maxWorkers: number): Promise<number> {
  return new Promise((resolve) => {
    const args = [
      "vitest", "run", ...names.flatMap((name) => ["--project", name]), `--maxWorkers=${maxWorkers}`,
      "--reporter=default", "--reporter=json", `--outputFile.json=${reportOf(label)}`, ...process.argv.slice(2),
    ];
    const child = spawn("npx", args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      createInterface({ input: from }).on("line", (line) => to.write(`[${label}] ${line}\n`));
    }
    child.on("close", (code) => resolve(code ?? 1));
  });
}

// The unit and API suites first, on both cores, with the production build made beside them; then
// the end-to-end suite alone, two specs at a time (each has its own server and browser). They used
// to run at once, the API lane at a lower CPU priority: against busy end-to-end workers a nice(1)d
// process gets about a tenth of a core, so the API tests crawled (28 minutes instead of 5 here) and
// timed out, while the run was as long as the end-to-end suite either way (decision 038).
const apiProjects = projects.filter((name) => name !== "e2e");
const building = projects.includes("e2e")
  ? new Promise<boolean>((resolve) => spawn("npm", ["run", "-s", "build"], { stdio: "inherit" }).on("close", (code) => resolve(code === 0)))
  : Promise.resolve(false);
const apiCode = await vitest("api", apiProjects, 2);
let e2eCode = 0;
const failures = apiCode !== 0 ? failuresOf("api") : [];
if (projects.includes("e2e")) {
  // The end-to-end suite runs against the production build of the current code.
  if (await building) {
    e2eCode = await vitest("e2e", ["e2e"], 2);
    if (e2eCode !== 0) failures.push(...failuresOf("e2e"));
  } else {
    e2eCode = 1;
    failures.push("e2e: `npm run build` failed, so the end-to-end suite did not run (the build's output is above, among the API lane's lines)");
  }
}
if (failures.length > 0) console.error(`\nFAILED TESTS:\n${failures.map((line) => `  - ${line}`).join("\n")}`);
console.log(`\n${apiProjects.join(", ")}: ${apiCode === 0 ? "passed" : "FAILED"}${projects.includes("e2e") ? `; e2e: ${e2eCode === 0 ? "passed" : "FAILED"}` : ""}`);
if (skipped.length > 0) console.error(`\nReminder — skipped: ${skipped.join("; ")}`);
process.exit(apiCode || e2eCode);
