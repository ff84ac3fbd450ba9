// Runs operations (operations.ts): the one place the product opens a write.
// Every route, page action and job handler that changes data comes through
// here, so every write checks its access and input, commits with its activity,
// file references and jobs in one transaction, and drops exactly the cache tags
// it declared once the commit is durable.
import type { z } from "zod";
import type { Db } from "#server/db/database.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import type { FileReferenceKeeper } from "#server/modules/media/file-references.ts";
import type { CacheBus } from "./cache-bus.ts";
import type { CacheTag } from "./cache-tags.ts";
import { AppError, unauthorized } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { adminIdOf, type Actor, type Done, type Operation, type OperationCall, type OperationTx } from "./operations.ts";
import { parseInput } from "./validation.ts";

export interface OperationRunnerDeps {
  db: Db;
  bus: CacheBus;
  jobs: Pick<JobQueue, "enqueue" | "wake">;
  activity: Pick<ActivityService, "record">;
  files: FileReferenceKeeper;
  logger: Logger;
}

export type RunOperation = <S extends z.ZodType, R, O>(operation: Operation<S, R, O>, call: OperationCall) => Promise<O>;

export interface OperationRunner {
  run: RunOperation;
}

/** One transaction and what it owes once committed. */
interface Scope {
  tx: OperationTx;
  tags: Set<CacheTag>;
  tasks: Array<() => Promise<void> | void>;
  enqueued: boolean;
}

const forbidden = () => new AppError(403, "您沒有權限進行這項操作");

function checkAccess<R>(operation: Pick<Operation<z.ZodType, R, unknown>, "access">, actor: Actor, record: R) {
  if (!operation.access(actor, record)) throw actor.kind === "admin" ? forbidden() : unauthorized();
}

/** The body checked against the operation's schema (400 with a message per field); no schema, no input. */
function parse<S extends z.ZodType>(operation: { input?: S; refusal?: "first" }, raw: unknown): z.output<S> {
  return (operation.input ? parseInput(operation.input, raw, { summary: operation.refusal }) : undefined) as z.output<S>;
}

export function createOperationRunner(deps: OperationRunnerDeps): OperationRunner {
  const { db, bus, jobs, activity, files, logger } = deps;

  /** `checked`: the input of an operation without a record, parsed (and its access checked) before the transaction. */
  async function execute<S extends z.ZodType, R, O>(operation: Operation<S, R, O>, call: OperationCall, scope: Scope, checked?: { input: z.output<S> }): Promise<O> {
    const { actor } = call;
    const record = (operation.load ? await operation.load(scope.tx.db, call.id) : undefined) as R;
    if (!checked) checkAccess(operation, actor, record);
    const input = checked ? checked.input : parse<S>(operation, operation.merge ? operation.merge(call.input, record) : call.input);
    const result = await operation.run({
      input,
      record,
      actor,
      tx: scope.tx,
      run: (child, childCall) => execute(child, { ...childCall, actor }, scope),
    });

    const effects = operation.effects;
    if (!effects) return result;
    const done: Done<z.output<S>, R, O> = { input, record, actor, result };
    const references = effects.files?.(done);
    for (const entry of references ? [references].flat() : []) await files.keep(scope.tx.db, entry);
    const notes = effects.activity?.(done);
    for (const note of notes ? [notes].flat() : []) {
      await activity.record(scope.tx.db, {
        adminId: note.adminId ?? adminIdOf(actor),
        action: note.action ?? operation.name,
        entityType: note.entityType,
        entityId: note.entityId,
        summary: note.summary,
      });
    }
    for (const job of effects.jobs?.(done) ?? []) await scope.tx.enqueue(job.kind, job.payload, job.options);
    const changed = typeof effects.invalidates === "function" ? effects.invalidates(done) : (effects.invalidates ?? []);
    for (const tag of changed) scope.tags.add(tag);
    return result;
  }

  async function afterCommit(scope: Scope) {
    const tasks = [...scope.tasks];
    if (scope.tags.size > 0) tasks.unshift(() => bus.publish([...scope.tags]));
    if (scope.enqueued) tasks.push(() => jobs.wake());
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        // The write is committed: the answer stays a success; the lapse is for the log.
        logger.error({ err: error }, "a task after commit failed");
      }
    }
  }

  return {
    async run(operation, call) {
      // Without a record to find first, bad input and a refused actor are answered before a transaction is opened.
      let checked: { input: unknown } | undefined;
      if (!operation.load) {
        checkAccess(operation, call.actor, undefined as never);
        checked = { input: parse(operation, call.input) };
      }
      let committed: Scope | undefined;
      const result = await db.transaction().execute(async (trx) => {
        const scope: Scope = {
          tags: new Set(),
          tasks: [],
          enqueued: false,
          tx: {
            db: trx,
            afterCommit: (task) => void scope.tasks.push(task),
            enqueue: async (kind, payload, options) => {
              scope.enqueued = true;
              return jobs.enqueue(trx, kind, payload, options);
            },
          },
        };
        const value = await execute(operation, call, scope, checked as { input: never } | undefined);
        committed = scope;
        return value;
      });
      await afterCommit(committed!);
      return result;
    },
  };
}
