import { describe, expect, it } from "vitest";
import { cacheTags } from "./cache-tags.ts";
import { collectingTags, PublicCache } from "./public-cache.ts";

const NEWS = [cacheTags.news];

describe("PublicCache", () => {
  it("loads a value once and serves it from memory", async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.remember("k", NEWS, load)).toBe(1);
    expect(await cache.remember("k", NEWS, load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("keeps at most its limit of entries, dropping the oldest (keys made from addresses cannot grow it without end)", async () => {
    const cache = new PublicCache({ maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.remember("a", NEWS, load);
    await cache.remember("b", NEWS, load);
    await cache.remember("c", NEWS, load);
    expect(await cache.remember("c", NEWS, load)).toBe(3);
    expect(await cache.remember("b", NEWS, load)).toBe(2);
    expect(await cache.remember("a", NEWS, load)).toBe(4);
  });

  it("drops the values holding a changed tag, and only those, and tells listeners which tags changed", async () => {
    const cache = new PublicCache();
    const heard: Array<ReadonlySet<string> | "all"> = [];
    cache.onInvalidate((tags) => heard.push(tags));
    let news = "old news";
    let banners = "old banners";
    await cache.remember("news", NEWS, async () => news);
    await cache.remember("banners", [cacheTags.banners], async () => banners);
    news = "new news";
    banners = "new banners";
    cache.invalidateLocal([cacheTags.news]);
    expect(await cache.remember("news", NEWS, async () => news)).toBe("new news");
    expect(await cache.remember("banners", [cacheTags.banners], async () => banners)).toBe("old banners");
    expect(heard).toEqual([new Set([cacheTags.news])]);
  });

  it("tags a value by what it turned out to be (a post's page by the post's id)", async () => {
    const cache = new PublicCache();
    let title = "舊標題";
    const read = () => cache.remember("blog:post:slug", (post: { id: number; title: string }) => [cacheTags.post(post.id)], async () => ({ id: 7, title }));
    await read();
    title = "新標題";
    cache.invalidateLocal([cacheTags.post(8)]);
    expect((await read()).title).toBe("舊標題");
    cache.invalidateLocal([cacheTags.post(7)]);
    expect((await read()).title).toBe("新標題");
  });

  it("does not keep a value whose load overlapped a write to one of its tags", async () => {
    const cache = new PublicCache();
    let release!: () => void;
    const slow = cache.remember("k", NEWS, () => new Promise<string>((resolve) => (release = () => resolve("stale"))));
    cache.invalidateLocal(NEWS);
    release();
    expect(await slow).toBe("stale");
    expect(await cache.remember("k", NEWS, async () => "fresh")).toBe("fresh");
  });

  it("keeps a value whose load overlapped a write to other data", async () => {
    const cache = new PublicCache();
    let release!: () => void;
    const slow = cache.remember("k", NEWS, () => new Promise<string>((resolve) => (release = () => resolve("kept"))));
    cache.invalidateLocal([cacheTags.banners]);
    release();
    await slow;
    expect(await cache.remember("k", NEWS, async () => "loaded again")).toBe("kept");
  });

  it("forgets everything when a listener may have missed writes (invalidateAllLocal)", async () => {
    const cache = new PublicCache();
    await cache.remember("k", NEWS, async () => "old");
    cache.invalidateAllLocal();
    expect(await cache.remember("k", NEWS, async () => "new")).toBe("new");
  });

  it("does not cache failures", async () => {
    const cache = new PublicCache();
    await expect(cache.remember("k", NEWS, async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.remember("k", NEWS, async () => "ok")).toBe("ok");
  });

  it("hands a page render the tags of every read it makes, kept or not, hit or miss", async () => {
    const cache = new PublicCache();
    await cache.remember("settings", [cacheTags.settings], async () => "warm");
    const tags = new Set<string>();
    await collectingTags(tags as Set<never>, async () => {
      await cache.remember("settings", [cacheTags.settings], async () => "cold");
      await cache.remember("post", (post: { id: number }) => [cacheTags.post(post.id)], async () => ({ id: 3 }));
      await cache.uncached([cacheTags.media], async () => "pictures");
    });
    expect(tags).toEqual(new Set([cacheTags.settings, cacheTags.post(3), cacheTags.media]));
  });
});
