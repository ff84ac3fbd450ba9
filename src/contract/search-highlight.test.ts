import { describe, expect, it } from "vitest";
import { excerptAround, hasMatch, highlightParts } from "./search-highlight.ts";

/** The text with its marked parts in [brackets]. */
const marked = (text: string, search: string) =>
  highlightParts(text, search)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join("");

describe("highlightParts", () => {
  it("marks every occurrence of every word, the rest left as it is", () => {
    expect(highlightParts("水塔清洗，水塔消毒", "水塔")).toEqual([
      { text: "水塔", match: true },
      { text: "清洗，", match: false },
      { text: "水塔", match: true },
      { text: "消毒", match: false },
    ]);
    expect(marked("頂樓水塔清洗與地毯清洗", "清洗 地毯")).toBe("頂樓水塔[清洗]與[地毯清洗]");
  });

  it("gives the text unmarked when nothing matches or nothing is searched, and nothing for no text", () => {
    expect(highlightParts("冷氣清洗", "水塔")).toEqual([{ text: "冷氣清洗", match: false }]);
    expect(highlightParts("冷氣清洗", "  ")).toEqual([{ text: "冷氣清洗", match: false }]);
    expect(highlightParts("", "水塔")).toEqual([]);
  });

  it("ignores case and full-width letters and digits, keeping the text as written", () => {
    expect(marked("Keelung 港邊 KEELUNG", "keelung")).toBe("[Keelung] 港邊 [KEELUNG]");
    expect(marked("ＬＩＮＥ 客服", "line")).toBe("[ＬＩＮＥ] 客服");
    expect(marked("LINE 客服", "ｌｉｎｅ")).toBe("[LINE] 客服");
    expect(marked("電話０９１２３４５６７８", "0912")).toBe("電話[０９１２]３４５６７８");
  });

  it("finds a telephone number with or without its dashes, spaces or brackets", () => {
    expect(marked("手機 0912-345-678", "0912345678")).toBe("手機 [0912-345-678]");
    expect(marked("手機 0912345678", "0912-345-678")).toBe("手機 [0912345678]");
    expect(marked("市話 (02) 2345 6789", "0223456789")).toBe("市話 ([02) 2345 6789]");
    expect(marked("市話 02-2345-6789", "(02)2345-6789")).toBe("市話 [02-2345-6789]");
    // The start of a number being typed, as the server finds it.
    expect(marked("0912-345-678", "0912")).toBe("[0912]-345-678");
  });

  it("marks a number only where it starts, a short one only whole (as the server finds them)", () => {
    expect(marked("02-0912-345", "0912")).toBe("02-0912-345");
    expect(marked("TEL0912345678", "0912")).toBe("TEL0912345678");
    expect(marked("1000 元或 100 元", "100")).toBe("1000 元或 [100] 元");
    expect(marked("100kg", "100")).toBe("100kg");
  });

  it("marks a Latin word where a word starts: the start of a longer one too, not the inside of one", () => {
    expect(marked("Cleaning, unclean, clean", "clean")).toBe("[Clean]ing, unclean, [clean]");
    expect(marked("用LINE聯絡", "line")).toBe("用[LINE]聯絡");
    // One letter is a whole word; a word ending in punctuation was typed to its end.
    expect(marked("a apple", "a")).toBe("[a] apple");
    expect(marked("clean cleaning", "clean.")).toBe("[clean] cleaning");
  });

  it("finds Chinese anywhere, and a word's letters standing together", () => {
    expect(marked("基隆市仁愛區", "仁愛")).toBe("基隆市[仁愛]區");
    expect(marked("wang@example.com", "wang@example.com")).toBe("[wang@example.com]");
  });

  it("ignores words of punctuation alone, and the punctuation around a word", () => {
    expect(highlightParts("100% 滿意！", "% ！")).toEqual([{ text: "100% 滿意！", match: false }]);
    expect(marked("水塔清洗。", "「水塔」")).toBe("[水塔]清洗。");
  });

  it("merges overlapping and touching matches into one", () => {
    expect(marked("水塔清洗服務", "水塔清 塔清洗")).toBe("[水塔清洗]服務");
    expect(marked("水塔清洗服務", "水塔 清洗")).toBe("[水塔清洗]服務");
  });

  it("keeps characters outside the basic plane whole", () => {
    expect(marked("𠮷野家 😀 水塔", "水塔")).toBe("𠮷野家 😀 [水塔]");
    expect(marked("𠮷野家", "𠮷野")).toBe("[𠮷野]家");
  });

  it("says whether anything matches", () => {
    expect(hasMatch("手機 0912-345-678", "0912345678")).toBe(true);
    expect(hasMatch("冷氣清洗", "水塔")).toBe(false);
  });
});

describe("excerptAround", () => {
  const long = `${"前言的文字。".repeat(30)}這次的水塔清洗很順利。${"後記的文字。".repeat(30)}`;

  it("cuts a window around the first match, with … at each cut end", () => {
    const excerpt = excerptAround(long, "水塔", 40);
    expect(excerpt.startsWith("…")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt).toContain("水塔清洗");
    // A quarter of the window before the match.
    expect(excerpt.indexOf("水塔")).toBe(11);
    expect([...excerpt]).toHaveLength(42);
  });

  it("gives the start of the text when nothing matches, and a short text whole", () => {
    expect(excerptAround(long, "地毯", 20)).toBe(`${"前言的文字。".repeat(4).slice(0, 20)}…`);
    expect(excerptAround("水塔清洗", "水塔")).toBe("水塔清洗");
  });

  it("ends at the text's end when the match is near it, the window full", () => {
    const text = `${"前言的文字。".repeat(30)}最後提到水塔`;
    const excerpt = excerptAround(text, "水塔", 30);
    expect(excerpt.endsWith("最後提到水塔")).toBe(true);
    expect(excerpt.startsWith("…")).toBe(true);
    expect([...excerpt]).toHaveLength(31);
  });

  it("starts at the text's start when the match is near it", () => {
    expect(excerptAround(`水塔${"內容".repeat(50)}`, "水塔", 10)).toBe(`水塔${"內容".repeat(4)}…`);
  });

  it("finds a telephone number written another way, and counts characters, not UTF-16 units", () => {
    const text = `${"😀".repeat(100)}電話 0912-345-678${"😀".repeat(100)}`;
    const excerpt = excerptAround(text, "0912345678", 20);
    expect(excerpt).toContain("0912-345-678");
    expect([...excerpt]).toHaveLength(22);
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("leaves no space beside an ellipsis", () => {
    expect(excerptAround(`${"a ".repeat(40)}water tank ${"b ".repeat(40)}`, "water", 20)).toMatch(/^…\S.*\S…$/);
  });
});
