// /admin/categories and /admin/products against the real server (001 §2, §3,
// §4, §5, §7, §8, §9): the empty state; a category created in the modal (the
// name required beside the field, which takes the cursor) and edited; the
// sort order moved one step up or down (上移 disabled at 0, the table in the
// server's order); status in people's words; a delete after our own
// confirmation naming it; a duplicate name refused beside the field; a
// failed load with its retry; the products page counting the service items
// and leading to the services screen; and accessibility (axe, tap targets,
// names) at desktop and phone widths.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Category } from "#contract/categories.ts";
import type { ServiceItem } from "#contract/services.ts";
import { formatDate } from "#web/lib/zh-tw-dates.ts";
import { adminApi, expectPath, signedInPage } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

let counter = 0;
const unique = (stem: string) => `${stem}${++counter}-${Date.now().toString(36)}`;

const listCategories = (): Promise<Category[]> => e2e.server.services.categories.list();
const stored = async (id: number) => (await listCategories()).find((category) => category.id === id);

async function createCategory(fields: { name: string; description?: string; sort_order?: number; status?: "active" | "inactive" }): Promise<number> {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/categories", fields);
  if (!body.success) throw new Error(`POST /admin-api.php/categories answered ${status}: ${body.message}`);
  return (body.data as { id: number }).id;
}

async function openScreen(viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/categories", { viewport });
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("分類管理");
  await page.getByTestId("category-list").or(page.getByTestId("categories-empty")).waitFor({ timeout: 15_000 });
  return page;
}

const dialogOf = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("category-form") });
const rowOf = (page: Page, name: string) => page.getByTestId("category-row").filter({ has: page.getByTestId("category-name").getByText(name, { exact: true }) });
const names = (page: Page) => page.getByTestId("category-name").allTextContents();
const notice = (page: Page) => page.getByTestId("categories-notice").textContent();
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** A row's button by its visible word (its name goes on with the category's, for screen readers). */
const buttonIn = (page: Page, name: string, word: "上移" | "下移" | "刪除" | "編輯") => rowOf(page, name).getByRole("button", { name: new RegExp(`^${word}`) });
const sortOrderOf = (page: Page, name: string) => rowOf(page, name).getByTestId("category-sort-order").textContent();

async function openNew(page: Page) {
  await page.getByRole("button", { name: "新增類別" }).click();
  const dialog = dialogOf(page);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  return dialog;
}

async function openEdit(page: Page, name: string) {
  await buttonIn(page, name, "編輯").click();
  const dialog = dialogOf(page);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  return dialog;
}

/** The PUT bodies the screen sends for categories, as it sends them. */
function recordPuts(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes("/admin-api.php/categories/")) bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe("categories screen", () => {
  // First in the file: no category exists yet.
  it("says 目前還沒有類別 before any category exists", async () => {
    expect(await listCategories()).toEqual([]);
    const page = await openScreen();
    expect(await page.title()).toBe("分類管理 | 後台管理系統");
    expect(await page.getByTestId("categories-empty").textContent()).toContain("目前還沒有類別");
    expect(await page.getByTestId("category-row").count()).toBe(0);
    expect(await page.locator("main h2").first().textContent()).toBe("類別（0）");
    expect.soft(await axeViolations(page), "axe on the empty list (desktop)").toEqual([]);

    const phone = await openScreen(MOBILE);
    expect(await phone.getByTestId("categories-empty").isVisible()).toBe(true);
    expect.soft(await axeViolations(phone), "axe on the empty list (phone)").toEqual([]);
    expect.soft(await smallTapTargets(phone), "tap targets on the empty list (phone)").toEqual([]);
  });

  it("creates a category in the modal: the name is required beside the field, which takes the cursor; then a toast", async () => {
    const page = await openScreen();
    const dialog = await openNew(page);
    expect(await dialog.locator("h2").first().textContent()).toBe("新增類別");
    expect(await dialog.getByLabel("排序").inputValue()).toBe("0");
    expect(await dialog.getByRole("radio", { name: "啟用" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "停用" }).isChecked()).toBe(false);

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin-api.php/categories")) posts.push(request.postData() ?? "");
    });
    await dialog.getByLabel(/^類別名稱/).fill("   ");
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => dialog.getByTestId("error-name").textContent(), WAIT).toBe("請輸入類別名稱");
    await expect.poll(() => focused(dialog.getByLabel(/^類別名稱/)), WAIT).toBe(true);
    expect(await dialog.getByLabel(/^類別名稱/).getAttribute("aria-invalid")).toBe("true");
    expect(posts).toEqual([]);

    const name = unique("居家清潔");
    await dialog.getByLabel(/^類別名稱/).fill(name);
    await dialog.getByLabel("類別說明").fill("住家定期打掃");
    await dialog.getByLabel("排序").fill("3");
    await dialog.getByRole("radio", { name: "停用" }).check();
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("類別新增成功");
    expect(await dialogOf(page).count()).toBe(0);
    // A toast inside the window, wherever the page is scrolled.
    const box = (await page.getByTestId("categories-notice").boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);

    const row = rowOf(page, name);
    await expect.poll(() => row.count(), WAIT).toBe(1);
    const saved = (await listCategories()).find((category) => category.name === name)!;
    expect(saved).toMatchObject({ description: "住家定期打掃", sort_order: 3, status: "inactive" });
    expect(await row.getByTestId("category-description").textContent()).toBe("住家定期打掃");
    expect(await row.getByTestId("category-sort-order").textContent()).toBe("3");
    expect(await row.getByTestId("category-status").textContent()).toBe("停用");
    // The day it was made, in Taiwan, without the time.
    expect(await row.getByTestId("category-created").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(await row.getByTestId("category-created").textContent()).toBe(formatDate(saved.created_at));
    expect(posts.map((body) => JSON.parse(body))).toEqual([{ name, description: "住家定期打掃", sort_order: "3", status: "inactive" }]);
  });

  it("edits a category in the form it opens filled in, its status in people's words", async () => {
    const name = unique("辦公室清潔");
    const id = await createCategory({ name, description: "每週一次", sort_order: 1 });
    const page = await openScreen();
    expect(await rowOf(page, name).getByTestId("category-status").textContent()).toBe("啟用");

    const dialog = await openEdit(page, name);
    expect(await dialog.locator("h2").first().textContent()).toBe("編輯類別");
    // Selecting the name with a drag that ends on the backdrop is no click on the backdrop: the dialog stays.
    const field = (await dialog.getByLabel(/^類別名稱/).boundingBox())!;
    await page.mouse.move(field.x + field.width - 4, field.y + field.height / 2);
    await page.mouse.down();
    await page.mouse.move(4, 4, { steps: 5 });
    await page.mouse.up();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^類別名稱/).inputValue()).toBe(name);
    expect(await dialog.getByLabel("類別說明").inputValue()).toBe("每週一次");
    expect(await dialog.getByLabel("排序").inputValue()).toBe("1");
    expect(await dialog.getByRole("radio", { name: "啟用" }).isChecked()).toBe(true);

    const renamed = unique("商辦清潔");
    await dialog.getByLabel(/^類別名稱/).fill(renamed);
    await dialog.getByLabel("類別說明").fill("");
    await dialog.getByRole("radio", { name: "停用" }).check();
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("類別更新成功");
    const row = rowOf(page, renamed);
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.getByTestId("category-status").textContent()).toBe("停用");
    expect(await row.getByTestId("category-description").textContent()).toBe("（無說明）");
    expect(await stored(id)).toMatchObject({ name: renamed, description: "", sort_order: 1, status: "inactive" });

    // And back: a free choice (001 §4).
    const again = await openEdit(page, renamed);
    expect(await again.getByRole("radio", { name: "停用" }).isChecked()).toBe(true);
    await again.getByRole("radio", { name: "啟用" }).check();
    await again.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("類別更新成功");
    await expect.poll(() => row.getByTestId("category-status").textContent(), WAIT).toBe("啟用");
    expect((await stored(id))?.status).toBe("active");
    // Never the stored values.
    expect(await page.locator("main").textContent()).not.toMatch(/\b(active|inactive)\b/);
    // A click that begins and ends on the backdrop does close it (nothing typed: nothing to ask).
    await openEdit(page, renamed);
    await page.mouse.click(4, 4);
    await expect.poll(() => dialogOf(page).count(), WAIT).toBe(0);
  });

  it("moves a category one step up or down: 上移 disabled at 0, the table in sort order", async () => {
    const [first, second] = [unique("地毯"), unique("沙發")];
    const firstId = await createCategory({ name: first, sort_order: 0 });
    const secondId = await createCategory({ name: second, sort_order: 1 });
    const page = await openScreen();
    const puts = recordPuts(page);
    const inOrder = async () => expect(await names(page)).toEqual((await listCategories()).map((category) => category.name));
    await inOrder();

    // At 0 上移 cannot act: nothing is sent.
    const firstUp = buttonIn(page, first, "上移");
    expect(await firstUp.isDisabled()).toBe(true);
    // Pressed all the same (it stays focusable so the cursor is not lost).
    await firstUp.click({ force: true });
    expect(await sortOrderOf(page, first)).toBe("0");

    await buttonIn(page, second, "上移").click();
    await expect.poll(() => notice(page), WAIT).toBe(`已將「${second}」的排序改為 0`);
    await expect.poll(() => sortOrderOf(page, second), WAIT).toBe("0");
    expect((await stored(secondId))?.sort_order).toBe(0);
    expect(await buttonIn(page, second, "上移").isDisabled()).toBe(true);
    // Both at 0: the older first.
    await inOrder();
    expect((await names(page)).indexOf(first)).toBeLessThan((await names(page)).indexOf(second));

    const firstDown = buttonIn(page, first, "下移");
    await firstDown.click();
    await expect.poll(() => sortOrderOf(page, first), WAIT).toBe("1");
    await expect.poll(async () => (await names(page)).indexOf(first) > (await names(page)).indexOf(second), WAIT).toBe(true);
    await inOrder();
    // The button keeps the cursor though its row moved.
    await expect.poll(() => focused(firstDown), WAIT).toBe(true);

    await firstDown.click();
    await expect.poll(() => sortOrderOf(page, first), WAIT).toBe("2");
    expect((await stored(firstId))?.sort_order).toBe(2);
    expect(await buttonIn(page, first, "上移").isDisabled()).toBe(false);
    await buttonIn(page, first, "上移").click();
    await expect.poll(() => sortOrderOf(page, first), WAIT).toBe("1");
    await inOrder();

    // One request a step, carrying only the new number.
    expect(puts).toEqual([{ sort_order: 0 }, { sort_order: 1 }, { sort_order: 2 }, { sort_order: 1 }]);
  });

  it("deletes a category only after our own confirmation, which names it", async () => {
    const name = unique("待刪除類別");
    const id = await createCategory({ name });
    const page = await openScreen();
    await buttonIn(page, name, "刪除").click();
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "刪除類別", message: "確定要刪除此類別嗎？此動作無法復原。", items: [name], confirmLabel: "刪除" });
    expect(await stored(id)).toBeDefined();
    expect(await rowOf(page, name).count()).toBe(1);

    await buttonIn(page, name, "刪除").click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("類別已刪除");
    await expect.poll(() => rowOf(page, name).count(), WAIT).toBe(0);
    expect(await stored(id)).toBeUndefined();
  });

  it("refuses a name already used, beside the field, which takes the cursor", async () => {
    e2e.expectConsoleError(/status of 409/);
    const taken = unique("外牆清洗");
    await createCategory({ name: taken });
    const before = (await listCategories()).length;
    const page = await openScreen();
    const dialog = await openNew(page);
    await dialog.getByLabel(/^類別名稱/).fill(taken);
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => dialog.getByTestId("error-name").textContent(), WAIT).toBe(`已有名為「${taken}」的類別`);
    await expect.poll(() => focused(dialog.getByLabel(/^類別名稱/)), WAIT).toBe(true);
    // Said once, beside the field: not again above the form, nor as a toast.
    expect(await dialog.getByTestId("category-form-error").count()).toBe(0);
    expect(await page.getByTestId("categories-error").count()).toBe(0);
    expect(await dialogOf(page).isVisible()).toBe(true);
    expect((await listCategories()).length).toBe(before);

    // Another name goes through from the same form.
    const other = unique("外牆拉皮");
    await dialog.getByLabel(/^類別名稱/).fill(other);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("類別新增成功");
    await expect.poll(() => rowOf(page, other).count(), WAIT).toBe(1);
  });

  it("says so when the list cannot be loaded, and loads it again on 重新載入", async () => {
    e2e.expectConsoleError(/status of 500/);
    const { page } = await signedInPage(e2e, "/admin/login");
    let failing = true;
    await page.route("**/admin-api.php/categories", (route) =>
      failing ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"資料庫忙碌中"}' }) : route.continue(),
    );
    await visit(page, "/admin/categories");
    const error = page.getByTestId("categories-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("載入類別失敗");
    failing = false;
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => page.getByTestId("category-row").count(), WAIT).toBe((await listCategories()).length);
  });
});

describe("products page", () => {
  const serviceItems = async () => {
    const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/service-items");
    return body.data as ServiceItem[];
  };

  it("is where the dashboard's 服務項目 leads: it counts the service items and leads to 服務管理", async () => {
    const items = await serviceItems();
    expect(items.length).toBeGreaterThan(0);
    const { page } = await signedInPage(e2e, "/admin/dashboard");
    await page.getByRole("link", { name: /^服務項目/ }).click();
    await expectPath(page, "/admin/products");
    await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("服務項目");
    expect(await page.title()).toBe("服務項目 | 後台管理系統");
    expect(await page.locator("main").textContent()).toContain("統一在「服務管理」中新增、編輯、排序與上傳圖片");
    await expect.poll(() => page.getByTestId("products-count").textContent(), WAIT).toBe(`${items.length} 個`);
    const shown = items.filter((item) => item.is_active === 1).length;
    expect(await page.getByTestId("products-detail").textContent()).toBe(
      shown === items.length ? "全部都在網站上顯示" : `其中 ${shown} 個在網站上顯示，${items.length - shown} 個已停用`,
    );

    await page.getByRole("link", { name: "前往服務管理" }).click();
    await expectPath(page, "/admin/services");
    await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("服務管理");

    await visit(page, "/admin/products");
    await page.getByRole("link", { name: "管理服務類別" }).click();
    await expect.poll(() => page.getByTestId("services-tab-categories").getAttribute("aria-selected"), WAIT).toBe("true");
  });
});

describe.each([
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
])("categories and products accessibility at $name width", ({ name, viewport }) => {
  async function expectAccessible(page: Page, where: string) {
    expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
    if (viewport.width <= MOBILE.width) {
      expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
      expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
    }
  }

  it("the list, the modal with an error, a confirmation, and the products page", async () => {
    const category = unique("無障礙檢查");
    await createCategory({ name: category, description: "說明文字", sort_order: 2, status: "inactive" });
    const page = await openScreen(viewport);
    expect(await page.getByTestId("category-list").getAttribute("data-layout")).toBe(viewport.width <= MOBILE.width ? "cards" : "table");
    await expectAccessible(page, `the list (${name})`);
    // Each row's buttons say which category they act on.
    for (const word of ["上移", "下移", "編輯", "刪除"]) {
      expect(await page.getByRole("button", { name: new RegExp(`^${word}\\s*：${category}$`) }).count(), word).toBe(1);
    }

    const dialog = await openNew(page);
    await expectAccessible(page, `a new category's modal (${name})`);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await dialog.getByTestId("error-name").waitFor();
    await expectAccessible(page, `the modal refusing a blank name (${name})`);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialogOf(page).count(), WAIT).toBe(0);

    await buttonIn(page, category, "刪除").click();
    await page.getByTestId("confirm-dialog").waitFor({ state: "visible" });
    await expectAccessible(page, `the delete confirmation (${name})`);
    await answerConfirm(page, "cancel");

    await buttonIn(page, category, "下移").click();
    await expect.poll(() => notice(page), WAIT).toBe(`已將「${category}」的排序改為 3`);
    await expectAccessible(page, `the list with a toast (${name})`);

    await visit(page, "/admin/products");
    await page.getByTestId("products-detail").waitFor({ timeout: 15_000 });
    await expectAccessible(page, `the products page (${name})`);
  });
});
