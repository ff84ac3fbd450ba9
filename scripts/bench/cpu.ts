// How much CPU other processes took while the bench measured: on a 2-core
// machine anything else running (a test suite, a browser) shows up directly in
// throughput and latency, so every load figure is reported with this beside it.
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";

interface MachineTicks {
  busy: number;
  total: number;
}

function machineTicks(): MachineTicks | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process, in the same clock ticks as /proc/stat. */
function processTicks(pid: number | "self"): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  return (processTicks(pid) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export interface CpuShare {
  /** Average cores used by processes other than the watched ones. */
  otherCores: number;
  /** Average cores used by the watched processes (server and load generator). */
  watchedCores: number;
  cores: number;
}

/** Starts watching; the returned function ends the window and reports the shares. */
export function watchCpu(pids: Array<number | "self">): () => CpuShare | undefined {
  const cores = availableParallelism();
  const machineStart = machineTicks();
  const watchedStart = pids.reduce<number>((sum, pid) => sum + processTicks(pid), 0);
  return () => {
    const machineEnd = machineTicks();
    if (!machineStart || !machineEnd) return undefined;
    const total = machineEnd.total - machineStart.total;
    if (total <= 0) return undefined;
    const busy = machineEnd.busy - machineStart.busy;
    const watched = pids.reduce<number>((sum, pid) => sum + processTicks(pid), 0) - watchedStart;
    return {
      otherCores: (Math.max(0, busy - watched) / total) * cores,
      watchedCores: (watched / total) * cores,
      cores,
    };
  };
}

/** Cores used by everything else on the machine over a short sample (before starting). */
export async function otherLoad(sampleMs = 1000): Promise<CpuShare | undefined> {
  const stop = watchCpu(["self"]);
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  return stop();
}
