// Rendered public pages kept in memory, keyed by URL, compressed once, each
// tagged with the data its render read (lib/public-cache.ts collectingTags). A
// write drops the pages holding one of the tags it changed, in every instance
// (through the cache bus); a page rendered while such a write landed is not kept.
import { createHash } from "node:crypto";
import type { CacheTag } from "#server/lib/cache-tags.ts";
import { compressOnce, type CompressedBody } from "#server/lib/compressed-body.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";

export interface CachedPage extends CompressedBody {
  status: number;
  headers: Record<string, string>;
  etag: string;
}

interface Entry {
  page: CachedPage;
  tags: ReadonlySet<CacheTag>;
}

// The query parameters a page reads are part of the key (page-cache-key.ts), so
// the number of keys is bounded to keep a crawler with made-up searches from filling memory.
const MAX_ENTRIES = 500;

export class PageCache {
  #pages = new Map<string, Entry>();
  #cache: PublicCache;

  constructor(cache: PublicCache) {
    this.#cache = cache;
    cache.onInvalidate((changed) => {
      if (changed === "all") return this.#pages.clear();
      for (const [key, entry] of this.#pages) if ([...entry.tags].some((tag) => changed.has(tag))) this.#pages.delete(key);
    });
  }

  /** The moment a render starts, for set(). */
  get sequence(): number {
    return this.#cache.sequence;
  }

  get(key: string): CachedPage | undefined {
    return this.#pages.get(key)?.page;
  }

  /** Stores a page rendered since `started` from reads with these tags, unless one of them changed meanwhile. */
  set(key: string, started: number, tags: ReadonlySet<CacheTag>, page: Omit<CachedPage, "br" | "gzip" | "etag">): CachedPage {
    const entry = {
      ...page,
      ...compressOnce(page.identity),
      etag: `"${createHash("sha1").update(page.identity).digest("base64url")}"`,
    };
    // A page that read nothing tagged could never be dropped: it is served, not kept.
    if (tags.size === 0 || this.#cache.changedSince(tags, started)) return entry;
    if (this.#pages.size >= MAX_ENTRIES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, { page: entry, tags });
    return entry;
  }
}
