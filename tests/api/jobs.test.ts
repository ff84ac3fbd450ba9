// The job runner on the database (src/server/jobs/), on SQLite and PostgreSQL:
// the outbox (a job exists only if its write commits), retries with backoff,
// failed jobs kept and counted, scheduled jobs, keyed jobs, expired leases (a
// runner that lost its lease records nothing), and on PostgreSQL two runners
// on one database running each job exactly once.
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/database.ts";
import { createJobQueue, type JobQueueDeps } from "#server/jobs/job-queue.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const logger = pino({ level: "silent" });
let store: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  store = await createTestDatabase();
  database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, logger });
});
afterEach(async () => {
  await database.db.deleteFrom("jobs").execute();
});
afterAll(async () => {
  await database.close();
  await store.drop();
});

/** A clock the test moves by hand. */
function manualClock(start = new Date("2026-11-24T08:00:00.000Z")) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

const queueOn = (handle: DatabaseHandle, options: Partial<JobQueueDeps> = {}) =>
  createJobQueue({ db: handle.db, flavour: handle.flavour, logger, backoff: () => 60_000, ...options });
const rows = () => database.db.selectFrom("jobs").selectAll().orderBy("id").execute();

describe("the outbox", () => {
  it("a job enqueued in a transaction that rolls back never runs; one in a committed transaction runs once with its payload", async () => {
    const queue = queueOn(database);
    const seen: unknown[] = [];
    queue.register<{ to: string }>("notify", async (payload) => void seen.push(payload));

    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, "notify", { to: "rolled back" });
        throw new Error("the write fails");
      }),
    ).rejects.toThrow("the write fails");
    await database.db.transaction().execute(async (trx) => void (await queue.enqueue(trx, "notify", { to: "committed" })));

    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([{ to: "committed" }]);
    expect(await rows()).toEqual([]);
  });
});

describe("retries", () => {
  it("a failing job is retried after its backoff, keeps its error, and after max attempts stays as failed and counted", async () => {
    const clock = manualClock();
    const queue = queueOn(database, { clock: clock.now, backoff: (attempt) => attempt * 60_000 });
    let calls = 0;
    queue.register("flaky", async () => {
      calls += 1;
      throw new Error(`Discord answered 502 (${calls})`);
    });
    await queue.enqueue(database.db, "flaky", {}, { maxAttempts: 3 });

    expect(await queue.runDue()).toBe(1);
    expect(await rows()).toMatchObject([{ attempts: 1, last_error: "Discord answered 502 (1)", failed_at: null, locked_until: null }]);
    clock.advance(59_000);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(1);
    // The second retry waits twice as long.
    clock.advance(119_000);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(1);

    expect(calls).toBe(3);
    const [failed] = await rows();
    expect(failed).toMatchObject({ attempts: 3, last_error: "Discord answered 502 (3)" });
    expect(failed!.failed_at).toBe(clock.now().toISOString());
    expect(await queue.failedCount()).toBe(1);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await queue.runDue()).toBe(0);
  });

  it("a job that fails once and then succeeds is gone", async () => {
    const clock = manualClock();
    const queue = queueOn(database, { clock: clock.now });
    let calls = 0;
    queue.register("once", async () => {
      calls += 1;
      if (calls === 1) throw new Error("timeout");
    });
    await queue.enqueue(database.db, "once", {});
    await queue.runDue();
    clock.advance(60_000);
    await queue.runDue();
    expect(calls).toBe(2);
    expect(await rows()).toEqual([]);
    expect(await queue.failedCount()).toBe(0);
  });

  it("a job of an unknown kind fails like any other without stopping the jobs after it", async () => {
    const queue = queueOn(database);
    const seen: string[] = [];
    queue.register("known", async (payload) => void seen.push(payload as string));
    await queue.enqueue(database.db, "forgotten", {});
    await queue.enqueue(database.db, "known", "after");
    expect(await queue.runDue()).toBe(2);
    expect(seen).toEqual(["after"]);
    expect(await rows()).toMatchObject([{ kind: "forgotten", attempts: 1, last_error: expect.stringContaining("forgotten") }]);
  });

  it("a kind registered twice is a mistake at start-up", () => {
    const queue = queueOn(database);
    queue.register("twice", async () => {});
    expect(() => queue.register("twice", async () => {})).toThrow(/already registered/);
  });
});

describe("scheduling", () => {
  it("a job with runAt in the future waits for it", async () => {
    const clock = manualClock();
    const queue = queueOn(database, { clock: clock.now });
    const seen: string[] = [];
    queue.register("publish", async (payload) => void seen.push(payload as string));
    await queue.enqueue(database.db, "publish", "post 12", { runAt: new Date(clock.now().getTime() + 3_600_000) });
    expect(await queue.runDue()).toBe(0);
    clock.advance(3_600_000);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual(["post 12"]);
  });

  it("enqueuing with a key replaces the pending job of that key", async () => {
    const clock = manualClock();
    const queue = queueOn(database, { clock: clock.now });
    const seen: string[] = [];
    queue.register("publish", async (payload) => void seen.push(payload as string));
    const first = await queue.enqueue(database.db, "publish", "at ten", { key: "blog.publish:12", runAt: new Date(clock.now().getTime() + 10_000) });
    await queue.enqueue(database.db, "publish", "at twenty", { key: "blog.publish:12", runAt: new Date(clock.now().getTime() + 20_000) });
    await queue.enqueue(database.db, "publish", "another post", { key: "blog.publish:13", runAt: new Date(clock.now().getTime() + 10_000) });
    expect((await rows()).map((row) => [row.id === first, row.payload])).toEqual([[true, '"at twenty"'], [false, '"another post"']]);
    clock.advance(10_000);
    await queue.runDue();
    expect(seen).toEqual(["another post"]);
    clock.advance(10_000);
    await queue.runDue();
    expect(seen).toEqual(["another post", "at twenty"]);
  });

  it("a keyed job replaced while its earlier version runs is kept for its own run", async () => {
    const queue = queueOn(database);
    const seen: string[] = [];
    let finish!: () => void;
    queue.register("publish", async (payload) => {
      seen.push(payload as string);
      if (seen.length === 1) await new Promise<void>((resolve) => (finish = resolve));
    });
    await queue.enqueue(database.db, "publish", "at ten", { key: "blog.publish:12" });
    const running = queue.runDue();
    await expect.poll(() => seen).toEqual(["at ten"]);
    // Staff reschedule the post while it is being published.
    await queue.enqueue(database.db, "publish", "at twenty", { key: "blog.publish:12" });
    finish();
    expect(await running).toBe(2);
    expect(seen).toEqual(["at ten", "at twenty"]);
    expect(await rows()).toEqual([]);
  });
});

describe("leases", () => {
  it("a job whose runner stalled past its lease is run again by another runner", async () => {
    const clock = manualClock();
    const stalled = queueOn(database, { clock: clock.now, leaseMs: 30_000 });
    stalled.register("work", () => new Promise<void>(() => {}));
    await stalled.enqueue(database.db, "work", "the job");
    void stalled.runDue();
    await expect.poll(async () => (await rows())[0]?.locked_until).not.toBeNull();

    const other = queueOn(database, { clock: clock.now, leaseMs: 30_000 });
    const seen: unknown[] = [];
    other.register("work", async (payload) => void seen.push(payload));
    expect(await other.runDue()).toBe(0);
    clock.advance(31_000);
    expect(await other.runDue()).toBe(1);
    expect(seen).toEqual(["the job"]);
  });

  it("a runner whose lease ran out records nothing when its handler ends late: the runner holding the job now decides", async () => {
    const clock = manualClock();
    const stalled = queueOn(database, { clock: clock.now, leaseMs: 30_000 });
    let failLate!: (error: Error) => void;
    stalled.register("work", () => new Promise<void>((_resolve, reject) => (failLate = reject)));
    await stalled.enqueue(database.db, "work", "the job");
    const stalledRun = stalled.runDue();
    await expect.poll(async () => (await rows())[0]?.locked_until).not.toBeNull();

    clock.advance(31_000);
    const other = queueOn(database, { clock: clock.now, leaseMs: 30_000 });
    let finish!: () => void;
    other.register("work", () => new Promise<void>((resolve) => (finish = resolve)));
    const otherRun = other.runDue();
    await expect.poll(async () => (await rows())[0]?.attempts).toBe(2);
    const heldByOther = await rows();

    // The stalled handler fails at last: the job stays the other runner's, its lease untouched (no third runner may take it).
    failLate(new Error("the stalled call timed out"));
    expect(await stalledRun).toBe(1);
    expect(await rows()).toEqual(heldByOther);
    expect(await stalled.dueCount()).toBe(0);
    // And the other runner's success ends the job.
    finish();
    expect(await otherRun).toBe(1);
    expect(await rows()).toEqual([]);
  });
});

describe("the polling runner", () => {
  it("runs what is enqueued once woken, and stop() waits for the running job", async () => {
    const queue = queueOn(database, { pollIntervalMs: 60_000 });
    let release: () => void = () => {};
    const events: string[] = [];
    queue.register("slow", async () => {
      events.push("started");
      await new Promise<void>((resolve) => (release = resolve));
      events.push("finished");
    });
    queue.start();
    await queue.enqueue(database.db, "slow", {});
    queue.wake();
    await expect.poll(() => events).toEqual(["started"]);
    const stopping = queue.stop().then(() => events.push("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(["started"]);
    release();
    await stopping;
    expect(events).toEqual(["started", "finished", "stopped"]);
    expect(await rows()).toEqual([]);
  });
});

// Skipped on SQLite: only PostgreSQL can be shared by two instances (SQLite is embedded in one process).
describe.skipIf(process.env.TEST_DB !== "postgres")("several instances on one PostgreSQL database", () => {
  it("two runners racing over the same jobs run each exactly once", async () => {
    const second = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, logger });
    try {
      const runs: number[] = [];
      const handler = async (payload: unknown) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        runs.push(payload as number);
      };
      const a = queueOn(database);
      const b = queueOn(second);
      a.register("count", handler);
      b.register("count", handler);
      for (let n = 0; n < 40; n += 1) await a.enqueue(database.db, "count", n);

      const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(40);
      expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
      expect(counts[1]! + counts[3]!).toBeGreaterThan(0);
      expect([...runs].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    } finally {
      await second.close();
    }
  });
});
