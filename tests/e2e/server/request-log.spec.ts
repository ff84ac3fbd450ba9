// One log line per request, written through a buffer (decision 015), and none
// lost when the server stops: the production server (`npm start`'s command)
// answers a burst of requests, is sent SIGTERM, and its standard output must
// hold exactly one request line for each.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, productionCommand } from "#scripts/bench/server.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "request-log-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the request log", () => {
  it("holds one line per request, all of them written by the time a graceful stop ends", async () => {
    const port = await freePort();
    const { command, args, env } = productionCommand();
    const child = spawn(command, args, {
      env: { ...process.env, ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 50) {
      const up = await fetch(`${base}/healthz`).then((res) => res.ok, () => false);
      if (up) break;
      if (waited > 30_000) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const REQUESTS = 400;
    for (let batch = 0; batch < REQUESTS / 50; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => fetch(`${base}/api.php/settings?n=${batch * 50 + i}`).then((res) => res.arrayBuffer())));
    }
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const logged = output
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; url?: string; status?: number })
      .filter((line) => line.msg === "request" && line.url?.startsWith("/api.php/settings?n="));
    expect(logged).toHaveLength(REQUESTS);
    expect(new Set(logged.map((line) => line.url)).size).toBe(REQUESTS);
    expect(logged.every((line) => line.status === 200)).toBe(true);
  });
});
