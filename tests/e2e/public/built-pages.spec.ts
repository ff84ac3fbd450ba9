// Pages built with the page builder as visitors get them (issue 24; 002 §2.6,
// §2.7, §9): a free page at /{page_key} with its SEO fields; at 1280 px a
// container's columns side by side at their layout's widths, at 375 px stacked
// in the order the container's rule says, with its gap, a column hidden on
// phones; a draft and an unknown key are the site's 404 page; the about page
// built too; no script beyond the site's own unless the page holds a YouTube
// video, whose player loads only when asked (offline: every other host is
// refused); its buttons (decision 041) real links without script — 立即預約 to the
// contact form with the service chosen, 撥打電話 and 加入 LINE from the
// settings as they are now, left out while a setting is empty; axe finds
// nothing at either width, in the light and the dark scheme.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { builderContent, buttonElement, codeElement, container, serviceCardElement, spacerElement, textElement, tree, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { adminApi, uploadMedia } from "../support/admin.ts";
import { axeViolations, smallTapTargets } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const YOUTUBE_ID = "dQw4w9WgXcQ";
const GAP_MEDIUM = 24;
const GAP_LARGE = 48;

// The layout page: three containers whose elements the tests find by their ids.
const intro = textElement("<h2>春季大掃除方案</h2><p>從廚房到浴室，一次打理乾淨。</p>");
const card: ElementOf<"serviceCard"> = { ...serviceCardElement("居家清潔"), action: { look: "link", text: "了解更多", target: { kind: "page", path: "/services" } } };
const reserve: ElementOf<"button"> = { ...buttonElement("立即預約", { kind: "contact", service: "水塔清洗消毒" }), fullWidthOnPhone: true, alignment: "center" };
const call: ElementOf<"button"> = { ...buttonElement("撥打電話", { kind: "phone" }), look: "secondary" };
const addLine = buttonElement("加入 LINE", { kind: "line" });
const firstWritten = textElement("<p>先寫的欄</p>");
const secondWritten = textElement("<p>後寫的欄</p>");
const picture: ElementOf<"image"> = { id: "img000001", type: "image", src: "", alt: "清潔後的客廳", decorative: false, link: "", caption: "完工後的客廳" };
const phoneHidden = textElement("<p>只在電腦上顯示</p>");

const LAYOUT_PAGE = { page_key: "spring-offer", title: "春季優惠", meta_title: "春季大掃除優惠方案", meta_description: "基隆、台北、新北春季大掃除優惠，專業團隊到府服務。", meta_keywords: "大掃除,居家清潔" };

async function savePage(method: "POST" | "PUT", path: string, body: Record<string, unknown>) {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
}

const createPage = (body: Record<string, unknown>) => savePage("POST", "/admin-api.php/pages", { is_active: 1, ...body });

beforeAll(async () => {
  const uploaded = await uploadMedia(e2e, "living-room.jpg", await photo(1200, 800, 5).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
  picture.src = uploaded.file_path;
  const pictureRow = container("1-1", [[picture, spacerElement(24)], [phoneHidden]]);
  pictureRow.mobile.hidden = [pictureRow.columns[1]!.id];
  await createPage({
    ...LAYOUT_PAGE,
    content: builderContent(
      tree(
        container("1-1", [[intro], [card]]),
        container("2-1", [[firstWritten], [secondWritten]], { order: "reverse", gap: "large" }),
        pictureRow,
        container("1-1", [[reserve], [call, addLine]]),
      ),
    ),
  });
  await createPage({ page_key: "water-tank-video", title: "水塔清洗影片", content: builderContent(tree(container("1", [[textElement("<h2>作業實錄</h2>"), youtubeElement("水塔清洗過程"), codeElement("<p>嵌入的預約表單</p>")]]))) });
  await createPage({ page_key: "not-yet", title: "還沒發布", content: builderContent(tree(container("1", [[textElement("<p>草稿</p>")]]))), is_active: 0 });
});

/** The column that holds an element, found by the element's id. */
const columnOf = (page: Page, element: { id: string }): Locator => page.locator(`[data-pb-id="${element.id}"]`).locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' pb-column ')][1]");

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the column is not laid out");
  return box;
}

/** A visitor's page that can reach nothing but our server; YouTube's thumbnail and player are answered locally and every request to YouTube is noted. */
async function offlinePage(viewport: { width: number; height: number }) {
  const page = await e2e.newPage(viewport);
  const youtube: string[] = [];
  const thumbnail = await photo(480, 360, 3).jpeg().toBuffer();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
    const url = route.request().url();
    if (/youtube(-nocookie)?\.com|ytimg\.com/.test(new URL(url).hostname)) youtube.push(url);
    if (url.startsWith("https://i.ytimg.com/")) return route.fulfill({ contentType: "image/jpeg", body: thumbnail });
    if (url.startsWith("https://www.youtube-nocookie.com/embed/")) return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" });
    return route.abort();
  });
  return { page, youtube };
}

describe("a free page built with the page builder", () => {
  it("puts a container's columns side by side at 1280 px, at their layout's widths", async () => {
    const page = await e2e.newPage(DESKTOP);
    expect(await visit(page, "/spring-offer")).toBe(200);
    const [left, right] = [await boxOf(columnOf(page, intro)), await boxOf(columnOf(page, card))];
    expect(Math.abs(left.y - right.y)).toBeLessThan(1);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 1);
    expect(Math.abs(left.width - right.width)).toBeLessThan(1);

    // 2:1, written order kept on a desktop whatever the phone rule says.
    const [wide, narrow] = [await boxOf(columnOf(page, firstWritten)), await boxOf(columnOf(page, secondWritten))];
    expect(narrow.x).toBeGreaterThan(wide.x);
    expect(wide.width / narrow.width).toBeCloseTo(2, 1);
    expect(await columnOf(page, phoneHidden).isVisible()).toBe(true);

    // The columns keep the site's width: the text starts where the page heading does.
    const heading = await boxOf(page.locator("h1"));
    const text = await boxOf(page.locator(`[data-pb-id="${intro.id}"]`));
    expect(Math.abs(text.x - heading.x)).toBeLessThan(1);
  });

  it("stacks them full width at 375 px in the order the container's rule says, with its gap, a column hidden on phones", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/spring-offer");
    const [first, second] = [await boxOf(columnOf(page, intro)), await boxOf(columnOf(page, card))];
    expect(second.y - (first.y + first.height)).toBeCloseTo(GAP_MEDIUM, 0);
    expect(Math.abs(first.x - second.x)).toBeLessThan(1);
    expect(first.width).toBeCloseTo(MOBILE.width - 32, 0);

    // Reversed: the column written second comes first, a large gap apart.
    const [written1, written2] = [await boxOf(columnOf(page, firstWritten)), await boxOf(columnOf(page, secondWritten))];
    expect(written1.y - (written2.y + written2.height)).toBeCloseTo(GAP_LARGE, 0);

    expect(await columnOf(page, phoneHidden).isVisible()).toBe(false);
    expect(await columnOf(page, picture).isVisible()).toBe(true);
  });

  it("shows its uploaded picture at its sizes with its alt text and caption", async () => {
    const page = await e2e.newPage(DESKTOP);
    await visit(page, "/spring-offer");
    const figure = page.locator(`[data-pb-id="${picture.id}"] figure`);
    const image = figure.getByRole("img", { name: "清潔後的客廳" });
    expect(await image.getAttribute("width")).toBe("1200");
    expect(await figure.locator("source").count()).toBeGreaterThan(0);
    expect(await figure.locator("figcaption").textContent()).toBe("完工後的客廳");
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), SETTLE).toBe(true);
  });

  it("has its own SEO title, description, keywords and canonical address in the first HTML", async () => {
    const { status, html } = await e2e.server.fetchPage("/spring-offer");
    expect(status).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^春季大掃除優惠方案 \| /);
    const meta = tags(html, "meta");
    expect(meta.find((tag) => tag.name === "description")?.content).toBe(LAYOUT_PAGE.meta_description);
    expect(meta.find((tag) => tag.name === "keywords")?.content).toBe(LAYOUT_PAGE.meta_keywords);
    expect(meta.find((tag) => tag.property === "og:url")?.content).toBe(`${e2e.server.baseUrl}/spring-offer`);
    expect(tags(html, "link").find((tag) => tag.rel === "canonical")?.href).toBe(`${e2e.server.baseUrl}/spring-offer`);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe("春季優惠");
  });

  it("runs no script but the site's own when it holds no video", async () => {
    const scriptTags = (html: string) => [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1]!.replace(/\s*nonce="[^"]*"/, "").trim());
    const built = await e2e.server.fetchPage("/spring-offer");
    const plain = await e2e.server.fetchPage("/about");
    expect(scriptTags(built.html)).toEqual(scriptTags(plain.html));
    expect(scriptTags(built.html).every((attributes) => attributes === 'type="application/ld+json"')).toBe(true);

    const page = await e2e.newPage(MOBILE);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await visit(page, "/spring-offer");
    expect(scripts).toEqual([]);
  });

  it.each([
    { name: "a draft", path: "/not-yet" },
    { name: "an unknown key", path: "/no-such-free-page" },
  ])("answers $name with the site's 404 page", async ({ path }) => {
    e2e.expectConsoleError(/status of 404/);
    const page = await e2e.newPage(DESKTOP);
    expect(await visit(page, path)).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("找不到頁面");
    expect(await page.locator(".pb-page").count()).toBe(0);
    expect(await page.title()).toMatch(/^找不到頁面/);
  });

  it.each([
    { name: "desktop", viewport: DESKTOP },
    { name: "phone", viewport: MOBILE },
  ])("has no accessibility violation at $name width, every element shown", async ({ viewport }) => {
    for (const path of ["/spring-offer", "/water-tank-video"]) {
      const { page } = await offlinePage(viewport);
      await visit(page, path);
      expect.soft(await axeViolations(page), `axe on ${path}`).toEqual([]);
      if (viewport === MOBILE) expect.soft(await smallTapTargets(page), `tap targets on ${path}`).toEqual([]);
    }
  });
});

describe("the buttons of a built page", () => {
  const button = (page: Page, element: { id: string }) => page.locator(`[data-pb-id="${element.id}"] a`);

  it("take a visitor to the contact form with the service chosen, by a plain link", async () => {
    const page = await e2e.newPage(DESKTOP);
    await visit(page, "/spring-offer");
    const link = page.getByRole("link", { name: "立即預約", exact: true });
    expect(await link.getAttribute("href")).toBe(`/contact?service=${encodeURIComponent("水塔清洗消毒")}`);
    expect(await page.getByRole("link", { name: "了解更多" }).getAttribute("href")).toBe("/services");
    await link.click();
    await page.waitForURL(/\/contact\?service=/);
    await expect.poll(() => page.getByLabel("主旨").inputValue(), SETTLE).toBe("諮詢服務：水塔清洗消毒");
    expect(await page.getByLabel("訊息內容").inputValue()).toContain("「水塔清洗消毒」");
  });

  it("call the settings' phone and open the settings' LINE as they are now, and leave out one whose setting is empty", async () => {
    const first = await e2e.server.fetchPage("/spring-offer");
    const anchors = () => tags(first.html, "a").filter((a) => a.class?.startsWith("pb-button"));
    expect(anchors().map((a) => [a.class, a.href])).toEqual([
      ["pb-button pb-button-primary pb-button-wide", `/contact?service=${encodeURIComponent("水塔清洗消毒")}`],
      ["pb-button pb-button-secondary", "tel:0224200000"],
    ]);
    await e2e.server.updateSettings({ company_phone: "02-8888-1234", line_add_friend_url: "https://line.me/R/ti/p/@shiny" });
    const { html } = await e2e.server.fetchPage("/spring-offer");
    const after = tags(html, "a").filter((a) => a.class?.startsWith("pb-button"));
    expect(after.find((a) => a.class === "pb-button pb-button-secondary")?.href).toBe("tel:0288881234");
    const line = after.find((a) => a["data-pb-target"] === "line");
    expect([line?.href, line?.target, line?.rel]).toEqual(["https://line.me/R/ti/p/@shiny", "_blank", "noopener noreferrer"]);

    const page = await e2e.newPage(DESKTOP);
    await visit(page, "/spring-offer");
    // The new tab is said to screen readers (the words only they get sit in a box of their own, read after a space).
    expect(await page.getByRole("link", { name: /^加入 LINE\s*（另開新視窗）$/ }).count()).toBe(1);
  });

  it("are 44 px high, the chosen one as wide as its column on a phone, and read in the dark scheme too", async () => {
    const page = await e2e.newPage(MOBILE);
    await visit(page, "/spring-offer");
    const [wide, column] = [await boxOf(button(page, reserve)), await boxOf(columnOf(page, reserve))];
    expect(wide.width).toBeCloseTo(column.width, 0);
    expect(wide.height).toBeGreaterThanOrEqual(44);
    const own = await boxOf(button(page, call));
    expect(own.width).toBeLessThan(column.width);
    expect(own.height).toBeGreaterThanOrEqual(44);
    // From 768 px the wide one takes its own width.
    const desktop = await e2e.newPage(DESKTOP);
    await visit(desktop, "/spring-offer");
    expect((await boxOf(button(desktop, reserve))).width).toBeLessThan((await boxOf(columnOf(desktop, reserve))).width / 2);

    await e2e.server.updateSettings({ theme_mode: "dark" });
    const dark = await e2e.newPage(MOBILE);
    await visit(dark, "/spring-offer");
    expect(await axeViolations(dark)).toEqual([]);
  });
});

describe("a YouTube video on a built page", () => {
  const videoBox = (page: Page) => page.locator(".pb-youtube");

  it("shows the thumbnail as a link and loads the player from youtube-nocookie only when clicked", async () => {
    const { page, youtube } = await offlinePage(DESKTOP);
    await visit(page, "/water-tank-video");
    const link = videoBox(page).getByRole("link", { name: "播放影片：水塔清洗過程" });
    expect(await link.getAttribute("href")).toBe(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
    await expect.poll(() => link.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth), SETTLE).toBe(480);
    // Before the click: the thumbnail, nothing of YouTube's player.
    expect(youtube.filter((url) => !url.startsWith("https://i.ytimg.com/"))).toEqual([]);
    expect(await page.locator("iframe[src*='youtube']").count()).toBe(0);

    await link.click();
    const player = videoBox(page).locator("iframe");
    expect(await player.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`);
    expect(await player.getAttribute("title")).toBe("水塔清洗過程");
    expect(page.url()).toMatch(/\/water-tank-video$/);
    await expect.poll(() => youtube.filter((url) => url.startsWith("https://www.youtube-nocookie.com/embed/")).length, SETTLE).toBe(1);
    expect(youtube.some((url) => url.startsWith("https://www.youtube.com/"))).toBe(false);
  });

  it("plays from the keyboard too: the focused thumbnail shows its focus, Enter puts the player there with the focus in it", async () => {
    const { page } = await offlinePage(MOBILE);
    await visit(page, "/water-tank-video");
    const link = videoBox(page).getByRole("link", { name: "播放影片：水塔清洗過程" });
    await link.focus();
    expect(await link.evaluate((element) => element.matches(":focus-visible") && getComputedStyle(element).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    const player = videoBox(page).locator("iframe");
    await expect.poll(() => player.count(), SETTLE).toBe(1);
    expect(await player.evaluate((frame) => frame === document.activeElement)).toBe(true);
  });

  it("is the page's only script, and the code element is a sandboxed frame", async () => {
    const { html } = await e2e.server.fetchPage("/water-tank-video");
    const sources = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!).filter((body) => body.includes("/assets/"));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/youtube-player\.island-[\w-]+\.js/);
    const frame = tags(html, "iframe").find((tag) => tag.class === "pb-code");
    expect(frame?.sandbox).toBe("");
    expect(frame?.title).toBe("嵌入內容");
  });
});

describe("the about page built with the page builder", () => {
  it("shows its containers and elements, then the call to action", async () => {
    const about = tree(container("1-2", [[textElement("<h2>我們的團隊</h2><p>二十年的清潔經驗。</p>")], [serviceCardElement("企業清潔")]]));
    await savePage("PUT", "/admin-api.php/pages/about_company", { title: "關於安心清潔", content: builderContent(about), is_active: 1 });
    const page = await e2e.newPage(DESKTOP);
    await visit(page, "/about");
    const content = page.getByTestId("about-content");
    expect(await content.locator(".pb-page .pb-container").count()).toBe(1);
    expect(await content.locator("h2").textContent()).toBe("我們的團隊");
    expect(await content.locator(".pb-card-title").textContent()).toBe("企業清潔");
    const [narrow, wide] = [await boxOf(content.locator(".pb-column").first()), await boxOf(content.locator(".pb-column").last())];
    expect(wide.width / narrow.width).toBeCloseTo(2, 1);
    expect(await page.getByRole("link", { name: "與我們聯絡" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});
