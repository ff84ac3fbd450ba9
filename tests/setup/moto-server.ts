// A real S3-protocol server for the object-storage tests and the bench:
// moto_server (moto 5) on a free local port, started by whoever needs it, as
// PostgreSQL is by the API suites' global setup. It checks no credentials, and
// a bucket is made with a plain `PUT /<bucket>`. No test framework here: the
// bench uses it too (tests/setup/moto.ts adds the suites' loud skip).
import { spawn, spawnSync } from "node:child_process";
import { freePort } from "#scripts/bench/server.ts";

const MOTO = "moto_server";
const START_WITHIN_MS = 20_000;

/** Why moto_server cannot run here, or null when it is on PATH. */
export function motoProblem(): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${MOTO}`], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.trim()) return null;
  return `${MOTO} is not on PATH (install it with: pip install "moto[server]"), so the object-storage tests cannot run`;
}

export interface Moto {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  stop(): Promise<void>;
}

export async function startMoto(): Promise<Moto> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn(MOTO, ["-H", "127.0.0.1", "-p", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (gone) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 3000);
    await exited;
    clearTimeout(killer);
  };

  for (let waited = 0; ; waited += 100) {
    if (gone) throw new Error(`${MOTO} exited before answering:\n${output}`);
    const up = await fetch(`${endpoint}/`).then(
      (response) => (response.body?.cancel(), true),
      () => false,
    );
    if (up) return { endpoint, stop };
    if (waited > START_WITHIN_MS) {
      await stop();
      throw new Error(`${MOTO} did not answer on ${endpoint} within ${START_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Makes a bucket on moto (no credentials, no region body needed). */
export async function makeBucket(endpoint: string, bucket: string): Promise<void> {
  const response = await fetch(`${endpoint}/${bucket}`, { method: "PUT" });
  const text = await response.text();
  if (!response.ok) throw new Error(`PUT /${bucket} on moto answered ${response.status}: ${text}`);
}

/** The environment that points our app at a moto bucket (path-style, dummy credentials moto accepts). */
export function s3EnvFor(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test",
    S3_FORCE_PATH_STYLE: "true",
  };
}
