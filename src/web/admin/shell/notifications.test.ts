import { describe, expect, it } from "vitest";
import { badgeText, blinkTitle, EMPTY_COUNTS, newMessageText, normaliseCounts, risenCounts, unreadTotal } from "./notifications.ts";

describe("risenCounts", () => {
  it("treats the first poll as the baseline: waiting messages do not ring again on every load", () => {
    expect(risenCounts(null, { contacts: 4, customers: 2, total_messages: 9 })).toEqual([]);
  });
  it("names every count that went up, and only those", () => {
    const before = { contacts: 1, customers: 1, total_messages: 3 };
    expect(risenCounts(before, { contacts: 2, customers: 1, total_messages: 3 })).toEqual(["contacts"]);
    expect(risenCounts(before, { contacts: 1, customers: 2, total_messages: 5 })).toEqual(["customers", "total_messages"]);
    expect(risenCounts(before, before)).toEqual([]);
  });
  it("ignores counts that went down (messages read elsewhere)", () => {
    expect(risenCounts({ contacts: 5, customers: 2, total_messages: 8 }, { contacts: 4, customers: 2, total_messages: 8 })).toEqual([]);
    expect(risenCounts({ contacts: 5, customers: 2, total_messages: 8 }, { contacts: 0, customers: 3, total_messages: 1 })).toEqual(["customers"]);
  });
});

describe("normaliseCounts", () => {
  it("turns missing, negative or non-numeric values into 0 and keeps integers", () => {
    expect(normaliseCounts(undefined)).toEqual(EMPTY_COUNTS);
    expect(normaliseCounts({ contacts: "3", customers: -1, total_messages: 2.7 })).toEqual({ contacts: 3, customers: 0, total_messages: 2 });
  });
});

describe("unreadTotal", () => {
  it("adds unread contact forms and unread LINE messages (customers are a subset of the messages)", () => {
    expect(unreadTotal({ contacts: 2, customers: 1, total_messages: 5 })).toBe(7);
  });
});

describe("newMessageText", () => {
  it("starts with 有新訊息！ and names the source", () => {
    expect(newMessageText(["contacts"])).toBe("有新訊息！來自聯絡表單");
    expect(newMessageText(["contacts", "customers", "total_messages"])).toBe("有新訊息！來自聯絡表單、LINE 客服");
    expect(newMessageText(["total_messages"])).toBe("有新訊息！來自LINE 訊息");
    expect(newMessageText([])).toBe("有新訊息！");
  });
});

describe("badgeText", () => {
  it("is empty for nothing, the number up to 99, then 99+", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(-3)).toBe("");
    expect(badgeText(Number.NaN)).toBe("");
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12345)).toBe("99+");
  });
});

describe("blinkTitle", () => {
  it("prefixes the page title with the capped count", () => {
    expect(blinkTitle(1, "儀表板 | 後台管理系統")).toBe("(1) 新訊息 - 儀表板 | 後台管理系統");
    expect(blinkTitle(150, "後台")).toBe("(99+) 新訊息 - 後台");
  });
});
