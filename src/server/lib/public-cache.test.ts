import { describe, expect, it } from "vitest";
import { PublicCache } from "./public-cache.ts";

describe("PublicCache", () => {
  it("loads a value once and serves it from memory", async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.remember("k", load)).toBe(1);
    expect(await cache.remember("k", load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("keeps at most its limit of entries, dropping the oldest (keys made from addresses cannot grow it without end)", async () => {
    const cache = new PublicCache({ maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.remember("a", load);
    await cache.remember("b", load);
    await cache.remember("c", load);
    expect(await cache.remember("c", load)).toBe(3);
    expect(await cache.remember("b", load)).toBe(2);
    expect(await cache.remember("a", load)).toBe(4);
  });

  it("forgets everything when cleared, and tells listeners", async () => {
    const cache = new PublicCache();
    let cleared = 0;
    cache.onClear(() => cleared++);
    let value = "old";
    await cache.remember("k", async () => value);
    value = "new";
    cache.clearLocal();
    expect(await cache.remember("k", async () => value)).toBe("new");
    expect(cleared).toBe(1);
  });

  it("does not keep a value whose load overlapped a write", async () => {
    const cache = new PublicCache();
    let release!: () => void;
    const slow = cache.remember("k", () => new Promise<string>((resolve) => (release = () => resolve("stale"))));
    cache.clearLocal();
    release();
    expect(await slow).toBe("stale");
    expect(await cache.remember("k", async () => "fresh")).toBe("fresh");
  });

  it("does not cache failures", async () => {
    const cache = new PublicCache();
    await expect(cache.remember("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.remember("k", async () => "ok")).toBe("ok");
  });
});
