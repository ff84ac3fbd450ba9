// The media library (002 §2.8, §4, §5, §8, §9; issue 4) in Chromium
// against the real server: upload with the file chooser (progress, then the
// card with its small WebP thumbnail), drag and drop, a refused type with the
// server's words, preview (size, type, time, URL, dimensions, usages), copy,
// alt text, delete to the trash (a file in use answered by where it is used,
// before anything is asked), cleanup listing the files it will move before it
// is confirmed, with its summary and its failures, search, grid/list, every
// load error; one size figure (the stored file's) in the upload row, the grid
// and the details.
//
// The picker dialog (admin/shared/media-picker.tsx) is not exercised here:
// no screen uses it yet. Its selection rules are unit-tested
// (admin/media/media-selection.test.ts); it shares the upload, grid and list
// code tested below.
import type { Page, Route } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { formatFileSize } from "#contract/file-sizes.ts";
import { axeViolations } from "../support/axe.ts";
import { SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";
import { adminApi, expectPath, pathOf, signedInPage } from "../support/admin.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

let counter = 0;
/** A name no other test uses, so that each test finds its own cards in the shared library. */
const unique = (stem: string, extension: string) => `${stem}-${++counter}-${Date.now().toString(36)}.${extension}`;

const jpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const png = () => sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } }).png().toBuffer();

/** Uploads through the API, as another administrator would. */
async function uploadViaApi(name: string, content: Buffer, type: string): Promise<MediaFile> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(`${e2e.server.baseUrl}/admin-api.php/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${e2e.server.token}` },
    body: form,
  });
  const body = (await response.json()) as { success: boolean; data: MediaFile; message?: string };
  if (!body.success) throw new Error(`upload of ${name} answered ${response.status}: ${body.message}`);
  return body.data;
}

async function listFiles(): Promise<MediaFile[]> {
  const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/media");
  return body.data as MediaFile[];
}

const card = (page: Page, name: string) => page.getByTestId("media-item").filter({ has: page.getByTestId("media-name").getByText(name, { exact: true }) });
const cardNames = (page: Page) => page.getByTestId("media-name").allTextContents();
const preview = (page: Page) => page.getByTestId("media-preview");
const textOf = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function openLibrary() {
  const signedIn = await signedInPage(e2e, "/admin/media");
  await expect.poll(() => signedIn.page.locator("main h1").textContent(), WAIT).toBe("媒體庫");
  await expect.poll(() => signedIn.page.getByTestId("media-count").textContent(), WAIT).toMatch(/個檔案/);
  return signedIn;
}

/** Picks files through the upload button's file chooser. */
async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "上傳檔案" }).click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

const cleanupDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("cleanup-dialog") });
const inUseDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("media-in-use-dialog") });

/** 清理未使用檔案 → the dialog once its dry run has listed the files: their names, and the question's words. */
async function openCleanup(page: Page) {
  await page.getByRole("button", { name: "清理未使用檔案" }).click();
  const dialog = cleanupDialog(page);
  await expect.poll(() => dialog.getByTestId("cleanup-dialog").getAttribute("data-state"), WAIT).toBe("ready");
  return { dialog, names: await dialog.getByTestId("cleanup-file-name").allTextContents() };
}

async function confirmCleanup(page: Page) {
  const { dialog } = await openCleanup(page);
  await dialog.getByRole("button", { name: /^移到回收桶/ }).click();
  await expect.poll(() => dialog.count(), WAIT).toBe(0);
}

describe("media library screen", () => {
  it("has its title, the upload and cleanup buttons, the drop zone naming the types, and the spec's empty state", async () => {
    const { page } = await signedInPage(e2e, "/admin/login");
    await page.route("**/admin-api.php/media", (route) => route.fulfill({ contentType: "application/json", body: '{"success":true,"data":[]}' }));
    await visit(page, "/admin/media");
    expect(await page.title()).toBe("媒體庫 | 後台管理系統");
    expect(await page.locator("main h1").textContent()).toBe("媒體庫");
    expect(await page.getByRole("button", { name: "上傳檔案" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "清理未使用檔案" }).isVisible()).toBe(true);
    expect(await page.getByTestId("media-drop-zone").textContent()).toContain("JPG、PNG、GIF、WebP、AVIF、MP4、WebM、MOV、MPEG、AVI");
    const accept = await page.getByTestId("media-file-input").getAttribute("accept");
    expect(accept?.split(",")).toEqual([
      "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif",
      "video/mp4", "video/webm", "video/quicktime", "video/mpeg", "video/x-msvideo", "video/avi", ".mov", ".mpg", ".mpeg", ".avi",
    ]);
    await expect.poll(() => textOf(page, "media-empty"), WAIT).toContain("尚無檔案");
    expect(await textOf(page, "media-empty")).toContain("拖曳檔案到此處或使用上傳按鈕");
  });
});

describe("upload", () => {
  it("uploads an image picked with the file chooser: a progress row, then the card with its lazy 320 px WebP thumbnail", async () => {
    const { page } = await openLibrary();
    const name = unique("客廳清潔前", "jpg");
    // Hold the answer: the row must be seen before the server has finished.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin-api.php/media", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });

    await chooseFiles(page, [{ name, mimeType: "image/jpeg", buffer: await jpeg() }]);
    const row = page.getByTestId("upload-entry").filter({ hasText: name });
    await expect.poll(() => row.getAttribute("data-status"), WAIT).toMatch(/^(uploading|processing)$/);
    expect(await row.getByRole("progressbar").count()).toBe(1);
    expect(await card(page, name).count()).toBe(0);

    release();
    await expect.poll(() => row.getAttribute("data-status"), WAIT).toBe("done");
    expect(await row.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(await row.getByTestId("upload-status").textContent()).toBe("上傳完成");

    // The list reloads after the success: the new card, first (newest first).
    await expect.poll(() => card(page, name).count(), WAIT).toBe(1);
    expect((await cardNames(page))[0]).toBe(name);
    // One size, the stored file's, in the row, on the card and in the details (never the picked file's own).
    const stored = (await listFiles()).find((file) => file.original_name === name)!;
    const size = formatFileSize(stored.file_size);
    expect(await row.getByTestId("upload-size").textContent()).toBe(size);
    expect(await card(page, name).getByTestId("media-size").textContent()).toBe(size);
    const thumb = card(page, name).locator("img");
    expect(await thumb.getAttribute("loading")).toBe("lazy");
    expect(await thumb.getAttribute("src")).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[a-z0-9]+-320w\.webp$/);
    expect([await thumb.getAttribute("width"), await thumb.getAttribute("height")]).toEqual(["320", "213"]);
    expect(await thumb.evaluate((img) => getComputedStyle(img).backgroundImage)).toMatch(/^url\("data:image\//);
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT).toBe(320);

    await page.getByRole("button", { name: "清除已完成項目" }).click();
    expect(await page.getByTestId("upload-entry").count()).toBe(0);
  });

  it("uploads several files dropped on the drop zone", async () => {
    const { page } = await openLibrary();
    const names = [unique("dropped-a", "png"), unique("dropped-b", "jpg")];
    const contents = [(await png()).toString("base64"), (await jpeg(400, 300)).toString("base64")];
    await page.getByTestId("media-drop-zone").evaluate(
      (zone, { names, contents }) => {
        const transfer = new DataTransfer();
        const types = ["image/png", "image/jpeg"];
        names.forEach((name, index) => {
          const bytes = Uint8Array.from(atob(contents[index]!), (char) => char.charCodeAt(0));
          transfer.items.add(new File([bytes], name, { type: types[index] }));
        });
        for (const type of ["dragenter", "dragover", "drop"]) {
          zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }
      },
      { names, contents },
    );
    for (const name of names) await expect.poll(() => card(page, name).count(), { ...WAIT, message: name }).toBe(1);
    expect(await page.getByTestId("upload-entry").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-status")))).toEqual(["done", "done"]);
    expect(await page.getByTestId("media-drop-zone").getAttribute("data-drag-over")).toBeNull();
  });

  it("shows the server's refusal of a text file named .png (415) and skips a file that is not an image or video without sending it", async () => {
    e2e.expectConsoleError(/status of 415/);
    const { page } = await openLibrary();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/admin-api.php/media")) posts.push(request.url());
    });
    const fake = unique("not-really", "png");
    const text = unique("notes", "txt");
    await chooseFiles(page, [
      { name: fake, mimeType: "image/png", buffer: Buffer.from("<?php echo 'hello'; ?>\n") },
      { name: text, mimeType: "text/plain", buffer: Buffer.from("just text") },
    ]);

    const refused = page.getByTestId("upload-entry").filter({ hasText: fake });
    await expect.poll(() => refused.getAttribute("data-status"), WAIT).toBe("error");
    expect(await refused.getByTestId("upload-error").textContent()).toBe("不支援的檔案格式，僅支援 JPG、PNG、GIF、WebP、AVIF 圖片及 MP4、WebM、MOV、MPEG、AVI 影片");
    const skipped = page.getByTestId("upload-entry").filter({ hasText: text });
    expect(await skipped.getAttribute("data-status")).toBe("skipped");
    expect(await skipped.getByTestId("upload-error").textContent()).toContain("已略過");
    expect(posts).toHaveLength(1);
    expect((await listFiles()).some((file) => file.original_name === fake)).toBe(false);
  });
});

describe("preview", () => {
  it("shows size, type, upload time, dimensions, URL and usages; copies the URL; saves the alt text", async () => {
    const name = unique("廚房", "jpg");
    const uploaded = await uploadViaApi(name, await jpeg(), "image/jpeg");
    const { page } = await openLibrary();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await card(page, name).getByRole("button", { name: `預覽 ${name}` }).click();
    await expect.poll(() => preview(page).isVisible(), WAIT).toBe(true);
    expect(await page.locator("dialog[open] h2").textContent()).toBe(name);
    expect(await textOf(page, "preview-size")).toBe(formatFileSize(uploaded.file_size));
    expect(await textOf(page, "preview-type")).toBe("JPG 圖片");
    expect(await textOf(page, "preview-time")).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await textOf(page, "preview-dimensions")).toBe("1200 × 800");
    expect(await textOf(page, "preview-usages")).toBe("未被使用");
    const url = `${e2e.server.baseUrl}${uploaded.file_path}`;
    expect(await page.getByTestId("preview-url").inputValue()).toBe(url);
    expect(await preview(page).locator("img").getAttribute("src")).toMatch(/-1024w\.webp$/);

    await preview(page).getByRole("button", { name: "複製網址" }).click();
    await expect.poll(() => textOf(page, "preview-notice"), WAIT).toBe("已複製到剪貼簿");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const alt = preview(page).getByLabel("替代文字（alt）");
    await alt.fill("  清潔後的廚房流理台  ");
    await preview(page).getByRole("button", { name: "儲存替代文字" }).click();
    await expect.poll(() => textOf(page, "preview-notice"), WAIT).toBe("已儲存替代文字");
    expect((await listFiles()).find((file) => file.id === uploaded.id)?.alt_text).toBe("清潔後的廚房流理台");
    await expect.poll(() => card(page, name).locator("img").getAttribute("alt"), WAIT).toBe("清潔後的廚房流理台");

    await preview(page).getByRole("button", { name: "關閉", exact: true }).first().click();
    await expect.poll(() => page.locator("dialog[open]").count(), WAIT).toBe(0);
    await card(page, name).getByRole("button", { name: `預覽 ${name}` }).click();
    await expect.poll(() => preview(page).getByLabel("替代文字（alt）").inputValue(), WAIT).toBe("清潔後的廚房流理台");
  });

  it("copies a URL from the card too, and names where a file is used", async () => {
    const name = unique("logo", "png");
    const uploaded = await uploadViaApi(name, await png(), "image/png");
    await e2e.server.updateSettings({ og_image: uploaded.file_path });
    const { page } = await openLibrary();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await card(page, name).getByRole("button", { name: `複製 ${name} 的網址` }).click();
    await expect.poll(() => textOf(page, "media-notice"), WAIT).toBe("已複製到剪貼簿");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.baseUrl}${uploaded.file_path}`);

    await card(page, name).getByRole("button", { name: `預覽 ${name}` }).click();
    await expect.poll(() => textOf(page, "preview-usages"), WAIT).toBe("網站設定：分享時的預覽圖片");
    // 64 px wide: the only variant is the original's own width.
    expect(await preview(page).locator("img").getAttribute("src")).toMatch(/-64w\.webp$/);
  });

  it("shows a placeholder icon when a thumbnail cannot be loaded", async () => {
    e2e.expectConsoleError(/status of 404/);
    const name = unique("broken", "jpg");
    await uploadViaApi(name, await jpeg(800, 600), "image/jpeg");
    const { page } = await signedInPage(e2e, "/admin/login");
    await page.route("**/uploads/**", (route) => route.fulfill({ status: 404, body: "" }));
    await visit(page, "/admin/media");
    await expect.poll(() => card(page, name).getByTestId("media-broken").count(), WAIT).toBe(1);
    expect(await card(page, name).locator("img").count()).toBe(0);
  });

  it("shows a video as a poster-less <video preload=metadata> with a video icon, 處理中（N%） while the server works on it, then 無法讀取", async () => {
    const name = unique("影片", "mp4");
    // An MP4 header: the server types it by these bytes; FFmpeg cannot read the rest, so the video job ends it as an error.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(256)]);
    const uploaded = await uploadViaApi(name, mp4, "video/mp4");
    const { page } = await signedInPage(e2e, "/admin/login");
    // The first answer says the file is still processing (the job is faster than the screen here);
    // the screen asks again by itself while a video processes, and the next answers are the server's own.
    let first = true;
    await page.route("**/admin-api.php/media", async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      const body = (await response.json()) as { success: boolean; data: MediaFile[] };
      const data = body.data.map((file) => (file.id === uploaded.id ? { ...file, video: { ...file.video, status: "processing", progress: 40, error: "", play_url: "" } } : file));
      await route.fulfill({ response, json: { ...body, data } });
    });
    await visit(page, "/admin/media");
    const state = card(page, name).getByTestId("media-video-state");
    await expect.poll(() => state.textContent(), WAIT).toBe("處理中（40%）");
    await expect.poll(() => state.textContent(), WAIT).toBe("無法讀取");
    const video = card(page, name).locator("video");
    expect(await video.getAttribute("preload")).toBe("metadata");
    expect(await video.getAttribute("poster")).toBeNull();
    expect(await card(page, name).locator("svg.lucide-file-video, svg.lucide-video").count()).toBe(1);
  });
});

describe("delete", () => {
  it("asks in our own dialog naming the file and the trash, keeps it when declined, moves it to 回收桶 when accepted (from the preview too), and 還原 puts it back", async () => {
    const name = unique("to-delete", "png");
    const uploaded = await uploadViaApi(name, await png(), "image/png");
    const other = await uploadViaApi(unique("to-delete-too", "png"), await png(), "image/png");
    const { page } = await openLibrary();
    const question = { title: "刪除檔案", message: "確定要刪除這個檔案嗎？刪除後會移到回收桶，30 天內可以還原。", confirmLabel: "刪除" };

    await card(page, name).getByRole("button", { name: `刪除 ${name}` }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({ ...question, items: [name] });
    expect(await card(page, name).count()).toBe(1);

    // From the preview the question stands above the preview dialog and answers there.
    await card(page, name).getByRole("button", { name: `預覽 ${name}` }).click();
    await preview(page).getByRole("button", { name: "刪除檔案" }).click();
    expect((await answerConfirm(page, "confirm")).items).toEqual([name]);
    await expect.poll(() => card(page, name).count(), WAIT).toBe(0);
    await expect.poll(() => page.locator("dialog[open]").count(), WAIT).toBe(0);
    await expect.poll(() => textOf(page, "media-notice"), WAIT).toBe(`已將「${name}」移到回收桶，30 天內可以在回收桶還原`);
    expect((await listFiles()).some((file) => file.id === uploaded.id)).toBe(false);
    // Nothing that still shows it breaks while it waits in the trash.
    expect((await fetch(`${e2e.server.baseUrl}${uploaded.file_path}`)).status).toBe(200);

    // By keyboard: the card's button, Enter, the focus on 取消 (the safe answer), Tab to 刪除, Enter.
    await card(page, other.original_name).getByRole("button", { name: `刪除 ${other.original_name}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe("取消");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => card(page, other.original_name).count(), WAIT).toBe(0);

    await page.getByRole("button", { name: /^回收桶/ }).click();
    const trashItem = page.getByTestId("trash-item").filter({ has: page.getByTestId("trash-name").getByText(name, { exact: true }) });
    await trashItem.getByRole("button", { name: `還原 ${name}` }).click();
    await expect.poll(() => textOf(page, "media-notice"), WAIT).toBe(`已還原「${name}」到媒體庫`);
    expect((await listFiles()).some((file) => file.id === uploaded.id)).toBe(true);
    await page.getByRole("button", { name: "媒體庫", exact: true }).click();
    await expect.poll(() => card(page, name).count(), WAIT).toBe(1);
  });

  it("a file in use: 刪除 names where it is used before asking anything and offers no delete, by mouse and by keyboard; the preview says the same", async () => {
    const name = unique("used-logo", "png");
    const uploaded = await uploadViaApi(name, await png(), "image/png");
    await e2e.server.updateSettings({ og_image: uploaded.file_path });
    const { page } = await openLibrary();
    const deletes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "DELETE") deletes.push(request.url());
    });

    await card(page, name).getByRole("button", { name: `刪除 ${name}` }).click();
    const dialog = inUseDialog(page);
    await expect.poll(() => dialog.count(), WAIT).toBe(1);
    expect(await dialog.locator("h2").textContent()).toBe("這個檔案正在使用中");
    expect(await dialog.getByTestId("media-in-use-message").textContent()).toContain(`「${name}」正在下列地方使用`);
    expect(await dialog.getByTestId("media-in-use-items").locator("li").allTextContents()).toEqual(["網站設定：分享時的預覽圖片"]);
    expect(await dialog.getByRole("button", { name: /刪除/ }).count()).toBe(0);
    expect.soft(await axeViolations(page), "axe on the file-in-use dialog").toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    await card(page, name).getByRole("button", { name: `刪除 ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe("知道了");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(deletes).toEqual([]);

    await card(page, name).getByRole("button", { name: `預覽 ${name}` }).click();
    await expect.poll(() => textOf(page, "preview-in-use-note"), WAIT).toContain("不能刪除");
    expect(await preview(page).getByRole("button", { name: "刪除檔案" }).count()).toBe(0);
    expect((await listFiles()).some((file) => file.id === uploaded.id)).toBe(true);
  });

  it("a file that became used after the list was loaded: the server's refusal names where (409), and the file stays", async () => {
    e2e.expectConsoleError(/status of 409/);
    const name = unique("late-logo", "png");
    const uploaded = await uploadViaApi(name, await png(), "image/png");
    const { page } = await openLibrary();
    await e2e.server.updateSettings({ og_image: uploaded.file_path });

    await card(page, name).getByRole("button", { name: `刪除 ${name}` }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => textOf(page, "media-action-error"), WAIT).toBe("此檔案正在使用中，無法刪除：網站設定：分享時的預覽圖片");
    expect(await card(page, name).count()).toBe(1);
    expect((await listFiles()).some((file) => file.id === uploaded.id)).toBe(true);
    await e2e.server.updateSettings({ og_image: "" });
  });
});

describe("cleanup of unused files", () => {
  it("lists the files it will move (names, thumbnails, count) before asking, moves exactly those, and keeps one that became used meanwhile", async () => {
    const used = await uploadViaApi(unique("kept", "png"), await png(), "image/png");
    await e2e.server.updateSettings({ og_image: used.file_path });
    const a = await uploadViaApi(unique("unused-a", "png"), await png(), "image/png");
    const b = await uploadViaApi(unique("unused-b", "jpg"), await jpeg(320, 200), "image/jpeg");
    const before = await listFiles();
    const unused = before.filter((file) => file.usage_count === 0);
    expect(unused.length).toBeGreaterThanOrEqual(2);

    const { page } = await openLibrary();
    const { dialog, names } = await openCleanup(page);
    expect(await dialog.locator("h2").textContent()).toBe("清理未使用檔案");
    expect(await dialog.getByTestId("cleanup-question").textContent()).toBe(`下列 ${unused.length} 個檔案沒有被任何內容使用，確認後會移到回收桶，30 天內可以還原，之後會永久刪除。`);
    expect([...names].sort()).toEqual(unused.map((file) => file.original_name).sort());
    expect(names).not.toContain(used.original_name);
    const listedB = dialog.getByTestId("cleanup-file").filter({ hasText: b.original_name });
    expect(await listedB.locator("img").getAttribute("src")).toMatch(/-320w\.webp$/);
    expect(await dialog.getByRole("button", { name: `移到回收桶（${unused.length} 個）` }).count()).toBe(1);
    expect.soft(await axeViolations(page), "axe on the cleanup preview").toEqual([]);

    // While the dialog is open, another administrator puts b on the site.
    await e2e.server.updateSettings({ og_image: b.file_path });
    await dialog.getByRole("button", { name: `移到回收桶（${unused.length} 個）` }).click();
    const summary = page.getByTestId("cleanup-summary");
    await expect.poll(() => summary.count(), WAIT).toBe(1);
    const numbers = Object.fromEntries(
      await summary.locator("dl > div").evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent, Number(row.querySelector("dd")!.textContent)])),
    );
    expect(numbers).toEqual({ 移到回收桶: unused.length - 1, 未使用檔案: unused.length - 1, 清理前檔案總數: before.length, 清理後檔案總數: before.length - unused.length + 1 });
    expect(await textOf(page, "cleanup-kept-note")).toBe("有 1 個檔案在確認前開始被使用，已保留在媒體庫。");
    expect(await page.getByTestId("cleanup-warning").count()).toBe(0);

    const after = await listFiles();
    expect(after.map((file) => file.id)).toEqual(expect.arrayContaining([used.id, b.id]));
    expect(after.some((file) => file.id === a.id)).toBe(false);
    await expect.poll(() => page.getByTestId("media-item").count(), WAIT).toBe(after.length);
    await e2e.server.updateSettings({ og_image: "" });
  });

  it("by keyboard: Enter opens it with the focus on 取消; Escape closes it and nothing moves; Tab and Enter confirm", async () => {
    const stays = await uploadViaApi(unique("stays", "png"), await png(), "image/png");
    const { page } = await openLibrary();
    const moves: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/cleanup-unused")) moves.push(request.postDataJSON());
    });
    await page.getByRole("button", { name: "清理未使用檔案" }).focus();
    await page.keyboard.press("Enter");
    const dialog = cleanupDialog(page);
    await expect.poll(() => dialog.getByTestId("cleanup-dialog").getAttribute("data-state"), WAIT).toBe("ready");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("取消");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    // Only the dry run was asked: nothing moved.
    expect(moves).toEqual([{ delete: false }]);
    expect((await listFiles()).some((file) => file.id === stays.id)).toBe(true);
    expect(await page.getByTestId("cleanup-summary").count()).toBe(0);

    // Escape gives the focus back to the button only once the screen has let the dialog go,
    // so Enter on it opens the dialog again (decision 039).
    await page.getByRole("button", { name: "清理未使用檔案" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByTestId("cleanup-dialog").getAttribute("data-state"), WAIT).toBe("ready");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe("清理未使用檔案");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByTestId("cleanup-dialog").getAttribute("data-state"), WAIT).toBe("ready");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^移到回收桶（\d+ 個）$/);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("cleanup-summary").count(), WAIT).toBe(1);
    expect((await listFiles()).some((file) => file.id === stays.id)).toBe(false);
  });

  it("says so when nothing is unused, with nothing to confirm", async () => {
    await uploadViaApi(unique("last-unused", "png"), await png(), "image/png");
    const { page } = await openLibrary();
    await confirmCleanup(page);
    await expect.poll(() => page.getByTestId("cleanup-summary").count(), WAIT).toBe(1);
    const { dialog } = await openCleanup(page);
    expect(await dialog.getByTestId("cleanup-nothing").textContent()).toBe("目前沒有未被使用的檔案，不需要清理。");
    expect(await dialog.getByRole("button", { name: /^移到回收桶/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: "知道了" }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
  });

  it("warns about failed deletions and shows each failure in the spec's words", async () => {
    e2e.expectConsoleError(/status of 500|status of 503|ERR_FAILED/);
    await uploadViaApi(unique("listed", "png"), await png(), "image/png");
    const { page } = await openLibrary();
    let answer: (route: Route) => Promise<void> = (route) => route.continue();
    // The move answers as each case says; the dry run before it is the server's own, so the dialog lists real files.
    await page.route("**/admin-api.php/media/cleanup-unused", (route) => ((route.request().postDataJSON() as { delete?: boolean }).delete ? answer(route) : route.continue()));
    const json = (status: number, body: unknown) => (route: Route) =>
      route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

    answer = json(200, {
      success: true,
      data: { deleted_count: 3, unused_count: 5, total_files_before: 9, total_files_after: 6, error_count: 2, deleted_files: [], unused_files: [], errors: ["a", "b"] },
    });
    await confirmCleanup(page);
    await expect.poll(() => textOf(page, "cleanup-warning"), WAIT).toBe("有 2 個檔案刪除失敗，請檢查伺服器檔案權限");

    const cases: Array<[(route: Route) => Promise<void>, string]> = [
      [json(500, { success: false, message: "磁碟為唯讀狀態" }), "磁碟為唯讀狀態"],
      [json(503, { success: false }), "清理失敗 (503)"],
      [(route) => route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" }), "伺服器回應非 JSON"],
      [(route) => route.abort(), "清理過程中發生錯誤，請稍後再試"],
    ];
    for (const [handler, message] of cases) {
      answer = handler;
      await confirmCleanup(page);
      await expect.poll(() => textOf(page, "cleanup-error"), { ...WAIT, message }).toBe(message);
      expect(await page.getByTestId("cleanup-summary").count()).toBe(0);
    }

    // A dry run that fails says so in the same words, and asks nothing.
    await page.unroute("**/admin-api.php/media/cleanup-unused");
    await page.route("**/admin-api.php/media/cleanup-unused", json(500, { success: false, message: "資料庫暫時無法使用" }));
    await page.getByRole("button", { name: "清理未使用檔案" }).click();
    await expect.poll(() => textOf(page, "cleanup-error"), WAIT).toBe("資料庫暫時無法使用");
    expect(await cleanupDialog(page).count()).toBe(0);
  });
});

describe("search and views", () => {
  it("filters by original or stored file name, says when nothing matches, and switches between a 2/4/6-column grid and a list", async () => {
    const stem = `search-${Date.now().toString(36)}`;
    const first = await uploadViaApi(`${stem}-浴室.png`, await png(), "image/png");
    await uploadViaApi(`${stem}-陽台.png`, await png(), "image/png");
    const { page } = await openLibrary();
    const search = page.getByRole("searchbox", { name: "搜尋檔案名稱" });

    await search.fill(stem);
    await expect.poll(() => cardNames(page), WAIT).toEqual([`${stem}-陽台.png`, `${stem}-浴室.png`]);
    expect(await textOf(page, "media-count")).toMatch(/^找到 2 個檔案（共 \d+ 個）$/);
    await search.fill(" 浴室 ");
    await expect.poll(() => cardNames(page), WAIT).toEqual([`${stem}-浴室.png`]);
    await search.fill(first.filename.slice(0, 12).toUpperCase());
    await expect.poll(() => cardNames(page), WAIT).toEqual([`${stem}-浴室.png`]);
    await search.fill("no-such-file-anywhere");
    await expect.poll(() => textOf(page, "media-no-match"), WAIT).toBe("找不到符合「no-such-file-anywhere」的檔案");
    await search.fill(stem);

    const grid = page.getByTestId("media-grid");
    await expect.poll(() => grid.count(), WAIT).toBe(1);
    expect((await grid.getAttribute("class"))?.split(" ")).toEqual(expect.arrayContaining(["grid-cols-2", "md:grid-cols-4", "xl:grid-cols-6"]));
    const columns = () => grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").length);
    expect(await columns()).toBe(6); // 1280 px: xl
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect.poll(columns, WAIT).toBe(4);
    await page.setViewportSize({ width: 500, height: 900 });
    await expect.poll(columns, WAIT).toBe(2);
    await page.setViewportSize({ width: 1280, height: 800 });

    expect(await page.getByRole("button", { name: "格狀檢視" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "清單檢視" }).click();
    await expect.poll(() => page.getByTestId("media-list").count(), WAIT).toBe(1);
    expect(await grid.count()).toBe(0);
    expect(await page.getByRole("button", { name: "清單檢視" }).getAttribute("aria-pressed")).toBe("true");
    expect(await cardNames(page)).toEqual([`${stem}-陽台.png`, `${stem}-浴室.png`]);
    expect(await card(page, `${stem}-浴室.png`).textContent()).toContain("PNG 圖片");
    await page.getByRole("button", { name: "格狀檢視" }).click();
    await expect.poll(() => grid.count(), WAIT).toBe(1);
  });
});

describe("load errors, each in the spec's words (002 §8)", () => {
  it("載入失敗 (status), the server's message, and the network error, each with a way to retry", async () => {
    e2e.expectConsoleError(/status of 500|ERR_FAILED/);
    const { page } = await signedInPage(e2e, "/admin/login");
    let answer: (route: Route) => Promise<void> = (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"內部錯誤"}' });
    await page.route("**/admin-api.php/media", (route) => answer(route));
    await visit(page, "/admin/media");
    const error = page.getByTestId("media-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("載入失敗 (500)");

    answer = (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false,"message":"媒體資料表不存在"}' });
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.textContent(), WAIT).toContain("媒體資料表不存在");

    answer = (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false}' });
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.textContent(), WAIT).toContain("載入媒體檔案失敗");

    answer = (route) => route.abort();
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.textContent(), WAIT).toContain("網路連線錯誤，請檢查網路後重試");

    answer = (route) => route.continue();
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => error.count(), WAIT).toBe(0);
    expect(pathOf(page)).toBe("/admin/media");
  });

  it("登入已過期，請重新登入 with a link to the login screen on a 401", async () => {
    e2e.expectConsoleError(/status of 401/);
    const { page } = await signedInPage(e2e, "/admin/login");
    await page.route("**/admin-api.php/media", (route) => route.fulfill({ status: 401, contentType: "application/json", body: '{"success":false,"message":"登入已失效"}' }));
    await visit(page, "/admin/media");
    const error = page.getByTestId("media-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("登入已過期，請重新登入");
    expect(pathOf(page)).toBe("/admin/media");
    expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
    await error.getByRole("link", { name: "前往登入頁面" }).click();
    await expectPath(page, "/admin/login");
  });

  it("請先登入後台管理系統 when the token is gone, then the login screen after 2 seconds", async () => {
    const { page } = await openLibrary();
    await page.evaluate(() => {
      localStorage.removeItem("admin_token");
      sessionStorage.removeItem("admin_token");
    });
    const since = Date.now();
    await page.getByRole("button", { name: "重新整理" }).click();
    await expect.poll(() => page.getByTestId("media-load-error").textContent(), WAIT).toContain("請先登入後台管理系統");
    expect(pathOf(page)).toBe("/admin/media");
    expect(await page.evaluate(() => localStorage.getItem("admin_user"))).toBeNull();
    await expectPath(page, "/admin/login");
    expect(Date.now() - since).toBeGreaterThanOrEqual(1_900);
  });
});

describe("the trash (decision 024)", () => {
  it("cleanup moves unused files to 回收桶; 還原 puts one back, 永久刪除 asks in our dialog naming the file and removes it", async () => {
    const keep = await uploadViaApi(unique("trash-restore", "png"), await png(), "image/png");
    const gone = await uploadViaApi(unique("trash-purge", "png"), await png(), "image/png");
    const { page } = await openLibrary();
    await confirmCleanup(page);
    await expect.poll(() => page.getByTestId("cleanup-trash-note").count(), WAIT).toBe(1);
    expect(await page.getByTestId("cleanup-trash-note").textContent()).toMatch(/個未使用的檔案已移到回收桶，30 天內可以還原，之後會自動永久刪除。/);
    await expect.poll(() => card(page, keep.original_name).count(), WAIT).toBe(0);

    await page.getByRole("button", { name: "查看回收桶" }).click();
    const trashItem = (name: string) => page.getByTestId("trash-item").filter({ has: page.getByTestId("trash-name").getByText(name, { exact: true }) });
    await expect.poll(() => trashItem(keep.original_name).count(), WAIT).toBe(1);
    expect(await trashItem(gone.original_name).count()).toBe(1);
    // Still served while in the trash: nothing that uses it breaks.
    expect((await fetch(`${e2e.server.baseUrl}${gone.file_path}`)).status).toBe(200);

    await trashItem(keep.original_name).getByRole("button", { name: `還原 ${keep.original_name}` }).click();
    await expect.poll(() => textOf(page, "media-notice"), WAIT).toBe(`已還原「${keep.original_name}」到媒體庫`);
    await expect.poll(() => trashItem(keep.original_name).count(), WAIT).toBe(0);
    expect((await listFiles()).some((file) => file.id === keep.id)).toBe(true);

    await trashItem(gone.original_name).getByRole("button", { name: `永久刪除 ${gone.original_name}` }).click();
    expect(await answerConfirm(page, "confirm")).toMatchObject({ title: "永久刪除檔案", items: [gone.original_name], confirmLabel: "永久刪除" });
    await expect.poll(() => textOf(page, "media-notice"), WAIT).toBe(`已永久刪除「${gone.original_name}」`);
    await expect.poll(() => trashItem(gone.original_name).count(), WAIT).toBe(0);
    expect((await fetch(`${e2e.server.baseUrl}${gone.file_path}`)).status).toBe(404);

    await page.getByRole("button", { name: "媒體庫", exact: true }).click();
    await expect.poll(() => card(page, keep.original_name).count(), WAIT).toBe(1);
  });
});

describe("the issue's staff path: a service card picture survives cleanup", () => {
  // Services are entered once, in 服務管理 (decision 031): the services page shows their pictures.
  it("服務管理 → 新增服務項目 → 上傳主圖 → 儲存, then 媒體庫 → 清理未使用檔案: /services still shows the picture", async () => {
    const { page } = await signedInPage(e2e, "/admin/services");
    await page.getByTestId("item-row").first().waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "新增服務項目" }).click();
    const itemDialog = page.locator("dialog[open]").filter({ has: page.getByTestId("item-form") });
    const title = `玻璃清潔-${Date.now().toString(36)}`;
    await itemDialog.getByLabel(/^服務名稱/).fill(title);
    await itemDialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => itemDialog.count(), WAIT).toBe(0);
    // Pictures after the first save (002 §4): the item opens again to take its main image.
    const row = page.getByTestId("item-row").filter({ has: page.getByTestId("item-name").getByText(title, { exact: true }) });
    await row.getByRole("button", { name: /^編輯/ }).click();
    const dialog = itemDialog;
    const field = dialog.getByTestId("field-main_image");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), field.getByRole("button", { name: "上傳圖片" }).click()]);
    await chooser.setFiles({ name: "玻璃.jpg", mimeType: "image/jpeg", buffer: await jpeg(800, 600) });
    await expect.poll(() => field.getByTestId("main-image-preview").getAttribute("src"), WAIT).toMatch(/^\/uploads\/.+/);
    const imagePath = (await field.getByTestId("main-image-preview").getAttribute("src"))!;
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => itemDialog.count(), WAIT).toBe(0);

    await visit(page, "/admin/media");
    await expect.poll(() => page.getByTestId("media-count").textContent(), WAIT).toMatch(/共 \d+ 個檔案/);
    const cleanup = await openCleanup(page);
    expect(cleanup.names).not.toContain("玻璃.jpg");
    await cleanup.dialog.getByRole("button", { name: /^移到回收桶/ }).click();
    await expect.poll(() => page.getByTestId("cleanup-summary").count(), WAIT).toBe(1);
    expect((await listFiles()).find((file) => file.file_path === imagePath)?.usages.map((usage) => usage.label)).toEqual([`服務項目「${title}」（主要圖片）`]);

    const visitor = await e2e.newPage();
    await visitor.goto("/services");
    const serviceCard = visitor.getByTestId("service-card").filter({ has: visitor.locator("h3", { hasText: title }) });
    await expect.poll(() => serviceCard.count(), WAIT).toBe(1);
    const picture = serviceCard.locator("img").first();
    // The cards' pictures load lazily: bring it on screen as a visitor scrolling down would.
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), WAIT).toBe(true);
    expect((await fetch(`${e2e.server.baseUrl}${imagePath}`)).status).toBe(200);
  });
});
