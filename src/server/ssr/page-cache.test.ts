// The page cache's second compression (decision 049): a page asked for again
// gets brotli at its best in the background, one page at a time, resting as
// long as it worked; a page dropped meanwhile stays dropped.
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { CacheTag } from "#server/lib/cache-tags.ts";
import { PublicCache } from "#server/lib/public-cache.ts";
import { PageCache } from "./page-cache.ts";

const TAGS = new Set<CacheTag>(["settings"]);
/** A page-like body: repeated markup with varied words, as a rendered page is. */
const body = (seed: string) =>
  Buffer.from(
    Array.from({ length: 400 }, (_, i) => `<li class="flex items-center gap-2 rounded-xl px-3"><a href="/portfolio/${i}">${seed} 案例 ${i * 7919}</a></li>`).join(""),
  );
const store = (pages: PageCache, key: string, identity = body(key)) => pages.set(key, pages.sequence, TAGS, { status: 200, headers: {}, identity });

/** A stand-in for brotli at its best whose calls the test settles by hand. */
function heldCompression() {
  const calls: Array<{ identity: Buffer; settle: (br: Buffer | Error) => void }> = [];
  const compressBest = (identity: Buffer) =>
    new Promise<Buffer>((resolve, reject) => {
      calls.push({ identity, settle: (br) => (br instanceof Error ? reject(br) : resolve(br)) });
    });
  return { calls, compressBest };
}

describe("the page cache's best compression", () => {
  it("serves a page asked for again with a smaller brotli body that decodes to the same page", async () => {
    const pages = new PageCache(new PublicCache());
    const first = store(pages, "/");
    expect(pages.get("/")?.br).toBe(first.br);
    await pages.idle();
    const again = pages.get("/")!;
    expect(again.br.length).toBeLessThan(first.br.length);
    expect(brotliDecompressSync(again.br).equals(first.identity)).toBe(true);
    expect(again.etag).toBe(first.etag);
  });

  it("never compresses a page asked for only once", () => {
    const held = heldCompression();
    const pages = new PageCache(new PublicCache(), held);
    store(pages, "/made-up-1");
    store(pages, "/made-up-2");
    expect(held.calls).toHaveLength(0);
  });

  it("works on one page at a time and rests as long as it worked", async () => {
    const held = heldCompression();
    const pages = new PageCache(new PublicCache(), held);
    store(pages, "/");
    store(pages, "/blog");
    const started = performance.now();
    pages.get("/");
    pages.get("/blog");
    expect(held.calls).toHaveLength(1);
    // It worked for at least 300 ms: the next page waits as long after it ends.
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.calls[0]!.settle(Buffer.from("br"));
    await pages.idle();
    const worked = performance.now() - started;
    pages.get("/blog");
    expect(held.calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, worked + 100));
    pages.get("/blog");
    expect(held.calls).toHaveLength(2);
  });

  it("keeps a page dropped during its compression dropped, and a failed compression's page as it was", async () => {
    const cache = new PublicCache();
    const held = heldCompression();
    const pages = new PageCache(cache, held);
    store(pages, "/");
    pages.get("/");
    cache.invalidateLocal(TAGS);
    held.calls[0]!.settle(Buffer.from("br"));
    await pages.idle();
    expect(pages.get("/")).toBeUndefined();

    const other = new PageCache(new PublicCache(), held);
    const page = store(other, "/about");
    other.get("/about");
    held.calls[1]!.settle(new Error("out of memory"));
    await other.idle();
    expect(other.get("/about")?.br).toBe(page.br);
  });
});
