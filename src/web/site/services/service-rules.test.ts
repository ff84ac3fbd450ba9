import { describe, expect, it } from "vitest";
import { buttonHref, cardFeatures, cardPrice, contactHrefFor, linkKind, readableQueryPart, visibleBadges } from "./service-rules.ts";

describe("the services' display rules (000 §5)", () => {
  it("badges: trimmed, blanks dropped, at most 3, none when they are the default set", () => {
    expect(visibleBadges([" 24 小時 ", "", "合法立案", "保險", "第四個"])).toEqual(["24 小時", "合法立案", "保險"]);
    expect(visibleBadges(["專業團隊", "合法立案", "售後保固"])).toEqual([]);
    expect(visibleBadges("not a list")).toEqual([]);
  });

  it("price chip only above 0, with thousands separators and 專案 by default", () => {
    expect(cardPrice(1200, "坪")).toBe("NT$ 1,200 / 坪");
    expect(cardPrice("35000", "")).toBe("NT$ 35,000 / 專案");
    expect(cardPrice(0, "坪")).toBeNull();
    expect(cardPrice(null, "坪")).toBeNull();
    expect(cardPrice("abc", "坪")).toBeNull();
  });

  it("a card shows four features and counts the rest", () => {
    expect(cardFeatures(["a", "b", "", "c", "d", "e", "f"])).toEqual({ shown: ["a", "b", "c", "d"], more: 2 });
    expect(cardFeatures(undefined)).toEqual({ shown: [], more: 0 });
  });

  it("the contact link carries the service and a message naming its first three features", () => {
    const href = contactHrefFor({ title: "水塔清洗", features: ["排水", "刷洗", "消毒", "檢測"] }, "services");
    const query = new URL(href, "http://x").searchParams;
    expect(href.startsWith("/contact?")).toBe(true);
    expect(query.get("service")).toBe("水塔清洗");
    expect(query.get("message")).toBe("您好，我想了解「水塔清洗」（排水、刷洗、消毒）的服務內容與報價，麻煩與我聯絡，謝謝。");
    expect(query.get("source")).toBe("services");
    // The words as written, not as %E6%B0%B4…: the page compresses them as words.
    expect(href).toContain("service=水塔清洗&message=您好，我想了解「水塔清洗」");
  });

  it("a query part escapes only what has a meaning in a query, and reads back as it was", () => {
    const tricky = "A&B=C #1 + 50% \"好\" 'x' <b>\u3000\t\n水塔";
    const href = `/contact?service=${readableQueryPart(tricky)}&source=${readableQueryPart("services/1")}`;
    expect(new URL(href, "http://x").searchParams.get("service")).toBe(tricky);
    expect(new URL(href, "http://x").searchParams.get("source")).toBe("services/1");
    expect(readableQueryPart(tricky)).toBe("A%26B%3DC%20%231%20%2B%2050%25%20%22好%22%20%27x%27%20%3Cb%3E%E3%80%80%09%0A水塔");
  });

  it("button links: http(s) external, tel/mailto plain, the rest internal; /contact links get the service", () => {
    expect(linkKind("https://line.me/x")).toBe("external");
    expect(linkKind("tel:0223456789")).toBe("plain");
    expect(linkKind("mailto:a@b.c")).toBe("plain");
    expect(linkKind("/about")).toBe("internal");
    expect(buttonHref("/contact?ref=card", { title: "除蟲" }, "services")).toBe("/contact?ref=card&service=除蟲&source=services");
    expect(buttonHref("/about", { title: "除蟲" }, "services")).toBe("/about");
    expect(buttonHref("", { title: "除蟲" }, "home")).toBe("/contact?service=除蟲&source=home");
  });
});
