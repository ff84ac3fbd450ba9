// Rendered public pages kept in memory, keyed by URL, compressed once, each
// tagged with the data its render read (lib/public-cache.ts collectingTags). A
// write drops the pages holding one of the tags it changed, in every instance
// (through the cache bus); a page rendered while such a write landed is not kept.
// A page asked for again is compressed once more at brotli's best, in the
// background (decision 049): one at a time, resting as long as it worked.
import { createHash } from "node:crypto";
import type { CacheTag } from "#server/lib/cache-tags.ts";
import { compressBest, compressOnce, type CompressedBody } from "#server/lib/compressed-body.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";

export interface CachedPage extends CompressedBody {
  status: number;
  headers: Record<string, string>;
  etag: string;
}

interface Entry {
  page: CachedPage;
  tags: ReadonlySet<CacheTag>;
  /** Its brotli body is at its best, or being made so. */
  refined: boolean;
}

// The query parameters a page reads are part of the key (page-cache-key.ts), so
// the number of keys is bounded to keep a crawler with made-up searches from filling memory.
const MAX_ENTRIES = 500;

export class PageCache {
  #pages = new Map<string, Entry>();
  #cache: PublicCache;
  #compressBest: (identity: Buffer) => Promise<Buffer>;
  /** The background compression running now, if any (tests wait for it with idle()). */
  #refining: Promise<void> | undefined;
  /** When the next background compression may start: the last one's duration after it ended, so at most half of one thread. */
  #restUntil = 0;

  constructor(cache: PublicCache, options: { compressBest?: (identity: Buffer) => Promise<Buffer> } = {}) {
    this.#cache = cache;
    this.#compressBest = options.compressBest ?? compressBest;
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
    const entry = this.#pages.get(key);
    if (!entry) return undefined;
    // Asked for again: worth the best compression (a made-up address asked once never costs it).
    if (!entry.refined) this.#refine(key, entry);
    return entry.page;
  }

  /** Settles once the background compression running now, if any, has ended. */
  async idle(): Promise<void> {
    await this.#refining;
  }

  #refine(key: string, entry: Entry): void {
    if (this.#refining || performance.now() < this.#restUntil) return;
    entry.refined = true;
    const started = performance.now();
    this.#refining = this.#compressBest(entry.page.identity)
      .then(
        (br) => {
          // Dropped or replaced meanwhile: the newer page gets its own turn.
          if (this.#pages.get(key) === entry && br.length < entry.page.br.length) entry.page = { ...entry.page, br };
        },
        // The quicker body already served stays; nothing is lost.
        () => undefined,
      )
      .finally(() => {
        const ended = performance.now();
        this.#restUntil = ended + (ended - started);
        this.#refining = undefined;
      });
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
    this.#pages.set(key, { page: entry, tags, refined: false });
    return entry;
  }
}
