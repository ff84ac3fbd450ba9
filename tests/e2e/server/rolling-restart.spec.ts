// A rolling restart under load loses no request (issue 26): two production
// servers (build/app/main.js, as `npm start` runs it) on one PostgreSQL
// database behind a load balancer that works as the deployment's Caddy does
// (support/load-balancer.ts). Twenty clients ask for the home page and a
// public API read without pause while one instance gets SIGTERM, is started
// again, and then the other gets SIGTERM. Every request must succeed, both
// instances must have served, and each must exit 0.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#scripts/bench/server.ts";
import { startLoadBalancer, type LoadBalancer } from "#tests/e2e/support/load-balancer.ts";
import { startProductionProcess, type ProductionProcess } from "#tests/e2e/support/production-process.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

/** Longer than two of the balancer's health-check intervals (200 ms): it has stopped sending before the server stops listening. */
const DRAIN_MS = 800;
const CLIENTS = 20;

const dataDir = mkdtempSync(path.join(tmpdir(), "rolling-restart-"));
const children: ChildProcess[] = [];
let store: TestDatabase | undefined;
let balancer: LoadBalancer | undefined;
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await balancer?.close();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startInstance(port: number, databaseUrl: string): Promise<ProductionProcess> {
  const instance = await startProductionProcess({
    port,
    readyPath: "/readyz",
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), ADMIN_EMAIL: "rolling@test.example", ADMIN_PASSWORD: "rolling-password-42" },
  });
  children.push(instance.child);
  return instance;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a rolling restart of two instances behind the load balancer", () => {
  it("loses no request of twenty clients while each instance in turn is stopped with SIGTERM (and one started again)", { timeout: 60_000 }, async () => {
    store = await createTestDatabase("postgres");
    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: the first migrates and seeds the empty database.
    let a = await startInstance(portA, store.databaseUrl!);
    const b = await startInstance(portB, store.databaseUrl!);
    balancer = await startLoadBalancer({ ports: [portA, portB] });
    const [upstreamA, upstreamB] = balancer.upstreams as [(typeof balancer.upstreams)[0], (typeof balancer.upstreams)[0]];
    await until(() => upstreamA.healthy && upstreamB.healthy, "both instances are in the balancer");

    let running = true;
    let succeeded = 0;
    const failures: string[] = [];
    const client = async (n: number) => {
      for (let i = 0; running; i += 1) {
        const target = (n + i) % 2 === 0 ? "/" : "/api.php/settings";
        try {
          const res = await fetch(`${balancer!.url}${target}`, { headers: { accept: target === "/" ? "text/html" : "application/json" } });
          const body = await res.text();
          if (res.status === 200 && body.length > 0) succeeded += 1;
          else failures.push(`${target} answered ${res.status}: ${body.slice(0, 120)}`);
        } catch (error) {
          failures.push(`${target} failed: ${String((error as Error).cause ?? error)}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

    await until(() => upstreamA.served > 50 && upstreamB.served > 50, "both instances serve");
    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    const servedByFirstA = upstreamA.served;

    a = await startInstance(portA, store.databaseUrl!);
    await until(() => upstreamA.served > servedByFirstA + 50, "the restarted instance serves");
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);
    const servedAfterB = upstreamA.served;
    await until(() => upstreamA.served > servedAfterB + 50, "the remaining instance serves alone");

    running = false;
    await load;
    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);

    expect(failures).toEqual([]);
    expect(succeeded).toBeGreaterThan(300);
    expect(servedByFirstA).toBeGreaterThan(0);
    expect(upstreamB.served).toBeGreaterThan(0);
  });
});
