// A dialog opened from inside another dialog or an editor (decision 039;
// decision 039): confirmed and cancelled by its button, by Enter and by Escape,
// it closes alone, and every dialog and editor around it stays open with what
// was typed in it. With unsaved changes in the inner dialog, Escape asks our
// discard question first (Escape in the question keeps the inner dialog).
// Every nested dialog of the back office: in the builder's text (插入連結,
// 插入圖片 → 圖片說明, 編輯圖片說明), the media library from an element's dialog,
// the service card's icon and colours, 新增容器 (layout), 移動到…, 手機版與背景
// (colour), 版本紀錄; the same toolbar in 富文字 mode and in the news editor with
// its cover picture; the library from the service, case and banner dialogs and
// from the settings' form.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { photo } from "#tests/factories/media.factory.ts";
import { builderContent, container, imageElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { adminApi, signedInPage, uploadMedia } from "../support/admin.ts";
import { SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 15_000 };

async function api(method: string, path: string, body?: unknown) {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
  return answer.data;
}

/** An open dialog by its own title (our dialogs name themselves by their h2), not one that holds it. */
const titled = (page: Page, title: string) => page.locator("dialog[open]").filter({ has: page.locator(":scope > div > div > h2", { hasText: new RegExp(`^${title}$`) }) });
/** An open dialog by what it holds itself (a dialog opened from inside another is not held by it). */
const holding = (page: Page, testId: string) => page.locator("dialog[open]").filter({ has: page.locator(`:scope > div > [data-testid="${testId}"]`) });
const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? document.activeElement?.getAttribute("aria-label") ?? "");

/** A dialog, editor or form around the nested one, and what was typed in it. */
interface Around {
  what: string;
  /** The dialog (or, for a screen's form, the form) that must stay open. */
  holder: Locator;
  typed(): Promise<string>;
  expected: string;
}
/** Shown: a dialog open (a screen's form on the page); never waits for it. */
const isOpen = async (holder: Locator) => (await holder.count()) === 1 && holder.evaluate((element) => (element instanceof HTMLDialogElement ? element.open : element.isConnected));

/** Documents the page asked for since the screen was opened: a form the browser sends itself reloads the screen. */
const navigations = new WeakMap<Page, string[]>();
function watchNavigations(page: Page) {
  const asked: string[] = [];
  navigations.set(page, asked);
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) asked.push(request.url());
  });
}
/** Two frames: what a key or click set off has rendered (a dialog closing, a form sent). */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Everything around is still open and holds its typing, and the screen was not sent away. */
async function aroundHolds(page: Page, around: Around[], after: string) {
  await settled(page);
  expect(navigations.get(page), `${after}: the screen stays (no form sent by the browser)`).toEqual([]);
  for (const parent of around) {
    expect(await isOpen(parent.holder), `${after}: ${parent.what} is open`).toBe(true);
    expect(await parent.typed(), `${after}: ${parent.what} keeps its typing`).toBe(parent.expected);
  }
}

/** How a person finishes the nested dialog. `closes`: it is gone afterwards (a search's Enter keeps it open). */
interface Way {
  how: string;
  closes: boolean;
  finish(page: Page, dialog: Locator): Promise<void>;
}
const byButton = (name: string): Way => ({ how: `${name} (button)`, closes: true, finish: (_, dialog) => dialog.getByRole("button", { name, exact: true }).click() });
/** Enter where the cursor is (the dialog's field, or a button of it once focused). */
const byEnter = (how = "Enter", closes = true, focus?: (dialog: Locator) => Locator): Way => ({
  how,
  closes,
  async finish(page, dialog) {
    if (focus) await focus(dialog).focus();
    await page.keyboard.press("Enter");
  },
});
const byEscape: Way = { how: "Escape", closes: true, finish: (page) => page.keyboard.press("Escape") };
/** Escape with changes typed in the nested dialog: our question, which Escape closes alone; asked again (its close button), 放棄變更 closes the dialog. */
const byEscapeAsking: Way = {
  how: "Escape with changes (asks)",
  closes: true,
  async finish(page, dialog) {
    const question = holding(page, "confirm-dialog");
    await page.keyboard.press("Escape");
    await expect.poll(() => question.count(), WAIT).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => question.count(), WAIT).toBe(0);
    expect(await isOpen(dialog), "Escape in the question keeps the dialog it asked for").toBe(true);
    await dialog.getByRole("button", { name: "關閉", exact: true }).first().click();
    await expect.poll(() => question.count(), WAIT).toBe(1);
    await question.getByRole("button", { name: "放棄變更" }).click();
  },
};

interface Nested {
  name: string;
  /** Opens it from inside its parent; answers the nested dialog, open. */
  open(): Promise<Locator>;
  /** What a person types in it before finishing it this way. */
  type?(dialog: Locator, way: Way): Promise<void>;
  ways: Way[];
  /** What finishing it this way did (a link set, a picture placed). */
  then?(way: Way): Promise<void>;
}

/** Each way in turn: opened, typed in, finished; the nested dialog closes alone and everything around it holds. */
async function exercise(page: Page, around: Around[], nested: Nested) {
  for (const way of nested.ways) {
    const step = `${nested.name}, ${way.how}`;
    const dialog = await nested.open();
    await nested.type?.(dialog, way);
    await way.finish(page, dialog);
    if (way.closes) await expect.poll(() => isOpen(dialog), { ...WAIT, message: `${step}: it closes` }).toBe(false);
    else expect(await isOpen(dialog), `${step}: it stays open`).toBe(true);
    await aroundHolds(page, around, step);
    await nested.then?.(way);
    if (!way.closes) {
      await dialog.getByRole("button", { name: "取消", exact: true }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      await aroundHolds(page, around, `${step}, then 取消`);
    }
  }
}

/** The rich-text toolbar's dialogs, in whatever holds the editor: 插入連結, 插入圖片 (the library), 圖片說明, 編輯圖片說明. */
function richTextDialogs(page: Page, area: Locator, pictureName: string) {
  const content = area.getByTestId("rich-text-content");
  const selectAll = async () => {
    await content.click();
    await page.keyboard.press("ControlOrMeta+a");
  };
  const link: Nested = {
    name: "插入連結",
    async open() {
      await selectAll();
      await area.getByRole("button", { name: "插入連結" }).click();
      const dialog = titled(page, "插入連結");
      await expect.poll(() => dialog.count(), WAIT).toBe(1);
      // The cursor is in the address: typing and Enter is the keyboard's way.
      await expect.poll(() => focusedLabel(page), WAIT).toBe("連結網址");
      return dialog;
    },
    async type(dialog, way) {
      await dialog.getByLabel("連結網址").fill(`/contact?from=${encodeURIComponent(way.how)}`);
    },
    ways: [byButton("確定"), byEnter(), byButton("取消"), byEscapeAsking],
    async then(way) {
      const href = await content.locator("a").first().getAttribute("href").catch(() => null);
      if (way.how === "確定 (button)" || way.how === "Enter") expect(href, `${way.how} sets the link`).toBe(`/contact?from=${encodeURIComponent(way.how)}`);
    },
  };
  const picker = library(
    page,
    async () => {
      // At the end of the text: a picture put in place of a selection would replace the words.
      await content.click();
      await page.keyboard.press("ControlOrMeta+End");
      await area.getByRole("button", { name: "插入圖片" }).click();
    },
    pictureName,
    [byEnter("Enter in its search", false), byEscape, byButton("取消")],
  );
  /** 確定 in the library opens 圖片說明 for the picture chosen. */
  const describeNew: Nested = {
    name: "圖片說明（新圖片）",
    async open() {
      const files = await picker.open();
      await files.getByRole("button", { name: `選擇 ${pictureName}` }).click();
      await files.getByRole("button", { name: "確定", exact: true }).click();
      const dialog = titled(page, "圖片說明");
      await expect.poll(() => dialog.count(), WAIT).toBe(1);
      await expect.poll(() => focusedLabel(page), WAIT).toMatch(/^圖片說明（替代文字）/);
      return dialog;
    },
    async type(dialog, way) {
      await dialog.getByLabel(/^圖片說明（替代文字）/).fill(`新圖片：${way.how}`);
    },
    ways: [byEscapeAsking, byEnter()],
    async then(way) {
      if (way.how === "Enter") await expect.poll(() => content.locator("img").getAttribute("alt"), WAIT).toBe("新圖片：Enter");
    },
  };
  const describeOld: Nested = {
    name: "編輯圖片說明",
    async open() {
      // The picture is selected already once its dialog closed (the button is back under the cursor).
      const describe = area.getByRole("button", { name: "編輯圖片說明" });
      if ((await describe.count()) === 0) await content.locator("img").click();
      await describe.click();
      const dialog = titled(page, "編輯圖片說明");
      await expect.poll(() => dialog.count(), WAIT).toBe(1);
      return dialog;
    },
    async type(dialog, way) {
      await dialog.getByLabel(/^圖片說明（替代文字）/).fill(`說明：${way.how}`);
    },
    ways: [byButton("確定"), byButton("取消"), byEscapeAsking],
    async then(way) {
      if (way.how === "確定 (button)") expect(await content.locator("img").getAttribute("alt")).toBe("說明：確定 (button)");
    },
  };
  return { link, picker, describeNew, describeOld };
}

let pictureName = "";
let pictureFile = "";
/** One picture in the library for the whole file: its name (the picker's button says it) and its address. */
async function libraryPicture() {
  if (!pictureName) {
    const file = await uploadMedia(e2e, "nested-kitchen.jpg", await photo(640, 480, 5).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
    [pictureName, pictureFile] = [file.original_name, file.file_path];
  }
  return pictureName;
}

/** The media library opened by `opener` (a button, or what a person does to open it): Enter in its search, Escape, 取消 and 確定 (a file chosen). */
function library(page: Page, opener: Locator | (() => Promise<void>), name: string, ways?: Way[]): Nested {
  return {
    name: "媒體庫",
    async open() {
      await (typeof opener === "function" ? opener() : opener.click());
      const dialog = holding(page, "media-picker");
      await expect.poll(() => dialog.getByRole("button", { name: `選擇 ${name}` }).count(), WAIT).toBe(1);
      return dialog;
    },
    async type(dialog, way) {
      if (way.how.startsWith("Enter")) await dialog.getByLabel("搜尋檔案名稱").fill(name.slice(0, 6));
      if (way.how === "確定 (button)") await dialog.getByRole("button", { name: `選擇 ${name}` }).click();
    },
    ways: ways ?? [byEnter("Enter in its search", false), byEscape, byButton("取消"), byButton("確定")],
  };
}

const pageEditor = (page: Page) => page.getByTestId("page-editor");
const builder = (page: Page) => page.getByTestId("page-builder");

/** A free page of the builder, opened in the page editor with its title changed (the editor's typing). */
async function openPageEditor(key: string, title: string, ...elements: Parameters<typeof container>[1]): Promise<{ page: Page; editorAround: Around }> {
  await api("POST", "/admin-api.php/pages", { page_key: key, title, content: builderContent(tree(container(elements.length === 2 ? "1-1" : "1", elements))), is_active: 0 });
  const { page } = await signedInPage(e2e, "/admin/login");
  await visit(page, "/admin/pages");
  watchNavigations(page);
  await page.getByRole("button", { name: `編輯「${title}」` }).click();
  await expect.poll(() => pageEditor(page).isVisible(), WAIT).toBe(true);
  const titleField = pageEditor(page).getByLabel("頁面標題");
  await titleField.fill(`${title}（改）`);
  return { page, editorAround: { what: "the page editor", holder: pageEditor(page), typed: () => titleField.inputValue(), expected: `${title}（改）` } };
}

describe("the page builder", () => {
  it("its text dialog keeps its paragraph through 插入連結, the library, 圖片說明 and 編輯圖片說明; Escape in the text asks first; 富文字 mode too", async () => {
    const name = await libraryPicture();
    const { page, editorAround } = await openPageEditor("nested-text", "巢狀文字", [textElement("<p>原本的段落</p>")]);
    await builder(page).getByRole("button", { name: "文字：原本的段落", exact: true }).dblclick();
    const text = titled(page, "編輯文字");
    await expect.poll(() => text.count(), WAIT).toBe(1);
    const content = text.getByTestId("rich-text-content");
    await content.click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("，今天打的字");
    const textAround: Around = { what: "the text dialog", holder: text, typed: async () => (await content.textContent()) ?? "", expected: "原本的段落，今天打的字" };
    for (const nested of Object.values(richTextDialogs(page, text, name))) await exercise(page, [editorAround, textAround], nested);
    expect(await content.locator("img").getAttribute("alt")).toBe("說明：確定 (button)");

    // The text dialog itself, inside the editor: ProseMirror keeps Escape, the dialog still asks before throwing the paragraph away.
    await content.click();
    await exercise(page, [editorAround], { name: "編輯文字", open: async () => text, ways: [byEscapeAsking] });
    expect(await builder(page).getByRole("button", { name: "文字：原本的段落", exact: true }).count()).toBe(1);

    // The same page in 富文字 mode: the same toolbar in the page editor itself, its link and a picture with its description.
    await pageEditor(page).getByRole("button", { name: "富文字" }).click();
    await titled(page, "改用富文字編輯").getByRole("button", { name: "改用富文字" }).click();
    await expect.poll(() => pageEditor(page).getByTestId("rich-text-content").textContent(), WAIT).toBe("原本的段落");
    const { link, describeNew } = richTextDialogs(page, pageEditor(page), name);
    for (const nested of [link, describeNew]) await exercise(page, [editorAround], nested);
  });

  it("the element, library, layout, move, phone-and-background and versions dialogs each close alone and keep the editor's typing", async () => {
    const name = await libraryPicture();
    const { page, editorAround } = await openPageEditor("nested-builder", "巢狀元素", [textElement("<p>一段文字</p>")], [imageElement(pictureFile)]);

    // The library from the picture's dialog (it opens beside the dialog), the alt text typed there kept.
    await builder(page).getByRole("button", { name: "圖片：清潔後的客廳", exact: true }).dblclick();
    const image = titled(page, "編輯圖片");
    await expect.poll(() => image.count(), WAIT).toBe(1);
    await image.getByLabel("替代文字").fill("客廳的新說明");
    const imageAround: Around = { what: "the picture dialog", holder: image, typed: () => image.getByLabel("替代文字").inputValue(), expected: "客廳的新說明" };
    await exercise(page, [editorAround, imageAround], library(page, image.getByRole("button", { name: /^(從媒體庫選擇|更換圖片)$/ }), name));
    await image.getByRole("button", { name: "儲存", exact: true }).click();
    await expect.poll(() => image.count(), WAIT).toBe(0);
    await aroundHolds(page, [editorAround], "the picture dialog saved");

    // A new service card: its icon and colours chosen, then Escape (asks) or Enter in the colour (its own 儲存).
    await exercise(page, [editorAround], {
      name: "服務卡片（圖示、顏色）",
      async open() {
        await builder(page).getByRole("button", { name: "新增元素到第 1 個容器第 1 欄" }).click();
        await page.getByRole("menuitem", { name: "服務卡片" }).click();
        const dialog = titled(page, "新增服務卡片");
        await expect.poll(() => dialog.count(), WAIT).toBe(1);
        return dialog;
      },
      async type(dialog, way) {
        await dialog.getByLabel("標題").fill(`卡片：${way.how}`);
        await dialog.getByText("閃電", { exact: true }).click();
        await dialog.getByLabel("背景顏色", { exact: true }).fill("#fef3c7");
      },
      ways: [byEscapeAsking, byEnter()],
    });
    expect(await builder(page).getByRole("button", { name: "服務卡片：卡片：Enter", exact: true }).count()).toBe(1);

    // 新增容器: the layout picker (the chosen layout has the cursor, so Enter applies it).
    await exercise(page, [editorAround], {
      name: "新增容器（版面）",
      async open() {
        await builder(page).getByTestId("pb-add-container").click();
        const dialog = holding(page, "layout-picker");
        await expect.poll(() => dialog.count(), WAIT).toBe(1);
        return dialog;
      },
      ways: [byEnter(), byButton("套用版面"), byButton("取消"), byEscape],
    });
    expect(await builder(page).getByTestId("pb-container").count()).toBe(3);

    await exercise(page, [editorAround], {
      name: "移動到…",
      async open() {
        await builder(page).getByRole("button", { name: "文字：一段文字", exact: true }).click();
        await builder(page).getByRole("button", { name: "移動到…：文字：一段文字" }).click();
        const dialog = holding(page, "pb-move-form");
        await expect.poll(() => dialog.count(), WAIT).toBe(1);
        return dialog;
      },
      ways: [byEnter("Enter on 移動", true, (dialog) => dialog.getByRole("button", { name: "移動" })), byButton("移動"), byButton("取消"), byEscape],
    });

    // 手機版與背景: a background colour chosen, then Enter on its checkbox or 儲存; Escape with changes asks.
    await exercise(page, [editorAround], {
      name: "手機版與背景（顏色）",
      async open() {
        await builder(page).getByTestId("pb-container-select").first().click();
        await builder(page).getByRole("button", { name: /^手機版與背景：第 1 個容器/ }).click();
        const dialog = holding(page, "pb-settings-form");
        await expect.poll(() => dialog.count(), WAIT).toBe(1);
        return dialog;
      },
      async type(dialog, way) {
        if (way.how === "Escape") return;
        const coloured = dialog.getByLabel(/^使用背景顏色/);
        await coloured.setChecked(true);
        await dialog.getByTestId("pb-background").fill(way.how === "Enter" ? "#dbeafe" : "#fef9c3");
        await coloured.focus();
      },
      ways: [byEscape, byEscapeAsking, byEnter(), byButton("儲存"), byButton("取消")],
    });

    await exercise(page, [editorAround], {
      name: "版本紀錄",
      async open() {
        await pageEditor(page).getByRole("button", { name: "版本紀錄" }).click();
        const dialog = holding(page, "revisions-panel");
        await expect.poll(() => dialog.count(), WAIT).toBe(1);
        return dialog;
      },
      ways: [byEscape, byButton("關閉")],
    });
  });
});

describe("the rich-text toolbar in the news editor", () => {
  it("in the news editor, its dialogs and the cover picture keep the editor and its typing", async () => {
    const name = await libraryPicture();
    const { page } = await signedInPage(e2e, "/admin/blog/new");
    watchNavigations(page);
    const post = page.getByTestId("post-editor");
    await expect.poll(() => post.isVisible(), WAIT).toBe(true);
    const title = post.getByLabel(/^標題\*?$/);
    await title.fill("巢狀對話框的文章");
    await post.getByTestId("rich-text-content").click();
    await page.keyboard.type("文章的內容");
    const postAround: Around = { what: "the news editor", holder: post, typed: () => title.inputValue(), expected: "巢狀對話框的文章" };
    for (const nested of Object.values(richTextDialogs(page, post, name))) await exercise(page, [postAround], nested);
    await exercise(page, [postAround], library(page, post.getByTestId("field-featured_image").getByRole("button", { name: /^(從媒體庫選擇|更換封面圖片)$/ }), name));
  });
});

/** 取消 (and 放棄變更 when asked): the screen can then be left without the browser's own leave-page question. */
async function discard(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "取消", exact: true }).last().click();
  const question = holding(page, "confirm-dialog");
  await expect.poll(async () => (await question.count()) + (await dialog.count()) * 2, WAIT).not.toBe(2);
  if (await question.count()) await question.getByRole("button", { name: "放棄變更" }).click();
  await expect.poll(() => dialog.count(), WAIT).toBe(0);
}

describe("the media library from other screens", () => {
  it("services, cases and banners keep their dialog and its typing; the settings' form is never sent by it", async () => {
    const name = await libraryPicture();
    await api("POST", "/admin-api.php/service-items", { name: "巢狀服務" });
    const { page } = await signedInPage(e2e, "/admin/services");
    watchNavigations(page);
    await page.getByTestId("item-row").filter({ hasText: "巢狀服務" }).getByRole("button", { name: /^編輯/ }).click();
    const service = page.locator("dialog[open]").filter({ has: page.getByTestId("item-form") });
    await expect.poll(() => service.count(), WAIT).toBe(1);
    const serviceName = service.getByLabel(/^服務名稱/);
    await serviceName.fill("巢狀服務（改）");
    await exercise(page, [{ what: "the service dialog", holder: service, typed: () => serviceName.inputValue(), expected: "巢狀服務（改）" }], library(page, service.getByTestId("service-gallery").getByRole("button", { name: "從媒體庫選擇" }), name));
    await discard(page, service);

    for (const [path, open, dialog, field] of [
      ["/admin/portfolios", "新增案例", "case-form", "地點"],
      ["/admin/banners", "新增橫幅", "banner-form", "標題"],
    ] as const) {
      await visit(page, path);
      watchNavigations(page);
      await page.getByRole("button", { name: open }).click();
      const holder = page.locator("dialog[open]").filter({ has: page.getByTestId(dialog) });
      await expect.poll(() => holder.count(), WAIT).toBe(1);
      const typed = holder.getByLabel(new RegExp(`^${field}`)).first();
      await typed.fill("在對話框裡打的字");
      if (dialog === "case-form") {
        await holder.getByTestId("case-tab-media").click();
        await holder.getByRole("button", { name: "新增照片組" }).click();
      }
      await exercise(page, [{ what: `the dialog of ${open}`, holder, typed: () => typed.inputValue(), expected: "在對話框裡打的字" }], library(page, holder.getByRole("button", { name: "從媒體庫選擇" }).first(), name));
      await discard(page, holder);
    }

    // The settings screen is a form, not a dialog: the library's keys never send it.
    await visit(page, "/admin/settings?tab=logo");
    watchNavigations(page);
    const settings = page.getByTestId("settings-form");
    await settings.waitFor({ state: "visible", timeout: 15_000 });
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/admin-api.php/settings")) saves.push(request.url());
    });
    const logo = settings.getByLabel("公司 Logo", { exact: true });
    await logo.fill(pictureFile);
    const favicon = page.getByTestId("field-favicon").getByRole("button", { name: "從媒體庫選擇" });
    await exercise(page, [{ what: "the settings form", holder: settings, typed: () => logo.inputValue(), expected: pictureFile }], library(page, favicon, name, [byEnter("Enter in its search", false), byEscape, byButton("取消")]));
    expect(saves, "nothing in the library saved the settings").toEqual([]);
  });
});
