import { describe, expect, it } from "vitest";
import { withLocalReads } from "./notifications-provider.tsx";

const server = { contacts: 3, customers: 1, total_messages: 4 };

describe("withLocalReads: a 'new' contact message opened here (001 §4)", () => {
  it("shows the server's counts when nothing was read here", () => {
    expect(withLocalReads(server, [], 1_000)).toBe(server);
  });

  it("drops the unread count at once, while the server is being told", () => {
    expect(withLocalReads(server, [{ id: 1, savedAt: null }], 1_000)).toEqual({ ...server, contacts: 2 });
    expect(withLocalReads(server, [{ id: 1, savedAt: null }, { id: 2, savedAt: null }], 1_000)).toEqual({ ...server, contacts: 1 });
  });

  it("keeps the drop after the server confirmed, until a poll made since counts it", () => {
    expect(withLocalReads(server, [{ id: 1, savedAt: 2_000 }], 1_999)).toEqual({ ...server, contacts: 2 });
    expect(withLocalReads({ ...server, contacts: 2 }, [{ id: 1, savedAt: 2_000 }], 2_000)).toEqual({ ...server, contacts: 2 });
    expect(withLocalReads({ ...server, contacts: 2 }, [{ id: 1, savedAt: 2_000 }], 2_500)).toEqual({ ...server, contacts: 2 });
  });

  it("never shows a negative count", () => {
    expect(withLocalReads({ ...server, contacts: 0 }, [{ id: 1, savedAt: null }], 1_000).contacts).toBe(0);
  });

  it("leaves the LINE counts alone", () => {
    const shown = withLocalReads(server, [{ id: 1, savedAt: null }], 1_000);
    expect([shown.customers, shown.total_messages]).toEqual([1, 4]);
  });
});
