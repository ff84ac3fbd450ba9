// Two app instances on one database (as behind a load balancer), on SQLite and
// PostgreSQL: the per-route flood limit counts both instances' requests
// together, a job enqueued once runs once with both runners polling, and a
// runner that stops while its job is still running hands the job back for the
// other instance to take at once, tells its handler to stop, and records
// nothing when that handler ends after all.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "#server/app.ts";
import { createJobQueue } from "#server/jobs/job-queue.ts";
import { rateCounters } from "#server/lib/rate-counters.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let first: TestApp;
let second: BuiltApp;

beforeAll(async () => {
  first = await createTestApp({}, { runJobs: false });
  second = await buildApp({ env: first.env, web: false, runJobs: false, logger: false });
  await second.app.ready();
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
});

describe("the sign-in flood limit (30 a minute from one address)", () => {
  it("counts the requests both instances receive against the one limit", async () => {
    const signIn = (instance: BuiltApp, remoteAddress: string) => instance.app.inject({ method: "POST", url: "/admin-login.php", remoteAddress, payload: {} });
    // 30 posts from one address, alternating between the instances: 15 each, within the limit of either alone.
    for (let i = 0; i < 30; i += 1) {
      const res = await signIn(i % 2 === 0 ? first : second, "198.51.100.7");
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
    }
    for (const instance of [first, second]) {
      const refused = await signIn(instance, "198.51.100.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^請求過於頻繁，請於 \d+ 秒後再試$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another address is counted on its own.
    expect((await signIn(second, "198.51.100.8")).statusCode).toBe(400);
  });

  it("counts in the window its first request opened, and starts over once that window has passed", async () => {
    const db = first.database.db;
    const start = new Date("2026-11-24T08:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const windowEnd = at(60_000);
    expect(await rateCounters.hit(db, "flood:test", start, 60_000)).toEqual({ count: 1, endsAt: windowEnd });
    expect(await rateCounters.hit(db, "flood:test", at(59_000), 60_000)).toEqual({ count: 2, endsAt: windowEnd });
    expect(await rateCounters.hit(db, "flood:test", at(60_000), 60_000)).toEqual({ count: 1, endsAt: at(120_000) });
  });
});

describe("jobs with a runner on each instance", () => {
  it("a job enqueued once runs once while both runners poll", async () => {
    const runs = new Map<number, string[]>();
    for (const [name, instance] of [["first", first], ["second", second]] as const) {
      instance.jobs.register<number>("instances.count", async (n) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        runs.set(n, [...(runs.get(n) ?? []), name]);
      });
    }
    for (let n = 0; n < 30; n += 1) await first.jobs.enqueue(first.database.db, "instances.count", n);
    first.jobs.start();
    second.jobs.start();
    try {
      await expect.poll(() => runs.size, { timeout: 15_000 }).toBe(30);
      await expect.poll(async () => (await first.database.db.selectFrom("jobs").select("id").where("kind", "=", "instances.count").execute()).length).toBe(0);
    } finally {
      await Promise.all([first.jobs.stop(), second.jobs.stop()]);
    }
    for (const [n, ranOn] of runs) expect(ranOn, `job ${n}`).toHaveLength(1);
  });

  it("a runner that stops while its job still runs hands the job back, and the other instance takes it at once", async () => {
    const logger = pino({ level: "silent" });
    const stopping = createJobQueue({ db: first.database.db, flavour: first.database.flavour, logger, handBackAfterMs: 100 });
    const other = createJobQueue({ db: second.database.db, flavour: second.database.flavour, logger });
    let started!: (signal: AbortSignal) => void;
    const running = new Promise<AbortSignal>((resolve) => (started = resolve));
    let finish!: () => void;
    stopping.register("instances.slow", (_payload, context) => {
      started(context.signal);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const ranOnOther: unknown[] = [];
    other.register("instances.slow", async (payload) => void ranOnOther.push(payload));

    const id = await stopping.enqueue(first.database.db, "instances.slow", { report: "月報" });
    stopping.start();
    const signal = await running;
    expect(signal.aborted).toBe(false);
    const stoppedIn = performance.now();
    await stopping.stop();
    expect(performance.now() - stoppedIn).toBeLessThan(2000);
    // The handler is told: a long one (a video transcode) stops instead of running on beside the other instance's run.
    expect(signal.aborted).toBe(true);

    const row = await first.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // Due at once for anyone, its attempt not spent: it did not fail, its runner left.
    expect(row).toMatchObject({ locked_until: null, attempts: 0, failed_at: null });
    expect(await other.runDue()).toBe(1);
    expect(ranOnOther).toEqual([{ report: "月報" }]);
    finish();
  });

  it("a handed-back job's first handler ending late changes nothing of the other instance's run", async () => {
    const logged: { msg: string; jobId?: number }[] = [];
    const stopping = createJobQueue({
      db: first.database.db,
      flavour: first.database.flavour,
      logger: pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
      handBackAfterMs: 50,
    });
    const other = createJobQueue({ db: second.database.db, flavour: second.database.flavour, logger: pino({ level: "silent" }), backoff: () => 60_000 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    // Deaf to the hand-back: it ends when it ends.
    stopping.register("instances.late", () => {
      started();
      return new Promise<void>((resolve) => (finish = resolve));
    });
    other.register("instances.late", async () => {
      throw new Error("the mail server answered 503");
    });

    const id = await stopping.enqueue(first.database.db, "instances.late", { to: "staff" });
    stopping.start();
    await running;
    await stopping.stop();
    // The other instance takes it and fails: its retry is due in a minute.
    expect(await other.runDue()).toBe(1);
    const afterOther = await first.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(afterOther).toMatchObject({ attempts: 1, last_error: "the mail server answered 503", locked_until: null, failed_at: null });

    // Now the first handler ends, successfully: the job is not done for that (the row stays, as the other instance left it).
    finish();
    await expect.poll(() => logged.find((entry) => entry.jobId === id && entry.msg.startsWith("a job handed back at shutdown ended here"))).toBeTruthy();
    expect((await first.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst()) ?? "deleted").toEqual(afterOther);
  });
});
