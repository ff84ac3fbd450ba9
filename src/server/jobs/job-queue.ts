// Durable jobs on the database: the outbox and the scheduler in one small
// runner (docs/decisions/011-jobs-on-the-database.md). A job is enqueued with
// the transaction of the write that causes it, so it exists exactly when that
// write commits; every instance runs a runner that claims due jobs one at a
// time. Delivery is at least once (a lease can expire under a stalled handler):
// handlers must be idempotent. A runner records a job's ending only while its
// own claim still holds the job, so a late ending never undoes another runner's.
import { randomUUID } from "node:crypto";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { Logger } from "#server/lib/logger.ts";
import { jobsRepo, type JobRow } from "./jobs.repo.ts";

export type { JobRow };

export interface JobContext {
  jobId: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  /** For reading only: a handler that writes runs an operation (lib/operation-runner.ts). */
  db: ReadDb;
  logger: Logger;
  /**
   * Aborted when the runner hands the job back at shutdown: the job is in the queue again, for
   * another runner. A long handler stops its work (and records nothing of it); what it does after
   * this is not recorded as the job's ending.
   */
  signal: AbortSignal;
}
export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this time (scheduled work); default now. */
  runAt?: Date;
  maxAttempts?: number;
  /** Replaces the pending job enqueued with the same key. */
  key?: string;
}

export interface JobQueue {
  /** Modules register their handlers at start-up; registering a kind twice throws. */
  register<P>(kind: string, handler: JobHandler<P>): void;
  /** Inserts the job with the caller's handle: pass the transaction of the write that causes it. */
  enqueue(db: Db, kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  start(): void;
  /**
   * Stops claiming and waits for the running job; one still running after `handBackAfterMs` is
   * handed back to the queue (due at once for another instance's runner) and no longer waited for.
   */
  stop(): Promise<void>;
  /** Poll now instead of at the next tick. */
  wake(): void;
  /** Runs every job due now, one after another; resolves with how many ran (succeeded or failed). */
  runDue(): Promise<number>;
  /** Jobs that failed every attempt: the dashboard shows this count. */
  failedCount(): Promise<number>;
  /** Jobs due now that no runner holds (the metrics' queue depth). */
  dueCount(): Promise<number>;
  /** Failed jobs of these kinds, newest first (at most 100), for the screen that owns them. */
  listFailed(kinds: readonly string[]): Promise<JobRow[]>;
  /** Jobs of these kinds that failed at least once and are not done (retrying or given up), latest failure first (at most 100). */
  listFailing(kinds: readonly string[]): Promise<JobRow[]>;
  countFailing(kinds: readonly string[]): Promise<number>;
  /**
   * Runs a failing job of these kinds as soon as the runner is woken: a given-up job gets one
   * more attempt, a retrying one skips the rest of its backoff. False when there is no such job
   * (or a runner holds it right now).
   */
  retryNow(db: Db, id: number, kinds: readonly string[]): Promise<boolean>;
  /** Puts a failed job of these kinds back in the queue, due now, for one attempt; false when there is no such failed job. */
  retryFailed(db: Db, id: number, kinds: readonly string[]): Promise<boolean>;
  /** Forgets a failed job of these kinds; false when there is no such failed job. */
  discardFailed(db: Db, id: number, kinds: readonly string[]): Promise<boolean>;
}

export interface JobQueueDeps {
  db: Db;
  flavour: SqlFlavour;
  logger: Logger;
  clock?: () => Date;
  pollIntervalMs?: number;
  /** How long a claimed job is reserved; after it, another runner may take it again. */
  leaseMs?: number;
  /** Milliseconds before retry number `attempt` (1 = the first retry). */
  backoff?: (attempt: number) => number;
  /** How long stop() waits for the running job before handing it back (default 5 s: within a shutdown's grace). */
  handBackAfterMs?: number;
}

/** A job this runner claimed: the claim's token, and the hand-back its handler is told of. */
interface Claim {
  job: JobRow;
  token: string;
  handBack: AbortController;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
const MAX_ERROR_LENGTH = 500;

/** 10 s, 20 s, 40 s … at most an hour: a service that is down for a while is not hammered. */
export const exponentialBackoff = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 60 * 60 * 1000);

export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const { db, flavour, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const pollIntervalMs = deps.pollIntervalMs ?? 1000;
  const leaseMs = deps.leaseMs ?? 5 * 60 * 1000;
  const backoff = deps.backoff ?? exponentialBackoff;
  const handBackAfterMs = deps.handBackAfterMs ?? 5000;
  const handlers = new Map<string, JobHandler>();

  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<unknown> | undefined;
  let again = false;
  let stopped = true;
  let stopping: Promise<void> | undefined;
  /** The job this runner holds right now. */
  let running: Claim | undefined;

  /** A late ending: the lease ran out under the handler and another runner (or a keyed enqueue) has the job now. */
  const notRecorded = (job: JobRow) => logger.warn({ jobId: job.id, kind: job.kind }, "a job ended after its lease was lost; its ending is not recorded");
  /** The handler of a job handed back at shutdown ended after all: the job is another runner's to run and to end. */
  const endedAfterHandBack = (job: JobRow) => logger.info({ jobId: job.id, kind: job.kind }, "a job handed back at shutdown ended here; its ending is left to the runner that takes it");

  async function runJob({ job, token, handBack }: Claim): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler is registered for jobs of kind "${job.kind}"`);
      await handler(JSON.parse(job.payload), { jobId: job.id, kind: job.kind, attempt: job.attempts, db, logger, signal: handBack.signal });
      if (handBack.signal.aborted) return endedAfterHandBack(job);
      if (!(await jobsRepo.complete(db, job.id, token))) notRecorded(job);
    } catch (error) {
      if (handBack.signal.aborted) return endedAfterHandBack(job);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const now = clock();
      const giveUp = job.attempts >= job.max_attempts;
      const retryAt = giveUp ? null : new Date(now.getTime() + backoff(job.attempts)).toISOString();
      // The payload may hold personal data (a visitor's message): it is never logged.
      logger.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt }, giveUp ? "a job failed every attempt" : "a job failed; it will be retried");
      if (!(await jobsRepo.fail(db, job.id, token, message, now.toISOString(), retryAt))) notRecorded(job);
    }
  }

  /** Claims and runs due jobs one after another while `goOn()` holds. */
  async function drain(goOn: () => boolean): Promise<number> {
    let ran = 0;
    while (goOn()) {
      const now = clock();
      const token = randomUUID();
      const job = await jobsRepo.claimNext(db, flavour, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), token);
      if (!job) break;
      running = { job, token, handBack: new AbortController() };
      try {
        await runJob(running);
      } finally {
        running = undefined;
      }
      ran += 1;
    }
    return ran;
  }

  function tick() {
    if (stopped) return;
    if (draining) {
      // A wake-up during a pass: look again when it ends, so a job enqueued meanwhile is not left for the next tick.
      again = true;
      return;
    }
    draining = drain(() => !stopped)
      .catch((error: unknown) => logger.error({ err: error }, "the job runner could not read the job table"))
      .finally(() => {
        draining = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  /** Waits for the pass under way; a job still running at the deadline goes back to the queue. */
  async function finishOrHandBack(): Promise<void> {
    if (!draining) return;
    let deadline: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      draining.then(() => true),
      new Promise<false>((resolve) => {
        deadline = setTimeout(() => resolve(false), handBackAfterMs);
      }),
    ]).finally(() => clearTimeout(deadline));
    const claim = running;
    if (finished || !claim) return;
    const { job, token, handBack } = claim;
    // First: from here on this runner records nothing of the job, whatever its handler still does.
    handBack.abort();
    try {
      const released = await jobsRepo.release(db, job.id, token, clock().toISOString());
      logger.warn({ jobId: job.id, kind: job.kind, released: released > 0 }, "a job was still running at shutdown; it is handed back to the queue");
    } catch (error) {
      // Its lease then expires as after a crash, and another runner takes it.
      logger.error({ err: error, jobId: job.id, kind: job.kind }, "a job running at shutdown could not be handed back");
    }
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`a handler for jobs of kind "${kind}" is already registered`);
      handlers.set(kind, handler as JobHandler);
    },

    async enqueue(handle, kind, payload, options = {}) {
      const now = clock();
      return jobsRepo.insert(handle, {
        kind,
        payload: JSON.stringify(payload ?? null),
        runAt: (options.runAt ?? now).toISOString(),
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        key: options.key ?? null,
        now: now.toISOString(),
      });
    },

    start() {
      if (!stopped) return;
      stopped = false;
      stopping = undefined;
      timer = setInterval(tick, pollIntervalMs);
      // Polling never keeps the process alive on its own.
      timer.unref();
      tick();
    },

    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      // Shutdown stops the runner at the signal and again when the app closes: one wait, one hand-back.
      stopping ??= finishOrHandBack();
      return stopping;
    },

    wake: () => setImmediate(tick),

    runDue: () => drain(() => true),

    failedCount: () => jobsRepo.countFailed(db),

    dueCount: () => jobsRepo.countDue(db, clock().toISOString()),

    listFailed: (kinds) => jobsRepo.listFailed(db, kinds),

    listFailing: (kinds) => jobsRepo.listFailing(db, kinds),

    countFailing: (kinds) => jobsRepo.countFailing(db, kinds),

    async retryNow(handle, id, kinds) {
      const now = clock().toISOString();
      return (await jobsRepo.requeueFailed(handle, id, kinds, now)) > 0 || (await jobsRepo.hurryRetrying(handle, id, kinds, now)) > 0;
    },

    retryFailed: async (handle, id, kinds) => (await jobsRepo.requeueFailed(handle, id, kinds, clock().toISOString())) > 0,

    discardFailed: async (handle, id, kinds) => (await jobsRepo.discardFailed(handle, id, kinds)) > 0,
  };
}
