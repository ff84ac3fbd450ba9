// News (blog) through the HTTP API (issue 14; 000 §3, §5, §7, §8, §9; 002 §2.1,
// §3, §4, §5, §7, §8): the back office's posts, categories and tags (401 for
// every call without a valid token); create / partial update / delete with the
// answers' shapes and messages and a Traditional Chinese 400 per field; slugs
// (Chinese kept, never empty, -2 / -3 for taken ones, the stored one answered);
// the status-and-time rules (Taiwan time, published-in-the-future is
// scheduled); the job that publishes a scheduled post at its time (caches,
// sitemap and feed follow; across a restart; a later time replaces the job; a
// post taken back to draft stays a draft; idempotent) and is_late; the old
// address of a published post; HTML sanitised on save and when shown; tags
// and categories with their counts; the public reads (never drafts, future or
// archived posts) with their filters and paging; versions (how each was made,
// looked at whole), autosaves (a new post's never take its address); the view counter; the files a post shows held by the media
// library; activity rows; the Atom feed; the dashboard's count.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogPost,
  type BlogPostRevision,
  type BlogPostVersion,
  type BlogTag,
  type PublicBlogPost,
  type PublicBlogPostList,
  type BlogPostList,
  slugify,
} from "#contract/blog.ts";
import type { MediaFile } from "#contract/media.ts";
import { buildApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import { PUBLISH_SCHEDULED_POST } from "#server/modules/blog/blog-scheduling.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { clearBlog, editorPost, fromNow, waitUntil } from "#tests/factories/blog.factory.ts";
import { multipart, pngImage } from "#tests/factories/media.factory.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";
import { createTestDatabase } from "#tests/setup/test-database.ts";
import { postSearchColumns } from "#server/modules/blog/blog-search.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LOGIN_REQUIRED = "請先登入後台管理系統";
const LOGIN_EXPIRED = "登入已過期，請重新登入";
const HAN = /\p{Script=Han}/u;
const ADMIN_NAME = "測試管理員";
const HOST = { host: "clean.example" };
const ORIGIN = "http://clean.example";

const POSTS = "/admin-api.php/blog/posts";
const CATEGORIES = "/admin-api.php/blog/categories";
const TAGS = "/admin-api.php/blog/tags";
const PUBLIC = "/api.php/blog";

let t: TestApp;
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t, { name: ADMIN_NAME });
  adminId = admin.id;
  token = await sessionToken(t, admin.id);
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------- helpers

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Headers = Record<string, string>;
type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const call = (method: Method, url: string, payload?: unknown, headers: Headers = bearer(token)) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
/** A visitor: no Authorization header at all. */
const visit = (method: Method, url: string, payload?: unknown) => call(method, url, payload, HOST);

function okData<T>(res: Injected): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as T;
}
/** A 400 with the validation envelope; answers its field errors after checking each is Traditional Chinese. */
function badRequest(res: Injected, fields: string[]): Record<string, string> {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.message).toMatch(HAN);
  expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
  for (const message of Object.values(body.errors as Record<string, string>)) expect(message).toMatch(HAN);
  return body.errors;
}
function notFound(res: Injected, message: string) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ success: false, message });
}

const unique = () => randomBytes(3).toString("hex");
const createPost = async (payload: Record<string, unknown>) => okData<{ post: BlogPost }>(await call("POST", POSTS, { title: `文章 ${unique()}`, ...payload })).post;
const updatePost = async (id: number, payload: unknown) => okData<{ post: BlogPost }>(await call("PUT", `${POSTS}/${id}`, payload)).post;
const readPost = async (id: number) => okData<{ post: BlogPost }>(await call("GET", `${POSTS}/${id}`)).post;
const published = (payload: Record<string, unknown> = {}) => createPost({ status: "published", ...payload });

const publicList = async (query = "") => okData<PublicBlogPostList>(await visit("GET", `${PUBLIC}/posts${query}`));
const publicIds = async (query = "") => (await publicList(query)).posts.map((post) => post.id);
const adminList = async (query = "") => okData<BlogPostList>(await call("GET", `${POSTS}${query}`));
const adminIds = async (query = "") => (await adminList(query)).posts.map((post) => post.id);
const publicPost = (slug: string) => visit("GET", `${PUBLIC}/post/${encodeURIComponent(slug)}`);
const revisionsOf = async (id: number) => okData<{ revisions: BlogPostRevision[] }>(await call("GET", `${POSTS}/${id}/revisions`)).revisions;
const adminCategories = async () => okData<{ categories: BlogCategory[] }>(await call("GET", CATEGORIES)).categories;
const publicCategories = async () => okData<{ categories: BlogCategory[] }>(await visit("GET", `${PUBLIC}/categories`)).categories;
const adminTags = async () => okData<{ tags: BlogTag[] }>(await call("GET", TAGS)).tags;
const publicTags = async (query = "") => okData<{ tags: BlogTag[] }>(await visit("GET", `${PUBLIC}/tags${query}`)).tags;
const createCategory = async (payload: Record<string, unknown>) => okData<{ category: BlogCategory }>(await call("POST", CATEGORIES, payload)).category;
const createTag = async (name: string) => okData<{ tag: BlogTag }>(await call("POST", TAGS, { name })).tag;
const feed = () => visit("GET", "/blog/feed.xml");
const sitemap = async () => (await visit("GET", "/sitemap.xml")).body;

const tagSet = (tags: string) => tags.split(",").filter(Boolean).sort();
const activityFor = (action: string, id: number) =>
  t.database.db.selectFrom("activity_log").select(["admin_user_id", "entity_type", "summary"]).where("action", "=", action).where("entity_id", "=", String(id)).execute();
const jobsFor = (postId: number) => t.database.db.selectFrom("jobs").selectAll().where("dedupe_key", "=", `blog-post:${postId}`).execute();
const postRowCount = async () => (await t.database.db.selectFrom("blog_posts").select("id").execute()).length;
/** A minute apart, long ago: the n-th is older than the (n-1)-th. */
const minutesBefore = (n: number) => new Date(Date.UTC(2024, 5, 1, 12, 0) - n * 60_000).toISOString();

// ---------------------------------------------------------------- access

describe("access", () => {
  const ADMIN_CALLS: Array<[Method, string]> = [
    ["GET", POSTS],
    ["GET", `${POSTS}/1`],
    ["POST", POSTS],
    ["PUT", `${POSTS}/1`],
    ["DELETE", `${POSTS}/1`],
    ["GET", `${POSTS}/1/revisions`],
    ["GET", `${POSTS}/1/revisions/1`],
    ["GET", CATEGORIES],
    ["POST", CATEGORIES],
    ["PUT", `${CATEGORIES}/1`],
    ["DELETE", `${CATEGORIES}/1`],
    ["GET", TAGS],
    ["POST", TAGS],
    ["PUT", `${TAGS}/1`],
    ["DELETE", `${TAGS}/1`],
  ];
  const BAD_HEADERS: Array<[string, Headers, string]> = [
    ["no token", {}, LOGIN_REQUIRED],
    ["Bearer public", { authorization: "Bearer public" }, LOGIN_REQUIRED],
    ["a forged token", { authorization: `Bearer ${randomBytes(32).toString("base64url")}` }, LOGIN_EXPIRED],
  ];

  it.each(ADMIN_CALLS.flatMap(([method, url]) => BAD_HEADERS.map(([label, headers, message]) => [method, url, label, headers, message] as const)))(
    "%s %s with %s: 401",
    async (method, url, _label, headers, message) => {
      const res = await call(method, url, method === "POST" || method === "PUT" ? { title: "x", name: "x" } : undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message });
    },
  );

  it("a refused write changes nothing", async () => {
    const before = await postRowCount();
    expect((await call("POST", POSTS, { title: "沒有權限的文章", status: "published" }, {})).statusCode).toBe(401);
    expect((await call("POST", CATEGORIES, { name: "沒有權限的分類" }, { authorization: "Bearer public" })).statusCode).toBe(401);
    expect(await postRowCount()).toBe(before);
    expect((await adminCategories()).map((category) => category.name)).not.toContain("沒有權限的分類");
  });

  it("every public read answers without a token and with Bearer public", async () => {
    const post = await published({ title: `公開 ${unique()}` });
    for (const headers of [HOST, { ...HOST, authorization: "Bearer public" }]) {
      for (const url of [`${PUBLIC}/posts`, `${PUBLIC}/featured`, `${PUBLIC}/categories`, `${PUBLIC}/tags`, `${PUBLIC}/post/${post.slug}`]) {
        const res = await call("GET", url, undefined, headers);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.json().success).toBe(true);
      }
      expect((await call("POST", `${PUBLIC}/posts/${post.id}/view`, undefined, headers)).statusCode).toBe(200);
      expect((await call("GET", "/blog/feed.xml", undefined, headers)).statusCode).toBe(200);
    }
  });
});

// ---------------------------------------------------------------- create, update, delete

describe("creating a post", () => {
  it("answers the whole post with 文章新增成功; left-out fields take their defaults", async () => {
    const res = await call("POST", POSTS, { title: "  第一篇消息  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.created });
    const post = res.json().data.post as BlogPost;
    expect(post).toEqual({
      id: expect.any(Number),
      title: "第一篇消息",
      slug: "第一篇消息",
      summary: "",
      content: "",
      featured_image: "",
      status: "draft",
      is_featured: 0,
      view_count: 0,
      category_id: null,
      category_name: "",
      category_slug: "",
      tags: "",
      seo_title: "",
      seo_description: "",
      published_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_late: false,
    });
    expect(Number.isNaN(Date.parse(post.created_at))).toBe(false);
    expect(await readPost(post.id)).toEqual(post);
  });

  it("keeps every field sent, with the category's name and slug", async () => {
    const category = await createCategory({ name: `欄位分類 ${unique()}` });
    const post = await createPost({
      title: "完整欄位",
      slug: "full-fields",
      summary: "摘要文字",
      content: "<p>內文</p>",
      featured_image: "/uploads/2026/01/cover.jpg",
      status: "published",
      is_featured: 1,
      category_id: category.id,
      tags: "水塔,清潔",
      seo_title: "SEO 標題",
      seo_description: "SEO 描述",
      published_at: "2025-01-02T03:04:05.000Z",
    });
    expect(post).toMatchObject({
      title: "完整欄位",
      slug: "full-fields",
      summary: "摘要文字",
      content: "<p>內文</p>",
      featured_image: "/uploads/2026/01/cover.jpg",
      status: "published",
      is_featured: 1,
      category_id: category.id,
      category_name: category.name,
      category_slug: category.slug,
      seo_title: "SEO 標題",
      seo_description: "SEO 描述",
      published_at: "2025-01-02T03:04:05.000Z",
      is_late: false,
    });
    expect(tagSet(post.tags)).toEqual(["水塔", "清潔"].sort());
  });

  it("serves a client that sends only the spec's fields: the whole post, id 0, tags as text, read-only fields ignored", async () => {
    const category = await createCategory({ name: `規格分類 ${unique()}` });
    const res = await call("POST", POSTS, editorPost({ title: "規格欄位的文章", status: "published", is_featured: true, category_id: category.id, tags: "居家, 清潔", view_count: 999, category_name: "亂填" }));
    const post = okData<{ post: BlogPost }>(res).post;
    expect(post).toMatchObject({ title: "規格欄位的文章", status: "published", is_featured: 1, view_count: 0, category_id: category.id, category_name: category.name });
    expect(post.id).toBeGreaterThan(0);
    expect(tagSet(post.tags)).toEqual(["居家", "清潔"].sort());
    // The editor saves the whole post it loaded: nothing the server keeps is overwritten.
    await visit("POST", `${PUBLIC}/posts/${post.id}/view`);
    const saved = await updatePost(post.id, editorPost({ ...post, title: "規格欄位的文章（修訂）", view_count: 0, created_at: "1999-01-01T00:00:00.000Z" }));
    expect(saved).toMatchObject({ title: "規格欄位的文章（修訂）", view_count: 1, created_at: post.created_at, published_at: post.published_at, slug: post.slug });
    // An empty category from the form means none.
    expect((await updatePost(post.id, editorPost({ ...saved, category_id: "" }))).category_id).toBeNull();
  });
});

describe("refused input (400 per field, in Traditional Chinese)", () => {
  it("an empty or missing title", async () => {
    expect(badRequest(await call("POST", POSTS, { title: "   " }), ["title"]).title).toBe(BLOG_MESSAGES.titleRequired);
    expect(badRequest(await call("POST", POSTS, { content: "<p>沒有標題</p>" }), ["title"]).title).toMatch(HAN);
    expect(badRequest(await call("POST", POSTS, { title: 123 }), ["title"]).title).toBe("文章標題必須是文字");
  });

  it("an unknown status, a bad publication time, an unknown category, a foreign or script picture, too many tags", async () => {
    const res = await call("POST", POSTS, { title: "壞資料", status: "deleted", published_at: "明天早上", featured_image: "javascript:alert(1)", tags: Array.from({ length: 21 }, (_, i) => `標籤${i}`).join(",") });
    const errors = badRequest(res, ["status", "published_at", "featured_image", "tags"]);
    expect(res.json().message).toBe(VALIDATION_MESSAGE);
    expect(errors).toEqual({
      status: "文章狀態只能是草稿、已發布、排程中或已封存",
      published_at: BLOG_MESSAGES.badPublishTime,
      featured_image: "封面圖片必須是上傳的圖片或網址",
      tags: "每篇文章最多 20 個標籤",
    });
    expect(badRequest(await call("POST", POSTS, { title: "協定相對", featured_image: "//evil.example/x.png" }), ["featured_image"]).featured_image).toBe("封面圖片必須是上傳的圖片或網址");
    badRequest(await call("POST", POSTS, { title: "資料網址", featured_image: "data:image/png;base64,AAAA" }), ["featured_image"]);
    for (const category_id of [999_999, "abc", -3]) {
      const refused = await call("POST", POSTS, { title: "未知分類", category_id });
      expect(badRequest(refused, ["category_id"]).category_id, String(category_id)).toBe(BLOG_MESSAGES.unknownCategory);
    }
  });

  it("publication times that are not times", async () => {
    for (const published_at of ["明天", "2026/11/24 09:30", "24-11-2026", "2026-11-24T25:00", 20261124, true]) {
      const res = await call("POST", POSTS, { title: "時間格式", status: "draft", published_at });
      expect(badRequest(res, ["published_at"]).published_at, String(published_at)).toBe(BLOG_MESSAGES.badPublishTime);
    }
  });

  it("a date that does not exist (30 February) is refused rather than moved to March", async () => {
    const res = await call("POST", POSTS, { title: "不存在的日期", status: "draft", published_at: "2026-02-30T10:00" });
    expect(badRequest(res, ["published_at"]).published_at).toBe(BLOG_MESSAGES.badPublishTime);
  });

  it("a body that is not an object: 400, never 500", async () => {
    for (const payload of ['"只是文字"', "[]", "42", "null"]) {
      const res = await t.app.inject({ method: "POST", url: POSTS, headers: { ...bearer(token), "content-type": "application/json" }, payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(HAN);
    }
    const post = await createPost({ title: "非物件的更新" });
    for (const payload of ['"文字"', "[1,2]"]) {
      const res = await t.app.inject({ method: "PUT", url: `${POSTS}/${post.id}`, headers: { ...bearer(token), "content-type": "application/json" }, payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
    }
    expect(await readPost(post.id)).toEqual(post);
  });

  it("a refused update changes nothing and keeps no version", async () => {
    const post = await published({ title: "不會被改壞", content: "<p>原文</p>", tags: "原標籤" });
    const res = await call("PUT", `${POSTS}/${post.id}`, { title: "", content: "<p>新內文</p>", tags: "新標籤" });
    expect(badRequest(res, ["title"]).title).toBe(BLOG_MESSAGES.titleRequired);
    badRequest(await call("PUT", `${POSTS}/${post.id}`, { status: "scheduled", published_at: "" }), ["published_at"]);
    badRequest(await call("PUT", `${POSTS}/${post.id}`, { category_id: 987_654 }), ["category_id"]);
    expect(await readPost(post.id)).toEqual(post);
    expect(await revisionsOf(post.id)).toEqual([]);
    expect((await adminTags()).map((tag) => tag.name)).not.toContain("新標籤");
  });
});

describe("updating and deleting a post", () => {
  it("a partial PUT changes only what it sends, with 文章更新成功", async () => {
    const category = await createCategory({ name: `部分更新 ${unique()}` });
    const post = await published({ title: "部分更新", summary: "摘要", content: "<p>內文</p>", category_id: category.id, tags: "甲,乙", seo_title: "S", published_at: minutesBefore(1) });
    const res = await call("PUT", `${POSTS}/${post.id}`, { is_featured: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BLOG_MESSAGES.updated);
    const saved = res.json().data.post as BlogPost;
    expect(saved).toEqual({ ...post, is_featured: 1, updated_at: expect.any(String) });
    expect(saved.updated_at >= post.updated_at).toBe(true);
    expect(await updatePost(post.id, { title: "部分更新（改標題）" })).toMatchObject({ title: "部分更新（改標題）", slug: post.slug, is_featured: 1, category_id: category.id, published_at: post.published_at });
  });

  it("404 for an unknown or non-numeric id, on every call", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      notFound(await call("GET", `${POSTS}/${id}`), BLOG_MESSAGES.notFound);
      notFound(await call("PUT", `${POSTS}/${id}`, { title: "不存在" }), BLOG_MESSAGES.notFound);
      notFound(await call("DELETE", `${POSTS}/${id}`), BLOG_MESSAGES.notFound);
      notFound(await call("GET", `${POSTS}/${id}/revisions`), BLOG_MESSAGES.notFound);
    }
  });

  it("deletes with 文章刪除成功; the post, its tags, versions and old addresses go; a second delete is 404", async () => {
    const post = await published({ title: "將被刪除", slug: `delete-me-${unique()}`, tags: "刪除用" });
    await updatePost(post.id, { slug: `${post.slug}-moved` });
    const res = await call("DELETE", `${POSTS}/${post.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.deleted });
    notFound(await call("GET", `${POSTS}/${post.id}`), BLOG_MESSAGES.notFound);
    notFound(await publicPost(post.slug), BLOG_MESSAGES.notFound);
    notFound(await call("DELETE", `${POSTS}/${post.id}`), BLOG_MESSAGES.notFound);
    const db = t.database.db;
    expect(await db.selectFrom("blog_post_tags").selectAll().where("post_id", "=", post.id).execute()).toEqual([]);
    expect(await db.selectFrom("blog_post_revisions").selectAll().where("post_id", "=", post.id).execute()).toEqual([]);
    expect(await db.selectFrom("blog_moved_slugs").selectAll().where("post_id", "=", post.id).execute()).toEqual([]);
    expect((await adminTags()).find((tag) => tag.name === "刪除用")).toMatchObject({ post_count: 0 });
  });

  it("records activity for create, update and delete with the administrator; none for an autosave", async () => {
    const post = await createPost({ title: "留下紀錄" });
    expect(await activityFor("blog.create", post.id)).toEqual([{ admin_user_id: adminId, entity_type: "blog_post", summary: expect.stringContaining("留下紀錄") }]);
    await updatePost(post.id, { title: "留下紀錄（改）" });
    expect(await activityFor("blog.update", post.id)).toEqual([{ admin_user_id: adminId, entity_type: "blog_post", summary: expect.stringContaining("留下紀錄（改）") }]);
    await updatePost(post.id, { title: "留下紀錄（自動儲存）", autosave: true });
    expect(await activityFor("blog.update", post.id)).toHaveLength(1);
    expect((await call("DELETE", `${POSTS}/${post.id}`)).statusCode).toBe(200);
    expect(await activityFor("blog.delete", post.id)).toEqual([{ admin_user_id: adminId, entity_type: "blog_post", summary: expect.stringContaining("留下紀錄") }]);
  });

  it("the dashboard counts every post", async () => {
    const stats = async () => okData<{ blog_posts: number }>(await call("GET", "/admin-api.php/stats")).blog_posts;
    expect(await stats()).toBe(await postRowCount());
    const before = await stats();
    await createPost({ title: "儀表板草稿" });
    expect(await stats()).toBe(before + 1);
  });
});

// ---------------------------------------------------------------- slugs

describe("slugs", () => {
  it("come from a Chinese title (characters kept, punctuation to hyphens); a taken one gets -2, -3", async () => {
    const first = await published({ title: "居家清潔 小技巧！" });
    expect(first.slug).toBe("居家清潔-小技巧");
    expect((await createPost({ title: "居家清潔 小技巧！" })).slug).toBe("居家清潔-小技巧-2");
    expect((await createPost({ title: "居家清潔，小技巧" })).slug).toBe("居家清潔-小技巧-3");
    const res = await publicPost("居家清潔-小技巧");
    expect(okData<{ post: PublicBlogPost }>(res).post.id).toBe(first.id);
  });

  it("from mixed Latin and Chinese: lowercase, full-width letters folded", async () => {
    expect((await createPost({ title: "Spring 大掃除 Tips 2026" })).slug).toBe("spring-大掃除-tips-2026");
    expect((await createPost({ title: "ＬＩＮＥ　預約教學" })).slug).toBe("line-預約教學");
  });

  it("a title of only punctuation still gets a usable, unique slug", async () => {
    const a = await createPost({ title: "！？……" });
    const b = await createPost({ title: "###" });
    for (const post of [a, b]) expect(post.slug).toMatch(/^[\p{Script=Han}a-z0-9]+(-[\p{Script=Han}a-z0-9]+)*$/u);
    expect(a.slug).not.toBe(b.slug);
  });

  it("an explicit slug is normalised, made unique, and the stored one answered", async () => {
    const tag = unique();
    const a = await createPost({ title: "自訂", slug: `  My Custom Slug ${tag}!! ` });
    expect(a.slug).toBe(`my-custom-slug-${tag}`);
    const b = await createPost({ title: "另一篇", slug: `my-custom-slug-${tag}` });
    expect(b.slug).toBe(`my-custom-slug-${tag}-2`);
    expect((await readPost(b.id)).slug).toBe(b.slug);
    expect((await createPost({ title: "斜線", slug: `清潔／保養 ${tag}` })).slug).toBe(`清潔-保養-${tag}`);
    // Saving a post again never makes it collide with itself.
    expect((await updatePost(a.id, { title: "自訂（改）" })).slug).toBe(a.slug);
    // Taking another post's slug on update: that slug with the next free number.
    expect((await updatePost(a.id, { slug: b.slug })).slug).toBe(`${b.slug}-2`);
    expect((await readPost(b.id)).slug).toBe(b.slug);
  });

  it("posts created at the same moment with one title all succeed, each with its own address", async () => {
    const title = `同時送出 ${unique()}`;
    const answers = await Promise.all([1, 2, 3].map(() => call("POST", POSTS, { title })));
    const slugs = answers.map((res) => okData<{ post: BlogPost }>(res).post.slug);
    const base = slugify(title);
    expect([...slugs].sort()).toEqual([base, `${base}-2`, `${base}-3`].sort());
  });
});

// ---------------------------------------------------------------- status and time

describe("status and publication time", () => {
  it("published without a time is published now", async () => {
    const before = Date.now();
    const post = await published({ title: "立即發布" });
    expect(post.status).toBe("published");
    const at = Date.parse(post.published_at!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("published with a future time is stored as scheduled, with its job", async () => {
    const when = fromNow(3 * 24 * 3600_000);
    const post = await published({ title: "未來發布", published_at: when });
    expect(post).toMatchObject({ status: "scheduled", published_at: when, is_late: false });
    expect(await jobsFor(post.id)).toMatchObject([{ kind: PUBLISH_SCHEDULED_POST, run_at: when, failed_at: null }]);
    expect(JSON.parse((await jobsFor(post.id))[0]!.payload)).toEqual({ post_id: post.id });
  });

  it("scheduled without a time: 400 errors.published_at; nothing stored", async () => {
    const before = await postRowCount();
    for (const payload of [{ title: "排程無時間", status: "scheduled" }, { title: "排程空時間", status: "scheduled", published_at: "" }, { title: "排程 null", status: "scheduled", published_at: null }]) {
      const res = await call("POST", POSTS, payload);
      expect(badRequest(res, ["published_at"]).published_at).toBe(BLOG_MESSAGES.scheduleNeedsTime);
      expect(res.json().message).toBe(BLOG_MESSAGES.scheduleNeedsTime);
    }
    expect(await postRowCount()).toBe(before);
  });

  it("scheduled with a time already past is published at that time", async () => {
    const post = await createPost({ title: "過去的排程", status: "scheduled", published_at: "2020-05-01T10:00" });
    expect(post).toMatchObject({ status: "published", published_at: "2020-05-01T02:00:00.000Z" });
    expect(await jobsFor(post.id)).toEqual([]);
  });

  it("times without a zone are Taiwan time (+08:00); times with a zone are kept", async () => {
    expect((await createPost({ title: "台灣時間", published_at: "2026-11-24T09:30" })).published_at).toBe("2026-11-24T01:30:00.000Z");
    expect((await createPost({ title: "有秒數", published_at: "2026-11-24 09:30:15" })).published_at).toBe("2026-11-24T01:30:15.000Z");
    expect((await createPost({ title: "跨日", published_at: "2026-01-01T07:00" })).published_at).toBe("2025-12-31T23:00:00.000Z");
    expect((await createPost({ title: "UTC", published_at: "2021-06-01T12:00:00Z" })).published_at).toBe("2021-06-01T12:00:00.000Z");
    expect((await createPost({ title: "東京", published_at: "2021-06-01T12:00:00+09:00" })).published_at).toBe("2021-06-01T03:00:00.000Z");
    // A draft keeps its time and stays a draft, even in the past.
    expect(await createPost({ title: "草稿有時間", status: "draft", published_at: "2020-01-01T08:00" })).toMatchObject({ status: "draft", published_at: "2020-01-01T00:00:00.000Z" });
  });

  it("is_late: a scheduled post whose time passed over a minute ago without its job", async () => {
    const late = await published({ title: "逾時未發布", published_at: fromNow(3600_000) });
    const recent = await published({ title: "剛過時間", published_at: fromNow(3600_000) });
    await t.database.db.updateTable("blog_posts").set({ published_at: fromNow(-5 * 60_000) }).where("id", "=", late.id).execute();
    await t.database.db.updateTable("blog_posts").set({ published_at: fromNow(-20_000) }).where("id", "=", recent.id).execute();
    expect(await readPost(late.id)).toMatchObject({ status: "scheduled", is_late: true });
    expect(await readPost(recent.id)).toMatchObject({ status: "scheduled", is_late: false });
    expect((await adminList("?status=scheduled&limit=100")).posts.find((post) => post.id === late.id)).toMatchObject({ is_late: true });
    // Still not public: only its job publishes it.
    notFound(await publicPost(late.slug), BLOG_MESSAGES.notFound);
    expect(await publicIds("?limit=50")).not.toContain(late.id);
    // A published post is never late.
    expect((await published({ title: "早已發布", published_at: "2020-01-01T00:00:00Z" })).is_late).toBe(false);
  });
});

// ---------------------------------------------------------------- the publication job

describe("publishing a scheduled post", () => {
  it("its job publishes it at its time: list, post, sitemap, feed and the pages' reads show it (caches dropped); it runs once", async () => {
    const when = fromNow(2500);
    const slug = `scheduled-${unique()}`;
    const post = await createPost({ title: `排程文章 ${slug}`, slug, status: "scheduled", published_at: when });
    expect(post.status).toBe("scheduled");
    // Fill every public cache before the publication.
    expect(await publicIds("?limit=50")).not.toContain(post.id);
    expect((await feed()).body).not.toContain(slug);
    expect(await sitemap()).not.toContain(slug);
    expect((await t.services.site.blog.listPage({})).posts.map((entry) => entry.id)).not.toContain(post.id);
    expect(await t.services.site.blog.postPage(slug)).toEqual({ kind: "missing" });

    await waitUntil(when);
    // Its time has come but its job has not run: still not public.
    expect((await readPost(post.id)).status).toBe("scheduled");
    notFound(await publicPost(slug), BLOG_MESSAGES.notFound);

    await t.jobs.runDue();
    const after = await readPost(post.id);
    expect(after).toMatchObject({ status: "published", published_at: when, is_late: false });
    expect(await jobsFor(post.id)).toEqual([]);
    expect(await publicIds("?limit=50")).toContain(post.id);
    expect(okData<{ post: PublicBlogPost }>(await publicPost(slug)).post.id).toBe(post.id);
    expect((await feed()).body).toContain(`${ORIGIN}/blog/${slug}`);
    expect(await sitemap()).toContain(`<loc>${ORIGIN}/blog/${slug}</loc>`);
    expect((await t.services.site.blog.listPage({})).posts.map((entry) => entry.id)).toContain(post.id);
    expect(await t.services.site.blog.postPage(slug)).toMatchObject({ kind: "post", post: { id: post.id } });
    const published = await activityFor("blog.publish-scheduled", post.id);
    expect(published).toEqual([{ admin_user_id: null, entity_type: "blog_post", summary: expect.stringContaining(post.title) }]);

    // Run once: nothing left to run, and a duplicate delivery of the job changes nothing.
    await t.jobs.runDue();
    await t.jobs.enqueue(t.database.db, PUBLISH_SCHEDULED_POST, { post_id: post.id });
    await t.jobs.runDue();
    expect(await activityFor("blog.publish-scheduled", post.id)).toHaveLength(1);
    expect(await readPost(post.id)).toEqual(after);
  });

  it("a later time replaces the pending job: one job row, the earlier time does not publish it, the new one does", async () => {
    const first = fromNow(2500);
    const post = await createPost({ title: "改時間", status: "scheduled", published_at: first });
    const second = fromNow(4500);
    expect(await updatePost(post.id, { published_at: second })).toMatchObject({ status: "scheduled", published_at: second });
    const jobs = await jobsFor(post.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at).toBe(second);
    expect(await t.database.db.selectFrom("jobs").select("id").where("kind", "=", PUBLISH_SCHEDULED_POST).where("payload", "like", `%"post_id":${post.id}}%`).execute()).toHaveLength(1);

    await waitUntil(first);
    await t.jobs.runDue();
    expect((await readPost(post.id)).status).toBe("scheduled");
    // Even a stray delivery of a job for it (delivery is at least once) leaves it alone before its time.
    await t.jobs.enqueue(t.database.db, PUBLISH_SCHEDULED_POST, { post_id: post.id });
    await t.jobs.runDue();
    expect((await readPost(post.id)).status).toBe("scheduled");
    expect(await activityFor("blog.publish-scheduled", post.id)).toEqual([]);

    await waitUntil(second);
    await t.jobs.runDue();
    expect((await readPost(post.id)).status).toBe("published");
  });

  it("a scheduled post taken back to draft is not published by its job", async () => {
    const when = fromNow(2500);
    const post = await createPost({ title: "改回草稿", status: "scheduled", published_at: when });
    expect((await updatePost(post.id, { status: "draft" })).status).toBe("draft");
    await waitUntil(when);
    await t.jobs.runDue();
    expect((await readPost(post.id)).status).toBe("draft");
    expect(await activityFor("blog.publish-scheduled", post.id)).toEqual([]);
    notFound(await publicPost(post.slug), BLOG_MESSAGES.notFound);
  });

  it("survives a restart: a new app on the same database publishes it when its jobs run", async () => {
    const store = await createTestDatabase();
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "silent",
    });
    /** The whole API on that database, as a restarted server builds it. */
    const start = async () => {
      const built = await buildApp({ env, web: false, runJobs: false });
      await built.app.ready();
      return built;
    };
    let current = await start();
    try {
      const admin = await createAdmin({ ...current, env, close: async () => {} } as TestApp);
      const restartToken = await sessionToken(current, admin.id);
      const when = fromNow(3000);
      const res = await current.app.inject({ method: "POST", url: POSTS, headers: bearer(restartToken), payload: { title: "重新啟動前排程", status: "scheduled", published_at: when } });
      const post = okData<{ post: BlogPost }>(res).post;
      expect(post.status).toBe("scheduled");
      await current.app.close();

      current = await start();
      await waitUntil(when);
      await current.jobs.runDue();
      const read = await current.app.inject({ method: "GET", url: `${POSTS}/${post.id}`, headers: bearer(restartToken) });
      expect(okData<{ post: BlogPost }>(read).post).toMatchObject({ status: "published", published_at: when });
      const visible = await current.app.inject({ method: "GET", url: `${PUBLIC}/post/${encodeURIComponent(post.slug)}` });
      expect(okData<{ post: PublicBlogPost }>(visible).post.id).toBe(post.id);
    } finally {
      await current.app.close();
      await store.drop();
    }
  });
});

// ---------------------------------------------------------------- old addresses

describe("a published post's old address", () => {
  it("answers the post (with its new slug) after the slug changes; the pages' read says where it moved", async () => {
    const old = `old-address-${unique()}`;
    const post = await published({ title: "搬家的文章", slug: old });
    const moved = await updatePost(post.id, { slug: `${old}-new` });
    expect(moved.slug).toBe(`${old}-new`);
    const res = await publicPost(old);
    expect(okData<{ post: PublicBlogPost }>(res).post).toMatchObject({ id: post.id, slug: `${old}-new` });
    expect(await t.services.site.blog.postPage(old)).toEqual({ kind: "moved", slug: `${old}-new` });
    // Moved twice: the first address still leads to it.
    await updatePost(post.id, { slug: `${old}-newest` });
    expect(okData<{ post: PublicBlogPost }>(await publicPost(old)).post.slug).toBe(`${old}-newest`);
    expect(okData<{ post: PublicBlogPost }>(await publicPost(`${old}-new`)).post.slug).toBe(`${old}-newest`);
    // Unpublished: no address of it answers.
    await updatePost(post.id, { status: "archived" });
    notFound(await publicPost(old), BLOG_MESSAGES.notFound);
    expect(await t.services.site.blog.postPage(old)).toEqual({ kind: "missing" });
  });

  it("a draft's slug change leaves no old address", async () => {
    const old = `draft-address-${unique()}`;
    const post = await createPost({ title: "草稿搬家", slug: old });
    await updatePost(post.id, { slug: `${old}-new` });
    await updatePost(post.id, { status: "published" });
    notFound(await publicPost(old), BLOG_MESSAGES.notFound);
    expect(await t.services.site.blog.postPage(old)).toEqual({ kind: "missing" });
    expect(okData<{ post: PublicBlogPost }>(await publicPost(`${old}-new`)).post.id).toBe(post.id);
  });

  it("a new post taking the old slug wins: the old address shows the new post", async () => {
    const old = `taken-back-${unique()}`;
    const first = await published({ title: "原本的文章", slug: old });
    await updatePost(first.id, { slug: `${old}-renamed` });
    const second = await published({ title: "接手網址的文章", slug: old });
    expect(second.slug).toBe(old);
    expect(okData<{ post: PublicBlogPost }>(await publicPost(old)).post.id).toBe(second.id);
    expect(await t.services.site.blog.postPage(old)).toMatchObject({ kind: "post", post: { id: second.id } });
    // Deleting the new post does not bring the redirect back.
    expect((await call("DELETE", `${POSTS}/${second.id}`)).statusCode).toBe(200);
    notFound(await publicPost(old), BLOG_MESSAGES.notFound);
  });
});

// ---------------------------------------------------------------- sanitising

describe("HTML content", () => {
  const SAFE = `<h2>安全標題</h2><p><strong>重點</strong> <a href="https://example.com/guide">指南</a></p><img src="/uploads/2026/01/sample.jpg" alt="範例圖片" />`;
  const HOSTILE = [
    `<script>alert(1)</script>`,
    `<img src=x onerror=alert(2)>`,
    `<a href="javascript:alert(3)">壞連結</a>`,
    `<a href="JaVaScRiPt:alert(4)">大小寫</a>`,
    `<iframe src="https://evil.example/frame"></iframe>`,
    `<style>body{display:none}</style>`,
    `<p onclick="alert(5)">點我</p>`,
    `<svg onload=alert(6)>`,
    `<form action="https://evil.example"><input name=x></form>`,
  ].join("");
  const FORBIDDEN = ["<script", "onerror", "onclick", "onload", "javascript:", "evil.example", "<style", "display:none", "alert(", "<svg", "<form", "<input"];

  it("is stored without scripts, handlers, javascript: links, foreign frames or styles; allowed markup survives; the public answer too", async () => {
    const post = await published({ title: "消毒過的內文", content: SAFE + HOSTILE });
    for (const content of [post.content, (await readPost(post.id)).content, okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post.content]) {
      for (const needle of FORBIDDEN) expect(content.toLowerCase(), needle).not.toContain(needle.toLowerCase());
      expect(content).toContain("<h2>安全標題</h2>");
      expect(content).toContain("<strong>重點</strong>");
      expect(content).toContain('<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">指南</a>');
      expect(content).toMatch(/<img src="\/uploads\/2026\/01\/sample\.jpg" alt="範例圖片" ?\/?>/);
      expect(content).toContain("壞連結");
      expect(content).toContain("點我");
    }
  });

  it("keeps YouTube frames, opens outside links in a new tab without handing over the page, and the site's own in the same tab", async () => {
    // Links as the editor writes every one of them: target="_blank".
    const tiptap = 'target="_blank" rel="noopener noreferrer nofollow"';
    const post = await published({
      title: "連結",
      content: `<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe><a href="https://line.me/x" ${tiptap}>LINE</a><a href="/contact" ${tiptap}>預約</a>`,
    });
    expect(post.content).toContain('src="https://www.youtube-nocookie.com/embed/abcdefghijk"');
    for (const content of [post.content, okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post.content]) {
      expect(content).toContain('<a href="https://line.me/x" target="_blank" rel="nofollow noopener noreferrer">LINE</a>');
      expect(content).toContain('<a href="/contact" rel="nofollow">預約</a>');
    }
  });

  it("HTML that reached the table unsanitised (older data) is sanitised when shown", async () => {
    const post = await published({ title: "舊資料" });
    await t.database.db.updateTable("blog_posts").set({ content: `<p>舊內容</p><script>alert(7)</script><img src=x onerror=alert(8)>` }).where("id", "=", post.id).execute();
    const shown = okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post.content;
    expect(shown).toContain("<p>舊內容</p>");
    expect(shown).not.toContain("alert");
    const listed = (await publicList("?limit=50")).posts.find((entry) => entry.id === post.id)!;
    expect(listed.excerpt).toBe("舊內容");
  });
});

// ---------------------------------------------------------------- tags

describe("tags", () => {
  beforeAll(async () => clearBlog(t.database.db));

  it("come from comma text (Chinese commas too), trimmed, repeats dropped (any case); unknown names are created", async () => {
    const post = await createPost({ title: "標籤文字", tags: " 水塔 ，清潔,水塔、 Tips ,tips,, " });
    expect(tagSet(post.tags)).toEqual(["Tips", "水塔", "清潔"].sort());
    expect((await adminTags()).map((tag) => tag.name).sort()).toEqual(["Tips", "水塔", "清潔"].sort());
    // A list is read too; an existing name is reused whatever its case.
    const other = await createPost({ title: "標籤清單", tags: ["TIPS", "新名字"] });
    expect(tagSet(other.tags)).toEqual(["Tips", "新名字"].sort());
    expect(await adminTags()).toHaveLength(4);
    // Replacing the text replaces the post's tags; emptying it removes them.
    expect(tagSet((await updatePost(post.id, { tags: "清潔" })).tags)).toEqual(["清潔"]);
    expect((await updatePost(post.id, { tags: "" })).tags).toBe("");
  });

  it("come back in the order typed, not in name order, in the back office and on the public post", async () => {
    const post = await published({ title: "標籤順序", tags: "清潔,水塔,Apple" });
    expect(post.tags).toBe("清潔,水塔,Apple");
    expect((await updatePost(post.id, { tags: "水塔,Apple,清潔" })).tags).toBe("水塔,Apple,清潔");
    const shown = okData<{ post: { tags: string } }>(await visit("GET", `${PUBLIC}/post/${post.slug}`));
    expect(shown.post.tags).toBe("水塔,Apple,清潔");
  });

  it("the back office's list counts every post; the public list only public posts, most used first, 8 by default", async () => {
    await clearBlog(t.database.db);
    const names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
    await published({ tags: names.join(",") });
    await published({ tags: "甲,乙" });
    await published({ tags: "甲" });
    await createPost({ status: "draft", tags: "甲,草稿限定" });
    await published({ status: "archived", tags: "封存限定" });

    const admin = await adminTags();
    expect(Object.fromEntries(admin.map((tag) => [tag.name, tag.post_count]))).toMatchObject({ 甲: 4, 乙: 2, 丙: 1, 草稿限定: 1, 封存限定: 1 });
    for (const tag of admin) expect(tag).toEqual({ id: expect.any(Number), name: expect.any(String), post_count: expect.any(Number) });

    const visible = await publicTags();
    expect(visible).toHaveLength(8);
    expect(visible.slice(0, 2)).toEqual([
      { id: expect.any(Number), name: "甲", post_count: 3 },
      { id: expect.any(Number), name: "乙", post_count: 2 },
    ]);
    for (const tag of visible.slice(2)) expect(tag.post_count).toBe(1);
    for (const hidden of ["草稿限定", "封存限定"]) expect(visible.map((tag) => tag.name)).not.toContain(hidden);
    expect((await publicTags("?limit=2")).map((tag) => tag.name)).toEqual(["甲", "乙"]);
    expect(await publicTags("?limit=50")).toHaveLength(10);
    // Nonsense limits fall back rather than fail.
    for (const query of ["?limit=abc", "?limit=-4", "?limit=0"]) expect((await visit("GET", `${PUBLIC}/tags${query}`)).statusCode).toBe(200);
  });

  it("are created, renamed and deleted; 409 for a name taken in any case; 400 empty or with a comma; 404 unknown", async () => {
    await clearBlog(t.database.db);
    const res = await call("POST", TAGS, { name: "  除塵  " });
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.tagCreated, data: { tag: { id: expect.any(Number), name: "除塵", post_count: 0 } } });
    const dust = res.json().data.tag as BlogTag;
    const mite = await createTag("Mite");

    const taken = await call("POST", TAGS, { name: "mite" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, message: BLOG_MESSAGES.tagNameTaken("mite"), errors: { name: BLOG_MESSAGES.tagNameTaken("mite") } });
    expect(badRequest(await call("POST", TAGS, { name: "  " }), ["name"]).name).toBe(BLOG_MESSAGES.tagNameRequired);
    for (const name of ["a,b", "甲，乙", "甲、乙"]) expect(badRequest(await call("POST", TAGS, { name }), ["name"]).name).toBe("標籤名稱不能包含逗號");
    expect(badRequest(await call("POST", TAGS, { name: "x".repeat(51) }), ["name"]).name).toMatch(HAN);
    badRequest(await call("POST", TAGS, {}), ["name"]);

    const post = await published({ tags: "除塵,Mite" });
    const renamed = await call("PUT", `${TAGS}/${dust.id}`, { name: "除塵蟎" });
    expect(renamed.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.tagUpdated, data: { tag: { id: dust.id, name: "除塵蟎", post_count: 1 } } });
    expect(tagSet((await readPost(post.id)).tags)).toEqual(["Mite", "除塵蟎"].sort());
    // Its own name in another case is fine; another tag's name is not.
    expect((await call("PUT", `${TAGS}/${mite.id}`, { name: "MITE" })).statusCode).toBe(200);
    expect((await call("PUT", `${TAGS}/${mite.id}`, { name: "除塵蟎" })).statusCode).toBe(409);
    notFound(await call("PUT", `${TAGS}/999999`, { name: "不存在" }), BLOG_MESSAGES.tagNotFound);
    notFound(await call("PUT", `${TAGS}/abc`, { name: "不存在" }), BLOG_MESSAGES.tagNotFound);

    const deleted = await call("DELETE", `${TAGS}/${dust.id}`);
    expect(deleted.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.tagDeleted });
    expect((await readPost(post.id)).tags).toBe("MITE");
    expect((await adminTags()).map((tag) => tag.name)).toEqual(["MITE"]);
    notFound(await call("DELETE", `${TAGS}/${dust.id}`), BLOG_MESSAGES.tagNotFound);
    notFound(await call("DELETE", `${TAGS}/abc`), BLOG_MESSAGES.tagNotFound);
  });
});

// ---------------------------------------------------------------- categories

describe("categories", () => {
  beforeAll(async () => clearBlog(t.database.db));

  it("are created with a slug from the name (Chinese kept) or the one given, with 分類新增成功", async () => {
    const res = await call("POST", CATEGORIES, { name: "  居家 清潔  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.categoryCreated });
    expect(res.json().data.category).toEqual({ id: expect.any(Number), name: "居家 清潔", slug: "居家-清潔", post_count: 0 });
    expect(await createCategory({ name: "辦公室", slug: " Office Cleaning " })).toMatchObject({ name: "辦公室", slug: "office-cleaning" });
    const odd = await createCategory({ name: "！！！" });
    expect(odd.slug).toMatch(/^[a-z0-9-]+$/);
    expect((await adminCategories()).map((category) => category.name).sort()).toEqual(["居家 清潔", "辦公室", "！！！"].sort());
  });

  it("409 for a name taken in any case (errors.name) or a slug taken (errors.slug); 400 for an empty name", async () => {
    const first = await createCategory({ name: "Deep Clean" });
    const sameName = await call("POST", CATEGORIES, { name: "deep clean", slug: "other" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ success: false, errors: { name: BLOG_MESSAGES.categoryNameTaken("deep clean") } });
    const sameSlug = await call("POST", CATEGORIES, { name: "深層清潔", slug: first.slug });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json()).toMatchObject({ success: false, errors: { slug: BLOG_MESSAGES.categorySlugTaken(first.slug) } });
    expect(badRequest(await call("POST", CATEGORIES, { name: " " }), ["name"]).name).toBe(BLOG_MESSAGES.categoryNameRequired);
    expect(badRequest(await call("POST", CATEGORIES, { name: 5 }), ["name"]).name).toMatch(HAN);
  });

  it("are updated (partial: the slug stays unless sent) with 分類更新成功; 404 unknown; 409 for another's name", async () => {
    const category = await createCategory({ name: "玻璃" });
    const other = await createCategory({ name: "外牆" });
    const res = await call("PUT", `${CATEGORIES}/${category.id}`, { name: "玻璃清潔" });
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.categoryUpdated, data: { category: { id: category.id, name: "玻璃清潔", slug: "玻璃", post_count: 0 } } });
    expect((await call("PUT", `${CATEGORIES}/${category.id}`, { slug: "Glass" })).json().data.category).toMatchObject({ name: "玻璃清潔", slug: "glass" });
    expect((await call("PUT", `${CATEGORIES}/${category.id}`, { name: "外牆" })).statusCode).toBe(409);
    expect((await call("PUT", `${CATEGORIES}/${category.id}`, { slug: other.slug })).json()).toMatchObject({ errors: { slug: BLOG_MESSAGES.categorySlugTaken(other.slug) } });
    badRequest(await call("PUT", `${CATEGORIES}/${category.id}`, { name: "" }), ["name"]);
    notFound(await call("PUT", `${CATEGORIES}/999999`, { name: "不存在" }), BLOG_MESSAGES.categoryNotFound);
    notFound(await call("PUT", `${CATEGORIES}/abc`, { name: "不存在" }), BLOG_MESSAGES.categoryNotFound);
    expect((await adminCategories()).find((entry) => entry.id === category.id)).toMatchObject({ name: "玻璃清潔", slug: "glass" });
  });

  it("renaming a category or a tag shows on the public pages at once (their cache is dropped)", async () => {
    const category = await createCategory({ name: `快取分類 ${unique()}` });
    const tag = await createTag(`快取標籤${unique()}`);
    await published({ title: "快取文章", category_id: category.id, tags: tag.name });
    const before = await t.services.site.blog.listPage({});
    expect(before.categories.map((entry) => entry.name)).toContain(category.name);
    expect(before.tags.map((entry) => entry.name)).toContain(tag.name);
    await call("PUT", `${CATEGORIES}/${category.id}`, { name: `${category.name}（新）` });
    await call("PUT", `${TAGS}/${tag.id}`, { name: `${tag.name}新` });
    const after = await t.services.site.blog.listPage({});
    expect(after.categories.map((entry) => entry.name)).toContain(`${category.name}（新）`);
    expect(after.tags.map((entry) => entry.name)).toContain(`${tag.name}新`);
    expect(after.posts.find((post) => post.title === "快取文章")).toMatchObject({ category_name: `${category.name}（新）`, tags: `${tag.name}新` });
    await call("DELETE", `${TAGS}/${tag.id}`);
    expect((await t.services.site.blog.listPage({})).tags.map((entry) => entry.name)).not.toContain(`${tag.name}新`);
  });

  it("post_count: every post in the back office, public posts only for visitors; deleting leaves its posts uncategorised", async () => {
    const category = await createCategory({ name: `計數 ${unique()}` });
    const posts = [
      await published({ category_id: category.id }),
      await published({ category_id: category.id }),
      await createPost({ status: "draft", category_id: category.id }),
      await published({ category_id: category.id, published_at: fromNow(3600_000) }),
      await createPost({ status: "archived", category_id: category.id }),
    ];
    expect((await adminCategories()).find((entry) => entry.id === category.id)!.post_count).toBe(5);
    expect((await publicCategories()).find((entry) => entry.id === category.id)).toEqual({ id: category.id, name: category.name, slug: category.slug, post_count: 2 });

    const res = await call("DELETE", `${CATEGORIES}/${category.id}`);
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.categoryDeleted });
    for (const post of posts) expect(await readPost(post.id)).toMatchObject({ category_id: null, category_name: "", category_slug: "" });
    expect((await publicCategories()).map((entry) => entry.id)).not.toContain(category.id);
    notFound(await call("DELETE", `${CATEGORIES}/${category.id}`), BLOG_MESSAGES.categoryNotFound);
    expect(await activityFor("blog-category.delete", category.id)).toEqual([{ admin_user_id: adminId, entity_type: "blog_category", summary: expect.stringContaining(category.name) }]);
  });
});

// ---------------------------------------------------------------- lists

describe("the lists", () => {
  const ids: Record<string, number> = {};
  let home: BlogCategory;
  let office: BlogCategory;

  beforeAll(async () => {
    await clearBlog(t.database.db);
    home = await createCategory({ name: "居家清潔" });
    office = await createCategory({ name: "辦公室", slug: "office" });
    const make = async (key: string, n: number, payload: Record<string, unknown>) => {
      ids[key] = (await createPost({ status: "published", published_at: minutesBefore(n), title: `${key} 文章`, ...payload })).id;
    };
    await make("p1", 1, { title: "Keelung 水塔清洗紀錄", category_id: home.id, tags: "水塔,基隆", is_featured: 1 });
    await make("p2", 2, { title: "辦公室地毯保養", summary: "搭配 100% 天然清潔劑", category_id: office.id, tags: "地毯", is_featured: 1 });
    await make("p3", 3, { title: "年終大掃除", content: "<p>費用 1000 元起</p>", tags: "基隆", is_featured: 1 });
    await make("p4", 4, { title: "冷氣清洗 a_b 測試", category_id: home.id, is_featured: 1 });
    await make("p5", 5, { title: "冷氣清洗 axb 測試", tags: "Tips" });
    await make("p6", 6, { title: "玻璃清潔", content: "<p>窗戶 KEELUNG 港口</p>" });
    await make("p7", 7, { title: "沙發清潔", tags: "地毯" });
    await make("p8", 8, { title: "石材地板", category_id: home.id });
    ids.draft = (await createPost({ title: "Keelung 草稿 100% a_b", status: "draft", category_id: home.id, tags: "基隆,地毯", is_featured: 1, content: "<p>天然</p>" })).id;
    ids.future = (await createPost({ title: "Keelung 未來", status: "scheduled", published_at: fromNow(24 * 3600_000), category_id: home.id, tags: "基隆", is_featured: 1 })).id;
    ids.archived = (await createPost({ title: "Keelung 封存", status: "archived", published_at: minutesBefore(0), category_id: home.id, tags: "基隆", is_featured: 1 })).id;
  });
  const order = (...keys: string[]) => keys.map((key) => ids[key]);

  it("the public list: public posts only, newest first, 6 a page with the pagination block", async () => {
    const first = await publicList();
    expect(first.posts.map((post) => post.id)).toEqual(order("p1", "p2", "p3", "p4", "p5", "p6"));
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total: 8, per_page: 6 });
    const second = await publicList("?page=2");
    expect(second.posts.map((post) => post.id)).toEqual(order("p7", "p8"));
    expect(second.pagination).toEqual({ current_page: 2, total_pages: 2, total: 8, per_page: 6 });
    expect((await publicList("?page=3&limit=3")).posts.map((post) => post.id)).toEqual(order("p7", "p8"));
    expect((await publicList("?page=9")).posts).toEqual([]);
  });

  it("answers the public shape only: no status, flags or back-office fields", async () => {
    const post = (await publicList()).posts[0]!;
    expect(post).toEqual({
      id: ids.p1,
      slug: expect.any(String),
      title: "Keelung 水塔清洗紀錄",
      summary: "",
      excerpt: "",
      featured_image: "",
      published_at: minutesBefore(1),
      updated_at: expect.any(String),
      category_name: "居家清潔",
      category_slug: "居家清潔",
      tags: expect.any(String),
      view_count: 0,
      seo_title: "",
      seo_description: "",
    });
    // The article: the same fields, with its text instead of the excerpt.
    const { excerpt: _excerpt, ...fields } = post;
    expect(okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post).toEqual({ ...fields, content: "" });
  });

  it("filters by category slug, tag name (any case), search and exclude", async () => {
    expect(await publicIds(`?category=${encodeURIComponent("居家清潔")}`)).toEqual(order("p1", "p4", "p8"));
    expect(await publicIds("?category=office")).toEqual(order("p2"));
    const none = await publicList("?category=no-such-category");
    expect(none.posts).toEqual([]);
    expect(none.pagination).toEqual({ current_page: 1, total_pages: 1, total: 0, per_page: 6 });
    expect(await publicIds(`?tag=${encodeURIComponent("基隆")}`)).toEqual(order("p1", "p3"));
    expect(await publicIds(`?tag=${encodeURIComponent("地毯")}`)).toEqual(order("p2", "p7"));
    expect(await publicIds("?tag=tips")).toEqual(order("p5"));
    expect(await publicIds(`?exclude=${ids.p1}&limit=50`)).toEqual(order("p2", "p3", "p4", "p5", "p6", "p7", "p8"));
    // The related posts of an article: its category, itself left out, at most 3.
    expect(await publicIds(`?limit=3&category=${encodeURIComponent("居家清潔")}&exclude=${ids.p1}`)).toEqual(order("p4", "p8"));
    expect(await publicIds("?exclude=abc")).toHaveLength(6);
  });

  it("search matches words of the title, summary or content, ignores case; punctuation alone finds nothing", async () => {
    expect(await publicIds("?search=keelung")).toEqual(order("p1", "p6"));
    expect(await publicIds(`?search=${encodeURIComponent("天然")}`)).toEqual(order("p2"));
    expect(await publicIds(`?search=${encodeURIComponent("100%")}`)).toEqual(order("p2"));
    expect(await publicIds(`?search=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await publicIds("?search=a_b")).toEqual(order("p4"));
    expect(await publicIds("?search=_")).toEqual([]);
    expect(await publicIds(`?search=${encodeURIComponent("沒有這種文章")}`)).toEqual([]);
    expect(await publicIds(`?search=keelung&category=${encodeURIComponent("居家清潔")}`)).toEqual(order("p1"));
  });

  it("a limit above the list's maximum is served at the maximum, with the real pagination", async () => {
    const visitors = await publicList("?limit=100");
    expect(visitors.pagination).toEqual({ current_page: 1, total_pages: 1, total: 8, per_page: 50 });
    expect(visitors.posts).toHaveLength(8);
    expect((await adminList("?limit=500&page=2")).pagination).toEqual({ current_page: 2, total_pages: 1, total: 11, per_page: 100 });
  });

  it("refuses a bad page, limit or search with 400 per field", async () => {
    expect(badRequest(await visit("GET", `${PUBLIC}/posts?page=0`), ["page"]).page).toBe("頁碼從 1 開始");
    badRequest(await visit("GET", `${PUBLIC}/posts?page=abc`), ["page"]);
    expect(badRequest(await visit("GET", `${PUBLIC}/posts?limit=abc`), ["limit"]).limit).toBe("每頁筆數必須是數字");
    expect(badRequest(await visit("GET", `${PUBLIC}/posts?limit=0`), ["limit"]).limit).toBe("每頁至少 1 筆");
    badRequest(await visit("GET", `${PUBLIC}/posts?search=${"字".repeat(101)}`), ["search"]);
  });

  it("featured: public featured posts, newest first, 3 by default", async () => {
    const featured = async (query = "") => okData<{ posts: PublicBlogPost[] }>(await visit("GET", `${PUBLIC}/featured${query}`)).posts.map((post) => post.id);
    expect(await featured()).toEqual(order("p1", "p2", "p3"));
    expect(await featured("?limit=10")).toEqual(order("p1", "p2", "p3", "p4"));
    expect(await featured("?limit=1")).toEqual(order("p1"));
    expect(await featured("?limit=abc")).toEqual(order("p1", "p2", "p3"));
  });

  it("categories for visitors count public posts only", async () => {
    const counts = Object.fromEntries((await publicCategories()).map((category) => [category.slug, category.post_count]));
    expect(counts).toEqual({ 居家清潔: 3, office: 1 });
    const admin = Object.fromEntries((await adminCategories()).map((category) => [category.slug, category.post_count]));
    expect(admin).toEqual({ 居家清潔: 6, office: 1 });
  });

  it("the back office's list: every post, 20 a page, filtered by search (title or content), category id and status", async () => {
    const all = await adminList();
    expect(all.pagination).toEqual({ current_page: 1, total_pages: 1, total: 11, per_page: 20 });
    expect(all.posts.map((post) => post.id)).toContain(ids.draft);
    expect(await adminIds("?status=draft")).toEqual(order("draft"));
    expect(await adminIds("?status=scheduled")).toEqual(order("future"));
    expect(await adminIds("?status=archived")).toEqual(order("archived"));
    expect(await adminIds(`?category=${home.id}`)).toEqual(expect.arrayContaining(order("p1", "p4", "p8", "draft", "future", "archived")));
    expect(await adminIds(`?category=${home.id}`)).toHaveLength(6);
    expect((await adminIds("?search=KEELUNG")).sort()).toEqual(order("p1", "p6", "draft", "future", "archived").sort());
    expect(await adminIds(`?search=keelung&status=published`)).toEqual(order("p1", "p6"));
    const paged = await adminList("?limit=4&page=3");
    expect(paged.pagination).toEqual({ current_page: 3, total_pages: 3, total: 11, per_page: 4 });
    expect(paged.posts).toHaveLength(3);
    badRequest(await call("GET", `${POSTS}?status=deleted`), ["status"]);
    expect(badRequest(await call("GET", `${POSTS}?page=0`), ["page"]).page).toBe("頁碼從 1 開始");
    badRequest(await call("GET", `${POSTS}?page=x`), ["page"]);
    badRequest(await call("GET", `${POSTS}?limit=-1`), ["limit"]);
    badRequest(await call("GET", `${POSTS}?category=abc`), ["category"]);
  });

  it("the back office's list names a bad status or category in its own words (文章狀態不正確, 分類不正確)", async () => {
    expect(badRequest(await call("GET", `${POSTS}?status=deleted`), ["status"]).status).toBe("文章狀態不正確");
    expect(badRequest(await call("GET", `${POSTS}?category=abc`), ["category"]).category).toBe("分類不正確");
  });
});

// ---------------------------------------------------------------- visibility

describe("the public list's answer", () => {
  beforeAll(async () => clearBlog(t.database.db));

  it("carries each post's excerpt, not its article: a list never shows the text", async () => {
    const long = `<p>${"水塔清洗".repeat(60)}</p>`;
    const post = await published({ title: "長文", content: long });
    const listed = (await publicList()).posts.find((entry) => entry.id === post.id)!;
    expect(listed).not.toHaveProperty("content");
    expect([...listed.excerpt]).toHaveLength(151);
    expect(listed.excerpt.endsWith("…")).toBe(true);
    expect(listed.excerpt.startsWith("水塔清洗")).toBe(true);
    // The article still has it all.
    expect(okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post.content).toBe(long);
  });

  it("cuts a searched list's excerpt around the first word found in the summary and text; a post found by its title keeps its own", async () => {
    const before = "定期清潔能延長建材壽命。".repeat(20);
    const found = await published({ title: "保養紀錄", summary: "每年一次的保養。", content: `<p>${before}</p><p>頂樓的沉澱物要清除。</p><p>${before}</p>` });
    const byTitle = await published({ title: "沉澱物怎麼來的", summary: "從水源說起。" });
    const listed = (await publicList(`?search=${encodeURIComponent("沉澱物")}`)).posts;
    const excerpt = listed.find((entry) => entry.id === found.id)!.excerpt;
    expect(excerpt).toMatch(/^….*沉澱物要清除.*…$/);
    expect([...excerpt]).toHaveLength(152);
    expect(listed.find((entry) => entry.id === byTitle.id)!.excerpt).toBe("從水源說起。");
    // Unsearched, the same post's excerpt is its summary.
    expect((await publicList()).posts.find((entry) => entry.id === found.id)!.excerpt).toBe("每年一次的保養。");
  });

  it("shows a searched post's summary or its text, where the words are: never the summary running on into the text", async () => {
    const post = await published({ title: "春季保養", summary: "大掃除事半功倍。", content: "<h2>由上而下</h2><p>先清燈具與櫃頂。</p>" });
    const excerptFor = async (search: string) => (await publicList(`?search=${encodeURIComponent(search)}`)).posts.find((entry) => entry.id === post.id)!.excerpt;
    expect(await excerptFor("燈具")).toBe("由上而下 先清燈具與櫃頂。");
    expect(await excerptFor("大掃除")).toBe("大掃除事半功倍。");
  });

  it("is kept between writes: the same bytes and ETag, a 304 for a browser that holds it, a new answer after a save", async () => {
    const post = await published({ title: "快取前" });
    const first = await visit("GET", `${PUBLIC}/posts?page=1`);
    const second = await visit("GET", `${PUBLIC}/posts?page=1`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    const revalidated = await t.app.inject({ method: "GET", url: `${PUBLIC}/posts?page=1`, headers: { ...HOST, "if-none-match": String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    await updatePost(post.id, { title: "快取後" });
    const after = await visit("GET", `${PUBLIC}/posts?page=1`);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(okData<PublicBlogPostList>(after).posts.map((entry) => entry.title)).toContain("快取後");
  });

  it("keeps the featured posts, categories and tags the same way: a 304 for a browser that holds them, new counts after a save", async () => {
    const category = await createCategory({ name: `快取分類${unique()}` });
    const tag = `快取標籤${unique()}`;
    const post = await published({ title: "側欄快取", category_id: category.id, tags: tag, is_featured: 1 });
    const count = async () => ({
      category: (await publicCategories()).find((entry) => entry.id === category.id)?.post_count ?? 0,
      tag: (await publicTags("?limit=100")).find((entry) => entry.name === tag)?.post_count ?? 0,
      featured: okData<{ posts: PublicBlogPost[] }>(await visit("GET", `${PUBLIC}/featured?limit=20`)).posts.some((entry) => entry.id === post.id),
    });
    expect(await count()).toEqual({ category: 1, tag: 1, featured: true });
    for (const url of [`${PUBLIC}/featured?limit=20`, `${PUBLIC}/categories`, `${PUBLIC}/tags?limit=100`]) {
      const first = await visit("GET", url);
      const revalidated = await t.app.inject({ method: "GET", url, headers: { ...HOST, "if-none-match": String(first.headers.etag) } });
      expect(revalidated.statusCode, url).toBe(304);
    }
    // Changed behind the service's back: the kept answers cannot know; a save through it tells them.
    await t.database.db.updateTable("blog_posts").set({ category_id: null, is_featured: 0 }).where("id", "=", post.id).execute();
    await t.database.db.deleteFrom("blog_post_tags").where("post_id", "=", post.id).execute();
    expect(await count()).toEqual({ category: 1, tag: 1, featured: true });
    await updatePost(post.id, { title: "側欄快取（改）" });
    expect(await count()).toEqual({ category: 0, tag: 0, featured: false });
  });

  it("keeps no search (any text would make an entry) and still refuses a bad query with 400", async () => {
    const post = await published({ title: "原本的標題" });
    const word = `詞${unique()}`;
    expect((await publicList("?page=1")).posts.map((entry) => entry.title)).toContain("原本的標題");
    expect((await publicList(`?search=${encodeURIComponent(word)}`)).posts).toEqual([]);
    // Changed behind the service's back: a kept answer cannot know, a search that is not kept does.
    const title = `標題 ${word}`;
    await t.database.db.updateTable("blog_posts").set({ title, ...postSearchColumns({ title }) }).where("id", "=", post.id).execute();
    expect((await publicList("?page=1")).posts.map((entry) => entry.title)).toContain("原本的標題");
    expect((await publicList(`?search=${encodeURIComponent(word)}`)).posts.map((entry) => entry.id)).toEqual([post.id]);

    badRequest(await visit("GET", `${PUBLIC}/posts?category=${"x".repeat(300)}`), ["category"]);
  });
});

describe("what visitors never see", () => {
  const slugs: Record<string, string> = {};
  const posts: Record<string, BlogPost> = {};
  let category: BlogCategory;
  const tag = `可見性${unique()}`;
  const HIDDEN = ["draft", "future", "archived", "late", "ahead"];

  beforeAll(async () => {
    await clearBlog(t.database.db);
    category = await createCategory({ name: "可見性分類" });
    const base = { category_id: category.id, tags: tag, is_featured: 1 };
    posts.public = await published({ ...base, title: "公開文章", slug: `public-${unique()}` });
    posts.draft = await createPost({ ...base, title: "草稿文章", slug: `draft-${unique()}`, status: "draft", published_at: "2020-01-01T00:00:00Z" });
    posts.future = await published({ ...base, title: "未來文章", slug: `future-${unique()}`, published_at: fromNow(24 * 3600_000) });
    posts.archived = await createPost({ ...base, title: "封存文章", slug: `archived-${unique()}`, status: "archived", published_at: "2020-01-01T00:00:00Z" });
    posts.late = await published({ ...base, title: "逾時文章", slug: `late-${unique()}`, published_at: fromNow(3600_000) });
    await t.database.db.updateTable("blog_posts").set({ published_at: fromNow(-10 * 60_000) }).where("id", "=", posts.late.id).execute();
    // Published with a time still to come (a row written by an import, say): not public before its time either.
    posts.ahead = await published({ ...base, title: "時間未到文章", slug: `ahead-${unique()}` });
    await t.database.db.updateTable("blog_posts").set({ published_at: fromNow(24 * 3600_000) }).where("id", "=", posts.ahead.id).execute();
    for (const [key, post] of Object.entries(posts)) slugs[key] = post.slug;
  });

  it("the list, featured posts, categories' counts and tags show only the published post", async () => {
    expect(await publicIds("?limit=50")).toEqual([posts.public!.id]);
    expect(await publicIds(`?tag=${encodeURIComponent(tag)}&limit=50`)).toEqual([posts.public!.id]);
    expect(await publicIds(`?search=${encodeURIComponent("文章")}&limit=50`)).toEqual([posts.public!.id]);
    expect(okData<{ posts: PublicBlogPost[] }>(await visit("GET", `${PUBLIC}/featured?limit=20`)).posts.map((post) => post.id)).toEqual([posts.public!.id]);
    expect((await publicCategories()).find((entry) => entry.id === category.id)!.post_count).toBe(1);
    expect((await publicTags()).find((entry) => entry.name === tag)!.post_count).toBe(1);
  });

  it("post by slug and the view counter answer 404 for each hidden post", async () => {
    expect((await publicPost(slugs.public!)).statusCode).toBe(200);
    for (const key of HIDDEN) {
      notFound(await publicPost(slugs[key]!), BLOG_MESSAGES.notFound);
      notFound(await visit("POST", `${PUBLIC}/posts/${posts[key]!.id}/view`), BLOG_MESSAGES.notFound);
      expect(await t.services.site.blog.postPage(slugs[key]!)).toEqual({ kind: "missing" });
    }
    notFound(await publicPost("no-such-post"), BLOG_MESSAGES.notFound);
  });

  it("the feed and the sitemap list only the published post", async () => {
    const atom = (await feed()).body;
    const map = await sitemap();
    expect(atom).toContain(`${ORIGIN}/blog/${slugs.public}`);
    expect(map).toContain(`<loc>${ORIGIN}/blog/${slugs.public}</loc>`);
    for (const key of HIDDEN) {
      expect(atom, key).not.toContain(slugs[key]!);
      expect(map, key).not.toContain(slugs[key]!);
    }
    expect(atom.match(/<entry>/g)).toHaveLength(1);
    // Atom requires an author: the company's name, once for the feed.
    const { company_name } = await t.services.settings.site.publicSettings();
    expect(company_name).not.toBe("");
    expect(atom).toContain(`<author>\n    <name>${company_name}</name>`);
  });

  it("a Chinese address is percent-encoded in the sitemap and the feed, as search engines ask", async () => {
    const post = await published({ title: "居家清潔 小技巧" });
    const encoded = `${ORIGIN}/blog/${encodeURIComponent("居家清潔-小技巧")}`;
    expect(post.slug).toBe("居家清潔-小技巧");
    expect(await sitemap()).toContain(`<loc>${encoded}</loc>`);
    expect((await feed()).body).toContain(`href="${encoded}"`);
    await call("DELETE", `${POSTS}/${post.id}`);
  });

  it("the pages' list read shows only the published post", async () => {
    const page = await t.services.site.blog.listPage({});
    expect(page.posts.map((post) => post.id)).toEqual([posts.public!.id]);
    expect(page.featured.map((post) => post.id)).toEqual([posts.public!.id]);
  });
});

// ---------------------------------------------------------------- versions

describe("versions", () => {
  it("each save keeps the version it replaces, newest first, with who saved it; a save that changes nothing keeps none", async () => {
    const post = await createPost({ title: "第一版", content: "<p>一</p>" });
    expect(await revisionsOf(post.id)).toEqual([]);
    const second = await updatePost(post.id, { title: "第二版", content: "<p>二</p>" });
    await updatePost(post.id, { title: "第三版", status: "published" });
    const revisions = await revisionsOf(post.id);
    // Each says when it was made, by whom and by what change (decision 032).
    const origin = (made_at: string, change: string) => ({ made_at, made_by: ADMIN_NAME, change, restored_from: null });
    expect(revisions).toEqual([
      { id: expect.any(Number), post_id: post.id, title: "第二版", status: "draft", saved_by: ADMIN_NAME, created_at: expect.any(String), ...origin(second.updated_at, "save") },
      { id: expect.any(Number), post_id: post.id, title: "第一版", status: "draft", saved_by: ADMIN_NAME, created_at: expect.any(String), ...origin(post.updated_at, "create") },
    ]);
    expect(revisions[0]!.id).toBeGreaterThan(revisions[1]!.id);
    // The whole post saved again as it is: nothing to keep.
    const current = await readPost(post.id);
    await updatePost(post.id, editorPost({ ...current }));
    await updatePost(post.id, {});
    expect(await revisionsOf(post.id)).toHaveLength(2);
    // The list's star alone keeps no version either (decision 019).
    await updatePost(post.id, { is_featured: 1 });
    expect(await revisionsOf(post.id)).toHaveLength(2);
    await updatePost(post.id, { title: "第四版", is_featured: 0 });
    expect(await revisionsOf(post.id)).toHaveLength(3);
  });

  it("autosaves answer 草稿已自動儲存 and keep at most one version per 10 minutes", async () => {
    const post = await createPost({ title: "自動儲存 0" });
    const res = await call("PUT", `${POSTS}/${post.id}`, { title: "自動儲存 1", autosave: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.autosaved, data: { post: { title: "自動儲存 1" } } });
    await updatePost(post.id, { title: "自動儲存 2", autosave: true });
    await updatePost(post.id, { title: "自動儲存 3", autosave: true });
    expect((await revisionsOf(post.id)).map((revision) => revision.title)).toEqual(["自動儲存 0"]);
    // Eleven minutes later the next autosave keeps one again.
    await t.database.db.updateTable("blog_post_revisions").set({ created_at: fromNow(-11 * 60_000) }).where("post_id", "=", post.id).execute();
    await updatePost(post.id, { title: "自動儲存 4", autosave: true });
    expect((await revisionsOf(post.id)).map((revision) => revision.title)).toEqual(["自動儲存 3", "自動儲存 0"]);
    // A manual save always keeps one.
    await updatePost(post.id, { title: "手動儲存" });
    expect((await revisionsOf(post.id)).map((revision) => revision.title)).toEqual(["自動儲存 4", "自動儲存 3", "自動儲存 0"]);
  });

  it("a version is looked at whole and nothing changes; the editor's save that puts it back is recorded as a restore", async () => {
    const post = await createPost({ title: "還原 第一版", content: "<p>一</p>", summary: "摘要一", tags: "還原甲", slug: `restore-${unique()}` });
    const live = await updatePost(post.id, { title: "還原 第二版", content: "<p>二</p>", summary: "摘要二", tags: "還原乙", status: "published" });
    const [first] = await revisionsOf(post.id);
    const version = okData<{ revision: BlogPostVersion }>(await call("GET", `${POSTS}/${post.id}/revisions/${first!.id}`)).revision;
    expect(version).toMatchObject({ id: first!.id, title: "還原 第一版", content: "<p>一</p>", summary: "摘要一", tags: "還原甲", status: "draft", change: "create", made_at: post.updated_at });
    // Looking changes nothing: the live post is as it was until the editor saves.
    expect(await readPost(post.id)).toEqual(live);
    expect(okData<{ post: PublicBlogPost }>(await publicPost(live.slug)).post.title).toBe("還原 第二版");
    expect(await revisionsOf(post.id)).toHaveLength(1);
    // The editor loads its words (not its status, time or address) and 更新 saves them, saying where they came from.
    const restored = await updatePost(post.id, { ...editorPost({ ...live }), title: version.title, content: version.content, summary: version.summary, tags: version.tags, restored_from: version.made_at });
    expect(restored).toMatchObject({ title: "還原 第一版", status: "published", slug: live.slug, published_at: live.published_at });
    expect(okData<{ post: PublicBlogPost }>(await publicPost(live.slug)).post.title).toBe("還原 第一版");
    await updatePost(post.id, { title: "還原 第三版" });
    expect((await revisionsOf(post.id))[0]).toMatchObject({ title: "還原 第一版", change: "restore", restored_from: post.updated_at, made_by: ADMIN_NAME, made_at: restored.updated_at });
    // A time that is not one is no restore, and no refusal either.
    const plain = await updatePost(post.id, { title: "還原 第四版", restored_from: "昨天" });
    expect(plain.title).toBe("還原 第四版");
    expect((await revisionsOf(post.id))[0]).toMatchObject({ title: "還原 第三版", change: "save", restored_from: null });
  });

  it("an autosave that creates the post answers 草稿已自動儲存", async () => {
    const res = await call("POST", POSTS, { title: "第一次自動儲存", autosave: true });
    expect(res.json()).toMatchObject({ success: true, message: BLOG_MESSAGES.autosaved, data: { post: { title: "第一次自動儲存", status: "draft" } } });
  });

  it("a new post's autosaves do not take its address: the first save by hand or publishing does (decision 032)", async () => {
    const title = `放棄的草稿 ${unique()}`;
    const base = slugify(title);
    const abandoned = okData<{ post: BlogPost }>(await call("POST", POSTS, { title, autosave: true })).post;
    // The editor is answered the address the post wants; nothing holds it.
    expect(abandoned.slug).toBe(base);
    const again = await updatePost(abandoned.id, { title, content: "<p>還在寫</p>", autosave: true });
    expect(again.slug).toBe(base);
    const stored = await t.database.db.selectFrom("blog_posts").select(["slug", "wanted_slug"]).where("id", "=", abandoned.id).executeTakeFirstOrThrow();
    expect(stored.wanted_slug).toBe(base);
    expect(stored.slug).not.toBe(base);
    // Another post with the same title, saved by hand, gets the clean address.
    const real = await published({ title });
    expect(real.slug).toBe(base);
    // The abandoned draft, saved by hand at last, takes the next free one and keeps it.
    const claimed = await updatePost(abandoned.id, { title });
    expect(claimed.slug).toBe(`${base}-2`);
    expect(await t.database.db.selectFrom("blog_posts").select("wanted_slug").where("id", "=", abandoned.id).executeTakeFirstOrThrow()).toEqual({ wanted_slug: null });
    // Once it has its address, its autosaves follow the slug as before.
    expect((await updatePost(abandoned.id, { title: `${title} 改`, slug: "", autosave: true })).slug).toBe(slugify(`${title} 改`));
    // An autosave that publishes (a client sending autosave with 已發布) takes its address too.
    const wantsOut = okData<{ post: BlogPost }>(await call("POST", POSTS, { title: `${title} 直接發布`, status: "published", autosave: true })).post;
    expect((await t.database.db.selectFrom("blog_posts").select("slug").where("id", "=", wantsOut.id).executeTakeFirstOrThrow()).slug).toBe(slugify(`${title} 直接發布`));
  });

  it("a version whose category was deleted since is offered uncategorised", async () => {
    const category = await createCategory({ name: `還原分類 ${unique()}` });
    const post = await createPost({ title: "分類版本 1", category_id: category.id });
    await updatePost(post.id, { title: "分類版本 2", category_id: null });
    const [kept] = await revisionsOf(post.id);
    expect((await call("DELETE", `${CATEGORIES}/${category.id}`)).statusCode).toBe(200);
    const version = okData<{ revision: BlogPostVersion }>(await call("GET", `${POSTS}/${post.id}/revisions/${kept!.id}`)).revision;
    expect(version).toMatchObject({ title: "分類版本 1", category_id: null });
  });

  it("404 for an unknown revision, a revision of another post, or an unknown post", async () => {
    const post = await createPost({ title: "版本 A" });
    await updatePost(post.id, { title: "版本 A2" });
    const other = await createPost({ title: "版本 B" });
    await updatePost(other.id, { title: "版本 B2" });
    const [otherRevision] = await revisionsOf(other.id);
    notFound(await call("GET", `${POSTS}/${post.id}/revisions/${otherRevision!.id}`), BLOG_MESSAGES.revisionNotFound);
    notFound(await call("GET", `${POSTS}/${post.id}/revisions/999999`), BLOG_MESSAGES.revisionNotFound);
    notFound(await call("GET", `${POSTS}/${post.id}/revisions/abc`), BLOG_MESSAGES.revisionNotFound);
    notFound(await call("GET", `${POSTS}/999999/revisions/${otherRevision!.id}`), BLOG_MESSAGES.notFound);
  });

  it("keeps at most 50 versions of a post", async () => {
    const post = await createPost({ title: "很多版本" });
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("blog_post_revisions")
      .values(Array.from({ length: 55 }, (_, i) => ({ post_id: post.id, title: `舊版 ${i}`, is_featured: 0, is_autosave: 0, admin_user_id: adminId, created_at: now })))
      .execute();
    await updatePost(post.id, { title: "很多版本（再存一次）" });
    const rows = await t.database.db.selectFrom("blog_post_revisions").select("title").where("post_id", "=", post.id).orderBy("id", "desc").execute();
    expect(rows).toHaveLength(50);
    expect(rows[0]!.title).toBe("很多版本");
    expect(rows.at(-1)!.title).toBe("舊版 6");
    expect(await revisionsOf(post.id)).toHaveLength(50);
  });
});

// ---------------------------------------------------------------- views

describe("POST /api.php/blog/posts/{id}/view", () => {
  it("counts one more view and answers the count, without changing updated_at", async () => {
    const post = await published({ title: "瀏覽次數" });
    const first = await visit("POST", `${PUBLIC}/posts/${post.id}/view`);
    expect(first.json()).toEqual({ success: true, data: { view_count: 1 } });
    expect(okData<{ view_count: number }>(await visit("POST", `${PUBLIC}/posts/${post.id}/view`)).view_count).toBe(2);
    const after = await readPost(post.id);
    expect(after).toMatchObject({ view_count: 2, updated_at: post.updated_at });
    expect(okData<{ post: PublicBlogPost }>(await publicPost(post.slug)).post.view_count).toBe(2);
  });

  it("404 for a draft, an unknown or a non-numeric id", async () => {
    const draft = await createPost({ title: "草稿不計次" });
    for (const id of [String(draft.id), "999999", "abc", "0"]) notFound(await visit("POST", `${PUBLIC}/posts/${id}/view`), BLOG_MESSAGES.notFound);
    expect((await readPost(draft.id)).view_count).toBe(0);
  });
});

// ---------------------------------------------------------------- files

describe("the files a post shows", () => {
  const upload = async (name: string) => {
    const body = multipart([{ name: "file", content: await pngImage(40, 30), filename: name, contentType: "image/png" }]);
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    return okData<MediaFile>(res);
  };
  const usagesOf = async (id: number) => okData<Array<MediaFile & { usages: Array<{ owner_type: string; owner_id: string; field: string; label: string }> }>>(await call("GET", "/admin-api.php/media")).find((file) => file.id === id)!.usages;

  it("the cover and the pictures in the text are held by the media library (最新消息) and freed when the post goes", async () => {
    const cover = await upload("cover.png");
    const inline = await upload("inline.png");
    const post = await published({ title: "有圖片的文章", featured_image: cover.file_path, content: `<p>前</p><img src="${inline.file_path}" alt="內文圖片"><p>後</p>` });
    expect(await usagesOf(cover.id)).toEqual([{ owner_type: "blog_post", owner_id: String(post.id), field: "featured_image", label: "最新消息「有圖片的文章」（封面圖片）" }]);
    expect(await usagesOf(inline.id)).toEqual([{ owner_type: "blog_post", owner_id: String(post.id), field: "content", label: "最新消息「有圖片的文章」（文章內文圖片）" }]);
    const refused = await call("DELETE", `/admin-api.php/media/${cover.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("最新消息");

    // A new cover frees the old one.
    await updatePost(post.id, { featured_image: "" });
    expect(await usagesOf(cover.id)).toEqual([]);
    expect((await call("DELETE", `${POSTS}/${post.id}`)).statusCode).toBe(200);
    expect(await usagesOf(inline.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------- feed

describe("GET /blog/feed.xml", () => {
  it("is an Atom feed of public posts with absolute links and escaped text; a new post shows at once", async () => {
    const before = await feed();
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toMatch(/^application\/atom\+xml/);
    expect(before.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/);
    expect(before.body).toContain(`<link rel="self" type="application/atom+xml" href="${ORIGIN}/blog/feed.xml"/>`);

    const slug = `feed-${unique()}`;
    const post = await published({ title: `清潔 <大> & "小" ${slug}`, slug, summary: "摘要 <b>", content: `<p>看圖</p><img src="/uploads/2026/01/feed.png" alt="圖">` });
    const draft = await createPost({ title: `草稿不進訂閱 ${slug}` });
    const res = await feed();
    const body = res.body;
    expect(body).toContain(`<title>清潔 &lt;大&gt; &amp; &quot;小&quot; ${slug}</title>`);
    expect(body).toContain(`<link rel="alternate" type="text/html" href="${ORIGIN}/blog/${slug}"/>`);
    expect(body).toContain(`<id>${ORIGIN}/blog/${slug}</id>`);
    expect(body).toContain(`<published>${post.published_at}</published>`);
    expect(body).toContain("<summary>摘要 &lt;b&gt;</summary>");
    expect(body).toContain(`src=&quot;${ORIGIN}/uploads/2026/01/feed.png&quot;`);
    expect(body).not.toContain(draft.title);
    expect(body).not.toContain("<大>");
    // Every tag opened is closed: entries match.
    expect(body.match(/<entry>/g)!.length).toBe(body.match(/<\/entry>/g)!.length);
  });
});
