import { describe, expect, it } from "vitest";
import { fts5Query, indexTerms, isOneWord, parseSearch, tsQuery } from "./search-terms.ts";

describe("indexTerms", () => {
  it("indexes a Chinese run as its pairs and its last character", () => {
    expect(indexTerms("水塔清洗")).toBe("水塔 塔清 清洗 洗");
    expect(indexTerms("水")).toBe("水");
  });

  it("keeps Latin words whole and lower-cased, apart from Chinese beside them", () => {
    expect(indexTerms("A棟頂樓 Water-Tank")).toBe("a 棟頂 頂樓 樓 water tank");
  });

  it("joins the digits of a telephone number however it is written", () => {
    for (const phone of ["0912-345-678", "0912 345 678", "0912345678", "0912.345.678"]) {
      expect(indexTerms(phone)).toBe("0912345678");
    }
    expect(indexTerms("(02)2422-1234")).toBe("0224221234");
  });

  it("folds full-width letters and digits (NFKC) and skips empty fields", () => {
    expect(indexTerms("ＡＢＣ０９", null, undefined, "")).toBe("abc09");
  });
});

describe("parseSearch", () => {
  it("asks for a two-character word as one token, a longer one as adjacent pairs", () => {
    expect(parseSearch("水塔")).toEqual([{ tokens: ["水塔"], prefix: false }]);
    expect(parseSearch("水塔清")).toEqual([{ tokens: ["水塔", "塔清"], prefix: false }]);
  });

  it("treats one Chinese character and a Latin word being typed as prefixes", () => {
    expect(parseSearch("水")).toEqual([{ tokens: ["水"], prefix: true }]);
    expect(parseSearch("clean")).toEqual([{ tokens: ["clean"], prefix: true }]);
  });

  it("keeps a word's runs together, with the lone last character between a Chinese run and what follows", () => {
    expect(parseSearch("水塔A")).toEqual([{ tokens: ["水塔", "塔", "a"], prefix: false }]);
    expect(parseSearch("A棟")).toEqual([{ tokens: ["a", "棟"], prefix: true }]);
  });

  it("requires every word and normalises a telephone number like the index", () => {
    expect(parseSearch("水塔  0912-345-678")).toEqual([
      { tokens: ["水塔"], prefix: false },
      { tokens: ["0912345678"], prefix: true },
    ]);
  });

  it("takes a word followed by punctuation, or a short number, as typed to its end", () => {
    expect(parseSearch("100%")).toEqual([{ tokens: ["100"], prefix: false }]);
    expect(parseSearch("100")).toEqual([{ tokens: ["100"], prefix: false }]);
    expect(parseSearch("clean.")).toEqual([{ tokens: ["clean"], prefix: false }]);
    expect(parseSearch("水塔。")).toEqual([{ tokens: ["水塔"], prefix: false }]);
  });

  it("finds no word in punctuation alone", () => {
    expect(parseSearch("%_！")).toBeNull();
    expect(parseSearch("   ")).toBeNull();
  });
});

describe("database queries", () => {
  const phrases = parseSearch("水塔清 a棟")!;
  it("writes FTS5 phrases joined by AND, a prefix with *", () => {
    expect(fts5Query(phrases)).toBe('"水塔 塔清" AND "a 棟"*');
  });
  it("writes a tsquery with <-> between adjacent tokens and :* for a prefix", () => {
    expect(tsQuery(phrases)).toBe("('水塔' <-> '塔清') & ('a' <-> '棟':*)");
  });
});

describe("isOneWord", () => {
  it("is a search of one whole indexed word: not several, not a longer phrase, not a word being typed", () => {
    for (const one of ["水塔", "地板", "100"]) expect(isOneWord(parseSearch(one)!), one).toBe(true);
    for (const more of ["水塔 清洗", "水塔清", "水", "clean", "0912-345-678"]) expect(isOneWord(parseSearch(more)!), more).toBe(false);
  });
});
