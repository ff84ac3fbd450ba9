import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "#contract/contact-form.ts";
import { columnLimits, longestField, maxLengthOf, overLimit, rowLineBytes, settingLimits } from "./row-limits.ts";

const HAN = /\p{Script=Han}/u;

describe("the limits a restored row is held to", () => {
  it("are read from the contract's schemas, each with the API's own refusal in words", () => {
    const contacts = columnLimits().get("contacts")!;
    expect(contacts.get("message")).toEqual({ max: CONTACT_LIMITS.message, message: `訊息內容不能超過 ${CONTACT_LIMITS.message} 個字元` });
    expect(contacts.get("email")?.max).toBe(CONTACT_LIMITS.email);
    expect(contacts.get("staff_note")?.max).toBe(2000);
    expect(columnLimits().get("portfolio_photo_groups")?.get("description")?.max).toBe(1000);
    expect(columnLimits().get("hero_banners")?.get("title")?.max).toBe(100);
    expect(settingLimits().get("site_title")?.max).toBe(120);
    for (const [table, limits] of [...columnLimits(), ["settings", settingLimits()] as const]) {
      for (const [column, limit] of limits) {
        expect(limit.max, `${table}.${column}`).toBeGreaterThan(0);
        expect(limit.message, `${table}.${column}`).toMatch(HAN);
      }
    }
  });

  it("find a string's length through optional, default, preprocess and pipe; none where a schema sets none", () => {
    expect(maxLengthOf(z.string().trim().max(10).optional().default(""))).toBe(10);
    expect(maxLengthOf(z.preprocess((value) => value ?? "", z.string().max(20)))).toBe(20);
    expect(maxLengthOf(z.string().max(254).pipe(z.email()))).toBe(254);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(10))).toBeUndefined();
  });

  it("name the first column past its limit, and leave a row within them (and columns not typed by people) alone", () => {
    expect(overLimit("contacts", { name: "林小姐", message: "x".repeat(CONTACT_LIMITS.message + 1) })).toEqual({ column: "message", message: "訊息內容不能超過 5000 個字元" });
    expect(overLimit("contacts", { name: "林小姐", message: "x".repeat(CONTACT_LIMITS.message), search_body: "x".repeat(100_000) })).toBeUndefined();
    expect(overLimit("settings", { key: "site_title", value: "標".repeat(121) })).toEqual({ column: "value", message: "網站標題不能超過 120 個字元" });
    expect(overLimit("settings", { key: "site_title", value: "標".repeat(120) })).toBeUndefined();
    expect(overLimit("jobs", { payload: "x".repeat(100_000) })).toBeUndefined();
  });

  it("hold a picture's description, a type made by hand and what staff sent on LINE; leave automatic types and customers' words alone", () => {
    expect(overLimit("media_files", { alt_text: "說".repeat(301) })).toEqual({ column: "alt_text", message: "替代文字不能超過 300 個字元" });
    expect(overLimit("media_files", { alt_text: "說".repeat(300) })).toBeUndefined();
    expect(overLimit("service_types", { is_auto: 0, value: "x".repeat(61), label: "手動" })?.column).toBe("value");
    expect(overLimit("service_types", { is_auto: 1, value: "stone", label: "服".repeat(100) })).toBeUndefined();
    const long = "字".repeat(5001);
    expect(overLimit("line_messages", { direction: "outgoing", message_type: "text", message_content: long })).toEqual({ column: "message_content", message: "訊息內容不能超過 5000 個字元" });
    expect(overLimit("line_messages", { direction: "incoming", message_type: "text", message_content: long })).toBeUndefined();
    expect(overLimit("line_messages", { direction: "outgoing", message_type: "sticker", message_content: long })).toBeUndefined();
  });

  it("bound a row's line by the longest field (page and article content): 2 × 2 × 6 bytes per character", () => {
    expect(longestField()).toBe(500_000);
    expect(rowLineBytes()).toBe(12_000_000);
  });
});
