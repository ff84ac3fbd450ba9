// An operation is one write of the product, declared once: its input (a schema
// from src/contract), who may run it (a rule over the actor and, where it
// matters, the record it acts on), the work itself, and its effects (the
// activity entry, the files it keeps referenced, the cache tags of the data it
// changed, the jobs it causes). The runner (operation-runner.ts) parses the
// input, opens the transaction, loads the record, checks access, runs the work,
// applies the declared effects in the same transaction, commits, then drops the
// changed tags on every instance and wakes the job runner. A write cannot
// forget a step, because the steps are not the write's to take
// (docs/decisions/026-one-operation-runner.md).
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import type { EnqueueOptions } from "#server/jobs/job-queue.ts";
import type { AdminIdentity } from "#server/modules/auth/tokens.service.ts";
import type { FileReferences } from "#server/modules/media/file-references.ts";
import type { CacheTag } from "./cache-tags.ts";

/** Who runs an operation. */
export type Actor =
  /** A signed-in administrator (the route checked the token). */
  | { kind: "admin"; admin: AdminIdentity }
  /** Anyone on the public site: the contact form, a view counted, a sign-in attempt. */
  | { kind: "visitor"; clientIp: string; userAgent: string }
  /** The product itself: a job, a signed LINE webhook, start-up. */
  | { kind: "system"; source: string };

export type AdminActor = Extract<Actor, { kind: "admin" }>;

/** Who may run an operation on its record. Room for roles: a rule may look at the administrator and the record. */
export type AccessRule<Record> = (actor: Actor, record: Record) => boolean;

export const access = {
  /** Any signed-in administrator (there is one role today). */
  administrators: (actor: Actor) => actor.kind === "admin",
  /** Anyone, signed in or not (public forms). */
  anyone: () => true,
  /** The product's own work: jobs and signed webhooks. */
  system: (actor: Actor) => actor.kind === "system",
} as const satisfies Record<string, AccessRule<unknown>>;

/** The administrator behind an actor, for the activity log and "saved by" columns; null for visitors and the system. */
export const adminIdOf = (actor: Actor): number | null => (actor.kind === "admin" ? actor.admin.id : null);

/** A job an operation causes; it exists exactly when the operation commits. */
export interface JobRequest {
  kind: string;
  payload: unknown;
  options?: EnqueueOptions;
}

/** The activity entry an operation writes; the action defaults to the operation's name, the administrator is the actor. */
export interface ActivityNote {
  summary: string;
  action?: string;
  /** The administrator it is about when the actor is not one yet (a sign-in); default: the actor's. */
  adminId?: number;
  entityType?: string;
  entityId?: string | number;
}

/** The transaction an operation's work runs in. */
export interface OperationTx {
  /** Every repo call of the operation takes this handle. */
  readonly db: Db;
  /** A job decided during the work (the declared `jobs` effect is the usual way). */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Runs once the outermost operation has committed; skipped when it rolls back. */
  afterCommit(task: () => Promise<void> | void): void;
}

export interface OperationContext<Input, Record> {
  input: Input;
  record: Record;
  actor: Actor;
  tx: OperationTx;
  /** Runs another operation inside this one's transaction, as the same actor. */
  run<S extends z.ZodType, R, O>(operation: Operation<S, R, O>, call: Omit<OperationCall, "actor">): Promise<O>;
}

/** One request to run an operation: who asks, the record's id (from the path) and the input (the body). */
export interface OperationCall {
  actor: Actor;
  id?: unknown;
  input?: unknown;
}

/** What the effects see: the work's context and its result. */
export interface Done<Input, Record, Result> {
  input: Input;
  record: Record;
  actor: Actor;
  result: Result;
}

export interface OperationEffects<Input, Record, Result> {
  /** The activity entry (or, for a sweep over several records, one per record). */
  activity?: (done: Done<Input, Record, Result>) => ActivityNote | readonly ActivityNote[] | null;
  /** The files the changed content holds, by owner and field: the media library's reference index is replaced with these. */
  files?: (done: Done<Input, Record, Result>) => FileReferences | readonly FileReferences[] | null;
  /** The data this operation changed; the reads and pages holding these tags are dropped after commit. */
  invalidates?: readonly CacheTag[] | ((done: Done<Input, Record, Result>) => readonly CacheTag[]);
  jobs?: (done: Done<Input, Record, Result>) => readonly JobRequest[];
}

export interface Operation<Schema extends z.ZodType, Record, Result> {
  /** `domain.verb`: the activity entry's action and the name in logs and errors. */
  name: string;
  /** The body's schema (from src/contract); none: the operation takes no input. A refusal is a 400 naming each field. */
  input?: Schema;
  /** "first": the refusal's message is the first rule's own text (a form whose spec shows one message at a time). */
  refusal?: "first";
  /**
   * The record the operation acts on, by the id its address names, read in the
   * operation's transaction before the input is checked: an unknown record is a
   * 404 whatever the body says. Read the id with `idFrom` (entity-input.ts).
   */
  load?: (db: Db, id: unknown) => Promise<Record>;
  /** A PUT that leaves fields out keeps the record's stored values: the body merged over them, before it is checked. */
  merge?: (body: unknown, record: Record) => unknown;
  access: AccessRule<Record>;
  run: (context: OperationContext<z.output<Schema>, Record>) => Promise<Result>;
  effects?: OperationEffects<z.output<Schema>, Record, Result>;
}

/**
 * The input of an operation the product runs with data it made itself (an upload's
 * stored file, a job's payload it enqueued): typed, not checked again.
 */
export const ownInput = <T>() => z.custom<T>(() => true);

/** The actor of the product's own work. */
export const systemActor = (source: string): Actor => ({ kind: "system", source });

/** Declares an operation; the identity function is there for inference (input, record and result types flow into the work and the effects). */
export function defineOperation<Schema extends z.ZodType = z.ZodUndefined, Record = undefined, Result = void>(
  operation: Operation<Schema, Record, Result>,
): Operation<Schema, Record, Result> {
  return operation;
}
