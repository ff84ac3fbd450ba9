import { describe, expect, it } from "vitest";
import {
  blogPostInputSchema,
  excerptOf,
  foundPostText,
  isLatePost,
  parsePublishTime,
  searchedExcerptOf,
  slugify,
  tagNames,
  textOfHtml,
  toTaipeiLocalInput,
} from "./blog.ts";

describe("slugify (002 §5)", () => {
  it("keeps Chinese characters, lowercases, and makes each run of anything else one hyphen, trimmed", () => {
    expect(slugify("居家清潔 小技巧！")).toBe("居家清潔-小技巧");
    expect(slugify("  Spring Cleaning: 10 Tips  ")).toBe("spring-cleaning-10-tips");
    expect(slugify("冷氣清洗 & AC 保養 2026")).toBe("冷氣清洗-ac-保養-2026");
    expect(slugify("---Hello---World---")).toBe("hello-world");
  });

  it("folds full-width letters and digits (NFKC) and leaves nothing for punctuation alone", () => {
    expect(slugify("ＡＢＣ１２３")).toBe("abc123");
    expect(slugify("！？。…")).toBe("");
  });

  it("never ends with a hyphen when it cuts a long title", () => {
    const slug = slugify(`${"a".repeat(119)} b`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("tagNames", () => {
  it("splits on Latin and Chinese commas, trims, drops blanks and repeats (case-insensitive)", () => {
    expect(tagNames(" 居家清潔，冷氣, ,Tips、tips ,冷氣")).toEqual(["居家清潔", "冷氣", "Tips"]);
    expect(tagNames(["a", " a ", "b"])).toEqual(["a", "b"]);
  });
});

describe("parsePublishTime", () => {
  it("reads a time without zone as Taiwan time", () => {
    expect((parsePublishTime("2026-11-24T09:30") as Date).toISOString()).toBe("2026-11-24T01:30:00.000Z");
    expect((parsePublishTime("2026-11-24 09:30:15") as Date).toISOString()).toBe("2026-11-24T01:30:15.000Z");
  });

  it("keeps an ISO time with its zone, gives null for empty and 'invalid' otherwise", () => {
    expect((parsePublishTime("2026-11-24T01:30:00.000Z") as Date).toISOString()).toBe("2026-11-24T01:30:00.000Z");
    expect(parsePublishTime("  ")).toBeNull();
    expect(parsePublishTime("tomorrow")).toBe("invalid");
    expect(parsePublishTime("2026-13-45T10:00")).toBe("invalid");
    expect(parsePublishTime("2026-02-30T10:00")).toBe("invalid");
    expect(parsePublishTime("2026-04-31T10:00:00Z")).toBe("invalid");
    expect(parsePublishTime("2026-04-30T24:00")).toBe("invalid");
  });

  it("round-trips through the back office's datetime field", () => {
    expect(toTaipeiLocalInput("2026-11-24T01:30:00.000Z")).toBe("2026-11-24T09:30");
    expect(toTaipeiLocalInput(null)).toBe("");
  });
});

describe("the post input", () => {
  it("refuses an empty title and a bad time with Traditional Chinese messages", () => {
    const result = blogPostInputSchema.safeParse({ title: " ", published_at: "soon" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toContain("title: 請輸入文章標題");
    expect(messages.some((message) => message.startsWith("published_at: 發布時間格式不正確"))).toBe(true);
  });

  it("takes the spec's fields as the old screen sent them (tags as comma text, flags as numbers)", () => {
    const parsed = blogPostInputSchema.parse({ id: 0, title: "標題", tags: "a,b", is_featured: "1", category_id: "", status: "draft", view_count: 0 });
    expect(parsed).toMatchObject({ title: "標題", tags: ["a", "b"], is_featured: 1, category_id: null, status: "draft", published_at: null, autosave: false });
  });
});

describe("excerpts", () => {
  it("prefer the summary, else the text of the content, cut at the length with an ellipsis", () => {
    expect(excerptOf({ summary: " 摘要 ", content: "<p>內文</p>" })).toBe("摘要");
    expect(excerptOf({ summary: "", content: "<p>一二三<strong>四五</strong></p><script>x()</script>" }, 4)).toBe("一二三四…");
    expect(excerptOf({ summary: "", content: "<h2>標題</h2><p>段落</p>" })).toBe("標題 段落");
  });

  it("decode the common entities and drop tags", () => {
    expect(textOfHtml("<p>A &amp; B&nbsp;&lt;C&gt;</p>")).toBe("A & B <C>");
  });

});

describe("what a searched list shows of a post", () => {
  const post = { summary: "從高處到低處，大掃除事半功倍。", content: "<h2>由上而下</h2><p>先清燈具與櫃頂，再擦桌面，最後拖地。</p>" };

  it("is the summary when the words are in it, else the text around them: one or the other, never run together", () => {
    expect(foundPostText(post, "大掃除")).toBe(post.summary);
    expect(foundPostText(post, "燈具")).toBe("由上而下 先清燈具與櫃頂，再擦桌面，最後拖地。");
    expect(foundPostText({ ...post, summary: " " }, "燈具")).toBe("由上而下 先清燈具與櫃頂，再擦桌面，最後拖地。");
    // Found by its title: neither.
    expect(foundPostText(post, "水塔")).toBeNull();
    // Where the summary ends, the article's first words do not follow it.
    expect(searchedExcerptOf(post, "燈具")).not.toContain("事半功倍");
    expect(searchedExcerptOf(post, "大掃除")).not.toContain("由上而下");
  });

  it("is cut around the first word found, and is the usual excerpt for a post found by its title", () => {
    const long = { summary: "", content: `<p>${"定期清潔延長建材壽命。".repeat(20)}水塔要半年清一次。</p>` };
    const excerpt = searchedExcerptOf(long, "水塔", 40);
    expect(excerpt).toContain("水塔要半年清一次。");
    expect(excerpt.startsWith("…")).toBe(true);
    expect(searchedExcerptOf(post, "水塔")).toBe(post.summary);
  });
});

describe("late scheduled posts", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  it("are scheduled posts more than a minute past their time", () => {
    expect(isLatePost({ status: "scheduled", published_at: "2026-11-24T09:58:00Z" }, now)).toBe(true);
    expect(isLatePost({ status: "scheduled", published_at: "2026-11-24T09:59:30Z" }, now)).toBe(false);
    expect(isLatePost({ status: "published", published_at: "2026-11-24T09:00:00Z" }, now)).toBe(false);
  });
});
