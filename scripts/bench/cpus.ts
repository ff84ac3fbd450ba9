// Where the load generator runs during a load test: on a machine of two cores
// or more, off core 0, which the server under test (ours or the reference)
// then has to itself; both are measured under the same conditions.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

const cores = availableParallelism();
export const PINNING = cores >= 2 && spawnSync("taskset", ["--version"]).status === 0;

function pinSelf(cpus: string) {
  if (PINNING) spawnSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { stdio: "ignore" });
}

/** Runs `work` with this process (the load generator) off the server's core. */
export async function asLoadGenerator<T>(work: () => Promise<T>): Promise<T> {
  pinSelf(`1-${cores - 1}`);
  try {
    return await work();
  } finally {
    pinSelf(`0-${cores - 1}`);
  }
}
