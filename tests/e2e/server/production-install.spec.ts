// The production install (issue 26): what the Dockerfile's final stage copies, installed in a
// clean folder with `npm ci --omit=dev` (no development dependencies, no sources the image
// lacks) and started with `npm start`, serves the site and the back office and stops cleanly
// on SIGTERM; its `npm run backup` and `npm run restore` work there too. The copied paths and
// the server command are read from the Dockerfile itself, so the image and this test cannot
// drift apart.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, productionCommand } from "#scripts/bench/server.ts";

const ADMIN = { email: "install@test.example", password: "installed-password-42" };
const root = process.cwd();
const installDir = mkdtempSync(path.join(tmpdir(), "production-install-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "production-install-data-"));
const restoreDir = mkdtempSync(path.join(tmpdir(), "production-install-restore-"));
let server: ChildProcess | undefined;

afterAll(() => {
  // Whatever is left of the server's process group (it was started detached).
  if (server?.pid !== undefined && server.exitCode === null) signalGroup(server.pid, "SIGKILL");
  rmSync(installDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(restoreDir, { recursive: true, force: true });
});

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** The Dockerfile's final stage: its instructions, continuation lines joined, comments dropped. */
function finalStage(): string[] {
  const instructions = readFileSync(path.join(root, "Dockerfile"), "utf8")
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const lastFrom = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
  return instructions.slice(lastFrom + 1);
}

/** Each COPY of the final stage as repository path → path in the installed folder. */
function copiedPaths(stage: string[]): Array<{ from: string; to: string }> {
  const workdir = stage.find((line) => /^WORKDIR\s/i.test(line))?.split(/\s+/)[1];
  if (!workdir) throw new Error("the Dockerfile's final stage names no WORKDIR");
  return stage
    .filter((line) => /^COPY\s/i.test(line))
    .flatMap((line) => {
      const words = line.split(/\s+/).slice(1).filter((word) => !word.startsWith("--"));
      const destination = words.pop()!;
      // `--from=build /app/build`: the build stage has the same WORKDIR, so its paths are the repository's.
      return words.map((source) => {
        const from = path.posix.relative(workdir, path.posix.resolve(workdir, source));
        const to = destination.endsWith("/") ? path.posix.join(destination, path.posix.basename(from)) : destination;
        return { from, to: path.posix.normalize(to) };
      });
    });
}

/** What a server's own environment would hold: none of the test run's npm, vitest or database settings. */
function cleanEnvironment(): Record<string, string> {
  const keep = ["HOME", "USER", "LANG", "TMPDIR", "npm_config_cache", "NPM_CONFIG_CACHE"];
  const env = Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
  // Not the repository's node_modules/.bin: the installed folder has to bring its own Node 24.
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !path.resolve(entry).startsWith(path.join(root, "node_modules")))
    .join(path.delimiter);
  return env;
}

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }) {
  return new Promise<{ code: number | null; stdout: string; output: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, output });
    });
  });
}

describe("the production install", () => {
  const stage = finalStage();

  it("runs the start script's server command in the image", () => {
    const { args, env } = productionCommand();
    const cmd = stage.find((line) => /^CMD\s/i.test(line));
    expect(cmd && JSON.parse(cmd.replace(/^CMD\s+/i, ""))).toEqual(["node", ...args]);
    const imageEnv = stage.filter((line) => /^ENV\s/i.test(line)).flatMap((line) => line.replace(/^ENV\s+/i, "").split(/\s+/));
    for (const [name, value] of Object.entries(env)) expect(imageEnv).toContain(`${name}=${value}`);
  });

  it("installs without development dependencies, serves the site and the back office, stops cleanly, and backs up and restores", { timeout: 120_000 }, async () => {
    const copies = copiedPaths(stage);
    expect(copies.map((copy) => copy.from)).toEqual(expect.arrayContaining(["package.json", "package-lock.json", "build"]));
    for (const { from, to } of copies) {
      const target = path.join(installDir, to);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(root, from), target, { recursive: true });
    }

    const env = cleanEnvironment();
    const install = await run("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: installDir, env, timeoutMs: 90_000 });
    expect(install.code, install.output).toBe(0);
    expect(existsSync(path.join(installDir, "node_modules/vitest")), "a development dependency was installed").toBe(false);
    const pinned = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies.node;
    const installedNode = spawnSync(path.join(installDir, "node_modules/.bin/node"), ["--version"], { encoding: "utf8" });
    expect(installedNode.stdout.trim()).toBe(`v${pinned}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn("npm", ["start"], {
      cwd: installDir,
      env: { ...env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      // Its own process group, so that afterAll can stop everything it started.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));

    for (let waited = 0; ; waited += 100) {
      const up = await fetch(`${base}/healthz`).then((res) => res.ok, () => false);
      if (up) break;
      if (server.exitCode !== null || server.signalCode !== null || waited > 30_000) throw new Error(`the installed product did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const pathname of ["/", "/admin"]) {
      const page = await fetch(`${base}${pathname}`, { headers: { accept: "text/html" } });
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      expect(await page.text(), pathname).toMatch(/^<!DOCTYPE html>/i);
    }

    const login = await fetch(`${base}/admin-login.php`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    const signedIn = (await login.json()) as { success: boolean; data?: { token?: string } };
    expect(login.status).toBe(200);
    expect(signedIn.success).toBe(true);
    const settings = await fetch(`${base}/admin-api.php/settings`, { headers: { authorization: `Bearer ${signedIn.data?.token}` } });
    expect(settings.status).toBe(200);

    // As a process manager stops it: SIGTERM to the process it started (npm), which must reach the server.
    server.kill("SIGTERM");
    expect(await exited, output).toBe(0);
    expect(await fetch(`${base}/healthz`).then(() => "still answering", () => "stopped")).toBe("stopped");

    // `npm run backup` / `npm run restore` run TypeScript sources: the install must hold them and what they import.
    const backup = await run("npm", ["run", "--silent", "backup"], { cwd: installDir, env: { ...env, DATA_DIR: dataDir }, timeoutMs: 30_000 });
    expect(backup.code, backup.output).toBe(0);
    const archive = backup.stdout.trim().split("\n").at(-1)!;
    expect(existsSync(archive), backup.output).toBe(true);
    const restored = await run("npm", ["run", "--silent", "restore", "--", archive], { cwd: installDir, env: { ...env, DATA_DIR: restoreDir }, timeoutMs: 30_000 });
    expect(restored.code, restored.output).toBe(0);
  });
});
