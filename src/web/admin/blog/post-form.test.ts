import { describe, expect, it } from "vitest";
import { BLOG_MESSAGES, type BlogPost } from "#contract/blog.ts";
import {
  autosaveStatus,
  canAutosave,
  EMPTY_POST_FORM,
  formOf,
  mergeAnswer,
  payloadOf,
  publicPostPath,
  publishTimeNote,
  sameForm,
  saveLabel,
  seoAdvice,
  slugFollowsTitle,
  titleChange,
  toggleTag,
  validatePost,
  type PostForm,
} from "./post-form.ts";

const post = (extra: Partial<BlogPost> = {}): BlogPost => ({
  id: 7,
  title: "居家清潔小技巧",
  slug: "居家清潔小技巧",
  summary: "三個步驟",
  content: "<p>內容</p>",
  featured_image: "/uploads/a.jpg",
  status: "draft",
  is_featured: 0,
  view_count: 3,
  category_id: 2,
  category_name: "居家清潔",
  category_slug: "home",
  tags: "收納,廚房",
  seo_title: "",
  seo_description: "",
  published_at: null,
  created_at: "2026-11-20T01:00:00.000Z",
  updated_at: "2026-11-20T01:00:00.000Z",
  is_late: false,
  ...extra,
});

const form = (extra: Partial<PostForm> = {}): PostForm => ({ ...EMPTY_POST_FORM, title: "水塔清洗", ...extra });

describe("formOf", () => {
  it("starts a new post as an unfeatured draft with nothing filled (002 §4)", () => {
    expect(formOf(null)).toEqual(EMPTY_POST_FORM);
    expect(EMPTY_POST_FORM).toMatchObject({ status: "draft", is_featured: false, title: "", slug: "" });
  });
  it("shows a stored post's time in Taiwan's clock, its category as the select's value and its tags spaced", () => {
    const values = formOf(post({ status: "published", is_featured: 1, published_at: "2026-11-24T01:30:00.000Z" }));
    expect(values).toMatchObject({ published_at: "2026-11-24T09:30", category_id: "2", tags: "收納, 廚房", is_featured: true, status: "published" });
    expect(formOf(post({ category_id: null })).category_id).toBe("");
  });
});

describe("payloadOf", () => {
  it("sends the whole post: trimmed texts, 1/0 featured, the category's id or null, the tags comma-separated", () => {
    const body = payloadOf(form({ title: "  水塔清洗  ", is_featured: true, category_id: "4", tags: "收納，廚房、 收納 ,", seo_title: " SEO " }), null);
    expect(body).toMatchObject({ title: "水塔清洗", is_featured: 1, category_id: 4, tags: "收納,廚房", seo_title: "SEO", status: "draft" });
    expect(payloadOf(form(), null).category_id).toBeNull();
  });
  it("leaves the time out for a draft or an archived post, so the stored one stays", () => {
    expect(payloadOf(form({ published_at: "2026-11-24T09:30" }), null)).not.toHaveProperty("published_at");
    expect(payloadOf(form({ status: "archived", published_at: "2026-11-24T09:30" }), null)).not.toHaveProperty("published_at");
  });
  it("sends a scheduled or published post's time as typed, an unchanged one as stored, and none as null (published now)", () => {
    expect(payloadOf(form({ status: "scheduled", published_at: "2026-12-01T08:00" }), null).published_at).toBe("2026-12-01T08:00");
    const stored = post({ status: "published", published_at: "2026-11-24T01:30:42.000Z" });
    expect(payloadOf(formOf(stored), stored).published_at).toBe("2026-11-24T01:30:42.000Z");
    expect(payloadOf(form({ status: "published" }), null).published_at).toBeNull();
  });
  it("marks the editor's own saves of a draft", () => {
    expect(payloadOf(form(), null, { autosave: true }).autosave).toBe(true);
    expect(payloadOf(form(), null)).not.toHaveProperty("autosave");
  });
});

describe("validatePost", () => {
  it("refuses an empty title with the server's words", () => {
    expect(validatePost(form({ title: "   " }))).toEqual({ title: BLOG_MESSAGES.titleRequired });
  });
  it("asks a scheduled post for its time, and refuses an unreadable one", () => {
    expect(validatePost(form({ status: "scheduled" }))).toEqual({ published_at: BLOG_MESSAGES.scheduleNeedsTime });
    expect(validatePost(form({ status: "published", published_at: "明天早上" }))).toEqual({ published_at: BLOG_MESSAGES.badPublishTime });
    expect(validatePost(form({ status: "scheduled", published_at: "2026-12-01T08:00" }))).toEqual({});
  });
  it("keeps the contract's length limits", () => {
    expect(validatePost(form({ title: "字".repeat(201) })).title).toBe("文章標題不能超過 200 個字元");
    expect(validatePost(form({ tags: Array.from({ length: 21 }, (_, index) => `標籤${index}`).join(",") })).tags).toBe("每篇文章最多 20 個標籤");
  });
});

describe("publishTimeNote", () => {
  const now = new Date("2026-11-24T01:00:00.000Z"); // 09:00 in Taiwan
  it("says when a scheduled post will go out, and that a past time publishes at once", () => {
    expect(publishTimeNote(form({ status: "scheduled", published_at: "2026-11-24T10:15" }), now)).toBe("將於 2026/11/24 10:15 自動發布");
    expect(publishTimeNote(form({ status: "scheduled", published_at: "2026-11-24T08:00" }), now)).toBe("這個時間已經過了，儲存後會立即發布");
    expect(publishTimeNote(form({ status: "scheduled" }), now)).toBe("請選擇要自動發布的時間");
  });
  it("warns that a published post with a time to come waits for it; an empty time is now", () => {
    expect(publishTimeNote(form({ status: "published", published_at: "2026-11-25T09:00" }), now)).toBe("這個時間還沒到，儲存後會排程在 2026/11/25 09:00 自動發布");
    expect(publishTimeNote(form({ status: "published", published_at: "2026-11-20T09:00" }), now)).toBe("發布時間：2026/11/20 09:00");
    expect(publishTimeNote(form({ status: "published" }), now)).toBe("留空則以儲存的時間發布");
    expect(publishTimeNote(form({ status: "draft", published_at: "2026-11-20T09:00" }), now)).toBe("");
  });
});

describe("saveLabel", () => {
  it("reads 更新 for a published post and 發布 for one about to be published (002 §2.1)", () => {
    expect(saveLabel("published", "published")).toBe("更新");
    expect(saveLabel(null, "published")).toBe("發布");
    expect(saveLabel("draft", "published")).toBe("發布");
  });
  it("says what the other statuses do: a draft is saved as one, a time is scheduled, a post is archived", () => {
    expect(saveLabel(null, "draft")).toBe("儲存草稿");
    expect(saveLabel("published", "draft")).toBe("儲存草稿");
    expect(saveLabel("draft", "scheduled")).toBe("排程發布");
    expect(saveLabel("scheduled", "scheduled")).toBe("更新");
    expect(saveLabel("published", "archived")).toBe("封存");
    expect(saveLabel("archived", "archived")).toBe("更新");
  });
});

describe("the slug", () => {
  it("follows the title of a new post with the contract's slugify, Chinese kept (002 §5)", () => {
    expect(slugFollowsTitle(null)).toBe(true);
    expect(titleChange("冷氣清洗 Q&A：3 個重點", true)).toEqual({ title: "冷氣清洗 Q&A：3 個重點", slug: "冷氣清洗-q-a-3-個重點" });
  });
  it("follows a draft's title only while its slug is the title's; never a published post's", () => {
    expect(slugFollowsTitle(post())).toBe(true);
    expect(slugFollowsTitle(post({ slug: "my-own" }))).toBe(false);
    expect(slugFollowsTitle(post({ slug: "居家清潔小技巧-2" }))).toBe(false);
    expect(slugFollowsTitle(post({ status: "published" }))).toBe(false);
    expect(titleChange("新標題", false)).toEqual({ title: "新標題" });
  });
});

describe("canAutosave", () => {
  it("saves a titled draft by itself, new or stored", () => {
    expect(canAutosave(null, form())).toBe(true);
    expect(canAutosave(post(), form())).toBe(true);
  });
  it("never saves a published, scheduled or archived post by itself, nor a draft without a title, nor a draft about to be published", () => {
    expect(canAutosave(post({ status: "published" }), form({ status: "draft" }))).toBe(false);
    expect(canAutosave(post({ status: "scheduled" }), form({ status: "draft" }))).toBe(false);
    expect(canAutosave(post({ status: "archived" }), form({ status: "draft" }))).toBe(false);
    expect(canAutosave(null, form({ title: " " }))).toBe(false);
    expect(canAutosave(post(), form({ status: "published" }))).toBe(false);
  });
});

describe("mergeAnswer", () => {
  it("takes the stored values of the fields sent unchanged and keeps what was typed meanwhile", () => {
    const sent = form({ slug: "水塔清洗", content: "<p>a</p>" });
    const current = { ...sent, summary: "打字中" };
    const answered = { ...sent, slug: "水塔清洗-2", content: "<p>a</p>", summary: "" };
    expect(mergeAnswer(sent, current, answered)).toEqual({ ...sent, slug: "水塔清洗-2", summary: "打字中" });
    expect(sameForm(mergeAnswer(sent, sent, answered), answered)).toBe(true);
  });
});

describe("seoAdvice", () => {
  it("counts in the characters Google shows for Chinese: a title about 30, a description 80–100 (issue 25)", () => {
    expect(seoAdvice("seo_title", "水".repeat(25))).toMatchObject({ count: 25, state: "ok" });
    expect(seoAdvice("seo_title", "水".repeat(31)).state).toBe("long");
    expect(seoAdvice("seo_description", "水".repeat(90)).state).toBe("ok");
    expect(seoAdvice("seo_description", "水".repeat(55)).state).toBe("short");
    expect(seoAdvice("seo_title", "").help).toContain("尚未填寫，將使用文章標題");
  });
});

describe("toggleTag and publicPostPath", () => {
  it("adds a suggested tag once and takes it away again, whatever the case", () => {
    expect(toggleTag("收納", "廚房")).toBe("收納, 廚房");
    expect(toggleTag("收納, 廚房", "廚房")).toBe("收納");
    expect(toggleTag("LINE, 收納", "line")).toBe("收納");
  });
  it("links the public post by its slug, encoded", () => {
    expect(publicPostPath("居家清潔小技巧")).toBe("/blog/%E5%B1%85%E5%AE%B6%E6%B8%85%E6%BD%94%E5%B0%8F%E6%8A%80%E5%B7%A7");
  });
});

describe("autosaveStatus", () => {
  it("says quietly that a draft saved itself, with Taiwan's time", () => {
    expect(autosaveStatus(null, { ok: true, at: "2026-11-24T01:30:42.000Z" }, false)).toEqual({ text: "草稿已自動儲存（09:30）", tone: "plain" });
    expect(autosaveStatus("auto", null, true).text).toBe("自動儲存中...");
  });
  it("says when changes wait, and when an autosave failed", () => {
    expect(autosaveStatus(null, { ok: true, at: "2026-11-24T01:30:42.000Z" }, true)).toEqual({ text: "有未儲存的變更", tone: "warn" });
    expect(autosaveStatus(null, { ok: false }, true)).toEqual({ text: "自動儲存失敗，請按「儲存草稿」", tone: "error" });
    expect(autosaveStatus(null, null, false).text).toBe("");
  });
});
