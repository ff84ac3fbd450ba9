import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./zh-tw-dates.ts";

describe("formatDateTime", () => {
  it("shows Taiwan time, zh-TW order, 24-hour", () => {
    expect(formatDateTime("2025-03-04T06:05:09.000Z")).toBe("2025/03/04 14:05:09");
    expect(formatDateTime("2025-12-31T16:00:00.000Z")).toBe("2026/01/01 00:00:00");
  });
  it("is empty for nothing or garbage", () => {
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("yesterday")).toBe("");
  });
});

describe("formatDate", () => {
  it("shows a calendar day as written, and a timestamp's day in Taiwan", () => {
    expect(formatDate("2025-03-04")).toBe("2025/03/04");
    expect(formatDate("2025-12-31T16:00:00.000Z")).toBe("2026/01/01");
  });
  it("is empty for nothing, garbage or an impossible day", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("soon")).toBe("");
    expect(formatDate("2025-13-45")).toBe("");
  });
});
