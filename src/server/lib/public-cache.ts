// Public reads are kept in memory after the first read and dropped on every
// write that could change them. With several instances on PostgreSQL a write on
// one reaches the others through LISTEN/NOTIFY (see cache-bus.ts).
type Listener = () => void;

// Keys can come from addresses (a case's id, a gallery's page and service type):
// the oldest entry goes when a visitor's made-up values would grow the cache past this.
const MAX_ENTRIES = 1000;

export class PublicCache {
  #values = new Map<string, Promise<unknown>>();
  #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? MAX_ENTRIES;
  }
  #generation = 0;
  #listeners = new Set<Listener>();

  /** Bumped on every invalidation: anything computed under an older generation is stale. */
  get generation(): number {
    return this.#generation;
  }

  /** Returns the cached value for key, computing it once; failures are not cached. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.#values.get(key);
    if (cached) return cached as Promise<T>;
    const generation = this.#generation;
    const pending = load().catch((error: unknown) => {
      if (this.#values.get(key) === pending) this.#values.delete(key);
      throw error;
    });
    // A write that lands while loading must not leave the older value behind.
    if (generation === this.#generation) {
      this.#values.set(key, pending);
      if (this.#values.size > this.#maxEntries) this.#values.delete(this.#values.keys().next().value!);
    }
    return pending;
  }

  /** Drops everything in this instance. */
  clearLocal(): void {
    this.#generation += 1;
    this.#values.clear();
    for (const listener of this.#listeners) listener();
  }

  onClear(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
