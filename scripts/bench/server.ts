// Starts the real production server as a child process in its own process
// group, so that stopping it also stops anything it spawned.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { createServer } from "node:net";

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 from GET /healthz. */
  coldStartMs: number;
  /** The last lines the server wrote (for diagnosis). */
  output(): string;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves with the exit code (null when killed). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * The command `npm start` ends with (after `ensure-build &&`), read from package.json so the
 * bench measures exactly what production runs. `node` becomes the Node running the bench.
 */
export function productionCommand(checkout = "."): { command: string; args: string[]; env: Record<string, string>; display: string } {
  const pkg = JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const start = pkg.scripts?.start ?? "";
  const last = start.split("&&").at(-1)!.trim();
  const words = last.split(/\s+/).filter(Boolean);
  // Leading NAME=value words are environment for the server (e.g. MALLOC_ARENA_MAX).
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=\S*$/.test(words[0])) {
    const [name, value] = words.shift()!.split("=");
    env[name] = value;
  }
  // `exec` makes the server npm's direct child, so that a stop signal reaches it (docs/deploy.md).
  if (words[0] === "exec") words.shift();
  if (words[0] !== "node" || words.length < 2 || words.some((w) => /["'$`|;<>]/.test(w))) {
    throw new Error(`cannot derive the server command from the start script: ${JSON.stringify(start)}`);
  }
  return { command: process.execPath, args: words.slice(1), env, display: last };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The first administrator of the bench's fresh database (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench-password-123" };

/** `checkout`: the folder whose build runs (default: this one; the A/B step runs an earlier commit's from its own). */
export async function startServer(options: { dataDir: string; port: number; env?: Record<string, string>; checkout?: string }): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    // What production runs: one log line per request.
    LOG_LEVEL: "info",
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  // The bench measures the embedded SQLite setup a fresh clone runs with, unless the caller names a database (the volume step).
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  Object.assign(env, options.env);

  const started = performance.now();
  const { command, args, env: startEnv } = productionCommand(options.checkout);
  // The log goes to a file, as a process manager would keep it: reading it through a pipe would cost the bench's own CPU.
  const logFile = path.join(options.dataDir, `server-${options.port}.log`);
  const log = openSync(logFile, "a");
  const child = spawn(command, args, {
    env: { ...env, ...startEnv },
    cwd: options.checkout,
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  // Last resort if the bench itself dies: never leave a detached server behind.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  process.once("exit", killOnExit);
  child.once("exit", () => process.removeListener("exit", killOnExit));

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(code);
    });
  });

  const stop = async (graceMs = 5000): Promise<number | null> => {
    if (exited) return exited.code;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // The group is already gone.
      }
    };
    signalGroup("SIGTERM");
    const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
    const code = await exit;
    clearTimeout(timer);
    // Whatever the server may have spawned goes with it.
    signalGroup("SIGKILL");
    return code;
  };

  const output = () => readFileSync(logFile, "utf8").split("\n").filter(Boolean).slice(-30).join("\n");

  const deadline = started + 60_000;
  for (;;) {
    if (exited) throw new Error(`server exited (code ${exited.code}, signal ${exited.signal}) before it answered /healthz:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /healthz within 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const coldStartMs = performance.now() - started;

  return { child, pid: child.pid!, baseUrl, coldStartMs, output, stop };
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssBytes(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
