// /admin/blog against the real server (002 §2.1, §3, §4, §5, §7, §8, §9;
// issue 14): a post written with a Chinese title (the slug follows it), a
// picture from the media library with its description, previewed at the three
// widths, published and seen in the list and on /blog/<slug>; a refused save
// (no title) with the cursor on the title; a post scheduled in the editor
// (排程中), then published by the job, and one whose time passed shown as
// late; the filters and the search in the address, twenty a page; the star
// sending only is_featured; a delete through our dialog naming the post;
// categories and tags created, renamed and deleted with their post counts; a
// draft saving itself (never a published post); leaving with changes asks
// first; an earlier version restored; accessibility (axe, tap targets, names)
// of the list, the editor and its dialogs at desktop and phone widths.
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { BlogCategory, BlogPost, BlogPostInput, BlogTag } from "#contract/blog.ts";
import { clearBlog, fromNow } from "#tests/factories/blog.factory.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, expectPath, pathOf, signedInPage, uploadMedia } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm, confirmDialog } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";
import { renderedBesidePlain } from "../support/rendered-text.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 15_000 };

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
  return answer.data as T;
}
const createPost = async (fields: Partial<BlogPostInput> & { title: string }) => (await api<{ post: BlogPost }>("POST", "/admin-api.php/blog/posts", fields)).post;
const storedPost = async (id: number) => (await api<{ post: BlogPost }>("GET", `/admin-api.php/blog/posts/${id}`)).post;
const createCategory = async (name: string, slug = "") => (await api<{ category: BlogCategory }>("POST", "/admin-api.php/blog/categories", { name, slug })).category;
const allPosts = async () => (await api<{ posts: BlogPost[] }>("GET", "/admin-api.php/blog/posts?limit=100")).posts;

beforeEach(async () => {
  await clearBlog(e2e.server.app.database.db);
});

const editor = (page: Page) => page.getByTestId("post-editor");
const rows = (page: Page) => page.getByTestId("post-row");
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByTestId("post-title").getByText(title, { exact: true }) });
/** A row button with the entry's name for screen readers after its words: 改名：居家清潔. */
const named = (action: string, name: string) => new RegExp(`^${action}\\s*：${name}$`);
/** A side-panel control by its label; a required one's label ends in its marker (*). */
const field = (page: Page, label: string) => editor(page).getByLabel(new RegExp(`^${label}\\*?$`));

async function openList(viewport = DESKTOP, query = ""): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await visit(page, `/admin/blog${query}`);
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("最新消息");
  await listSettled(page);
  return page;
}

async function listSettled(page: Page) {
  await expect.poll(() => rows(page).or(page.getByTestId("posts-empty")).count(), WAIT).toBeGreaterThan(0);
  await expect.poll(() => page.locator("[data-testid=post-list][aria-busy=true]").count(), WAIT).toBe(0);
}

async function openEditor(page: Page, path: string) {
  await visit(page, path);
  await expect.poll(() => editor(page).isVisible(), WAIT).toBe(true);
}

async function saveAndSee(page: Page, message: string) {
  await editor(page).getByTestId("save-post").click();
  await expect.poll(() => page.getByTestId("post-editor-notice").textContent(), WAIT).toBe(message);
}

describe("writing a post", () => {
  it("writes a Chinese title (slug follows), inserts a library picture with its description, previews three widths, publishes, and lists it", async () => {
    const picture = await uploadMedia(e2e, "廚房流理台.jpg", await photo(800, 600, 3).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
    const category = await createCategory("居家清潔", "home");
    const page = await openList();
    expect(await page.title()).toBe("最新消息 | 後台管理系統");
    expect(await page.getByTestId("posts-empty").textContent()).toContain("還沒有文章");

    await page.getByRole("link", { name: "新增文章" }).click();
    await expectPath(page, "/admin/blog/new");
    await expect.poll(() => editor(page).isVisible(), WAIT).toBe(true);
    expect(await editor(page).getByTestId("save-post").textContent()).toBe("儲存草稿");
    await field(page, "狀態").selectOption({ label: "已發布" });
    expect(await editor(page).getByTestId("save-post").textContent()).toBe("發布");

    await field(page, "標題").fill("居家清潔小技巧：廚房篇");
    expect(await field(page, "網址代稱").inputValue()).toBe("居家清潔小技巧-廚房篇");
    await field(page, "摘要").fill("三個步驟讓廚房亮晶晶。");
    await field(page, "分類").selectOption({ label: "居家清潔" });
    await field(page, "標籤").fill("廚房，收納");

    const content = editor(page).getByTestId("rich-text-content");
    await content.click();
    await page.keyboard.type("先把檯面清空。");
    await editor(page).getByRole("button", { name: "插入圖片" }).click();
    const picker = page.getByTestId("media-picker");
    await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
    await picker.getByRole("button", { name: "選擇 廚房流理台.jpg" }).click();
    await picker.getByRole("button", { name: "確定", exact: true }).click();
    const altForm = page.getByTestId("picture-alt-form");
    await expect.poll(() => altForm.isVisible(), WAIT).toBe(true);
    // A picture without a description is refused in our own dialog.
    await altForm.getByRole("button", { name: "確定" }).click();
    await expect.poll(() => altForm.getByRole("alert").textContent(), WAIT).toBe("請輸入圖片說明，讓看不到圖片的訪客與搜尋引擎也能理解");
    await altForm.getByLabel("圖片說明（替代文字）").fill("清洗後的廚房流理台");
    await altForm.getByRole("button", { name: "確定" }).click();
    await expect.poll(() => content.locator("img").getAttribute("alt"), WAIT).toBe("清洗後的廚房流理台");
    expect(await content.locator("img").getAttribute("src")).toBe(picture.file_path);
    // A picture in the text keeps its description editable.
    await content.locator("img").click();
    await editor(page).getByRole("button", { name: "編輯圖片說明" }).click();
    expect(await altForm.getByLabel("圖片說明（替代文字）").inputValue()).toBe("清洗後的廚房流理台");
    await altForm.getByLabel("圖片說明（替代文字）").fill("清洗後的廚房流理台與水槽");
    await altForm.getByRole("button", { name: "確定" }).click();
    await expect.poll(() => content.locator("img").getAttribute("alt"), WAIT).toBe("清洗後的廚房流理台與水槽");

    // Split view: the preview shows the post as visitors will read it, at each width.
    await editor(page).getByRole("button", { name: "分割", exact: true }).click();
    const preview = editor(page).frameLocator("iframe[title='文章預覽']");
    await expect.poll(() => preview.locator("h1").textContent(), WAIT).toBe("居家清潔小技巧：廚房篇");
    // The picture shows (the site serves its files to its own origin only).
    await expect.poll(() => preview.locator("article img[alt='清洗後的廚房流理台與水槽']").evaluate((image: HTMLImageElement) => image.naturalWidth), WAIT).toBe(800);
    const frame = editor(page).getByTestId("post-preview-frame");
    const width = () => frame.evaluate((element) => element.getBoundingClientRect().width);
    await editor(page).getByRole("button", { name: "平板" }).click();
    expect(await width()).toBeLessThanOrEqual(768);
    await editor(page).getByRole("button", { name: "手機" }).click();
    expect(await width()).toBe(375);
    await editor(page).getByRole("button", { name: "預覽", exact: true }).click();
    expect(await editor(page).getByTestId("post-content-editor").count()).toBe(0);
    await editor(page).getByRole("button", { name: "桌面" }).click();
    expect(await width()).toBeGreaterThan(768);
    await editor(page).getByRole("button", { name: "編輯", exact: true }).click();

    await saveAndSee(page, "文章新增成功");
    const [post] = await allPosts();
    await expectPath(page, `/admin/blog/${post!.id}`);
    expect(post).toMatchObject({ title: "居家清潔小技巧：廚房篇", slug: "居家清潔小技巧-廚房篇", status: "published", category_id: category.id, summary: "三個步驟讓廚房亮晶晶。" });
    expect(post!.tags.split(",").sort()).toEqual(["廚房", "收納"].sort());
    expect(post!.content).toContain(`<img src="${picture.file_path}" alt="清洗後的廚房流理台與水槽"`);
    // Now published, the button updates, and the public post opens in a new window.
    expect(await editor(page).getByTestId("save-post").textContent()).toBe("更新");
    const open = editor(page).getByTestId("open-public-post");
    expect(await open.getAttribute("href")).toBe(`/blog/${encodeURIComponent("居家清潔小技巧-廚房篇")}`);
    expect(await open.getAttribute("target")).toBe("_blank");
    const article = await e2e.server.fetchPage(`/blog/${encodeURIComponent("居家清潔小技巧-廚房篇")}`);
    expect(article.status).toBe(200);
    expect(article.html).toContain('alt="清洗後的廚房流理台與水槽"');

    await editor(page).getByRole("button", { name: "返回列表" }).click();
    await expectPath(page, "/admin/blog");
    await listSettled(page);
    const listed = row(page, "居家清潔小技巧：廚房篇");
    expect(await listed.getByTestId("post-status").textContent()).toBe("已發布");
    expect(await listed.getByTestId("post-category").textContent()).toBe("居家清潔");
    expect(await listed.getByTestId("post-date").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(await listed.getByTestId("post-views").textContent()).toBe("0");
  });

  it("refuses a save without a title: the title takes the cursor with the message", async () => {
    const page = await openList();
    await openEditor(page, "/admin/blog/new");
    await editor(page).getByTestId("save-post").click();
    await expect.poll(() => editor(page).getByTestId("error-title").textContent(), WAIT).toBe("請輸入文章標題");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe("post-title");
    expect(await page.getByTestId("post-editor-error").textContent()).toBe("請輸入文章標題");
    expect(await field(page, "標題").getAttribute("aria-invalid")).toBe("true");
    expect(await allPosts()).toEqual([]);
  });

  it("blocks saving while a save runs: one request however often the button is pressed", async () => {
    const page = await openList();
    await openEditor(page, "/admin/blog/new");
    await field(page, "狀態").selectOption({ label: "已發布" });
    await field(page, "標題").fill("只存一次");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route("**/admin-api.php/blog/posts", async (route) => {
      posts += 1;
      await held;
      await route.continue();
    });
    const save = editor(page).getByTestId("save-post");
    await save.dblclick();
    await expect.poll(() => save.textContent(), WAIT).toBe("儲存中...");
    expect(await save.isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByTestId("post-editor-notice").textContent(), WAIT).toBe("文章新增成功");
    expect(posts).toBe(1);
    expect((await allPosts()).map((post) => post.title)).toEqual(["只存一次"]);
    expect(await save.textContent()).toBe("更新");
  });

  it("keeps a slug typed by hand, and a stored published post's slug whatever the title", async () => {
    const published = await createPost({ title: "冷氣清洗", slug: "aircon", status: "published" });
    const page = await openList();
    await openEditor(page, `/admin/blog/${published.id}`);
    await field(page, "標題").fill("冷氣清洗全攻略");
    expect(await field(page, "網址代稱").inputValue()).toBe("aircon");

    const fresh = await openList();
    await openEditor(fresh, "/admin/blog/new");
    await field(fresh, "網址代稱").fill("Water Tank!");
    await field(fresh, "網址代稱").blur();
    // Slugified as the server will, and no longer following the title.
    expect(await field(fresh, "網址代稱").inputValue()).toBe("water-tank");
    await field(fresh, "標題").fill("水塔清洗");
    expect(await field(fresh, "網址代稱").inputValue()).toBe("water-tank");
  });
});

describe("scheduled posts", () => {
  it("saves a post scheduled in the editor as 排程中, lists it so, and shows it published after the job runs", async () => {
    const page = await openList();
    await openEditor(page, "/admin/blog/new");
    await field(page, "狀態").selectOption({ label: "排程中" });
    expect(await editor(page).getByTestId("save-post").textContent()).toBe("排程發布");
    await field(page, "標題").fill("年終大掃除預約開跑");
    // No time: the server's rule, said at the field.
    await editor(page).getByTestId("save-post").click();
    await expect.poll(() => editor(page).getByTestId("error-published_at").textContent(), WAIT).toBe("排程發布需要設定發布時間");

    // Two minutes ahead, in Taiwan's clock as the field shows it.
    const when = new Date(Date.now() + 2 * 60_000 + 8 * 3600_000).toISOString().slice(0, 16);
    await field(page, "發布時間（台灣時間）").fill(when);
    expect(await editor(page).getByTestId("published_at-help").textContent()).toBe(`將於 ${when.replace("T", " ").replaceAll("-", "/")} 自動發布`);
    await saveAndSee(page, "文章新增成功");
    const [post] = await allPosts();
    expect(post).toMatchObject({ status: "scheduled", is_late: false });
    expect(await editor(page).getByTestId("post-stored-status").textContent()).toBe("排程中");

    await editor(page).getByRole("button", { name: "返回列表" }).click();
    await listSettled(page);
    expect(await row(page, "年終大掃除預約開跑").getByTestId("post-status").textContent()).toBe("排程中");

    // Its time brought to a few seconds ahead (by another administrator, through the API): the job publishes it.
    await api("PUT", `/admin-api.php/blog/posts/${post!.id}`, { published_at: fromNow(2_000) });
    await visit(page, "/admin/blog");
    await listSettled(page);
    // The list looks again by itself a few seconds after the time: no reload.
    await expect.poll(async () => row(page, "年終大掃除預約開跑").getByTestId("post-status").textContent(), { ...WAIT, timeout: 20_000 }).toBe("已發布");
    expect((await storedPost(post!.id)).status).toBe("published");
  });

  it("shows a scheduled post whose time passed without publishing as 逾時未發布", async () => {
    const post = await createPost({ title: "排程失敗的文章", status: "scheduled", published_at: fromNow(3_600_000) });
    // The job runner was down: its job is gone and its time long past.
    const db = e2e.server.app.database.db;
    await db.deleteFrom("jobs").where("kind", "=", "blog.publish-scheduled").execute();
    await db.updateTable("blog_posts").set({ published_at: fromNow(-5 * 60_000) }).where("id", "=", post.id).execute();
    const page = await openList();
    expect(await row(page, "排程失敗的文章").getByTestId("post-status").textContent()).toBe("逾時未發布");
  });
});

describe("the list", () => {
  it("filters by category and status and searches title or content, kept in the address; twenty a page", async () => {
    const home = await createCategory("居家清潔", "home");
    const office = await createCategory("辦公室清潔", "office");
    for (let index = 1; index <= 21; index += 1) await createPost({ title: `一般文章 ${index}`, status: "draft" });
    await createPost({ title: "地毯清潔", content: "<p>使用蒸氣機深層洗淨</p>", category_id: home.id, status: "published" });
    await createPost({ title: "辦公室消毒", category_id: office.id, status: "published" });

    const page = await openList();
    expect(await rows(page).count()).toBe(20);
    expect(await page.getByTestId("page-info").textContent()).toBe("共 23 筆，第 1 / 2 頁");
    await page.getByRole("button", { name: "第 2 頁" }).click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    await page.getByLabel("狀態", { exact: true }).selectOption({ label: "已發布" });
    await expect.poll(() => page.getByTestId("post-title").allTextContents(), WAIT).toEqual(["辦公室消毒", "地毯清潔"]);
    await page.getByLabel("分類", { exact: true }).selectOption({ label: "居家清潔" });
    await expect.poll(() => page.getByTestId("post-title").allTextContents(), WAIT).toEqual(["地毯清潔"]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: "published", category: String(home.id) });

    // The search matches the content too; the filters stay in the address across a reload.
    await page.getByLabel("分類", { exact: true }).selectOption({ label: "全部分類" });
    await page.getByLabel("狀態", { exact: true }).selectOption({ label: "全部狀態" });
    await page.getByLabel("搜尋文章").fill("蒸氣機");
    await expect.poll(() => page.getByTestId("post-title").allTextContents(), WAIT).toEqual(["地毯清潔"]);
    // Found in its text, which the list shows around the word, marked.
    expect(await page.getByTestId("post-found").textContent()).toBe("內容：使用蒸氣機深層洗淨");
    expect(await page.getByTestId("post-found").locator("mark").allTextContents()).toEqual(["蒸氣機"]);
    // Marked, it reads and lies as the same words unmarked (web/ui/highlighted-text.tsx).
    const found = await renderedBesidePlain(page.getByTestId("post-found"), "內容：使用蒸氣機深層洗淨");
    expect(found.marked).toEqual(found.plain);
    await visit(page, `${pathOf(page)}${new URL(page.url()).search}`);
    await listSettled(page);
    expect(await page.getByLabel("搜尋文章").inputValue()).toBe("蒸氣機");
    expect(await page.getByTestId("post-title").allTextContents()).toEqual(["地毯清潔"]);

    await page.getByLabel("搜尋文章").fill("沒有這種文章");
    await expect.poll(() => page.getByTestId("posts-empty").textContent(), WAIT).toContain("沒有符合條件的文章");
    await page.getByRole("button", { name: "清除篩選條件" }).click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(20);

    // The editor's 返回列表 comes back to the filters it was opened from.
    await page.getByLabel("狀態", { exact: true }).selectOption({ label: "已發布" });
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    await row(page, "地毯清潔").getByRole("link", { name: /^編輯/ }).click();
    await expect.poll(() => editor(page).isVisible(), WAIT).toBe(true);
    await editor(page).getByRole("button", { name: "返回列表" }).click();
    await expectPath(page, "/admin/blog");
    expect(new URL(page.url()).searchParams.get("status")).toBe("published");
  });

  it("toggles featured with the star, sending only is_featured", async () => {
    const post = await createPost({ title: "精選候選", summary: "不會被改掉的摘要", status: "published", tags: "收納" });
    const page = await openList();
    const bodies: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") bodies.push(request.postDataJSON());
    });
    const star = row(page, "精選候選").getByRole("button", { name: "精選文章：精選候選" });
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed"), WAIT).toBe("true");
    expect(await page.getByTestId("blog-notice").textContent()).toBe("已設為精選文章");
    expect(bodies).toEqual([{ is_featured: 1 }]);
    expect(await storedPost(post.id)).toMatchObject({ is_featured: 1, summary: "不會被改掉的摘要", status: "published", tags: "收納" });

    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed"), WAIT).toBe("false");
    expect((await storedPost(post.id)).is_featured).toBe(0);
  });

  it("deletes a post only after our own dialog names it", async () => {
    await createPost({ title: "要刪除的文章", status: "published" });
    await createPost({ title: "留下來的文章" });
    const page = await openList();
    await row(page, "要刪除的文章").getByRole("button", { name: /^刪除/ }).click();
    const cancelled = await answerConfirm(page, "cancel");
    expect(cancelled).toEqual({ title: "刪除文章", message: "確定要刪除這篇文章嗎？", items: ["要刪除的文章（已發布，刪除後訪客將無法瀏覽）"], confirmLabel: "刪除" });
    expect(await rows(page).count()).toBe(2);

    await row(page, "要刪除的文章").getByRole("button", { name: /^刪除/ }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => page.getByTestId("blog-notice").textContent(), WAIT).toBe("文章刪除成功");
    await expect.poll(() => page.getByTestId("post-title").allTextContents(), WAIT).toEqual(["留下來的文章"]);
    expect((await allPosts()).map((post) => post.title)).toEqual(["留下來的文章"]);
  });
});

describe("categories and tags", () => {
  it("creates, renames and deletes them; a delete names how many posts use it", async () => {
    const page = await openList();
    await page.getByRole("button", { name: "分類與標籤" }).click();
    const manager = page.getByTestId("taxonomy-manager");
    await expect.poll(() => manager.isVisible(), WAIT).toBe(true);

    const add = manager.getByTestId("taxonomy-add");
    await add.getByRole("button", { name: "新增分類" }).click();
    await expect.poll(() => add.getByTestId("error-name").textContent(), WAIT).toBe("請輸入分類名稱");
    await add.getByLabel("分類名稱").fill("居家清潔");
    await add.getByRole("button", { name: "新增分類" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-notice").textContent(), WAIT).toBe("分類新增成功");
    await expect.poll(() => manager.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["居家清潔"]);
    // A second one by the same name is refused beside the field (the browser logs the 409).
    e2e.expectConsoleError(/409 \(Conflict\)/);
    await add.getByLabel("分類名稱").fill("居家清潔");
    await add.getByRole("button", { name: "新增分類" }).click();
    await expect.poll(() => add.getByTestId("error-name").textContent(), WAIT).toBe("已有名為「居家清潔」的分類");
    await add.getByLabel("分類名稱").fill("");

    const [category] = await api<{ categories: BlogCategory[] }>("GET", "/admin-api.php/blog/categories").then((data) => data.categories);
    await createPost({ title: "分類裡的文章一", category_id: category!.id, tags: "收納" });
    await createPost({ title: "分類裡的文章二", category_id: category!.id, tags: "收納" });

    // Renamed in place.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "分類與標籤" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-count").allTextContents(), WAIT).toEqual(["2 篇文章"]);
    await manager.getByRole("button", { name: named("改名", "居家清潔") }).click();
    const rename = manager.getByTestId("taxonomy-rename");
    await rename.getByLabel("分類名稱").fill("居家清潔技巧");
    await rename.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["居家清潔技巧"]);
    expect(await manager.getByTestId("taxonomy-notice").textContent()).toBe("分類更新成功");

    await manager.getByRole("button", { name: named("刪除", "居家清潔技巧") }).click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked).toMatchObject({ title: "刪除分類", message: "確定要刪除這個分類嗎？", items: ["居家清潔技巧（2 篇文章使用中，刪除後這些文章會變成未分類）"] });
    await expect.poll(() => manager.getByTestId("taxonomy-empty").isVisible(), WAIT).toBe(true);
    expect((await allPosts()).map((post) => post.category_id)).toEqual([null, null]);

    // Tags: the tag the posts brought, renamed, one added, then deleted.
    await manager.getByRole("tab", { name: "標籤" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["收納"]);
    await manager.getByRole("button", { name: named("改名", "收納") }).click();
    await manager.getByTestId("taxonomy-rename").getByLabel("標籤名稱").fill("收納技巧");
    await manager.getByTestId("taxonomy-rename").getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["收納技巧"]);
    await manager.getByTestId("taxonomy-add").getByLabel("標籤名稱").fill("除霉");
    await manager.getByTestId("taxonomy-add").getByRole("button", { name: "新增標籤" }).click();
    await expect.poll(() => manager.getByTestId("taxonomy-name").count(), WAIT).toBe(2);
    await manager.getByRole("button", { name: named("刪除", "收納技巧") }).click();
    expect((await answerConfirm(page, "confirm")).items).toEqual(["收納技巧（2 篇文章使用中，刪除後會從這些文章移除）"]);
    await expect.poll(() => manager.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["除霉"]);
    expect((await allPosts()).map((post) => post.tags)).toEqual(["", ""]);
    expect((await api<{ tags: BlogTag[] }>("GET", "/admin-api.php/blog/tags")).tags.map((tag) => tag.name)).toEqual(["除霉"]);
  });
});

describe("saving and versions", () => {
  it("saves a draft by itself a few seconds after the last change (autosave: true), and never a published post", async () => {
    const page = await openList();
    const saves: Array<{ method: string; body: Record<string, unknown> }> = [];
    page.on("request", (request) => {
      if (request.url().includes("/admin-api.php/blog/posts") && ["POST", "PUT"].includes(request.method())) saves.push({ method: request.method(), body: request.postDataJSON() });
    });
    await openEditor(page, "/admin/blog/new");
    await field(page, "標題").fill("自動儲存的草稿");
    await expect.poll(() => editor(page).getByTestId("autosave-status").textContent(), WAIT).toBe("有未儲存的變更");
    await expect.poll(() => editor(page).getByTestId("autosave-status").textContent(), WAIT).toMatch(/^草稿已自動儲存（\d{2}:\d{2}）$/);
    expect(saves).toEqual([{ method: "POST", body: expect.objectContaining({ title: "自動儲存的草稿", status: "draft", autosave: true }) }]);
    const [post] = await allPosts();
    expect(post).toMatchObject({ title: "自動儲存的草稿", status: "draft" });
    // Stored, the draft takes its own address without a question.
    await expectPath(page, `/admin/blog/${post!.id}`);
    expect(await confirmDialog(page).count()).toBe(0);

    await field(page, "摘要").fill("第二次自動儲存");
    await expect.poll(() => saves.length, WAIT).toBe(2);
    expect(saves[1]).toEqual({ method: "PUT", body: expect.objectContaining({ summary: "第二次自動儲存", autosave: true }) });
    await expect.poll(async () => (await storedPost(post!.id)).summary, WAIT).toBe("第二次自動儲存");

    // Published, it waits for 更新.
    await field(page, "狀態").selectOption({ label: "已發布" });
    await saveAndSee(page, "文章更新成功");
    expect(saves[2]!.body).not.toHaveProperty("autosave");
    await field(page, "摘要").fill("發布後的修改");
    await page.waitForTimeout(4_500);
    expect(saves).toHaveLength(3);
    expect(await editor(page).getByTestId("autosave-status").textContent()).toBe("有未儲存的變更");
    expect((await storedPost(post!.id)).summary).toBe("第二次自動儲存");
  });

  it("asks in our own dialog before leaving with unsaved changes", async () => {
    const post = await createPost({ title: "要修改的文章", status: "published" });
    const page = await openList();
    await openEditor(page, `/admin/blog/${post.id}`);
    await field(page, "摘要").fill("還沒儲存");
    await editor(page).getByRole("button", { name: "返回列表" }).click();
    expect(await answerConfirm(page, "cancel")).toMatchObject({ title: "離開此頁面", message: "文章有尚未儲存的變更，確定要離開嗎？", confirmLabel: "離開，不儲存" });
    expect(pathOf(page)).toBe(`/admin/blog/${post.id}`);
    expect(await field(page, "摘要").inputValue()).toBe("還沒儲存");
    await page.keyboard.press("Escape");
    await answerConfirm(page, "confirm");
    await expectPath(page, "/admin/blog");
    expect((await storedPost(post.id)).summary).toBe("");
  });

  it("lists the versions with when, by what change and by whom; one is looked at, loaded unsaved, and 更新 makes it live", async () => {
    const post = await createPost({ title: "第一版標題", content: "<p>第一版</p>" });
    await api("PUT", `/admin-api.php/blog/posts/${post.id}`, { title: "第二版標題", content: "<p>第二版</p>", status: "published" });
    const live = (await api<{ post: BlogPost }>("PUT", `/admin-api.php/blog/posts/${post.id}`, { title: "第三版標題", content: "<p>第三版</p>" })).post;
    const page = await openList();
    await openEditor(page, `/admin/blog/${post.id}`);
    expect(await field(page, "標題").inputValue()).toBe("第三版標題");
    await editor(page).getByRole("button", { name: "版本紀錄" }).click();
    const panel = page.getByTestId("revisions-panel");
    await expect.poll(() => panel.isVisible(), WAIT).toBe(true);
    expect(await panel.getByTestId("revision-title").allTextContents()).toEqual(["第二版標題", "第一版標題"]);
    expect(await panel.getByTestId("revision-status").allTextContents()).toEqual(["已發布", "草稿"]);
    expect(await panel.getByTestId("revision-time").first().textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    const changes = await panel.getByTestId("revision-change").allTextContents();
    expect(changes[0]).toMatch(/^・發布・由 \S+/);
    expect(changes[1]).toMatch(/^・建立（儲存草稿）・由 \S+/);

    await panel.getByTestId("revision-row").last().getByRole("button", { name: /^查看/ }).click();
    const preview = page.getByTestId("revision-preview");
    await expect.poll(() => preview.locator("iframe").contentFrame().locator("body").textContent(), WAIT).toContain("第一版");
    await preview.getByTestId("restore-viewed-revision").click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked).toMatchObject({ title: "還原版本", confirmLabel: "還原" });
    expect(asked.items[0]).toMatch(/^第一版標題（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} 的版本）$/);
    await expect.poll(() => page.getByTestId("post-editor-notice").textContent(), WAIT).toBe("已載入所選的版本，儲存或發布後才會取代目前的內容");
    expect(await field(page, "標題").inputValue()).toBe("第一版標題");
    expect(await editor(page).getByTestId("rich-text-content").textContent()).toBe("第一版");
    expect(await editor(page).getByTestId("post-restored-notice").textContent()).toContain("按「更新」後才會換成這個版本");
    // Nothing reached visitors: the stored post and its page are as they were.
    expect(await storedPost(post.id)).toMatchObject({ title: "第三版標題", status: "published" });
    expect((await e2e.server.fetchPage(`/blog/${encodeURIComponent(live.slug)}`)).html).toContain("第三版");

    // 更新 makes it live, the post still published at its address (decision 019).
    await editor(page).getByTestId("save-post").click();
    await expect.poll(async () => (await storedPost(post.id)).title, WAIT).toBe("第一版標題");
    expect(await storedPost(post.id)).toMatchObject({ status: "published", slug: live.slug });
    await expect.poll(async () => (await e2e.server.fetchPage(`/blog/${encodeURIComponent(live.slug)}`)).html.includes("第一版"), WAIT).toBe(true);
    expect(await editor(page).getByTestId("post-restored-notice").count()).toBe(0);
  });

  it("says 文章不存在 for a post that is not there, with the way back", async () => {
    const page = await openList();
    await visit(page, "/admin/blog/999999");
    await expect.poll(() => page.getByTestId("post-missing").textContent(), WAIT).toContain("文章不存在");
    e2e.expectConsoleError(/404/);
    await page.getByRole("link", { name: "返回文章列表" }).click();
    await expectPath(page, "/admin/blog");
  });
});

describe("accessibility", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const) {
    it(`the list, the editor and their dialogs have no axe findings at ${name} width`, async () => {
      const pictureName = `水塔-${name}.jpg`;
      await uploadMedia(e2e, pictureName, await photo(400, 300, 9).jpeg({ quality: 70 }).toBuffer(), "image/jpeg");
      const category = await createCategory("居家清潔", "home");
      const post = await createPost({ title: "無障礙檢查文章", category_id: category.id, status: "published", tags: "收納", content: "<p>內容</p>", is_featured: 1 });
      await api("PUT", `/admin-api.php/blog/posts/${post.id}`, { title: "無障礙檢查文章（修改）" });
      await createPost({ title: "排程文章", status: "scheduled", published_at: fromNow(86_400_000) });
      const page = await openList(viewport);
      const check = async (where: string) => {
        expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
        if (viewport === MOBILE) {
          expect.soft(await smallTapTargets(page), `tap targets on ${where}`).toEqual([]);
          expect.soft(await unnamedControls(page), `unnamed controls on ${where}`).toEqual([]);
        }
      };
      await check("the list");
      await row(page, "無障礙檢查文章（修改）").getByRole("button", { name: /^刪除/ }).click();
      await expect.poll(() => confirmDialog(page).count(), WAIT).toBe(1);
      await check("the delete confirmation");
      await answerConfirm(page, "cancel");

      await page.getByRole("button", { name: "分類與標籤" }).click();
      await expect.poll(() => page.getByTestId("taxonomy-list").isVisible(), WAIT).toBe(true);
      await check("the categories");
      await page.getByTestId("taxonomy-manager").getByRole("tab", { name: "標籤" }).click();
      await expect.poll(() => page.getByTestId("taxonomy-name").allTextContents(), WAIT).toEqual(["收納"]);
      await page.getByRole("button", { name: named("改名", "收納") }).click();
      await check("the tags, renaming one");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");

      await openEditor(page, `/admin/blog/${post.id}`);
      await check("the editor");
      await editor(page).getByRole("button", { name: "分割", exact: true }).click();
      await check("the editor in split view");
      await editor(page).getByRole("button", { name: "版本紀錄" }).click();
      await expect.poll(() => page.getByTestId("revisions-panel").isVisible(), WAIT).toBe(true);
      await check("the versions");
      await page.keyboard.press("Escape");
      await editor(page).getByRole("button", { name: "編輯", exact: true }).click();
      await editor(page).getByRole("button", { name: "插入圖片" }).click();
      await expect.poll(() => page.getByTestId("media-picker").isVisible(), WAIT).toBe(true);
      await page.getByTestId("media-picker").getByRole("button", { name: `選擇 ${pictureName}` }).click();
      await page.getByTestId("media-picker").getByRole("button", { name: "確定", exact: true }).click();
      await expect.poll(() => page.getByTestId("picture-alt-form").isVisible(), WAIT).toBe(true);
      await check("the picture's description");
      await page.keyboard.press("Escape");

      await openEditor(page, "/admin/blog/new");
      await editor(page).getByTestId("save-post").click();
      await expect.poll(() => editor(page).getByTestId("error-title").isVisible(), WAIT).toBe(true);
      await check("a new post refused without a title");
    });
  }
});
