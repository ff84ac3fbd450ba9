import { describe, expect, it, vi } from "vitest";
import { countViewOnce, viewAddress } from "./view-count.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("an article's view count", () => {
  it("is sent once per post in a session: not again on a reload, but for another post", () => {
    const storage = memoryStorage();
    const send = vi.fn(async () => undefined);
    expect(countViewOnce(7, { storage, send })).toBe(true);
    expect(countViewOnce(7, { storage, send })).toBe(false);
    expect(countViewOnce(8, { storage, send })).toBe(true);
    expect(send.mock.calls).toEqual([[viewAddress(7)], [viewAddress(8)]]);
    expect(viewAddress(7)).toBe("/api.php/blog/posts/7/view");
  });

  it("still counts when the browser refuses its storage, and a count that fails is dropped quietly", async () => {
    const refusing = { getItem: () => { throw new Error("SecurityError"); }, setItem: () => undefined };
    const failed = Promise.reject(new Error("offline"));
    const send = vi.fn(() => failed);
    expect(countViewOnce(3, { storage: refusing, send })).toBe(true);
    expect(countViewOnce(3, { storage: null, send })).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    // No unhandled rejection: the failure was caught.
    await failed.catch(() => undefined);
  });
});
