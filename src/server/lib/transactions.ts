// One transaction per write. A service runs a write and everything it implies
// (file references, activity rows, revisions, outbox jobs) through `write`, on
// the transaction handle it is given; all of it commits or none of it does.
// What must only happen once the write is durable (dropping public caches on
// every instance, waking the job runner) is queued with `afterCommit` and runs
// after COMMIT, never inside a transaction that may still roll back.
import type { Db } from "#server/db/database.ts";
import type { EnqueueOptions, JobQueue } from "#server/jobs/job-queue.ts";
import type { CacheBus } from "./cache-bus.ts";
import type { Logger } from "./logger.ts";

export interface Tx {
  /** The transaction: every repo call of this write takes it. */
  readonly db: Db;
  /** Runs once the outermost write has committed; skipped when it rolls back. */
  afterCommit(task: () => Promise<void> | void): void;
  /** Public caches (settings, pages, banners…) are dropped on every instance after commit. */
  invalidatePublicCache(): void;
  /** The outbox: the job exists only if this write commits, and the runner is woken after commit. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
}

export type WriteRunner = <T>(work: (tx: Tx) => Promise<T>, outer?: Tx) => Promise<T>;

export interface TransactionDeps {
  db: Db;
  bus: CacheBus;
  jobs: Pick<JobQueue, "enqueue" | "wake">;
  logger: Logger;
}

export function createWriteRunner(deps: TransactionDeps): WriteRunner {
  const { db, bus, jobs, logger } = deps;

  return async function write<T>(work: (tx: Tx) => Promise<T>, outer?: Tx): Promise<T> {
    // A write called from another write (activating a theme saves a setting) joins it.
    if (outer) return work(outer);

    const tasks: Array<() => Promise<void> | void> = [];
    let invalidates = false;
    let enqueued = false;
    const result = await db.transaction().execute((trx) =>
      work({
        db: trx,
        afterCommit: (task) => void tasks.push(task),
        invalidatePublicCache: () => void (invalidates = true),
        enqueue: async (kind, payload, options) => {
          enqueued = true;
          return jobs.enqueue(trx, kind, payload, options);
        },
      }),
    );

    if (invalidates) tasks.unshift(() => bus.publish());
    if (enqueued) tasks.push(() => jobs.wake());
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        // The write is committed: the answer stays a success; the lapse is for the log.
        logger.error({ err: error }, "a task after commit failed");
      }
    }
    return result;
  };
}
