// The soak: minutes at a steady rate of what visitors and staff ask for (public
// pages, the public API's reads, contact messages, back-office lists), on one
// or more servers at once, so a build's latency and memory over time are seen
// beside another's on the same machine in the same minutes (
// docs/decisions/046-nothing-per-request-for-free.md). Open loop: a request is
// sent on time whether or not the earlier ones have answered, as visitors do.
import { rssBytes } from "./server.ts";

const rss = (pid: number) => rssBytes(pid) ?? 0;

export interface SoakTarget {
  name: string;
  baseUrl: string;
  pid: number;
  /** A back-office token for the staff's reads. */
  token: string;
}

export interface SoakResult {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  /** Answers 500 or above, and requests that never got an answer. */
  failed: number;
  /** Contact messages the server held back (429, the per-address limit): expected at this rate. */
  limited: number;
  /** RSS at the start and the end, and the highest seen (sampled each second), in bytes. */
  rssStart: number;
  rssEnd: number;
  rssPeak: number;
}

interface SoakRequest {
  method: "GET" | "POST";
  path: string;
  staff?: boolean;
  body?: () => string;
}

let messageNumber = 0;

/** Twenty requests in the proportions of a working day: 8 pages, 6 public API reads, 1 contact message, 5 back-office reads. */
const MIX: SoakRequest[] = [
  ...["/", "/", "/services", "/blog", "/portfolio", "/about", "/contact", "/services/1"].map((path) => ({ method: "GET" as const, path })),
  ...["/api.php/settings", "/api.php/settings", "/api.php/hero-banners", "/api.php/blog/posts?page=1&limit=6", "/api.php/services/1", "/api.php/settings"].map((path) => ({ method: "GET" as const, path })),
  {
    method: "POST",
    path: "/api.php/contact",
    body: () => JSON.stringify({ name: "壓力測試", email: `soak-${++messageNumber}@example.com`, phone: "0912345678", message: `第 ${messageNumber} 則測試留言：想詢問水塔清洗的價格與時間。` }),
  },
  ...["/admin-api.php/contacts", "/admin-api.php/settings", "/admin-api.php/portfolios", "/admin-api.php/customers", "/admin-api.php/pages"].map((path) => ({ method: "GET" as const, path, staff: true })),
];

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** `rate` requests a second to each target for `seconds`, the same request to each at the same moment. */
export async function soak(targets: SoakTarget[], { seconds, rate }: { seconds: number; rate: number }): Promise<SoakResult[]> {
  const state = targets.map((target) => ({ target, latencies: [] as number[], failed: 0, limited: 0, rssStart: rss(target.pid), rssPeak: 0 }));
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const total = Math.round(seconds * rate);
  let lastSample = 0;
  while (sent < total) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < Math.min(due, total); sent++) {
      const request = MIX[sent % MIX.length]!;
      for (const entry of state) {
        const headers: Record<string, string> = { "accept-encoding": "br" };
        if (request.staff) headers.authorization = `Bearer ${entry.target.token}`;
        if (request.body) headers["content-type"] = "application/json";
        const sentAt = performance.now();
        const done = fetch(`${entry.target.baseUrl}${request.path}`, { method: request.method, headers, body: request.body?.(), signal: AbortSignal.timeout(10_000) })
          .then(async (response) => {
            await response.arrayBuffer();
            entry.latencies.push(performance.now() - sentAt);
            if (response.status >= 500) entry.failed++;
            else if (response.status === 429) entry.limited++;
          })
          .catch(() => {
            entry.failed++;
          })
          .finally(() => pending.delete(done));
        pending.add(done);
      }
    }
    const second = Math.floor((performance.now() - started) / 1000);
    if (second !== lastSample) {
      lastSample = second;
      for (const entry of state) entry.rssPeak = Math.max(entry.rssPeak, rss(entry.target.pid));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  return state.map((entry) => {
    const sorted = entry.latencies.sort((a, b) => a - b);
    const rssEnd = rss(entry.target.pid);
    return {
      name: entry.target.name,
      requests: total,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      failed: entry.failed,
      limited: entry.limited,
      rssStart: entry.rssStart,
      rssEnd,
      rssPeak: Math.max(entry.rssPeak, rssEnd),
    };
  });
}
