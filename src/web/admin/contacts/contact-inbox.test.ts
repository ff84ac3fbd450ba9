import { describe, expect, it } from "vitest";
import type { Contact, ContactList } from "#contract/contact.ts";
import {
  CONTACT_FILTERS,
  contactAddressOf,
  contactListKey,
  contactListPath,
  contactParamsOf,
  contactSummary,
  deleteQuestion,
  filterLabel,
  pageFallback,
  replyMailto,
  telHref,
  withStatus,
} from "./contact-inbox.ts";

const contact = (id: number, extra: Partial<Contact> = {}): Contact => ({
  id,
  name: `訪客 ${id}`,
  email: `visitor${id}@example.com`,
  phone: "",
  company: "",
  subject: "詢問水塔清洗",
  message: "請問價格？",
  status: "new",
  source: "",
  suspect_reason: "",
  notice: "sent",
  staff_note: "",
  created_at: "2026-03-04T06:05:09.000Z",
  updated_at: "2026-03-04T06:05:09.000Z",
  ...extra,
});

const list = (contacts: Contact[], counts: Partial<ContactList["counts"]> = {}): ContactList => ({
  contacts,
  pagination: { current_page: 1, total_pages: 1, total: contacts.length, per_page: 10 },
  counts: { new: 0, read: 0, replied: 0, closed: 0, total: 0, ...counts },
});

describe("the list request", () => {
  it("asks for 10 a page, with the status and the search only when chosen", () => {
    expect(contactListPath({ page: 1, filter: "all", search: "" })).toBe("/admin-api.php/contacts?page=1&limit=10");
    expect(contactListPath({ page: 3, filter: "replied", search: "" })).toBe("/admin-api.php/contacts?page=3&limit=10&status=replied");
    expect(contactListPath({ page: 0, filter: "all", search: " " })).toBe("/admin-api.php/contacts?page=1&limit=10");
    const searched = new URL(contactListPath({ page: 1, filter: "new", search: " 水塔 0912345678 " }), "http://x").searchParams;
    expect(Object.fromEntries(searched)).toEqual({ page: "1", limit: "10", status: "new", search: "水塔 0912345678" });
  });
  it("keeps each page, filter and search in its own cache entry under one key", () => {
    expect(contactListKey({ page: 2, filter: "new", search: "水塔" })).toEqual(["admin", "contacts", { page: 2, filter: "new", search: "水塔" }]);
  });
  it("keeps the list in the address, the defaults left out, anything unreadable as no filter", () => {
    const params = { page: 2, filter: "replied", search: "王小明" } as const;
    expect(contactAddressOf(params).toString()).toBe(new URLSearchParams({ status: "replied", search: "王小明", page: "2" }).toString());
    expect(contactParamsOf(contactAddressOf(params))).toEqual(params);
    expect(contactAddressOf({ page: 1, filter: "all", search: "" }).toString()).toBe("");
    expect(contactParamsOf(new URLSearchParams("status=spam&page=-3&search=%20%20"))).toEqual({ page: 1, filter: "all", search: "" });
    expect(contactParamsOf(new URLSearchParams({ search: "字".repeat(120) })).search).toHaveLength(100);
  });
  it("offers all plus the four statuses, in people's words", () => {
    expect(CONTACT_FILTERS.map(filterLabel)).toEqual(["全部", "未讀", "已讀", "已回覆", "已結案"]);
  });
});

describe("the reply and call links", () => {
  it("replies by email with Re: and the subject", () => {
    const href = replyMailto(contact(1, { email: "wang@example.com", subject: "冷氣清洗報價" }));
    expect(href).toBe(`mailto:wang@example.com?subject=${encodeURIComponent("Re: 冷氣清洗報價")}`);
    expect(decodeURIComponent(new URL(href).searchParams.get("subject")!)).toBe("Re: 冷氣清洗報價");
  });
  it("says 您的詢問 when there is no subject", () => {
    expect(replyMailto(contact(1, { subject: "  " }))).toBe(`mailto:visitor1@example.com?subject=${encodeURIComponent("Re: 您的詢問")}`);
  });
  it("encodes what would break the link (& ? #)", () => {
    const href = replyMailto(contact(1, { subject: "A&B ? #1" }));
    expect(new URL(href).searchParams.get("subject")).toBe("Re: A&B ? #1");
  });
  it("dials the digits of a phone as typed, an extension kept", () => {
    expect(telHref("02-2345-6789")).toBe("tel:0223456789");
    expect(telHref("(02) 2345 6789")).toBe("tel:0223456789");
    expect(telHref("+886 912-345-678")).toBe("tel:+886912345678");
    expect(telHref("02-2345-6789#123")).toBe("tel:0223456789;ext=123");
  });
  it("has no call link without a number", () => {
    expect(telHref("")).toBeNull();
    expect(telHref(" - ")).toBeNull();
  });
});

describe("a page past the last", () => {
  it("falls back to the last page when the page asked for is past it", () => {
    const empty = { ...list([]), pagination: { current_page: 4, total_pages: 2, total: 12, per_page: 10 } };
    expect(pageFallback(empty, 4)).toBe(2);
    expect(pageFallback(list([contact(1)]), 1)).toBeNull();
    expect(pageFallback(list([]), 1)).toBeNull();
  });
});

describe("a status changed on a loaded page", () => {
  it("marks the message and moves one from its old count to its new one", () => {
    const before = list([contact(1), contact(2, { status: "read" })], { new: 4, read: 2, total: 6 });
    const after = withStatus(before, 1, "read");
    expect(after.contacts.map((item) => item.status)).toEqual(["read", "read"]);
    expect(after.counts).toEqual({ new: 3, read: 3, replied: 0, closed: 0, total: 6 });
    expect(before.contacts[0]!.status).toBe("new");
  });
  it("puts it back the same way", () => {
    const before = list([contact(1)], { new: 4, read: 2, total: 6 });
    expect(withStatus(withStatus(before, 1, "read"), 1, "new")).toEqual(before);
  });
  it("leaves the page alone for a message not on it or already in that status", () => {
    const before = list([contact(1)], { new: 1, total: 1 });
    expect(withStatus(before, 9, "read")).toBe(before);
    expect(withStatus(before, 1, "new")).toBe(before);
  });
});

describe("the delete confirmation", () => {
  it("names the sender and warns it cannot be undone", () => {
    expect(deleteQuestion({ name: "王小明" })).toBe("確定要刪除「王小明」的聯絡表單嗎？此動作無法復原。");
  });
  it("tells messages apart by subject, else the start of the message", () => {
    expect(contactSummary(contact(1))).toBe("詢問水塔清洗");
    expect(contactSummary(contact(1, { subject: "", message: "第一行\n第二行" }))).toBe("第一行 第二行");
    expect(contactSummary(contact(1, { subject: "字".repeat(50) }))).toBe(`${"字".repeat(40)}…`);
  });
});
