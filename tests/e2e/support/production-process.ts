// The production server as its own process (build/app/main.js with the options
// of `npm start`), for the specs about the process itself: a crash, a rolling
// restart. Resolves once `readyPath` answers 200 on 127.0.0.1.
import { spawn, type ChildProcess } from "node:child_process";
import { productionCommand } from "#scripts/bench/server.ts";

export interface ProductionProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const START_WITHIN_MS = 30_000;

export async function startProductionProcess(options: { port: number; env: Record<string, string>; readyPath?: string }): Promise<ProductionProcess> {
  const { command, args, env } = productionCommand();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(options.port), LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  for (let waited = 0; ; waited += 50) {
    if (await fetch(`${baseUrl}${options.readyPath ?? "/healthz"}`).then((res) => res.ok, () => false)) break;
    if (child.exitCode !== null || waited > START_WITHIN_MS) {
      child.kill("SIGKILL");
      throw new Error(`the server on port ${options.port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, child, exited };
}
