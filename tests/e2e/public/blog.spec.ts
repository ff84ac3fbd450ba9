// /blog and /blog/{slug}, the news, as a visitor uses them (000 §2, §3, §4, §5,
// §7, §8, §9): three featured posts, six a page with page links that hide far
// pages behind an ellipsis, the search (a GET form), a category by its slug, a
// tag, 沒有找到相關文章, drafts, scheduled and archived posts never shown, and
// 載入資料失敗 / 載入文章失敗 (not kept) when the posts cannot be read; an
// article with its picture, sanitised content, tags, Article JSON-LD and Open
// Graph, three related posts of its category, share links that open a 626×436
// window (a new tab when blocked), the copy-link message and one view counted
// per visit; 文章不存在 (404), an old slug's 301, the Atom feed; the list, a
// search and an article without JavaScript; accessibility at desktop and phone.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES, type BlogCategory, type BlogPost, type BlogPostInput } from "#contract/blog.ts";
import type { MediaFile } from "#contract/media.ts";
import { SHARE_POPUP } from "#web/site/blog/share-links.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, computedRgb, uploadMedia } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit, waitForHydration } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";
import { imageRequestsWhileOpening, uploadStem } from "../support/image-requests.ts";
import { renderedBesidePlain } from "../support/rendered-text.ts";

const e2e = useE2E();

const SITE_TITLE = "專業清潔維護服務";
const COMPANY = "安心清潔維護有限公司";
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
/** A long text: its excerpt is cut at 150 characters. */
const LONG_TEXT = "定期清潔能延長建材壽命，也讓居住環境更健康。".repeat(12);
const SEARCH_WORD = "沉澱物";

interface Seeded {
  /** The article most tests open: a picture, tags, SEO fields, in 清潔知識. */
  article: BlogPost;
  picture: MediaFile;
  /** 清潔知識 第 1–20 篇, oldest first. */
  tipPosts: BlogPost[];
  /** Four featured posts in 公司公告, oldest first: only the newest three are shown. */
  featured: BlogPost[];
  unsafe: BlogPost;
  /** Published as old-address, now at new-address. */
  moved: BlogPost;
  hidden: { draft: BlogPost; scheduled: BlogPost; archived: BlogPost };
}

let seeded: Seeded;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
  return answer.data as T;
}

const createCategory = async (name: string, slug: string) => (await call<{ category: BlogCategory }>("POST", "/admin-api.php/blog/categories", { name, slug })).category;
const createPost = async (input: BlogPostInput) => (await call<{ post: BlogPost }>("POST", "/admin-api.php/blog/posts", input)).post;
const viewsOf = async (id: number) => (await call<{ post: BlogPost }>("GET", `/admin-api.php/blog/posts/${id}`)).post.view_count;

beforeAll(async () => {
  const tips = await createCategory("清潔知識", "tips");
  const news = await createCategory("公司公告", "news");
  const picture = await uploadMedia(e2e, "water-tank.jpg", await photo(1600, 900, 11).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
  // Created oldest first; the list shows the newest first.
  const tipPosts: BlogPost[] = [];
  for (let number = 1; number <= 20; number += 1) {
    tipPosts.push(
      await createPost({
        title: `清潔小知識 第 ${number} 篇`,
        content: `<p>${LONG_TEXT}</p>`,
        status: "published",
        published_at: daysAgo(100 - number),
        category_id: tips.id,
        tags: number === 3 || number === 4 ? "水塔" : "居家",
      }),
    );
  }
  const featured: BlogPost[] = [];
  for (const letter of ["A", "B", "C", "D"]) {
    featured.push(await createPost({ title: `公司公告 ${letter}`, summary: `公告 ${letter} 的摘要。`, status: "published", is_featured: 1, published_at: daysAgo(60 - featured.length), category_id: news.id }));
  }
  const moved = await createPost({ title: "搬家後的文章", slug: "old-address", featured_image: picture.file_path, status: "published", published_at: daysAgo(20), category_id: news.id });
  await call("PUT", `/admin-api.php/blog/posts/${moved.id}`, { slug: "new-address" });
  const unsafe = await createPost({
    title: "安全測試文章",
    content: `<p>內容正常顯示</p><script>window.__xss = "script"</script><img src="/og-default.png" alt="示意圖" onerror="window.__xss = 'onerror'"><p><a href="javascript:window.__xss='link'">危險連結</a></p>`
      // Links as the editor (TipTap) writes every one of them: a new tab asked for.
      + `<p><a target="_blank" rel="noopener noreferrer nofollow" href="/contact">預約到府清潔</a>，或<a target="_blank" rel="noopener noreferrer nofollow" href="https://line.me/R/ti/p/@e2e-cleaning">加入 LINE</a></p>`,
    status: "published",
    published_at: daysAgo(10),
    category_id: news.id,
  });
  const article = await createPost({
    title: "水塔清洗的五個步驟",
    slug: "water-tank-steps",
    summary: "水塔半年清洗一次，五個步驟讓用水更安心。",
    content: `<h2>為什麼要清洗水塔</h2><p>水塔底部容易累積${SEARCH_WORD}與青苔。</p><ul><li>排空</li><li>刷洗</li><li>消毒</li></ul>`,
    featured_image: picture.file_path,
    status: "published",
    published_at: daysAgo(5),
    category_id: tips.id,
    tags: "水塔, 消毒",
    seo_title: "水塔清洗步驟完整說明",
    seo_description: "專業水塔清洗五步驟：排空、刷洗、消毒、沖洗與水質檢測，讓全家用水更安心。",
  });
  const hidden = {
    draft: await createPost({ title: "還沒寫完的草稿", slug: "a-draft", status: "draft", category_id: tips.id }),
    scheduled: await createPost({ title: "下個月才發布的文章", slug: "next-month", status: "scheduled", published_at: new Date(Date.now() + 30 * DAY).toISOString(), category_id: tips.id }),
    archived: await createPost({ title: "已封存的舊文章", slug: "archived-post", status: "archived", published_at: daysAgo(200), category_id: tips.id }),
  };
  seeded = { article, picture, tipPosts, featured, unsafe, moved: { ...moved, slug: "new-address" }, hidden };
});

const featuredCards = (page: Page) => page.getByTestId("featured-posts").getByTestId("post-card");
const listCards = (page: Page) => page.getByTestId("blog-list").getByTestId("post-card");
const titlesOf = (cards: ReturnType<typeof listCards>) => cards.locator("h3").allTextContents();
const pageLinks = (page: Page) => page.getByRole("navigation", { name: "文章分頁" });
/** The page links as shown: numbers and … */
const pageLabels = async (page: Page) => (await pageLinks(page).locator("li").allTextContents()).map((text) => text.trim()).filter((text) => text !== "上一頁" && text !== "下一頁");
const queryOf = (page: Page) => new URL(page.url()).searchParams;
const taipeiDay = (iso: string) => new Intl.DateTimeFormat("zh-TW", { timeZone: "Asia/Taipei", year: "numeric", month: "long", day: "numeric" }).format(new Date(iso));
const metaContent = (html: string, key: "name" | "property", value: string) => tags(html, "meta").find((tag) => tag[key] === value)?.content;
const newestFirst = (posts: BlogPost[]) => [...posts].reverse().map((post) => post.title);

describe("the news list", () => {
  it("opens with the three newest featured posts, then six posts a page, newest first", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    expect(await page.locator("h1").textContent()).toBe("最新消息");
    expect(await titlesOf(featuredCards(page))).toEqual(newestFirst(seeded.featured).slice(0, 3));
    expect(await titlesOf(listCards(page))).toEqual([seeded.article.title, seeded.unsafe.title, seeded.moved.title, ...newestFirst(seeded.featured).slice(0, 3)]);
    expect(await page.getByTestId("blog-list").textContent()).toContain("共 27 篇文章");
    // The featured posts open the unfiltered first page only.
    await visit(page, "/blog?page=2");
    expect(await featuredCards(page).count()).toBe(0);
    expect(await titlesOf(listCards(page))).toEqual([seeded.featured[0]!.title, ...newestFirst(seeded.tipPosts).slice(0, 5)]);
  });

  it("links the first, the last and the pages next to the current one, with an ellipsis for the pages between", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    expect(await pageLabels(page)).toEqual(["1", "2", "…", "5"]);
    expect(await pageLinks(page).getByRole("link", { name: "第 1 頁" }).getAttribute("aria-current")).toBe("page");
    await pageLinks(page).getByRole("link", { name: "下一頁" }).click();
    await page.waitForURL(/page=2/);
    // A gap of one page is that page, not an ellipsis.
    expect(await pageLabels(page)).toEqual(["1", "2", "3", "4", "5"]);
    await pageLinks(page).getByRole("link", { name: "第 5 頁" }).click();
    await page.waitForURL(/page=5/);
    expect(await pageLabels(page)).toEqual(["1", "…", "4", "5"]);
    expect(await pageLinks(page).getByRole("link", { name: "第 5 頁" }).getAttribute("aria-current")).toBe("page");
    expect(await titlesOf(listCards(page))).toEqual(newestFirst(seeded.tipPosts).slice(17));
    expect(await pageLinks(page).getByRole("link", { name: "下一頁" }).count()).toBe(0);
  });

  it("a card shows the picture (only the first fetched at once), category, day, title linking to the article and an excerpt of 150 characters", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    // The featured posts have no picture: the article's is the page's first, fetched at once.
    const card = listCards(page).filter({ hasText: seeded.article.title });
    const image = card.locator("img");
    expect(await image.getAttribute("src")).toBe(seeded.picture.file_path);
    expect(await image.getAttribute("srcset")).toMatch(/\.webp 640w/);
    expect(await image.getAttribute("loading")).toBe("eager");
    expect(await image.getAttribute("fetchpriority")).toBe("high");
    expect(await page.locator("[data-testid=post-card] img[loading=eager]").count()).toBe(1);
    expect(await listCards(page).filter({ hasText: seeded.moved.title }).locator("img").getAttribute("loading")).toBe("lazy");
    expect(await card.textContent()).toContain("清潔知識");
    expect(await card.locator("time").textContent()).toBe(taipeiDay(seeded.article.published_at!));
    expect(await card.getByTestId("post-excerpt").textContent()).toBe(seeded.article.summary);

    await visit(page, "/blog?page=2");
    const long = listCards(page).filter({ hasText: seeded.tipPosts[19]!.title }).getByTestId("post-excerpt");
    expect(await long.textContent()).toBe(`${[...LONG_TEXT].slice(0, 150).join("")}…`);

    await visit(page, "/blog");
    await card.getByRole("link", { name: seeded.article.title }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/blog/water-tank-steps`);
    expect(await page.locator("h1").textContent()).toBe(seeded.article.title);
  });

  it("finds posts by a word of their content, and says 沒有找到相關文章 when none match", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    await page.getByRole("searchbox", { name: "關鍵字" }).fill(SEARCH_WORD);
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(queryOf(page).get("search")).toBe(SEARCH_WORD);
    expect(await titlesOf(listCards(page))).toEqual([seeded.article.title]);
    // The excerpt shows the text where the word is (not the summary running on into it), the word marked.
    expect(await listCards(page).getByTestId("post-excerpt").textContent()).toBe(`為什麼要清洗水塔 水塔底部容易累積${SEARCH_WORD}與青苔。 排空 刷洗 消毒`);
    expect(await listCards(page).locator("mark").allTextContents()).toEqual([SEARCH_WORD]);
    expect(await page.getByRole("heading", { name: "搜尋結果" }).count()).toBe(1);
    expect(await featuredCards(page).count()).toBe(0);
    expect(await page.title()).toBe(`搜尋「${SEARCH_WORD}」 - 最新消息 | ${SITE_TITLE}`);

    await page.getByRole("searchbox", { name: "關鍵字" }).fill("完全不存在的字");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=%E5%AE%8C/);
    expect(await page.getByTestId("blog-empty").textContent()).toBe(BLOG_MESSAGES.noResults);
    expect(await listCards(page).count()).toBe(0);
    // The filter says what narrows the list, and takes it off.
    await page.getByRole("link", { name: "移除「搜尋：完全不存在的字」" }).click();
    await page.waitForURL((url) => url.search === "");
    expect(await listCards(page).count()).toBe(6);
  });

  it("marks the words found in a title and an excerpt without changing how they read: the same spaces and lines on a phone", async () => {
    const found = await createPost({
      title: "石材保養 全攻略：大理石 與 花崗岩 地板 的 日常清潔、打蠟 與 拋光 步驟",
      summary: "認識 大理石 的 特性，選對 清潔劑 與 工具，地板 常保 光亮。",
      status: "published",
      published_at: daysAgo(1),
    });
    try {
      const page = await e2e.newPage(MOBILE);
      await visit(page, `/blog?search=${encodeURIComponent("大理石")}`);
      const card = listCards(page).filter({ hasText: "石材保養" });
      for (const { part, plain } of [
        { part: card.locator("h3 a"), plain: found.title },
        { part: card.getByTestId("post-excerpt"), plain: found.summary },
      ]) {
        expect(await part.locator("mark").allTextContents()).toEqual(["大理石"]);
        const { marked, plain: unmarked } = await renderedBesidePlain(part, plain);
        expect(marked.text).toBe(plain);
        // Long enough to wrap on a phone: the marked text breaks where the plain one does.
        expect(unmarked.lines.length).toBeGreaterThan(1);
        expect(marked).toEqual(unmarked);
      }
    } finally {
      await call("DELETE", `/admin-api.php/blog/posts/${found.id}`);
    }
  });

  it("shows a category by its slug, named in the heading and the title, with each category's count beside the list", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    const categories = page.getByTestId("blog-categories");
    const [all, ...named] = await categories.locator("a").allTextContents();
    expect(all).toBe("全部文章");
    expect(named.sort()).toEqual(["公司公告6 篇", "清潔知識21 篇"]);
    await categories.getByRole("link", { name: /公司公告/ }).click();
    await page.waitForURL(/category=news/);
    expect(await page.locator("h1").textContent()).toBe("公司公告");
    expect(await page.title()).toBe(`公司公告 - 最新消息 | ${SITE_TITLE}`);
    expect(await titlesOf(listCards(page))).toEqual([seeded.unsafe.title, seeded.moved.title, ...newestFirst(seeded.featured)]);
    expect(await categories.getByRole("link", { name: /公司公告/ }).getAttribute("aria-current")).toBe("true");
    // A search within the category keeps it.
    await page.getByRole("searchbox", { name: "關鍵字" }).fill("公告 A");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(queryOf(page).get("category")).toBe("news");
    expect(await titlesOf(listCards(page))).toEqual(["公司公告 A"]);
  });

  it("shows the posts of a tag from the eight tags beside the list", async () => {
    const page = await e2e.newPage();
    await visit(page, "/blog");
    const tagLinks = page.getByTestId("blog-tags").locator("a");
    expect(await tagLinks.count()).toBeLessThanOrEqual(8);
    await page.getByTestId("blog-tags").getByRole("link", { name: "#水塔" }).click();
    await page.waitForURL(/tag=/);
    expect(queryOf(page).get("tag")).toBe("水塔");
    expect(await page.locator("h1").textContent()).toBe("標籤「水塔」");
    expect(await titlesOf(listCards(page))).toEqual([seeded.article.title, seeded.tipPosts[3]!.title, seeded.tipPosts[2]!.title]);
  });

  it("never shows a draft, a scheduled or an archived post: not in any page, search, the feed or at its address", async () => {
    const hidden = Object.values(seeded.hidden);
    for (const path of ["/blog", "/blog?page=2", "/blog?page=3", "/blog?page=4", "/blog?page=5", "/blog?category=tips", `/blog?search=${encodeURIComponent("文章")}`, "/blog/feed.xml"]) {
      const { html } = await e2e.server.fetchPage(path);
      for (const post of hidden) expect(html.includes(post.title), `${post.title} on ${path}`).toBe(false);
    }
    for (const post of hidden) expect((await e2e.server.fetchPage(`/blog/${post.slug}`)).status, post.slug).toBe(404);
  });

  it("says 載入資料失敗 in red (and 載入文章失敗 on an article) when the posts cannot be read, and keeps neither page", async () => {
    e2e.expectConsoleError(/status of 503/);
    const { db } = e2e.server.app.database;
    const tags = (await call<{ tags: Array<{ id: number; name: string }> }>("GET", "/admin-api.php/blog/tags")).tags;
    const waterTank = tags.find((tag) => tag.name === "水塔")!;
    await db.schema.alterTable("blog_posts").renameTo("blog_posts_away").execute();
    try {
      // A news write while the table is gone (the article's tag saved under its own name) drops the lists and the article.
      await call("PUT", `/admin-api.php/blog/tags/${waterTank.id}`, { name: waterTank.name });
      const list = await e2e.server.fetchPage("/blog");
      expect(list.status).toBe(503);
      expect(list.headers.get("cache-control")).toBe("no-store");
      const article = await e2e.server.fetchPage("/blog/water-tank-steps");
      expect(article.status).toBe(503);
      expect(article.headers.get("cache-control")).toBe("no-store");
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(article.html)?.[1]).toBe(BLOG_MESSAGES.loadFailed);

      const page = await e2e.newPage();
      expect(await visit(page, "/blog")).toBe(503);
      const error = page.getByTestId("blog-error");
      expect(await error.textContent()).toBe(BLOG_MESSAGES.listFailed);
      const [red, green, blue] = await computedRgb(error, "color");
      expect(red).toBeGreaterThan(150);
      expect(green).toBeLessThan(80);
      expect(blue).toBeLessThan(80);
    } finally {
      await db.schema.alterTable("blog_posts_away").renameTo("blog_posts").execute();
    }
    const list = await e2e.server.fetchPage("/blog");
    expect(list.status).toBe(200);
    expect(list.html).toContain(seeded.article.title);
    expect((await e2e.server.fetchPage("/blog/water-tank-steps")).status).toBe(200);
  });
});

describe("an article", () => {
  const articlePath = "/blog/water-tank-steps";

  it("is in the first HTML with its SEO title and description, Open Graph article and picture, canonical, feed and Article JSON-LD", async () => {
    const { status, html } = await e2e.server.fetchPage(articlePath);
    expect(status).toBe(200);
    const title = `${seeded.article.seo_title} | ${SITE_TITLE}`;
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(title);
    expect(metaContent(html, "name", "description")).toBe(seeded.article.seo_description);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toBe(title);
    expect(metaContent(html, "property", "og:image")).toBe(`${e2e.server.baseUrl}${seeded.picture.file_path}`);
    expect(metaContent(html, "property", "article:published_time")).toBe(seeded.article.published_at);
    expect(tags(html, "meta").filter((tag) => tag.property === "article:tag").map((tag) => tag.content)).toEqual(["水塔", "消毒"]);
    const links = tags(html, "link");
    expect(links.filter((link) => link.rel === "canonical").map((link) => link.href)).toEqual([`${e2e.server.baseUrl}${articlePath}`]);
    expect(links.find((link) => link.rel === "alternate")).toMatchObject({ type: "application/atom+xml", href: "/blog/feed.xml" });
    // The featured picture is named in the <head>, before the page's body.
    const preload = links.find((link) => link.rel === "preload" && link.as === "image" && link.imagesrcset);
    expect(preload).toMatchObject({ type: "image/avif", fetchpriority: "high" });
    expect(preload?.imagesrcset).toMatch(/\.avif 640w/);
    // The first image a phone asks for is that picture, the logo after it.
    const asked = await imageRequestsWhileOpening(await e2e.newPage(MOBILE), articlePath);
    expect(asked[0]).toMatch(new RegExp(`^${uploadStem(seeded.picture.file_path)}-\\d+w\\.avif$`));
    expect(asked.slice(1)).toContain("/default-logo.svg");

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const jsonLd = blocks.find((block) => block["@type"] === "Article");
    expect(jsonLd).toMatchObject({
      headline: seeded.article.title,
      description: seeded.article.seo_description,
      datePublished: seeded.article.published_at,
      dateModified: seeded.article.updated_at,
      image: [`${e2e.server.baseUrl}${seeded.picture.file_path}`],
      author: { "@type": "Organization", name: COMPANY },
      publisher: { "@type": "Organization", name: COMPANY },
      mainEntityOfPage: { "@id": `${e2e.server.baseUrl}${articlePath}` },
    });
  });

  it("shows the title, day, category link, summary, picture, content as HTML and tags; the back link returns to the list", async () => {
    const page = await e2e.newPage();
    await visit(page, articlePath);
    const article = page.getByTestId("blog-post");
    expect(await article.locator("h1").textContent()).toBe(seeded.article.title);
    expect(await article.locator("time").first().textContent()).toBe(taipeiDay(seeded.article.published_at!));
    expect(await article.getByTestId("post-category").getAttribute("href")).toBe("/blog?category=tips");
    expect(await article.textContent()).toContain(seeded.article.summary);
    const picture = article.locator("picture img");
    expect(await picture.getAttribute("fetchpriority")).toBe("high");
    expect(await picture.getAttribute("loading")).toBe("eager");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SETTLE).toBe(true);
    const content = page.getByTestId("post-content");
    expect(await content.locator("h2").textContent()).toBe("為什麼要清洗水塔");
    expect(await content.locator("li").allTextContents()).toEqual(["排空", "刷洗", "消毒"]);
    expect(await page.getByTestId("post-tags").locator("a").allTextContents()).toEqual(["#水塔", "#消毒"]);
    expect(await page.getByTestId("post-tags").getByRole("link", { name: "#消毒" }).getAttribute("href")).toBe(`/blog?tag=${encodeURIComponent("消毒")}`);

    await article.getByRole("link", { name: "返回最新消息" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/blog`);
    expect(await page.locator("h1").textContent()).toBe("最新消息");
  });

  it("never runs a script, an onerror handler or a javascript: link stored in a post", async () => {
    const page = await e2e.newPage();
    await visit(page, `/blog/${seeded.unsafe.slug}`);
    const content = page.getByTestId("post-content");
    expect(await content.textContent()).toContain("內容正常顯示");
    expect(await content.locator("script").count()).toBe(0);
    expect(await content.locator("[onerror]").count()).toBe(0);
    expect(await content.locator("a[href^='javascript:' i]").count()).toBe(0);
    await content.getByText("危險連結").click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  });

  it("opens a link to another site in a new tab, and a page of the site (/contact) in the same one", async () => {
    const page = await e2e.newPage();
    await visit(page, `/blog/${seeded.unsafe.slug}`);
    const content = page.getByTestId("post-content");
    const outside = content.getByRole("link", { name: "加入 LINE" });
    expect(await outside.getAttribute("target")).toBe("_blank");
    expect(await outside.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    const own = content.getByRole("link", { name: "預約到府清潔" });
    expect(await own.getAttribute("target")).toBeNull();
    await own.click();
    await page.waitForURL(`${e2e.server.baseUrl}/contact`);
    expect(page.context().pages()).toHaveLength(1);
  });

  it("shows three related posts of its category, itself not among them, with summaries of 100 characters", async () => {
    const page = await e2e.newPage();
    await visit(page, articlePath);
    const related = page.getByTestId("related-posts").getByTestId("post-card");
    expect(await titlesOf(related)).toEqual(newestFirst(seeded.tipPosts).slice(0, 3));
    for (const text of await related.allTextContents()) expect(text).toContain("清潔知識");
    expect(await related.first().getByTestId("post-excerpt").textContent()).toBe(`${[...LONG_TEXT].slice(0, 100).join("")}…`);
  });

  it("shares in a 626×436 window with JavaScript, in a new tab when the window is blocked, and copies its link", async () => {
    const page = await e2e.newPage();
    // window.open as the browser's: recorded; a blocked window answers null.
    await page.addInitScript(() => {
      const opened: Array<{ url: string; name: string; features: string }> = [];
      Object.assign(window, { opened, blockPopups: false });
      window.open = (url?: string | URL, name?: string, features?: string) => {
        opened.push({ url: String(url), name: name ?? "", features: features ?? "" });
        return (window as unknown as { blockPopups: boolean }).blockPopups ? null : ({ opener: window } as unknown as Window);
      };
    });
    await visit(page, articlePath);
    const share = page.getByTestId("post-share");
    const canonical = `${e2e.server.baseUrl}${articlePath}`;
    for (const link of await share.locator("a").all()) {
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
    }
    await share.getByRole("link", { name: /Facebook/ }).click();
    const [opened] = await page.evaluate(() => (window as unknown as { opened: Array<{ url: string; features: string }> }).opened);
    expect(new URL(opened!.url).searchParams.get("u")).toBe(canonical);
    expect(opened!.features).toContain(`width=${SHARE_POPUP.width},height=${SHARE_POPUP.height}`);
    expect(page.context().pages()).toHaveLength(1);

    // Blocked: the LINE link opens its new tab (answered here: the tests run offline).
    await page.context().route("https://social-plugins.line.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>LINE</title>" }));
    await page.evaluate(() => Object.assign(window, { blockPopups: true }));
    const [tab] = await Promise.all([page.context().waitForEvent("page"), share.getByRole("link", { name: /LINE/ }).click()]);
    expect(tab.url()).toMatch(/^https:\/\/social-plugins\.line\.me\/lineit\/share\?/);
    expect(new URL(tab.url()).searchParams.get("url")).toBe(canonical);

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await share.getByRole("button", { name: "複製連結" }).click();
    await expect.poll(() => page.getByTestId("share-message").textContent(), SETTLE).toBe(BLOG_MESSAGES.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  });

  it("counts a view once per visit, from a reader who never touches the page: not again on a reload, again in another visit", async () => {
    const { id } = seeded.article;
    const before = await viewsOf(id);
    const page = await e2e.newPage();
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api.php/blog/posts/${id}/view`)) sent.push(request.url());
    });
    const counted = page.waitForResponse((response) => response.url().endsWith(`/api.php/blog/posts/${id}/view`));
    // Only read: no pointer, no key (the share buttons' island waits for one; the count does not, decision 047).
    await page.goto(articlePath);
    expect((await counted).status()).toBe(200);
    expect(await viewsOf(id)).toBe(before + 1);
    await page.reload();
    await waitForHydration(page);
    expect(sent).toHaveLength(1);
    expect(await viewsOf(id)).toBe(before + 1);

    const another = await e2e.newPage();
    const again = another.waitForResponse((response) => response.url().endsWith(`/api.php/blog/posts/${id}/view`));
    await visit(another, articlePath);
    await again;
    expect(await viewsOf(id)).toBe(before + 2);
  });

  it("answers 404 with 文章不存在 and a way back for a slug no public post has", async () => {
    const { status, html } = await e2e.server.fetchPage("/blog/no-such-post");
    expect(status).toBe(404);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(BLOG_MESSAGES.notFound);
    expect(metaContent(html, "name", "robots")).toMatch(/noindex/);

    e2e.expectConsoleError(/status of 404/);
    const page = await e2e.newPage();
    expect(await visit(page, "/blog/no-such-post")).toBe(404);
    await page.locator("main").getByRole("link", { name: "返回最新消息" }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/blog`);
  });

  it("answers an old slug with a permanent redirect to the post's address now", async () => {
    const { status, headers } = await e2e.server.fetchPage("/blog/old-address");
    expect(status).toBe(301);
    expect(headers.get("location")).toBe("/blog/new-address");
    const page = await e2e.newPage();
    expect(await visit(page, "/blog/old-address")).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/blog/new-address");
    expect(await page.locator("h1").textContent()).toBe(seeded.moved.title);
  });
});

describe("the feed", () => {
  it("/blog/feed.xml lists the newest public posts, with links to their articles", async () => {
    const response = await fetch(`${e2e.server.baseUrl}/blog/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await response.text();
    const titles = [...xml.matchAll(/<entry>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles.slice(0, 3)).toEqual([seeded.article.title, seeded.unsafe.title, seeded.moved.title]);
    expect(xml).toContain(`href="${e2e.server.baseUrl}/blog/water-tank-steps"`);
  });
});

describe("without JavaScript", () => {
  it("the list, its search and its page links work, and an article reads in full with share links to new tabs", async () => {
    const page = await e2e.newPage(DESKTOP, { javaScript: false });
    await page.goto("/blog");
    expect(await titlesOf(featuredCards(page))).toEqual(newestFirst(seeded.featured).slice(0, 3));
    await pageLinks(page).getByRole("link", { name: "第 2 頁" }).click();
    await page.waitForURL(/page=2/);
    expect(await listCards(page).count()).toBe(6);
    await page.getByRole("searchbox", { name: "關鍵字" }).fill(SEARCH_WORD);
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(await titlesOf(listCards(page))).toEqual([seeded.article.title]);
    await listCards(page).getByRole("link", { name: seeded.article.title }).click();
    await page.waitForURL(/water-tank-steps/);
    expect(await page.locator("h1").textContent()).toBe(seeded.article.title);
    expect(await page.getByTestId("post-content").locator("li").count()).toBe(3);
    const share = page.getByTestId("post-share");
    expect(await share.locator("a[target=_blank]").count()).toBe(3);
    // Copying needs a script: no button that would do nothing.
    expect(await share.getByRole("button").count()).toBe(0);
  });
});

describe("accessibility", () => {
  const viewports = [
    { name: "desktop", viewport: DESKTOP },
    { name: "phone", viewport: MOBILE },
  ];

  async function expectAccessible(page: Page, where: string) {
    expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
    if (page.viewportSize()!.width <= MOBILE.width) {
      expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
      expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
    }
  }

  it.each(viewports)("the list, a filtered list, an article and 文章不存在 at $name width", async ({ name, viewport }) => {
    e2e.expectConsoleError(/status of 404/);
    const page = await e2e.newPage(viewport);
    for (const path of ["/blog", `/blog?category=tips&search=${encodeURIComponent("小知識")}&page=2`, "/blog/water-tank-steps", "/blog/no-such-post"]) {
      await visit(page, path);
      await expectAccessible(page, `${path} (${name})`);
    }
  });
});
