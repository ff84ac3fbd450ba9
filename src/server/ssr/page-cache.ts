// Rendered public pages kept in memory, keyed by URL, compressed once.
// Every write that changes public data bumps the PublicCache generation and
// empties this cache (in every instance, through the cache bus).
import { createHash } from "node:crypto";
import { compressOnce, type CompressedBody } from "#server/lib/compressed-body.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";

export interface CachedPage extends CompressedBody {
  status: number;
  headers: Record<string, string>;
  etag: string;
}

// The query parameters a page reads are part of the key (page-cache-key.ts), so
// the number of keys is bounded to keep a crawler with made-up searches from filling memory.
const MAX_ENTRIES = 500;

export class PageCache {
  #pages = new Map<string, CachedPage>();
  #cache: PublicCache;

  constructor(cache: PublicCache) {
    this.#cache = cache;
    cache.onClear(() => this.#pages.clear());
  }

  get generation(): number {
    return this.#cache.generation;
  }

  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /** Stores a page rendered under `generation`, unless a write happened meanwhile. */
  set(key: string, generation: number, page: Omit<CachedPage, "br" | "gzip" | "etag">): CachedPage {
    const entry = {
      ...page,
      ...compressOnce(page.identity),
      etag: `"${createHash("sha1").update(page.identity).digest("base64url")}"`,
    };
    if (generation !== this.#cache.generation) return entry;
    if (this.#pages.size >= MAX_ENTRIES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, entry);
    return entry;
  }
}
