// The page builder in the back office against the real server (issue 24;
// 002 §2.6, §2.7, §3, §9): a free page built with every element type by
// mouse and published to its own address; another built by keyboard alone
// (the canvas's and the outline's arrows, menus, 移動到…, Alt + arrows and
// dnd-kit's keyboard drag), each change announced; undo / redo by button and
// by keys across a dialog edit;
// duplicate and delete through our dialog; a layout change that keeps the
// elements; copy on one page and paste on another; the autosaved draft after
// a reload and discarded; two tabs and the conflict dialog's two answers; the
// findings on their element and before publishing; an older HTML page opened
// in the builder; the phone rules seen on the public page; axe, tap targets
// and names in the editor at 1280 and 375 px, and a typo fixed on a phone;
// buttons added by mouse and by keyboard and a service card's button with
// the services' icons, published and followed to the contact form; a
// finding's 前往修改 on its element and in the publish dialog (decision 041).
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import type { Page as PageRecord } from "#contract/pages.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { builderContent, codeElement, container, imageElement, serviceCardElement, spacerElement, textElement, tree, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { FINDING_MESSAGES } from "#web/page-builder/findings/rules.ts";
import { adminApi, signedInPage, uploadMedia } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 15_000 };

const api = (method: string, path: string, body?: unknown) => adminApi(e2e, e2e.server.token, method, path, body);
const stored = (key: string) => e2e.server.services.pages.get(key) as Promise<PageRecord>;
const storedTree = async (key: string) => (JSON.parse((await stored(key)).content) as { builder: BuilderTree }).builder;

/** A free page made through the API, as another session (or an older release) would have left it. */
async function createPage(key: string, title: string, content: string, isActive = 1) {
  const { status, body } = await api("POST", "/admin-api.php/pages", { page_key: key, title, content, is_active: isActive });
  if (!body.success) throw new Error(`POST ${key} answered ${status}: ${body.message}`);
}

let thumbnail: Buffer;
beforeAll(async () => {
  thumbnail = await photo(480, 360, 3).jpeg().toBuffer();
});

/** The tests run offline: YouTube's thumbnails are answered locally, every other host refused. */
async function offline(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    route.request().url().startsWith("https://i.ytimg.com/") ? route.fulfill({ contentType: "image/jpeg", body: thumbnail }) : route.abort(),
  );
}

async function openScreen(viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await offline(page);
  await visit(page, "/admin/pages");
  await expect.poll(() => page.getByTestId("page-row").count(), WAIT).toBeGreaterThanOrEqual(3);
  return page;
}

const editor = (page: Page) => page.getByTestId("page-editor");
const builder = (page: Page) => page.getByTestId("page-builder");
const announced = (page: Page) => page.getByTestId("pb-announcer").textContent().then((text) => (text ?? "").replace(/\u200b/g, ""));
/** An open dialog of ours, by the test id of what it holds. */
const dialogWith = (page: Page, testId: string) => page.locator("dialog[open]:not([data-testid=page-editor])").filter({ has: page.getByTestId(testId) });

async function openEditor(page: Page, title: string) {
  await page.getByRole("button", { name: `編輯「${title}」` }).click();
  await expect.poll(() => builder(page).isVisible(), WAIT).toBe(true);
}

/** The card of an element by its name (圖片：門面). */
const card = (page: Page, name: string) => builder(page).getByTestId("pb-element").filter({ has: page.getByRole("button", { name, exact: true }) });
/** The names of a column's element cards, in order. */
const cardNames = (column: Locator) => column.getByTestId("pb-element-select").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
const column = (page: Page, place: string) => builder(page).getByRole("group", { name: place, exact: true });

/** 新增容器 (or 新增第一個容器) with a layout picked in the layout dialog. */
async function addContainer(page: Page, layout: string, first = false) {
  await builder(page).getByTestId(first ? "pb-add-first-container" : "pb-add-container").click();
  const picker = page.getByTestId("layout-picker");
  await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
  await picker.getByTestId(`layout-${layout}`).click();
  await picker.getByRole("button", { name: "套用版面" }).click();
  await expect.poll(() => picker.count(), WAIT).toBe(0);
}

/** 新增元素 in a column, the type chosen from its menu; returns the element's dialog. */
async function addElement(page: Page, place: string, type: string, form: string): Promise<Locator> {
  await builder(page).getByRole("button", { name: `新增元素到${place}` }).click();
  await page.getByRole("menuitem", { name: type }).click();
  const dialog = dialogWith(page, form);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  return dialog;
}

async function saveDialog(dialog: Locator) {
  await dialog.getByRole("button", { name: "儲存", exact: true }).click();
  await expect.poll(() => dialog.count(), WAIT).toBe(0);
}

/** The focused control's name, as the keyboard's user hears it (its aria-label, its label, or its words). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active) return "";
    // A required field's label ends with its * mark, which is not part of its name.
    const labelled = (active as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, "").trim() ?? "";
    return active.getAttribute("aria-label") ?? (labelled || active.textContent?.trim() || "");
  });
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");

/** Tab (forwards) until the focus is on the control named `name`: the keyboard's way to a control of a dialog. */
async function tabTo(page: Page, name: string) {
  for (let step = 0; step < 40; step += 1) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${name}`);
}

/** An arrow key in the canvas (or the outline) until the focus is on the node named `name`. */
async function walkTo(page: Page, key: string, name: string) {
  for (let step = 0; step < 20; step += 1) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${name}`);
}

/** What dnd-kit's own live region says during a keyboard drag. */
const dragSaid = (page: Page) => page.locator("[id^=DndLiveRegion]").textContent();

/** Space on a drag handle, then two frames: dnd-kit measures where things can go after the pick-up, and an arrow before that goes nowhere. */
async function pickUp(page: Page, name: string) {
  await page.keyboard.press("Space");
  await expect.poll(() => dragSaid(page), WAIT).toBe(`已拿起「${name}」`);
  await settled(page);
}

/** Two frames: a dialog that closed hands the focus back in the frame after (page-builder-editor.tsx), and a key before that lands on the node it leaves. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** 發布, the editor closing on the list's toast. */
async function publish(page: Page) {
  await editor(page).getByTestId("publish-page").click();
  await expect.poll(() => page.getByTestId("pages-notice").textContent(), WAIT).toBe("頁面已儲存");
}

describe("building a page by mouse", () => {
  it("makes a free page with every element type, publishes it and shows it at its own address", async () => {
    const page = await openScreen();
    await page.getByTestId("new-page").click();
    const form = page.getByTestId("new-page-form");
    // A key that would shadow a path of the site is refused at its field.
    await form.getByLabel("網址").fill("blog");
    await form.getByLabel("頁面標題").fill("春季清潔優惠");
    await form.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => form.getByTestId("error-page_key").textContent(), WAIT).toContain("blog");
    await form.getByLabel("網址").fill("spring-deal");
    await form.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => page.getByTestId("page-editor-notice").textContent(), WAIT).toBe("頁面已建立");
    await expect.poll(() => builder(page).getByTestId("pb-empty").isVisible(), WAIT).toBe(true);

    await addContainer(page, "1-1", true);
    expect(await announced(page)).toBe("已新增第 1 個容器（兩欄平分）");
    await addContainer(page, "1");
    expect(await builder(page).getByTestId("pb-container").count()).toBe(2);

    // Text, through the news editor's toolbar.
    const text = await addElement(page, "第 1 個容器第 1 欄", "文字", "pb-text-form");
    const content = text.getByTestId("rich-text-content");
    await content.click();
    await text.getByRole("button", { name: "大標題" }).click();
    // The toolbar hands the focus back to the text in the next frame; type once it is there (as pages.spec.ts).
    await expect.poll(() => content.evaluate((element) => element.contains(document.activeElement)), WAIT).toBe(true);
    await page.keyboard.type("春季大掃除");
    await page.keyboard.press("Enter");
    await page.keyboard.type("從廚房到浴室，一次打理乾淨。");
    await saveDialog(text);
    expect(await announced(page)).toBe("已新增「文字：春季大掃除 從廚房到浴室，一次打理乾淨。」到第 1 個容器第 1 欄");

    // A picture uploaded inside the media library; without its alt text the dialog refuses it.
    const image = await addElement(page, "第 1 個容器第 2 欄", "圖片", "pb-image-form");
    await image.getByRole("button", { name: "從媒體庫選擇" }).click();
    const picker = page.getByTestId("media-picker");
    await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
    await picker.getByTestId("media-file-input").setInputFiles({ name: "kitchen.jpg", mimeType: "image/jpeg", buffer: await photo(1200, 800, 4).jpeg({ quality: 80 }).toBuffer() });
    await expect.poll(() => picker.getByTestId("picker-count").textContent(), WAIT).toBe("已選擇 1 個檔案");
    await picker.getByRole("button", { name: "確定", exact: true }).click();
    await expect.poll(() => picker.count(), WAIT).toBe(0);
    await expect.poll(() => image.getByTestId("src-preview").evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBeGreaterThan(0);
    await image.getByRole("button", { name: "儲存", exact: true }).click();
    await expect.poll(() => image.getByLabel("替代文字").getAttribute("aria-invalid"), WAIT).toBe("true");
    expect(await image.getByLabel("替代文字").evaluate((input) => input === document.activeElement)).toBe(true);
    await image.getByLabel("替代文字").fill("整理後的廚房");
    await saveDialog(image);

    // A YouTube video by its address, a code snippet, a spacer and a service card in the second container.
    const video = await addElement(page, "第 2 個容器第 1 欄", "影片", "pb-video-form");
    await video.getByLabel("YouTube 網址或影片 ID").fill("https://youtu.be/dQw4w9WgXcQ");
    expect(await video.getByTestId("youtube-recognised").textContent()).toBe("已辨識影片 ID：dQw4w9WgXcQ");
    await video.getByLabel("影片標題").fill("水塔清洗過程");
    await saveDialog(video);

    // The snippet's script is shown in the editor's sandboxed frames only, where the browser refuses to run it (and says so).
    e2e.expectConsoleError(/Blocked script execution in 'about:srcdoc'/);
    const code = await addElement(page, "第 2 個容器第 1 欄", "程式碼", "pb-code-form");
    await code.getByLabel("HTML 程式碼").fill('<p>線上預約表單</p><script>document.title = "x"</script>');
    await code.getByLabel("框架名稱").fill("預約表單");
    expect(await code.getByTestId("code-preview").locator("iframe").getAttribute("sandbox")).toBe("");
    await saveDialog(code);

    const spacer = await addElement(page, "第 2 個容器第 1 欄", "間距", "pb-spacer-form");
    await spacer.getByLabel("高度（像素）").fill("32");
    await saveDialog(spacer);

    const serviceCard = await addElement(page, "第 2 個容器第 1 欄", "服務卡片", "pb-card-form");
    await serviceCard.getByLabel("標題").fill("居家清潔");
    await serviceCard.getByLabel("說明（選填）").fill("定期打掃，家裡常保乾淨");
    await serviceCard.getByRole("button", { name: "新增項目" }).click();
    await page.keyboard.type("廚房除油");
    await serviceCard.getByText("閃電", { exact: true }).click();
    await serviceCard.getByLabel("背景顏色", { exact: true }).fill("#fef3c7");
    expect(await serviceCard.getByTestId("card-contrast").textContent()).toMatch(/清楚易讀$/);
    await saveDialog(serviceCard);

    expect(await cardNames(column(page, "第 2 個容器第 1 欄"))).toEqual(["影片：水塔清洗過程", "程式碼：程式碼片段：預約表單", "間距：間距 32px", "服務卡片：居家清潔"]);
    expect(await builder(page).getByTestId("pb-size").textContent()).toBe("2 個容器・6 個元素");

    await editor(page).getByTestId("page-active").check();
    await publish(page);
    const saved = await storedTree("spring-deal");
    expect(saved.containers.map((entry) => entry.columns.map((col) => col.elements.map((element) => element.type)))).toEqual([[["text"], ["image"]], [["video", "code", "spacer", "serviceCard"]]]);

    const visitor = await e2e.newPage(DESKTOP);
    await offline(visitor);
    expect(await visit(visitor, "/spring-deal")).toBe(200);
    expect(await visitor.locator("main h1").first().textContent()).toBe("春季清潔優惠");
    const built = visitor.locator(".pb-page");
    expect(await built.locator("h2").textContent()).toBe("春季大掃除");
    const picture = built.getByRole("img", { name: "整理後的廚房" });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBeGreaterThan(0);
    expect(await built.getByRole("link", { name: "播放影片：水塔清洗過程" }).count()).toBe(1);
    const frame = built.locator("iframe.pb-code");
    expect(await frame.getAttribute("title")).toBe("預約表單");
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await frame.getAttribute("srcdoc")).not.toContain("<script");
    expect(await built.locator(".pb-spacer").evaluate((element) => element.getBoundingClientRect().height)).toBe(32);
    expect(await built.locator(".pb-card-title").textContent()).toBe("居家清潔");
    expect(await built.locator(".pb-card-items li").allTextContents()).toEqual(["廚房除油"]);
    // Side by side at 1280 px: the text's column left of the picture's.
    const [left, right] = await Promise.all([built.locator(".pb-text").boundingBox(), picture.boundingBox()]);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);

    // A free page can be deleted (after our dialog names it and its address); its address then answers 404.
    await page.getByRole("button", { name: "刪除「春季清潔優惠」" }).click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked).toMatchObject({ title: "刪除頁面", items: ["春季清潔優惠（/spring-deal）"], confirmLabel: "刪除" });
    await expect.poll(() => page.locator('[data-testid=page-row][data-page-key="spring-deal"]').count(), WAIT).toBe(0);
    expect((await e2e.server.fetchPage("/spring-deal")).status).toBe(404);
  });
});

describe("building a page by keyboard alone", () => {
  it("adds containers and elements, walks the outline, moves with 移動到…, Alt + ↓ and a keyboard drag, each change announced", async () => {
    await createPage("by-keyboard", "鍵盤建立的頁面", builderContent(tree()), 0);
    const page = await openScreen();
    await page.getByRole("button", { name: "編輯「鍵盤建立的頁面」" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => builder(page).isVisible(), WAIT).toBe(true);

    // A container: the layout dialog starts on 單欄, → chooses 兩欄平分, 套用版面 applies it.
    await builder(page).getByTestId("pb-add-first-container").focus();
    await page.keyboard.press("Enter");
    const chosenLayout = () => page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    await expect.poll(chosenLayout, WAIT).toBe("1");
    await page.keyboard.press("ArrowRight");
    expect(await chosenLayout()).toBe("1-1");
    await tabTo(page, "套用版面");
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page), WAIT).toBe("已新增第 1 個容器（兩欄平分）");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("pb-container-select");

    // The canvas's arrows walk its nodes: ↓ reaches the first column, and Tab its 新增元素.
    // Its menu: ↓ opens it on 文字, ↓ ↓ ↓ ↓ reaches 間距; its dialog takes the cursor, Enter saves.
    await walkTo(page, "ArrowDown", "第 1 欄（50%）");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("新增元素到第 1 個容器第 1 欄");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedName(page), WAIT).toBe("文字");
    for (let step = 0; step < 4; step += 1) await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("間距");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page), WAIT).toBe("高度（像素）");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("24");
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page), WAIT).toBe("已新增「間距：間距 24px」到第 1 個容器第 1 欄");
    await expect.poll(() => focusedName(page), WAIT).toBe("間距：間距 24px");

    for (const [place, key, column, words] of [
      ["第 1 個容器第 1 欄", "ArrowUp", "第 1 欄（50%）", "第一段"],
      ["第 1 個容器第 2 欄", "ArrowDown", "第 2 欄（50%）", "第二段"],
    ] as const) {
      await walkTo(page, key, column);
      await page.keyboard.press("Tab");
      expect(await focusedName(page)).toBe(`新增元素到${place}`);
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedName(page), WAIT).toBe("文字");
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedTestId(page), WAIT).toBe("rich-text-content");
      await page.keyboard.type(words);
      await tabTo(page, "儲存");
      await page.keyboard.press("Enter");
      await expect.poll(() => announced(page), WAIT).toBe(`已新增「文字：${words}」到${place}`);
    }
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["間距：間距 24px", "文字：第一段"]);

    // The outline: ↓ walks the tree, Home / End jump, the canvas shows the same node selected.
    const outline = builder(page).getByTestId("pb-outline");
    await outline.getByTestId("pb-outline-container").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toContain("間距：間距 24px");
    await expect.poll(() => card(page, "間距：間距 24px").getAttribute("data-selected"), WAIT).toBe("true");
    await page.keyboard.press("End");
    expect(await focusedName(page)).toContain("文字：第二段");
    await page.keyboard.press("Home");
    expect(await focusedName(page)).toContain("第 1 個容器");

    // Alt + ↓ moves the spacer below the first paragraph; the focus stays on it in the outline.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => announced(page), WAIT).toBe("已將「間距：間距 24px」移到第 1 個容器第 1 欄的第 2 個位置");
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["文字：第一段", "間距：間距 24px"]);
    expect(await focusedTestId(page)).toBe("pb-outline-element");
    expect(await focusedName(page)).toContain("間距：間距 24px");

    // Enter opens its dialog; Escape closes it and gives the focus back to the outline.
    await page.keyboard.press("Enter");
    await expect.poll(() => dialogWith(page, "pb-spacer-form").count(), WAIT).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialogWith(page, "pb-spacer-form").count(), WAIT).toBe(0);
    await expect.poll(() => focusedTestId(page), WAIT).toBe("pb-outline-element");
    await settled(page);

    // A text's dialog too, with the cursor in the rich text.
    await page.keyboard.press("ArrowUp");
    expect(await focusedName(page)).toContain("文字：第一段");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("rich-text-content");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialogWith(page, "pb-text-form").count(), WAIT).toBe(0);
    // The body's words hold every name: the focus is back on the outline's item first.
    await expect.poll(() => focusedTestId(page), WAIT).toBe("pb-outline-element");
    expect(await focusedName(page)).toContain("文字：第一段");
    await settled(page);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => card(page, "間距：間距 24px").getAttribute("data-selected"), WAIT).toBe("true");

    // 移動到…: the spacer into the second column, at its end.
    await builder(page).getByRole("button", { name: "移動到…：間距：間距 24px" }).focus();
    await page.keyboard.press("Enter");
    const move = dialogWith(page, "pb-move-form");
    await expect.poll(() => move.count(), WAIT).toBe(1);
    await tabTo(page, "欄");
    await page.keyboard.press("ArrowDown");
    expect(await move.getByTestId("pb-move-position").locator("option:checked").textContent()).toBe("最後面");
    await tabTo(page, "移動");
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page), WAIT).toBe("已將「間距：間距 24px」移到第 1 個容器第 2 欄的第 2 個位置");
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["文字：第二段", "間距：間距 24px"]);

    // dnd-kit's keyboard drag: Space picks the paragraph up, ↓ carries it past the spacer, Space drops it.
    await builder(page).getByRole("button", { name: "拖曳移動：文字：第二段" }).focus();
    await pickUp(page, "文字：第二段");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => dragSaid(page), WAIT).toContain("移到第 1 個容器第 2 欄的第 2 個位置");
    await page.keyboard.press("Space");
    await expect.poll(() => announced(page), WAIT).toBe("已將「文字：第二段」移到第 1 個容器第 2 欄的第 2 個位置");
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["間距：間距 24px", "文字：第二段"]);
    expect(await focusedName(page)).toBe("拖曳移動：文字：第二段");

    // ← carries it into the first column.
    await pickUp(page, "文字：第二段");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => dragSaid(page), WAIT).toContain("第 1 個容器第 1 欄");
    await page.keyboard.press("Space");
    await expect.poll(() => announced(page), WAIT).toMatch(/^已將「文字：第二段」移到第 1 個容器第 1 欄/);
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["間距：間距 24px"]);

    // Delete in the outline asks in our dialog (its focus on 取消); 刪除 deletes, the focus goes to the column left behind.
    await outline.getByTestId("pb-outline-element").filter({ hasText: "間距：間距 24px" }).focus();
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("confirm-dialog").isVisible(), WAIT).toBe(true);
    expect(await focusedName(page)).toBe("取消");
    await tabTo(page, "刪除");
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page), WAIT).toBe("已刪除「間距：間距 24px」");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("pb-outline-column");
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual([]);
  });
});

describe("undo, redo, duplicate and delete", () => {
  it("undoes and redoes a dialog edit by button and by keys, duplicates an element and deletes it and its container after our dialog names them", async () => {
    await createPage("undo-redo", "復原測試頁", builderContent(tree(container("1-1", [[textElement("<p>原本的文字</p>"), spacerElement(40)], []]))));
    const page = await openScreen();
    await openEditor(page, "復原測試頁");
    const undo = builder(page).getByTestId("pb-undo");
    const redo = builder(page).getByTestId("pb-redo");
    expect(await undo.getAttribute("aria-disabled")).toBe("true");
    expect(await redo.getAttribute("aria-disabled")).toBe("true");

    await builder(page).getByRole("button", { name: "文字：原本的文字", exact: true }).click();
    await builder(page).getByRole("button", { name: "編輯：文字：原本的文字" }).click();
    const text = dialogWith(page, "pb-text-form");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("rich-text-content");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("改過的文字");
    await saveDialog(text);
    expect(await announced(page)).toBe("已更新「文字：改過的文字」");
    expect(await undo.getAttribute("aria-disabled")).toBeNull();

    const names = () => cardNames(column(page, "第 1 個容器第 1 欄"));
    await undo.click();
    expect(await names()).toEqual(["文字：原本的文字", "間距：間距 40px"]);
    expect(await announced(page)).toBe("已復原：編輯「文字：改過的文字」");
    await redo.click();
    expect(await names()).toEqual(["文字：改過的文字", "間距：間距 40px"]);
    expect(await announced(page)).toBe("已重做：編輯「文字：改過的文字」");

    // The same by keys, with the focus on the element's card.
    await builder(page).getByRole("button", { name: "文字：改過的文字", exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+z");
    expect(await names()).toEqual(["文字：原本的文字", "間距：間距 40px"]);
    await page.keyboard.press("ControlOrMeta+Shift+z");
    expect(await names()).toEqual(["文字：改過的文字", "間距：間距 40px"]);
    await page.keyboard.press("ControlOrMeta+z");
    await page.keyboard.press("ControlOrMeta+y");
    expect(await names()).toEqual(["文字：改過的文字", "間距：間距 40px"]);

    // 複製一份 puts the copy below and selects it; 刪除 asks first, naming the element.
    await builder(page).getByRole("button", { name: "複製一份：文字：改過的文字" }).click();
    expect(await announced(page)).toBe("已複製一份「文字：改過的文字」，放在它的下方");
    expect(await names()).toEqual(["文字：改過的文字", "文字：改過的文字", "間距：間距 40px"]);
    await expect.poll(() => builder(page).getByTestId("pb-element").nth(1).getAttribute("data-selected"), WAIT).toBe("true");
    await builder(page).getByTestId("pb-element").nth(1).getByRole("button", { name: "刪除：文字：改過的文字" }).click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked).toMatchObject({ title: "刪除元素", items: ["文字：改過的文字"], confirmLabel: "刪除" });
    expect(await announced(page)).toBe("已刪除「文字：改過的文字」");
    expect(await names()).toEqual(["文字：改過的文字", "間距：間距 40px"]);

    // A container: 取消 keeps it; 刪除 takes it with its elements, and 復原 brings both back.
    await builder(page).getByTestId("pb-container-select").click();
    await builder(page).getByRole("button", { name: "刪除：第 1 個容器（兩欄平分）" }).click();
    const cancelled = await answerConfirm(page, "cancel");
    expect(cancelled.items).toEqual(["第 1 個容器（兩欄平分）"]);
    expect(cancelled.message).toContain("其中的 2 個元素也會一起刪除");
    expect(await builder(page).getByTestId("pb-container").count()).toBe(1);
    await builder(page).getByRole("button", { name: "刪除：第 1 個容器（兩欄平分）" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => builder(page).getByTestId("pb-empty").isVisible(), WAIT).toBe(true);
    await undo.click();
    expect(await names()).toEqual(["文字：改過的文字", "間距：間距 40px"]);
  });
});

describe("changing a container's layout", () => {
  it("keeps every element: three columns to two, then to one, the extra columns' elements moved to the last column", async () => {
    const [first, second, third] = ["<p>第一欄</p>", "<p>第二欄</p>", "<p>第三欄</p>"].map((html) => textElement(html));
    await createPage("layout-change", "版面變更頁", builderContent(tree(container("1-1-1", [[first!], [second!], [third!]]))));
    const page = await openScreen();
    await openEditor(page, "版面變更頁");

    const change = async (from: string, to: string) => {
      await builder(page).getByTestId("pb-container-select").click();
      await builder(page).getByRole("button", { name: `變更版面：第 1 個容器（${from}）` }).click();
      const picker = page.getByTestId("layout-picker");
      await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
      await picker.getByTestId(`layout-${to}`).click();
      await picker.getByRole("button", { name: "套用版面" }).click();
    };
    await change("三欄平分", "1-1");
    expect(await announced(page)).toBe("已將第 1 個容器變更為「兩欄平分」版面，1 個元素移到最後一欄");
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["文字：第二欄", "文字：第三欄"]);
    await change("兩欄平分", "1");
    expect(await announced(page)).toBe("已將第 1 個容器變更為「單欄」版面，2 個元素移到最後一欄");
    expect(await builder(page).getByTestId("pb-column").count()).toBe(1);
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["文字：第一欄", "文字：第二欄", "文字：第三欄"]);

    await builder(page).getByTestId("pb-undo").click();
    await builder(page).getByTestId("pb-undo").click();
    expect(await builder(page).getByTestId("pb-column").count()).toBe(3);
    expect(await cardNames(column(page, "第 1 個容器第 3 欄"))).toEqual(["文字：第三欄"]);
  });
});

describe("copy and paste", () => {
  it("copies a service card on one page and pastes it on another, by key and by the toolbar, with new ids", async () => {
    const source = serviceCardElement("地毯清洗");
    await createPage("copy-from", "複製來源頁", builderContent(tree(container("1", [[source]]))));
    await createPage("copy-to", "貼上目標頁", builderContent(tree(container("1-1", [[textElement("<h2>目標頁的文字</h2>")], []]))));
    const page = await openScreen();
    await openEditor(page, "複製來源頁");
    expect(await builder(page).getByTestId("pb-copy").getAttribute("aria-disabled")).toBe("true");
    await builder(page).getByRole("button", { name: "服務卡片：地毯清洗", exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+c");
    await expect.poll(() => builder(page).getByTestId("pb-notice").textContent(), WAIT).toBe("已複製「服務卡片：地毯清洗」，可以貼到這個或其他頁面");
    await editor(page).getByRole("button", { name: "關閉編輯器" }).click();
    await expect.poll(() => editor(page).count(), WAIT).toBe(0);

    await openEditor(page, "貼上目標頁");
    await builder(page).getByRole("button", { name: "文字：目標頁的文字", exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+v");
    await expect.poll(() => announced(page), WAIT).toBe("已貼上「服務卡片：地毯清洗」到第 1 個容器第 1 欄");
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["文字：目標頁的文字", "服務卡片：地毯清洗"]);

    // 貼上 with the empty second column selected puts another copy there.
    await column(page, "第 1 個容器第 2 欄").getByTestId("pb-column-select").click();
    await builder(page).getByTestId("pb-paste").click();
    expect(await announced(page)).toBe("已貼上「服務卡片：地毯清洗」到第 1 個容器第 2 欄");
    // The card's title is an H3: the page's H2 comes first, so the findings have nothing to say.
    await publish(page);

    const saved = await storedTree("copy-to");
    const cards = saved.containers[0]!.columns.flatMap((col) => col.elements).filter((element) => element.type === "serviceCard");
    expect(cards.map((element) => ({ ...element, id: "" }))).toEqual([{ ...source, id: "" }, { ...source, id: "" }]);
    expect(new Set([source.id, ...cards.map((element) => element.id)]).size).toBe(3);
  });
});

describe("autosave", () => {
  it("saves a draft after a change, finds it after a reload, and discarding it brings back the published page", async () => {
    await createPage("autosaved", "自動儲存頁", builderContent(tree(container("1", [[textElement("<p>已發布的文字</p>")]]))));
    const page = await openScreen();
    await openEditor(page, "自動儲存頁");
    const status = editor(page).getByTestId("autosave-status");
    expect(await status.textContent()).toBe("");

    await builder(page).getByRole("button", { name: "文字：已發布的文字", exact: true }).dblclick();
    const text = dialogWith(page, "pb-text-form");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("rich-text-content");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("草稿中的文字");
    await saveDialog(text);
    // The dialog's close and the status's render are separate frames; on a loaded machine the test can read between them.
    // The autosave waits 3 s, so 有未儲存的變更 is there long enough to be seen.
    await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe("有未儲存的變更");
    await expect.poll(() => status.textContent(), WAIT).toBe("已儲存");
    expect(await status.getAttribute("role")).toBe("status");
    const draft = await stored("autosaved");
    expect(draft.draft).toBeTruthy();
    expect(draft.content).toContain("已發布的文字");

    await page.reload();
    await expect.poll(() => page.locator('[data-testid=page-row][data-page-key="autosaved"]').getByTestId("page-has-draft").textContent(), WAIT).toBe("有未發布的變更");
    await openEditor(page, "自動儲存頁");
    expect(await editor(page).getByTestId("page-draft-notice").isVisible()).toBe(true);
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["文字：草稿中的文字"]);
    // Visitors still read the published page.
    expect((await e2e.server.fetchPage("/autosaved")).html).toContain("已發布的文字");

    await editor(page).getByTestId("discard-draft").click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked).toMatchObject({ title: "放棄草稿", confirmLabel: "放棄草稿" });
    await expect.poll(() => cardNames(column(page, "第 1 個容器第 1 欄")), WAIT).toEqual(["文字：已發布的文字"]);
    expect(await editor(page).getByTestId("page-draft-notice").count()).toBe(0);
    expect((await stored("autosaved")).draft).toBeFalsy();
  });
});

describe("two tabs on the same page", () => {
  it("asks the second saver which version to keep: 保留我的版本 saves over the first, 載入最新版本 takes the other's", async () => {
    await createPage("two-tabs", "兩個分頁", builderContent(tree(container("1", [[textElement("<p>共同編輯</p>")]]))));
    // Each conflict's save is refused with 409 before the dialog asks.
    e2e.expectConsoleError(/409/);
    const first = await openScreen();
    const second = await openScreen();
    await openEditor(first, "兩個分頁");
    await openEditor(second, "兩個分頁");
    const status = (page: Page) => editor(page).getByTestId("autosave-status");

    // The first tab's change is saved.
    await builder(first).getByRole("button", { name: "文字：共同編輯", exact: true }).click();
    await builder(first).getByRole("button", { name: "複製一份：文字：共同編輯" }).click();
    await expect.poll(() => status(first).textContent(), WAIT).toBe("已儲存");

    // The second tab's save finds it: 保留我的版本 saves the second tab's work over it.
    await addContainer(second, "1-1");
    const conflict = (page: Page) => dialogWith(page, "page-conflict-dialog");
    await expect.poll(() => conflict(second).count(), WAIT).toBe(1);
    expect(await conflict(second).locator("h2").textContent()).toBe("這個頁面已在其他地方修改");
    expect(await status(second).textContent()).toBe("儲存失敗");
    await conflict(second).getByRole("button", { name: "保留我的版本" }).click();
    await expect.poll(() => status(second).textContent(), WAIT).toBe("已儲存");
    const kept = (await stored("two-tabs")).draft!;
    expect(JSON.parse(kept.content).builder.containers).toHaveLength(2);

    // The first tab's next save finds the second's: 載入最新版本 shows it there.
    await builder(first).getByTestId("pb-undo").click();
    await expect.poll(() => conflict(first).count(), WAIT).toBe(1);
    await conflict(first).getByRole("button", { name: "載入最新版本" }).click();
    await expect.poll(() => editor(first).getByTestId("page-editor-notice").textContent(), WAIT).toBe("已載入最新版本");
    expect(await builder(first).getByTestId("pb-container").count()).toBe(2);
    expect(await cardNames(column(first, "第 1 個容器第 1 欄"))).toEqual(["文字：共同編輯"]);
    expect(await status(first).textContent()).toBe("");
  });
});

describe("buttons", () => {
  it("adds a button by mouse and one by keyboard, a service card's button to its service, publishes them and follows 立即預約 to the contact form", async () => {
    await createPage("book-now", "立即預約頁", builderContent(tree(container("1", [[textElement("<h2>春季優惠</h2>")]]))), 1);
    const page = await openScreen();
    await openEditor(page, "立即預約頁");

    // By mouse: 儲存 without words is refused at the field; 聯絡我們 with a service of 服務管理 chosen from its list.
    const first = await addElement(page, "第 1 個容器第 1 欄", "按鈕", "pb-button-form");
    await first.getByRole("button", { name: "儲存", exact: true }).click();
    await expect.poll(() => first.getByTestId("error-text").textContent(), WAIT).toBe("請輸入按鈕文字");
    await first.getByLabel("按鈕文字").fill("立即預約");
    expect(await first.getByRole("radio", { name: "聯絡我們" }).isChecked()).toBe(true);
    const service = first.getByLabel("預填的服務（選填）");
    await expect.poll(() => service.locator("option").allTextContents(), WAIT).toContain("水塔清洗消毒");
    await service.selectOption({ label: "水塔清洗消毒" });
    expect(await first.getByText("訪客會看到聯絡表單，主旨已填好「諮詢服務：水塔清洗消毒」").count()).toBe(1);
    expect(await first.getByTestId("button-preview").locator("a.pb-button-primary").textContent()).toBe("立即預約");
    expect.soft(await axeViolations(page), "axe with the button's dialog open").toEqual([]);
    await saveDialog(first);
    expect(await announced(page)).toBe("已新增「按鈕：立即預約（聯絡我們：水塔清洗消毒）」到第 1 個容器第 1 欄");

    // By keyboard: the menu's End reaches 按鈕, → in the target's radios chooses 撥打電話, which says the settings' phone.
    await builder(page).getByRole("button", { name: "新增元素到第 1 個容器第 1 欄" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedName(page), WAIT).toBe("文字");
    await page.keyboard.press("End");
    expect(await focusedName(page)).toBe("按鈕");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page), WAIT).toBe("按鈕文字");
    await page.keyboard.type("撥打電話");
    await tabTo(page, "聯絡我們");
    await page.keyboard.press("ArrowRight");
    expect(await focusedName(page)).toBe("撥打電話");
    const second = dialogWith(page, "pb-button-form");
    await expect.poll(() => second.getByTestId("target-settings-note").textContent(), WAIT).toBe("會撥打網站設定的公司電話：02-2420-0000（電話改了，按鈕也跟著改）");
    await tabTo(page, "主要按鈕（實心）");
    await page.keyboard.press("ArrowRight");
    expect(await focusedName(page)).toBe("次要按鈕（外框）");
    await tabTo(page, "儲存");
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page), WAIT).toBe("已新增「按鈕：撥打電話（撥打電話）」到第 1 個容器第 1 欄");

    // A service card: the services' twelve icons first, then the spec's; its button goes to its own service's page.
    const cardForm = await addElement(page, "第 1 個容器第 1 欄", "服務卡片", "pb-card-form");
    await cardForm.getByLabel("標題").fill("水塔清洗消毒");
    const cleaning = cardForm.getByTestId("icon-group-0");
    expect(await cleaning.locator("label").allTextContents()).toEqual(["水滴", "閃亮", "寶石", "汽車", "人員", "派對", "鐵鎚", "樹木", "沙發", "水波", "建築", "警示盾牌"]);
    expect(await cardForm.getByTestId("icon-group-1").locator("label").count()).toBe(13);
    await cleaning.getByText("水滴", { exact: true }).click();
    await cardForm.getByTestId("field-action").getByRole("radio", { name: "按鈕" }).check();
    expect(await cardForm.getByLabel("連結文字").inputValue()).toBe("了解更多");
    expect(await cardForm.getByRole("radio", { name: "網站的其他頁面" }).isChecked()).toBe(true);
    const destination = cardForm.getByLabel("要前往的頁面");
    await expect.poll(() => destination.locator("option:checked").textContent(), WAIT).toBe("水塔清洗消毒");
    expect(await destination.locator("optgroup").evaluateAll((groups) => groups.map((group) => group.getAttribute("label")))).toEqual(["網站頁面", "服務介紹頁", "自訂頁面"]);
    await saveDialog(cardForm);

    // A button to a service's page is named by the service, in the announcement and on its card: never /services/1.
    const toService = await addElement(page, "第 1 個容器第 1 欄", "按鈕", "pb-button-form");
    await toService.getByLabel("按鈕文字").fill("看服務介紹");
    await toService.getByRole("radio", { name: "網站的其他頁面" }).check();
    const servicePage = toService.getByLabel("要前往的頁面");
    await expect.poll(() => servicePage.locator("option").allTextContents(), WAIT).toContain("水塔清洗消毒");
    await servicePage.selectOption({ label: "水塔清洗消毒" });
    await saveDialog(toService);
    await expect.poll(() => announced(page), WAIT).toBe("已新增「按鈕：看服務介紹（前往 水塔清洗消毒）」到第 1 個容器第 1 欄");
    expect(await card(page, "按鈕：看服務介紹（前往 水塔清洗消毒）").count()).toBe(1);

    await publish(page);
    const saved = (await storedTree("book-now")).containers[0]!.columns[0]!.elements;
    expect(saved.slice(1).map((element) => (element.type === "button" ? [element.text, element.target, element.look] : element.type === "serviceCard" ? [element.icon, element.action] : element.type))).toEqual([
      ["立即預約", { kind: "contact", service: "水塔清洗消毒" }, "primary"],
      ["撥打電話", { kind: "phone" }, "secondary"],
      ["Droplets", { look: "button", text: "了解更多", target: { kind: "page", path: "/services/1" } }],
      ["看服務介紹", { kind: "page", path: "/services/1" }, "primary"],
    ]);

    const visitor = await e2e.newPage(MOBILE);
    await offline(visitor);
    await visit(visitor, "/book-now");
    const built = visitor.locator(".pb-page");
    expect(await built.getByRole("link", { name: "撥打電話" }).getAttribute("href")).toBe("tel:0224200000");
    expect(await built.getByRole("link", { name: "了解更多" }).getAttribute("href")).toBe("/services/1");
    expect(await axeViolations(visitor)).toEqual([]);
    const reserve = built.getByRole("link", { name: "立即預約" });
    expect(await reserve.getAttribute("href")).toBe(`/contact?service=${encodeURIComponent("水塔清洗消毒")}`);
    await reserve.click();
    await visitor.waitForURL(/\/contact\?service=/);
    await expect.poll(() => visitor.getByLabel("主旨").inputValue(), WAIT).toBe("諮詢服務：水塔清洗消毒");
  });
});

describe("accessibility findings", () => {
  it("shows a picture without alt text on its element and before publishing, and clears it once described", async () => {
    const picture = await uploadMedia(e2e, "tank.jpg", await photo(800, 600, 6).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
    await createPage("findings", "檢查頁", `<div class="container"><div class="column" style="width: 100%"><div class="text"><h2>水塔清洗</h2></div><img src="${picture.file_path}"></div></div>`);
    const page = await openScreen();
    await openEditor(page, "檢查頁");
    const image = card(page, "圖片：圖片（缺少替代文字）");
    await expect.poll(() => image.getByTestId("pb-finding").getAttribute("data-rule"), WAIT).toBe("image-alt");
    expect(await image.getByTestId("pb-finding-text").textContent()).toBe(FINDING_MESSAGES.imageAlt);
    expect(await builder(page).getByTestId("pb-outline-element").filter({ hasText: "1 個問題" }).count()).toBe(1);

    // 前往修改 on the element: it is selected and its dialog opens, the cursor in its first field.
    await image.getByRole("button", { name: "前往修改：圖片：圖片（缺少替代文字）" }).click();
    const form = dialogWith(page, "pb-image-form");
    await expect.poll(() => form.count(), WAIT).toBe(1);
    await expect.poll(() => image.getAttribute("data-selected"), WAIT).toBe("true");
    await form.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => form.count(), WAIT).toBe(0);

    await editor(page).getByTestId("publish-page").click();
    const findings = dialogWith(page, "publish-findings-dialog");
    await expect.poll(() => findings.count(), WAIT).toBe(1);
    const place = "第 1 個容器第 1 欄的第 2 個元素「圖片：圖片（缺少替代文字）」";
    expect(await findings.getByTestId("publish-findings-dialog-items").locator("li > span").allTextContents()).toEqual([`${place}：${FINDING_MESSAGES.imageAlt}`]);
    await findings.getByRole("button", { name: "返回修改" }).click();
    await expect.poll(() => findings.count(), WAIT).toBe(0);
    expect(await editor(page).isVisible()).toBe(true);

    // 前往修改 in the publish dialog, asked from 預覽 (the builder off screen): the dialog closes, the
    // builder comes back and the picture's dialog opens, focus in it.
    await editor(page).getByRole("button", { name: "預覽", exact: true }).click();
    await expect.poll(() => builder(page).count(), WAIT).toBe(0);
    await editor(page).getByTestId("publish-page").click();
    await expect.poll(() => findings.count(), WAIT).toBe(1);
    await findings.getByRole("button", { name: `前往修改：${place}` }).click();
    await expect.poll(() => findings.count(), WAIT).toBe(0);
    await expect.poll(() => form.count(), WAIT).toBe(1);
    await expect.poll(() => form.evaluate((dialog) => dialog.contains(document.activeElement)), WAIT).toBe(true);
    expect(await editor(page).getByRole("button", { name: "編輯", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await form.getByLabel("替代文字").fill("清洗後的水塔");
    await saveDialog(form);
    await expect.poll(() => card(page, "圖片：清洗後的水塔").getByTestId("pb-findings").count(), WAIT).toBe(0);
    await publish(page);
    expect((await e2e.server.fetchPage("/findings")).html).toContain('alt="清洗後的水塔"');
  });
});

describe("an older HTML page", () => {
  it("opens in the builder: containers, columns and text from its markup, an unknown tag kept as a code element with its note", async () => {
    await createPage(
      "older-page",
      "舊版頁面",
      '<div class="container"><div class="column" style="width: 50%"><div class="text"><p>左邊的說明</p></div></div><div class="column" style="width: 50%"><div class="text"><p>右邊的說明</p></div><details><summary>常見問題</summary><p>多久清洗一次？</p></details></div></div>',
    );
    const page = await openScreen();
    await openEditor(page, "舊版頁面");
    expect(await editor(page).getByRole("button", { name: "視覺編輯" }).getAttribute("aria-pressed")).toBe("true");
    expect(await builder(page).getByTestId("pb-container-select").getAttribute("aria-label")).toBe("第 1 個容器（兩欄平分）");
    expect(await cardNames(column(page, "第 1 個容器第 1 欄"))).toEqual(["文字：左邊的說明"]);
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["文字：右邊的說明", "程式碼：舊版頁面的內容（程式碼片段）"]);

    await builder(page).getByRole("button", { name: "程式碼：舊版頁面的內容（程式碼片段）", exact: true }).dblclick();
    const code = dialogWith(page, "pb-code-form");
    await expect.poll(() => code.getByTestId("code-note").textContent(), WAIT).toBe("舊版頁面中無法辨識的內容，已原樣保留為程式碼區塊（只在隔離的框架中顯示）");
    expect(await code.getByLabel("HTML 程式碼").inputValue()).toContain("<details>");
    await code.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => code.count(), WAIT).toBe(0);

    // 富文字 asks first; back to 視覺編輯 untouched, the page is its own tree again, code element and all.
    const toRichText = async () => {
      await editor(page).getByRole("button", { name: "富文字" }).click();
      const asked = await answerConfirm(page, "confirm");
      expect(asked).toMatchObject({ title: "改用富文字編輯", confirmLabel: "改用富文字" });
      await expect.poll(() => editor(page).getByTestId("rich-text-content").textContent(), WAIT).toContain("左邊的說明");
      expect(await builder(page).count()).toBe(0);
    };
    await toRichText();
    await editor(page).getByRole("button", { name: "視覺編輯" }).click();
    await expect.poll(() => builder(page).isVisible(), WAIT).toBe(true);
    expect(await editor(page).getByTestId("page-editor-notice").textContent()).toBe("已切換回視覺編輯，版面維持原樣");
    expect(await cardNames(column(page, "第 1 個容器第 2 欄"))).toEqual(["文字：右邊的說明", "程式碼：舊版頁面的內容（程式碼片段）"]);

    // Edited in rich text, the page comes back as its text, the layout flattened.
    await toRichText();
    await editor(page).getByTestId("rich-text-content").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("富文字中加上的一段");
    await editor(page).getByRole("button", { name: "視覺編輯" }).click();
    await expect.poll(() => builder(page).isVisible(), WAIT).toBe(true);
    const names = await builder(page).getByTestId("pb-element-select").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    expect(names.every((name) => name.startsWith("文字："))).toBe(true);
    expect(names.join()).toContain("左邊的說明");
    expect(names.join()).toContain("富文字中加上的一段");
  });
});

describe("phone rules", () => {
  it("reverses a container's columns and hides one on phones: side by side at 1280 px, stacked reversed without it at 375 px", async () => {
    const [first, second, third] = ["<p>第一欄文字</p>", "<p>第二欄文字</p>", "<p>第三欄文字</p>"].map((html) => textElement(html));
    await createPage("phone-rules", "手機規則頁", builderContent(tree(container("1-1-1", [[first!], [second!], [third!]]))));
    const page = await openScreen();
    await openEditor(page, "手機規則頁");
    await builder(page).getByTestId("pb-container-select").click();
    await builder(page).getByRole("button", { name: "手機版與背景：第 1 個容器（三欄平分）" }).click();
    const settings = dialogWith(page, "pb-settings-form");
    await expect.poll(() => settings.count(), WAIT).toBe(1);
    await settings.getByLabel("反向排列").check();
    await settings.getByLabel("第 2 欄（33.33%）").check();
    await settings.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => settings.count(), WAIT).toBe(0);
    expect(await announced(page)).toBe("已更新第 1 個容器的手機版設定與背景");
    expect(await builder(page).getByTestId("pb-container-select").getAttribute("aria-label")).toBe("第 1 個容器（三欄平分），手機：反向排列、隱藏 1 欄");
    expect(await column(page, "第 1 個容器第 2 欄").getByText("手機隱藏").count()).toBe(1);

    // The editor's preview at each device width: side by side on a tablet, as the phone rule says on a phone.
    await editor(page).getByRole("button", { name: "分割", exact: true }).click();
    const preview = editor(page).frameLocator("iframe[title='頁面內容預覽']");
    const previewed = (element: { id: string }) => preview.locator(`[data-pb-id="${element.id}"]`).boundingBox();
    await editor(page).getByRole("button", { name: "平板", exact: true }).click();
    expect(await editor(page).getByTestId("page-preview-frame").evaluate((frame) => frame.getBoundingClientRect().width)).toBe(768);
    await expect.poll(async () => (await previewed(third!))?.x ?? 0, WAIT).toBeGreaterThan((await previewed(first!))!.x);
    await editor(page).getByRole("button", { name: "手機", exact: true }).click();
    expect(await editor(page).getByTestId("page-preview-frame").evaluate((frame) => frame.getBoundingClientRect().width)).toBe(375);
    await expect.poll(() => previewed(second!), WAIT).toBeNull();
    const [phoneFirst, phoneThird] = [await previewed(first!), await previewed(third!)];
    expect(phoneThird!.y + phoneThird!.height).toBeLessThanOrEqual(phoneFirst!.y);
    await publish(page);

    const boxes = async (viewport: { width: number; height: number }) => {
      const visitor = await e2e.newPage(viewport);
      await visit(visitor, "/phone-rules");
      return Promise.all([first!, second!, third!].map((element) => visitor.locator(`[data-pb-id="${element.id}"]`).boundingBox()));
    };
    const [wideFirst, wideSecond, wideThird] = await boxes(DESKTOP);
    expect(wideSecond!.x).toBeGreaterThan(wideFirst!.x);
    expect(wideThird!.x).toBeGreaterThan(wideSecond!.x);
    expect(Math.abs(wideFirst!.y - wideThird!.y)).toBeLessThan(1);
    const [narrowFirst, narrowSecond, narrowThird] = await boxes(MOBILE);
    expect(narrowSecond).toBeNull();
    expect(narrowThird!.y + narrowThird!.height).toBeLessThanOrEqual(narrowFirst!.y);
    expect(Math.abs(narrowFirst!.x - narrowThird!.x)).toBeLessThan(1);
  });
});

describe("accessibility of the editor", () => {
  let everyType: BuilderTree;
  beforeAll(async () => {
    const picture = await uploadMedia(e2e, "living-room.jpg", await photo(800, 600, 8).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
    everyType = tree(
      container("1-1", [[textElement("<h2>服務介紹</h2><p>我們提供專業的清節</p>"), imageElement(picture.file_path, "整理好的客廳")], [youtubeElement("水塔清洗過程"), codeElement("<p>預約表單</p>")]]),
      container("1", [[spacerElement(24), serviceCardElement("居家清潔")]]),
    );
    await createPage("editor-a11y", "無障礙檢查頁", builderContent(everyType));
  });

  it.each([
    { name: "desktop", viewport: DESKTOP },
    { name: "phone", viewport: MOBILE },
  ])("has no axe violation at $name width: nothing, a container and an element selected, an element's dialog and the layout dialog open", async ({ name, viewport }) => {
    const page = await openScreen(viewport);
    await openEditor(page, "無障礙檢查頁");
    const check = async (where: string) => {
      expect.soft(await axeViolations(page), `axe with ${where} (${name})`).toEqual([]);
      if (viewport === MOBILE) {
        expect.soft(await smallTapTargets(page), `tap targets with ${where}`).toEqual([]);
        expect.soft(await unnamedControls(page), `unnamed controls with ${where}`).toEqual([]);
      }
    };
    // The previews have loaded (YouTube's thumbnail answered locally).
    await expect.poll(() => builder(page).locator("img").evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)), WAIT).toBe(true);
    await check("nothing selected");
    if (viewport === MOBILE) {
      await builder(page).getByTestId("pb-outline-toggle").click();
      await expect.poll(() => builder(page).getByTestId("pb-outline").isVisible(), WAIT).toBe(true);
    }
    await builder(page).getByTestId("pb-container-select").first().click();
    await check("a container selected");
    await builder(page).getByRole("button", { name: "圖片：整理好的客廳", exact: true }).click();
    await check("an element selected");
    if (viewport === MOBILE) {
      await builder(page).getByRole("button", { name: "動作：圖片：整理好的客廳" }).click();
      await check("an element's menu open");
      await page.getByRole("menuitem", { name: "編輯" }).click();
    } else {
      await builder(page).getByRole("button", { name: "編輯：圖片：整理好的客廳" }).click();
    }
    const image = dialogWith(page, "pb-image-form");
    await expect.poll(() => image.count(), WAIT).toBe(1);
    await check("the image's dialog open");
    await image.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => image.count(), WAIT).toBe(0);
    await builder(page).getByTestId("pb-add-container").click();
    await expect.poll(() => page.getByTestId("layout-picker").isVisible(), WAIT).toBe(true);
    await check("the layout dialog open");
  });

  it("lets a phone fix a typo in a text element and publish it", async () => {
    const page = await openScreen(MOBILE);
    await openEditor(page, "無障礙檢查頁");
    const name = "文字：服務介紹 我們提供專業的清節";
    await builder(page).getByRole("button", { name: `動作：${name}` }).click();
    await page.getByRole("menuitem", { name: "編輯" }).click();
    const text = dialogWith(page, "pb-text-form");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("rich-text-content");
    expect(await text.evaluate((dialog) => dialog.getBoundingClientRect().width)).toBeLessThanOrEqual(MOBILE.width);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.type("潔");
    await saveDialog(text);
    expect(await announced(page)).toBe("已更新「文字：服務介紹 我們提供專業的清潔」");
    await publish(page);
    const { html } = await e2e.server.fetchPage("/editor-a11y");
    expect(html).toContain("我們提供專業的清潔");
    expect(html).not.toContain("清節");
  });
});
