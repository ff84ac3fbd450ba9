import { describe, expect, it } from "vitest";
import { tieredPage, type PageRange } from "./tiered-page.ts";

// Titles t0…t(titles-1), then bodies b0…; each part served in its own order.
function parts(titles: number, bodies: number) {
  const asked: string[] = [];
  const slice = (prefix: string, total: number, range: PageRange) =>
    Array.from({ length: Math.max(0, Math.min(range.limit, total - range.offset)) }, (_, index) => `${prefix}${range.offset + index}`);
  return {
    asked,
    pageOf: async (part: "title" | "body", range: PageRange) => {
      asked.push(`${part}@${range.offset}+${range.limit}`);
      return part === "title" ? slice("t", titles, range) : slice("b", bodies, range);
    },
    countTitles: async (cap: number) => {
      asked.push(`count≤${cap}`);
      return Math.min(cap, titles);
    },
  };
}

describe("tieredPage", () => {
  it("a page within the titles asks nothing of the bodies", async () => {
    const p = parts(25, 100);
    expect(await tieredPage({ limit: 10, offset: 10 }, p.pageOf, p.countTitles)).toEqual(["t10", "t11", "t12", "t13", "t14", "t15", "t16", "t17", "t18", "t19"]);
    expect(p.asked).toEqual(["title@10+10"]);
  });

  it("the page where the titles end continues with the first bodies", async () => {
    const p = parts(25, 100);
    expect(await tieredPage({ limit: 10, offset: 20 }, p.pageOf, p.countTitles)).toEqual(["t20", "t21", "t22", "t23", "t24", "b0", "b1", "b2", "b3", "b4"]);
  });

  it("a page past the titles counts them (up to its start) to know where the bodies begin", async () => {
    const p = parts(25, 100);
    expect(await tieredPage({ limit: 10, offset: 30 }, p.pageOf, p.countTitles)).toEqual(["b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13", "b14"]);
    expect(p.asked).toEqual(["title@30+10", "count≤30", "body@5+10"]);
  });

  it("no titles at all: the bodies from the start; nothing at all: an empty page", async () => {
    const none = parts(0, 3);
    expect(await tieredPage({ limit: 10, offset: 0 }, none.pageOf, none.countTitles)).toEqual(["b0", "b1", "b2"]);
    const empty = parts(0, 0);
    expect(await tieredPage({ limit: 10, offset: 20 }, empty.pageOf, empty.countTitles)).toEqual([]);
  });
});
