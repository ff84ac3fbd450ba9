// /admin/banners against the real server (002 §2.2, §3, §4, §5, §8, §9;
// issue 5): the empty preview, an image banner whose picture comes from the
// media picker, a YouTube banner from a youtu.be link, a video banner from a
// QuickTime .mov uploaded with progress, 處理中 until the server's job has made
// its MP4 and poster, then played on the home page (issue 25), on/off leaving the preview, edit, delete after our own confirmation,
// drag to reorder (the whole order saved in one request), the server's validation message and
// the load error.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import type { MediaFile } from "#contract/media.ts";
import { generatedVideo } from "#tests/factories/video.factory.ts";
import { SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";
import { adminApi, signedInPage, uploadMedia } from "../support/admin.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };
const YOUTUBE_ID = "dQw4w9WgXcQ";

let counter = 0;
const unique = (stem: string) => `${stem} ${++counter}-${Date.now().toString(36)}`;

const jpeg = (width = 800, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function listBanners(): Promise<Banner[]> {
  const { body } = await adminApi(e2e, e2e.server.token, "GET", "/api.php/hero-banners");
  return [...(body.data as Banner[])].sort((a, b) => a.sort_order - b.sort_order);
}

async function createViaApi(fields: Partial<Banner> & { title: string }): Promise<Banner> {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/api.php/hero-banners", { media_type: "image", ...fields });
  if (!body.success) throw new Error(`create answered ${status}: ${body.message}`);
  return body.data as Banner;
}

/** Drags the row at `from` by its handle onto the row at `to`, as a mouse would. */
async function dragRow(page: Page, from: number, to: number) {
  // The preview stands above the list: bring the whole list on screen first.
  await page.getByTestId("banner-list").evaluate((list) => list.scrollIntoView({ block: "center" }));
  const handles = page.getByTestId("banner-drag-handle");
  const start = (await handles.nth(from).boundingBox())!;
  const end = (await handles.nth(to).boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

async function removeAll() {
  for (const banner of await listBanners()) await adminApi(e2e, e2e.server.token, "DELETE", `/api.php/hero-banners/${banner.id}`);
}

/** The screen, signed in; YouTube thumbnails answered locally (the tests run offline). */
async function openScreen(): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login");
  const thumbnail = await jpeg(480, 360);
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ contentType: "image/jpeg", body: thumbnail }));
  await visit(page, "/admin/banners");
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("橫幅管理");
  await expect.poll(() => page.getByTestId("banner-preview").or(page.getByTestId("banner-preview-empty")).count(), WAIT).toBe(1);
  return page;
}

const formDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("banner-form") });
const row = (page: Page, title: string) => page.getByTestId("banner-row").filter({ has: page.getByTestId("banner-title").getByText(title, { exact: true }) });
const previewTitles = (page: Page) => page.getByTestId("banner-preview-slide").evaluateAll((slides) => slides.map((slide) => slide.querySelector("[data-testid='banner-preview-title']")?.textContent ?? ""));
const listTitles = (page: Page) => page.getByTestId("banner-title").allTextContents();
const notice = (page: Page) => page.getByTestId("banner-notice").textContent();

async function openNewForm(page: Page, title: string) {
  await page.getByRole("button", { name: "新增橫幅" }).click();
  const dialog = formDialog(page);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  expect(await dialog.locator("h2").textContent()).toBe("新增橫幅");
  await dialog.getByLabel(/^標題/).fill(title);
  return dialog;
}

describe("banners screen", () => {
  beforeEach(removeAll);

  it("has its title and says so when no banner is active; the form starts with the spec's defaults", async () => {
    await createViaApi({ title: unique("停用中"), is_active: false });
    const page = await openScreen();
    expect(await page.title()).toBe("橫幅管理 | 後台管理系統");
    expect(await page.getByTestId("banner-preview-empty").textContent()).toBe("目前沒有啟用的橫幅");
    expect(await page.getByTestId("banner-row").count()).toBe(1);

    const dialog = await openNewForm(page, "x");
    expect(await dialog.getByLabel(/^按鈕文字/).inputValue()).toBe("立即諮詢");
    expect(await dialog.getByLabel(/^按鈕連結/).inputValue()).toBe("/contact");
    expect(await dialog.getByLabel("主要").isChecked()).toBe(true);
    expect(await dialog.getByLabel("白色").isChecked()).toBe(true);
    expect(await dialog.getByLabel("圖片").isChecked()).toBe(true);
    expect(await dialog.getByLabel("啟用").isChecked()).toBe(true);
    expect(await dialog.getByTestId("banner-overlay-value").textContent()).toBe("20%");
    expect(await dialog.getByTestId("banner-height-value").textContent()).toBe("400px");
    const height = dialog.getByTestId("banner-height");
    expect([await height.getAttribute("min"), await height.getAttribute("max"), await height.getAttribute("step")]).toEqual(["200", "800", "50"]);
    await height.fill("650");
    expect(await dialog.getByTestId("banner-height-value").textContent()).toBe("650px");
    await dialog.getByTestId("banner-overlay").fill("55");
    expect(await dialog.getByTestId("banner-overlay-value").textContent()).toBe("55%");
  });

  it("creates an image banner whose picture is chosen in the media picker: listed, in the preview, saved with sort_order 1", async () => {
    const name = `banner-${Date.now().toString(36)}.jpg`;
    const file = await uploadMedia(e2e, name, await jpeg(), "image/jpeg");
    const page = await openScreen();
    const title = unique("春季大掃除");
    const dialog = await openNewForm(page, title);
    await dialog.getByLabel(/^副標題/).fill("專業團隊到府服務");
    await dialog.getByLabel("深色").check();

    await dialog.getByRole("button", { name: "從媒體庫選擇" }).click();
    const picker = page.getByTestId("media-picker");
    await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
    await picker.getByRole("button", { name: `選擇 ${name}` }).click();
    expect(await picker.getByTestId("picker-count").textContent()).toBe("已選擇 1 個檔案");
    await picker.getByRole("button", { name: "確定", exact: true }).click();
    await expect.poll(() => picker.count(), WAIT).toBe(0);
    await expect.poll(() => dialog.getByTestId("banner-image-preview").getAttribute("src"), WAIT).toBe(file.file_path);

    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("橫幅已新增");
    expect(await formDialog(page).count()).toBe(0);
    await expect.poll(() => row(page, title).count(), WAIT).toBe(1);
    expect(await row(page, title).getByTestId("banner-media-type").textContent()).toBe("圖片");
    expect(await row(page, title).getByTestId("banner-thumbnail").getAttribute("src")).toBe(file.file_path);
    expect(await previewTitles(page)).toEqual([title]);
    const slide = page.locator("[data-testid='banner-preview-slide'][data-current]");
    expect(await slide.getByTestId("banner-preview-picture").evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(file.file_path);

    const [saved] = await listBanners();
    expect(saved).toMatchObject({ title, subtitle: "專業團隊到府服務", media_type: "image", image_url: file.file_path, text_color: "dark", sort_order: 1, is_active: true });
  });

  it("creates a YouTube banner from a youtu.be link, showing the recognised id, and numbers it after the others", async () => {
    await createViaApi({ title: unique("既有"), sort_order: 1 });
    const page = await openScreen();
    const title = unique("影片介紹");
    const dialog = await openNewForm(page, title);
    await dialog.getByLabel("YouTube", { exact: true }).check();
    const field = dialog.getByLabel(/^YouTube 網址/);
    await field.fill("https://example.com/watch?v=abc");
    expect(await dialog.getByTestId("banner-youtube-id").textContent()).not.toContain("已辨識");
    await field.fill(`https://youtu.be/${YOUTUBE_ID}?si=share`);
    expect(await dialog.getByTestId("banner-youtube-id").textContent()).toBe(`已辨識影片 ID：${YOUTUBE_ID}`);
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("橫幅已新增");
    await expect.poll(() => row(page, title).count(), WAIT).toBe(1);
    expect(await row(page, title).getByTestId("banner-media-type").textContent()).toBe("YouTube");
    expect(await row(page, title).getByTestId("banner-thumbnail").getAttribute("src")).toBe(`https://i.ytimg.com/vi/${YOUTUBE_ID}/hqdefault.jpg`);
    expect(await previewTitles(page)).toContain(title);
    const saved = (await listBanners()).find((banner) => banner.title === title);
    expect(saved).toMatchObject({ media_type: "youtube", youtube_id: YOUTUBE_ID, sort_order: 2 });
  });

  it("creates a video banner from an iPhone-style .mov uploaded with a progress bar: 處理中 while it is made playable, then the home page plays the MP4 over its poster", async () => {
    const page = await openScreen();
    const title = unique("影片橫幅");
    const dialog = await openNewForm(page, title);
    await dialog.getByLabel("影片", { exact: true }).check();
    expect(await dialog.getByTestId("banner-video-section").textContent()).toContain("支援 MP4、WebM、MOV、MPEG、AVI，最大 100MB");

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const uploads: Array<{ fields: string }> = [];
    await page.route("**/api.php/upload", async (route) => {
      uploads.push({ fields: route.request().postData() ?? "" });
      await held;
      await route.continue();
    });
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), dialog.getByRole("button", { name: "上傳影片" }).click()]);
    await chooser.setFiles([{ name: "IMG_0001.mov", mimeType: "video/quicktime", buffer: await generatedVideo("mov") }]);
    await expect.poll(() => dialog.getByTestId("banner-upload-progress").getByRole("progressbar").count(), WAIT).toBe(1);
    release();
    // The upload's answer: the movie is being made playable; the banner can be saved meanwhile.
    await expect.poll(() => dialog.getByTestId("banner-video-status").textContent(), WAIT).toContain("處理中");
    expect(await dialog.getByTestId("banner-upload-progress").count()).toBe(0);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.fields).toContain('name="image"; filename="IMG_0001.mov"');
    expect(uploads[0]!.fields).toMatch(/name="folder"\r\n\r\nbanners/);
    const path = await dialog.getByLabel(/^影片網址/).inputValue();
    expect(path).toMatch(/^\/uploads\/.+\.mov$/);

    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("橫幅已新增");
    await expect.poll(() => row(page, title).getByTestId("banner-media-type").textContent(), WAIT).toBe("影片");
    // The server's job makes the MP4 and the poster; the screen asks again while it is 處理中.
    const mp4 = path.replace(/\.mov$/, "-web.mp4");
    const poster = path.replace(/\.mov$/, "-poster.webp");
    await expect.poll(() => page.getByTestId("banner-preview-video").getAttribute("src").catch(() => null), WAIT).toBe(mp4);
    expect(await row(page, title).getByTestId("banner-video-status").count()).toBe(0);
    expect(await row(page, title).getByTestId("banner-thumbnail").getAttribute("src")).toBe(poster);
    expect(await page.getByTestId("banner-preview-video").evaluate((video) => (video as HTMLVideoElement).muted)).toBe(true);
    expect((await listBanners())[0]).toMatchObject({ title, media_type: "video", video_url: path, video: { status: "ready", play_url: mp4, poster_url: poster } });

    // Visitors: the carousel's <video> has the poster and the MP4, and Chromium plays it.
    const home = await e2e.newPage();
    await visit(home, "/");
    const video = home.getByTestId("hero-video");
    expect([await video.getAttribute("src"), await video.getAttribute("poster"), await video.getAttribute("preload")]).toEqual([mp4, poster, "metadata"]);
    await expect.poll(() => video.evaluate((element) => (Number.isFinite((element as HTMLVideoElement).duration) ? (element as HTMLVideoElement).duration : 0)), WAIT).toBeGreaterThan(1);
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime), WAIT).toBeGreaterThan(0);
  });

  it("a camera's AVI put in the library becomes an MP4 that Chromium plays, with its poster", async () => {
    const avi = await uploadMedia(e2e, "MOV_0042.avi", await generatedVideo("avi"), "video/x-msvideo");
    // The server's own job runner makes it playable.
    const ready = async () => {
      const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/media");
      return (body.data as MediaFile[]).find((file) => file.id === avi.id)?.video;
    };
    await expect.poll(async () => (await ready())?.status, { ...WAIT, timeout: 30_000 }).toBe("ready");
    const { play_url: mp4, poster_url: poster } = (await ready())!;
    expect([mp4, poster]).toEqual([expect.stringMatching(/\.mp4$/), expect.stringMatching(/\.webp$/)]);
    const page = await e2e.newPage();
    await visit(page, "/");
    const duration = await page.evaluate(
      (src) =>
        new Promise<number>((resolve, reject) => {
          const video = document.createElement("video");
          video.muted = true;
          video.preload = "metadata";
          video.onloadedmetadata = () => resolve(video.duration);
          video.onerror = () => reject(new Error(`Chromium could not play ${src}`));
          video.src = src;
        }),
      mp4,
    );
    expect(duration).toBeGreaterThan(1);
  });

  it("turns a banner off: it leaves the preview and the server keeps it inactive; on again brings it back", async () => {
    const [kept, off] = [unique("保留"), unique("關閉")];
    await createViaApi({ title: kept, sort_order: 1 });
    await createViaApi({ title: off, sort_order: 2 });
    const page = await openScreen();
    expect(await previewTitles(page)).toEqual([kept, off]);

    await row(page, off).getByTestId("banner-toggle").click({ force: true });
    await expect.poll(() => previewTitles(page), WAIT).toEqual([kept]);
    expect(await row(page, off).getByTestId("banner-toggle").isChecked()).toBe(false);
    expect((await listBanners()).find((banner) => banner.title === off)?.is_active).toBe(false);

    await row(page, kept).getByTestId("banner-toggle").click({ force: true });
    await expect.poll(() => page.getByTestId("banner-preview-empty").textContent(), WAIT).toBe("目前沒有啟用的橫幅");
  });

  it("edits a banner's title in the form it opens filled in", async () => {
    const before = unique("舊標題");
    await createViaApi({ title: before, subtitle: "副標", overlay_opacity: 35, height: 500 });
    const page = await openScreen();
    await row(page, before).getByRole("button", { name: "編輯", exact: true }).click();
    const dialog = formDialog(page);
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    expect(await dialog.locator("h2").textContent()).toBe("編輯橫幅");
    expect(await dialog.getByLabel(/^副標題/).inputValue()).toBe("副標");
    expect(await dialog.getByTestId("banner-overlay-value").textContent()).toBe("35%");
    expect(await dialog.getByTestId("banner-height-value").textContent()).toBe("500px");
    const after = unique("新標題");
    await dialog.getByLabel(/^標題/).fill(after);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("橫幅已更新");
    await expect.poll(() => listTitles(page), WAIT).toEqual([after]);
    expect(await listBanners()).toMatchObject([{ title: after, subtitle: "副標", overlay_opacity: 35, height: 500, sort_order: 1 }]);
  });

  it("deletes only after our own confirmation, which names the banner", async () => {
    const title = unique("待刪除");
    await createViaApi({ title });
    const page = await openScreen();
    await row(page, title).getByRole("button", { name: "刪除", exact: true }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "刪除橫幅", message: "確定要刪除此橫幅嗎？", items: [title], confirmLabel: "刪除" });
    expect(await listBanners()).toHaveLength(1);

    await row(page, title).getByRole("button", { name: "刪除", exact: true }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("橫幅已刪除");
    // The message is a toast inside the window, whatever the scroll position.
    const box = (await page.getByTestId("banner-notice").boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);
    await expect.poll(() => row(page, title).count(), WAIT).toBe(0);
    expect(await listBanners()).toHaveLength(0);
  });

  it("reorders by dragging a row's handle; the new sort_order is saved", async () => {
    const titles = [unique("第一"), unique("第二"), unique("第三")];
    for (const [index, title] of titles.entries()) await createViaApi({ title, sort_order: index + 1 });
    const page = await openScreen();
    expect(await listTitles(page)).toEqual(titles);

    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(`${new URL(request.url()).pathname} ${request.postData()}`);
    });
    await dragRow(page, 2, 0);

    const expected = [titles[2], titles[0], titles[1]];
    await expect.poll(() => listTitles(page), WAIT).toEqual(expected);
    await expect.poll(async () => (await listBanners()).map((banner) => [banner.title, banner.sort_order]), WAIT).toEqual(expected.map((title, index) => [title, index + 1]));
    // The whole order is saved in one request (one transaction on the server).
    const [first, second, third] = await listBanners();
    expect(puts).toEqual([`/api.php/hero-banners/reorder {"ids":[${first!.id},${second!.id},${third!.id}]}`]);
    await visit(page, "/admin/banners");
    await expect.poll(() => listTitles(page), WAIT).toEqual(expected);
    expect(await previewTitles(page)).toEqual(expected);
  });

  it("refuses an order made on a stale screen as a whole: the message is shown and the stored order comes back", async () => {
    e2e.expectConsoleError(/status of 409|橫幅/);
    const titles = [unique("甲"), unique("乙"), unique("丙")];
    for (const [index, title] of titles.entries()) await createViaApi({ title, sort_order: index + 1 });
    const page = await openScreen();
    expect(await listTitles(page)).toEqual(titles);
    // Someone else adds a banner after this screen was loaded.
    const added = unique("丁");
    await createViaApi({ title: added, sort_order: 4 });

    await dragRow(page, 2, 0);

    await expect.poll(() => page.getByTestId("banner-error").textContent(), WAIT).toContain("橫幅清單已有變更，請重新整理後再調整順序");
    await expect.poll(() => listTitles(page), WAIT).toEqual([...titles, added]);
    expect((await listBanners()).map((banner) => banner.title)).toEqual([...titles, added]);
  });

  it("rotates the preview every 5 s", async () => {
    const titles = [unique("輪播一"), unique("輪播二")];
    for (const [index, title] of titles.entries()) await createViaApi({ title, sort_order: index + 1 });
    const { page } = await signedInPage(e2e, "/admin/login");
    // The list's queries need the clock to flow while the screen loads; it is paused once the preview shows.
    await page.clock.install();
    await visit(page, "/admin/banners");
    const current = page.locator("[data-testid='banner-preview-slide'][data-current] [data-testid='banner-preview-title']");
    await expect.poll(() => current.textContent(), WAIT).toBe(titles[0]);
    // Half a second ahead of the page's clock, however long this call takes to arrive.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    // Whenever the pause landed, the next turn comes within 5 s: found to the nearest 100 ms…
    const before = await current.textContent();
    let waited = 0;
    while ((await current.textContent()) === before && waited < 5_100) {
      await page.clock.runFor(100);
      waited += 100;
    }
    const shown = await current.textContent();
    expect(shown).not.toBe(before);
    // …and from a turn just seen, the next is 5 s later, not sooner.
    await page.clock.runFor(4_800);
    expect(await current.textContent()).toBe(shown);
    await page.clock.runFor(300);
    await expect.poll(() => current.textContent(), WAIT).toBe(before);
  });

  it("shows the server's validation message under an empty title and keeps the form open", async () => {
    e2e.expectConsoleError(/status of 422|status of 400/);
    const page = await openScreen();
    await page.getByRole("button", { name: "新增橫幅" }).click();
    const dialog = formDialog(page);
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => dialog.getByTestId("field-error").first().textContent(), WAIT).toBe("請輸入標題");
    expect(await dialog.getByLabel(/^標題/).getAttribute("aria-invalid")).toBe("true");
    // The cursor goes to the first refused field.
    await expect.poll(() => dialog.getByLabel(/^標題/).evaluate((input) => input === document.activeElement), WAIT).toBe(true);
    expect(await dialog.getByTestId("banner-form-error").textContent()).not.toBe("");
    expect(await listBanners()).toHaveLength(0);
  });

  it("says why the list did not load: the server's message, else 載入橫幅失敗, or 載入橫幅時發生錯誤 without an answer", async () => {
    e2e.expectConsoleError(/status of 500|ERR_FAILED|橫幅/);
    const { page } = await signedInPage(e2e, "/admin/login");
    let mode: "message" | "bare" | "abort" = "message";
    await page.route("**/api.php/hero-banners", (route) => {
      if (mode === "abort") return route.abort();
      return route.fulfill({ status: 500, contentType: "application/json", body: mode === "message" ? '{"success":false,"message":"資料庫忙碌中"}' : "oops" });
    });
    await visit(page, "/admin/banners");
    const error = page.getByTestId("banners-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("資料庫忙碌中");
    mode = "bare";
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.textContent(), WAIT).toContain("載入橫幅失敗");
    mode = "abort";
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.textContent(), WAIT).toContain("載入橫幅時發生錯誤");
  });
});
