import { describe, expect, it } from "vitest";
import { publishedDay } from "./post-date.ts";

describe("a post's publication day", () => {
  it("is the day in Taiwan, written as people there write it", () => {
    expect(publishedDay("2026-11-24T01:30:00.000Z")).toBe("2026年11月24日");
    // 01:30 on 25 November in Taipei is still 24 November in UTC.
    expect(publishedDay("2026-11-24T17:30:00.000Z")).toBe("2026年11月25日");
  });

  it("is empty for a missing or unreadable time", () => {
    expect(publishedDay(null)).toBe("");
    expect(publishedDay("")).toBe("");
    expect(publishedDay("not a time")).toBe("");
  });
});
