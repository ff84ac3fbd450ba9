// The page builder by keyboard as quick as by mouse, and on a phone with room
// to work (decision 040): on a six-element page of two containers and five
// columns, an element goes from the first column of the first container to
// the last column of the last with Alt + ↓ alone, each step announced and one
// undoable edit; the keys are counted (at most 10, from the outline's tab
// stop). Escape leaves the outline for the same node in the canvas, never
// closing the editor; the canvas is one tab stop whose arrow keys walk its
// nodes, and the selected node's actions are one Tab away. At 390 × 844 the
// editor's header is one short row that stays while the rest scrolls away,
// with 44 px tap targets and no axe violation.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { builderContent, container, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { adminApi, signedInPage } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 15_000 };
const PHONE = { width: 390, height: 844 };
const TITLE = "鍵盤移動頁";
/** The most keys the move may take (decision 040): 20 before, when Alt + ↓ stopped at a column's edge and the drag handle was 12 Tabs away. */
const MOST_PRESSES = 10;

const editor = (page: Page) => page.getByTestId("page-editor");
const builder = (page: Page) => page.getByTestId("page-builder");
const announced = (page: Page) => page.getByTestId("pb-announcer").textContent().then((text) => (text ?? "").replace(/\u200b/g, ""));
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");
/** The focused outline item's words; empty while the focus is anywhere else (the body's words would hold every name). */
const focusedOutlineItem = (page: Page) => page.evaluate(() => (document.activeElement?.getAttribute("role") === "treeitem" ? (document.activeElement.textContent ?? "").trim() : ""));
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");
const cardNames = (page: Page, place: string) =>
  builder(page).getByRole("group", { name: place, exact: true }).getByTestId("pb-element-select").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));

beforeAll(async () => {
  const [first, second, third, fourth, fifth, sixth] = ["甲", "乙", "丙", "丁", "戊", "己"].map((words) => textElement(`<p>${words}</p>`));
  const built = tree(container("1-1", [[first!, second!], [third!]]), container("1-1-1", [[fourth!], [fifth!], [sixth!]]));
  const { body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/pages", { page_key: "keyboard-moves", title: TITLE, content: builderContent(built), is_active: 0 });
  if (!body.success) throw new Error(`page: ${body.message}`);
});

async function openEditor(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await visit(page, "/admin/pages");
  await page.getByRole("button", { name: `編輯「${TITLE}」` }).click();
  await expect.poll(() => builder(page).isVisible(), WAIT).toBe(true);
  return page;
}

describe("moving by keyboard", () => {
  it("crosses columns and containers with Alt + ↓ in at most 10 keys, each step announced and undone alone; Escape leaves the outline, not the editor", async () => {
    const page = await openEditor(DESKTOP);
    let presses = 0;
    const press = async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    };
    /** Alt + ↓ on the element, once its step is on screen and the focus back on it. */
    const stepDown = async (said: string) => {
      await press("Alt+ArrowDown");
      await expect.poll(() => announced(page), WAIT).toBe(`已將「文字：甲」移到${said}`);
      // An element crossing columns is a new item in the outline: the focus reaches it a frame later.
      await expect.poll(() => focusedOutlineItem(page), WAIT).toContain("文字：甲");
    };

    // The count starts where Tab enters the outline: its first container.
    await builder(page).getByTestId("pb-outline").getByRole("treeitem").first().focus();
    expect(await focusedName(page)).toContain("第 1 個容器");
    await press("ArrowDown");
    await press("ArrowDown");
    expect(await focusedOutlineItem(page)).toContain("文字：甲");

    await stepDown("第 1 個容器第 1 欄的第 2 個位置");
    // Past the column's end, on into the next column and the next container.
    await stepDown("第 1 個容器第 2 欄的第 1 個位置");
    await stepDown("第 1 個容器第 2 欄的第 2 個位置");
    await stepDown("第 2 個容器第 1 欄的第 1 個位置");
    await stepDown("第 2 個容器第 1 欄的第 2 個位置");
    await stepDown("第 2 個容器第 2 欄的第 1 個位置");
    await stepDown("第 2 個容器第 2 欄的第 2 個位置");
    await stepDown("第 2 個容器第 3 欄的第 1 個位置");
    expect(presses).toBeLessThanOrEqual(MOST_PRESSES);
    expect(await cardNames(page, "第 2 個容器第 3 欄")).toEqual(["文字：甲", "文字：己"]);
    expect(await cardNames(page, "第 1 個容器第 1 欄")).toEqual(["文字：乙"]);
    expect(await builder(page).getByTestId("pb-error").count()).toBe(0);
    expect(await focusedTestId(page)).toBe("pb-outline-element");

    // One step is one edit: 復原 takes back the last crossing alone.
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => cardNames(page, "第 2 個容器第 2 欄"), WAIT).toEqual(["文字：戊", "文字：甲"]);
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect.poll(() => cardNames(page, "第 2 個容器第 3 欄"), WAIT).toEqual(["文字：甲", "文字：己"]);

    // Escape leaves the outline for the same element in the canvas; the editor stays open.
    await builder(page).getByTestId("pb-outline-element").filter({ hasText: "文字：甲" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedTestId(page), WAIT).toBe("pb-element-select");
    expect(await focusedName(page)).toBe("文字：甲");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await editor(page).evaluate((dialog: HTMLDialogElement) => dialog.open)).toBe(true);
    expect(await builder(page).isVisible()).toBe(true);

    // The canvas: its selected element's actions are one Tab away, and Shift + Tab comes back.
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("編輯：文字：甲");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName(page)).toBe("文字：甲");
    // Alt + ↑ there moves it back into the column before; the arrows walk the nodes, each one selected as it is reached.
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => announced(page), WAIT).toBe("已將「文字：甲」移到第 2 個容器第 2 欄的第 2 個位置");
    await expect.poll(() => focusedName(page), WAIT).toBe("文字：甲");
    await page.keyboard.press("ArrowUp");
    expect(await focusedName(page)).toBe("文字：戊");
    await expect.poll(() => builder(page).getByTestId("pb-element").filter({ hasText: "戊" }).getAttribute("data-selected"), WAIT).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedName(page)).toBe("文字：丁");
    await page.keyboard.press("Home");
    expect(await focusedName(page)).toBe("第 1 個容器（兩欄平分）");

    // The canvas is one tab stop: from the outline, Tab reaches the node selected there, and the next Tab its actions.
    await builder(page).getByTestId("pb-outline-element").filter({ hasText: "文字：丙" }).focus();
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("文字：丙");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("編輯：文字：丙");
  });
});

describe("the builder on a phone", () => {
  it("keeps one short header row while the rest scrolls away, with 44 px targets and no axe violation", async () => {
    const page = await openEditor(PHONE);
    const header = editor(page).locator("header");
    const height = async () => (await header.boundingBox())!.height;
    expect(await height()).toBeLessThanOrEqual(PHONE.height / 10);
    expect(await header.getByTestId("publish-page").isVisible()).toBe(true);
    expect.soft(await axeViolations(page), "axe at the top").toEqual([]);
    expect.soft(await smallTapTargets(page), "tap targets at the top").toEqual([]);
    expect.soft(await unnamedControls(page), "unnamed controls at the top").toEqual([]);

    // Down at the page's content, the view and mode bars have gone by; the header is still there, as short.
    const card = builder(page).getByRole("button", { name: "文字：甲", exact: true });
    await card.scrollIntoViewIfNeeded();
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.y).toBe(0);
    expect(headerBox.height).toBeLessThanOrEqual(PHONE.height / 10);
    const modes = (await editor(page).getByRole("group", { name: "版面", exact: true }).boundingBox())!;
    expect(modes.y + modes.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
    expect.soft(await axeViolations(page), "axe scrolled down").toEqual([]);

    // The roving canvas on a phone: the selected card's 動作 menu is one Tab away.
    await card.focus();
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("動作：文字：甲");
    expect.soft(await smallTapTargets(page), "tap targets with an element selected").toEqual([]);
  });
});
