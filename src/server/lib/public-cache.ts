// Public reads are kept in memory after the first read, each with the tags of
// the data it read (cache-tags.ts), and dropped when a write changes one of
// those tags. With several instances on PostgreSQL a write on one reaches the
// others through LISTEN/NOTIFY (cache-bus.ts). A page render collects the tags
// of every read it makes (collectingTags), so the page cache drops exactly the
// pages a write touched.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CacheTag } from "./cache-tags.ts";

type InvalidationListener = (tags: ReadonlySet<CacheTag> | "all") => void;
/** Tags known before loading, or computed from the value (a post's page is tagged with the post's id). */
export type TagsOf<T> = readonly CacheTag[] | ((value: T) => readonly CacheTag[]);

interface Entry {
  loaded: Promise<{ value: unknown; tags: readonly CacheTag[] }>;
  /** Known once loaded, or before when given as a list. */
  tags?: ReadonlySet<CacheTag>;
}

// Keys can come from addresses (a case's id, a gallery's page and service type):
// the oldest entry goes when a visitor's made-up values would grow the cache past this.
const MAX_ENTRIES = 1000;
// Invalidation times are remembered per tag to tell a load that overlapped a write; past
// this many tags the memory is reset and every load in flight counts as overlapped.
const MAX_REMEMBERED_TAGS = 10_000;

const renderTags = new AsyncLocalStorage<Set<CacheTag>>();

/** Runs `work`, adding to `tags` the tags of every public read it makes, cached or not (a page render). */
export function collectingTags<T>(tags: Set<CacheTag>, work: () => T): T {
  return renderTags.run(tags, work);
}

export class PublicCache {
  #values = new Map<string, Entry>();
  #maxEntries: number;
  #sequence = 0;
  #invalidatedAt = new Map<CacheTag, number>();
  /** A load that started before this moment may have overlapped a write whose tags were forgotten. */
  #floor = 0;
  #listeners = new Set<InvalidationListener>();

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? MAX_ENTRIES;
  }

  /** A moment in the order of invalidations: what is loaded from now on is kept only if none of its tags change after it. */
  get sequence(): number {
    return this.#sequence;
  }

  /** Whether a value loaded since `started` with these tags may have missed a write. */
  changedSince(tags: Iterable<CacheTag>, started: number): boolean {
    if (started < this.#floor) return true;
    for (const tag of tags) if ((this.#invalidatedAt.get(tag) ?? -1) > started) return true;
    return false;
  }

  /** Returns the cached value for key, computing it once; failures are not cached. */
  remember<T>(key: string, tags: TagsOf<T>, load: () => Promise<T>): Promise<T> {
    const collector = renderTags.getStore();
    const hit = this.#values.get(key);
    if (hit) return this.#handOut<T>(hit.loaded, collector);

    const started = this.#sequence;
    const loaded = load().then((value) => ({ value: value as unknown, tags: typeof tags === "function" ? tags(value) : tags }));
    const entry: Entry = { loaded, tags: typeof tags === "function" ? undefined : new Set(tags) };
    this.#values.set(key, entry);
    if (this.#values.size > this.#maxEntries) this.#values.delete(this.#values.keys().next().value!);
    loaded.then(
      (done) => {
        if (this.#values.get(key) !== entry) return;
        // A write that landed while loading must not leave the older value behind.
        if (this.changedSince(done.tags, started)) this.#values.delete(key);
        else entry.tags = new Set(done.tags);
      },
      () => {
        if (this.#values.get(key) === entry) this.#values.delete(key);
      },
    );
    return this.#handOut<T>(loaded, collector);
  }

  /** A read that is not kept (a search: any text would make a key) still tags the page it is rendered into. */
  async uncached<T>(tags: TagsOf<T>, load: () => Promise<T>): Promise<T> {
    const collector = renderTags.getStore();
    const value = await load();
    if (collector) for (const tag of typeof tags === "function" ? tags(value) : tags) collector.add(tag);
    return value;
  }

  async #handOut<T>(loaded: Entry["loaded"], collector: Set<CacheTag> | undefined): Promise<T> {
    const { value, tags } = await loaded;
    if (collector) for (const tag of tags) collector.add(tag);
    return value as T;
  }

  /** Drops, in this instance, every value holding one of the tags (and any still loading whose tags are not known yet). */
  invalidateLocal(tags: Iterable<CacheTag>): void {
    const changed = new Set(tags);
    if (changed.size === 0) return;
    this.#sequence += 1;
    if (this.#invalidatedAt.size + changed.size > MAX_REMEMBERED_TAGS) {
      this.#invalidatedAt.clear();
      this.#floor = this.#sequence;
    }
    for (const tag of changed) this.#invalidatedAt.set(tag, this.#sequence);
    for (const [key, entry] of this.#values) {
      if (!entry.tags || [...entry.tags].some((tag) => changed.has(tag))) this.#values.delete(key);
    }
    for (const listener of this.#listeners) listener(changed);
  }

  /** Drops everything in this instance (a listener that lost its connection may have missed any write). */
  invalidateAllLocal(): void {
    this.#sequence += 1;
    this.#invalidatedAt.clear();
    this.#floor = this.#sequence;
    this.#values.clear();
    for (const listener of this.#listeners) listener("all");
  }

  onInvalidate(listener: InvalidationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
