// GET /metrics, on SQLite and PostgreSQL: the Prometheus text of this
// instance, answered to loopback (the socket's address, never a forwarded
// header) or with METRICS_TOKEN; requests counted by route pattern and status
// class, the job queue's depth and failures, LINE's quota read at most every
// ten minutes (never per scrape), the process's memory.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LINE_QUOTA_MAX_AGE_MS } from "#server/lib/metrics.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";

let t: TestApp;
let line: FakeLine;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  line = await startFakeLine();
  t = await createTestApp({ METRICS_TOKEN, LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl }, { runJobs: false });
  const admin = await createAdmin(t);
  adminHeaders = bearer(await sessionToken(t, admin.id));
});
afterAll(async () => {
  await t?.close();
  await line?.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom("jobs").execute();
});

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: "GET", url: "/metrics", remoteAddress: options.remoteAddress, headers: options.headers });

/** The value of one series in the text format (labels as written, in order), or undefined when absent. */
async function sample(series: string): Promise<number | undefined> {
  const res = await scrape();
  expect(res.statusCode, res.body).toBe(200);
  const found = res.body.split("\n").find((entry) => entry.startsWith(`${series} `));
  return found === undefined ? undefined : Number(found.slice(series.length + 1));
}

describe("who may read the metrics", () => {
  it("loopback (IPv4 and IPv6) reads them in the Prometheus text format", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await scrape({ remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain("# TYPE http_requests_total counter");
      expect(res.body).toContain("# TYPE http_request_duration_seconds histogram");
      expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(res.body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    }
  });

  it("another address gets 401 and no figure, whatever it forwards; with the token it reads them", async () => {
    const remote = { remoteAddress: "203.0.113.9" };
    const refused = [
      await scrape(remote),
      // Only the socket's address counts: a header saying "I am local" changes nothing.
      await scrape({ ...remote, headers: { "x-forwarded-for": "127.0.0.1" } }),
      await scrape({ ...remote, headers: bearer("metrics-token-for-the-tests-012345678X") }),
      await scrape({ ...remote, headers: bearer("short") }),
      // An administrator's session is not the monitoring token.
      await scrape({ ...remote, headers: adminHeaders }),
      // A proxy on the same host relays the internet from loopback: what it forwards is not local.
      await scrape({ headers: { "x-forwarded-for": "203.0.113.9" } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.body).not.toContain("http_requests_total");
    }
    const allowed = await scrape({ ...remote, headers: bearer(METRICS_TOKEN) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("http_requests_total");
  });
});

describe("what they count", () => {
  it("requests by route pattern and status class, never the raw URL", async () => {
    const ok = 'http_requests_total{method="GET",route="/api.php/themes/:id",status_class="2xx"}';
    const missing = 'http_requests_total{method="GET",route="/api.php/themes/:id",status_class="4xx"}';
    const okDurations = 'http_request_duration_seconds_count{method="GET",route="/api.php/themes/:id",status_class="2xx"}';
    const before = { ok: (await sample(ok)) ?? 0, missing: (await sample(missing)) ?? 0, durations: (await sample(okDurations)) ?? 0 };

    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: "GET", url: "/api.php/themes/1" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api.php/themes/987654" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/no-such-place-4711" })).statusCode).toBe(404);

    expect(await sample(ok)).toBe(before.ok + 3);
    expect(await sample(missing)).toBe(before.missing + 1);
    expect(await sample(okDurations)).toBe(before.durations + 3);
    const text = (await scrape()).body;
    expect(text).not.toContain("987654");
    expect(text).not.toContain("no-such-place-4711");
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} \d+/m);
  });

  it("the job queue's depth (due, not held) and the jobs that failed every attempt", async () => {
    const now = Date.now();
    await t.jobs.enqueue(t.database.db, "metrics.unhandled", { n: 1 }, { maxAttempts: 1 });
    await t.jobs.enqueue(t.database.db, "metrics.unhandled", { n: 2 }, { maxAttempts: 1 });
    await t.jobs.enqueue(t.database.db, "metrics.unhandled", { n: 3 }, { runAt: new Date(now + 60 * 60_000) });
    expect(await sample("jobs_due")).toBe(2);
    expect(await sample("jobs_failed")).toBe(0);

    // No handler for this kind: both due jobs fail their only attempt.
    expect(await t.jobs.runDue()).toBe(2);
    expect(await sample("jobs_due")).toBe(0);
    expect(await sample("jobs_failed")).toBe(2);
  });

  it("LINE's quota as last read, asking LINE at most every ten minutes and never while the scrape waits", async () => {
    const saved = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: adminHeaders, payload: { line_channel_access_token: "line-token-for-metrics" } });
    expect(saved.statusCode, saved.body).toBe(200);
    line.setQuota({ limit: 500, used: 123 });
    const quotaReads = () => line.requests.filter((request) => request.path === "/v2/bot/message/quota/consumption").length;
    // The earlier scrapes read it without a channel (unknown); the clock moves past the ten minutes.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + LINE_QUOTA_MAX_AGE_MS);
      // This scrape starts the reading and answers at once with what it knew.
      expect(await sample("line_quota_used")).toBeNaN();
      // A loaded CI machine can take more than the default second to answer.
      await expect.poll(() => sample("line_quota_used"), { timeout: 15_000 }).toBe(123);
      expect(await sample("line_quota_limit")).toBe(500);

      line.setQuota({ used: 200 });
      for (let i = 0; i < 5; i += 1) expect(await sample("line_quota_used")).toBe(123);
      expect(quotaReads()).toBe(1);

      vi.setSystemTime(Date.now() + LINE_QUOTA_MAX_AGE_MS);
      await expect.poll(() => sample("line_quota_used"), { timeout: 15_000 }).toBe(200);
      expect(quotaReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
