// /admin/services against the real server (002 §2.10, §3, §4, §5, §7, §8, §9):
// the 12 seeded services; an item created with its category, features and
// price, edited (main image uploaded), deleted after our own confirmation;
// case images only once the item is saved (the spec's alert in place), then
// uploaded, picked from the library, reordered and deleted; items reordered
// with the move buttons and by dragging (one request each); categories
// created, renamed, a duplicate name refused beside the field, a category
// still holding items kept (the server says how many), an empty one deleted;
// a failed load with its retry; and accessibility (axe, tap targets, names) of
// both tabs, the item modal with its gallery, the category modal and a
// confirmation, at desktop and phone widths.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ServiceCategory, ServiceImage, ServiceItem } from "#contract/services.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, signedInPage, uploadMedia } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm, confirmDialog } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

let counter = 0;
const unique = (stem: string) => `${stem}${++counter}-${Date.now().toString(36)}`;

const jpeg = (seed: number) => photo(640, 480, seed).jpeg({ quality: 80 }).toBuffer();

const services = () => e2e.server.services.services;
const listItems = (): Promise<ServiceItem[]> => services().listItems();
const listCategories = (): Promise<ServiceCategory[]> => services().listCategories();
const listImages = (id: number): Promise<ServiceImage[]> => services().listImages(id);

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
  return answer.data as T;
}
const createItem = (fields: Record<string, unknown>) => api<ServiceItem>("POST", "/admin-api.php/service-items", fields);
const createCategory = (name: string) => api<{ id: number }>("POST", "/admin-api.php/service-categories", { name });

async function openScreen(path = "/admin/services", viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await visit(page, path);
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("服務管理");
  await page.getByTestId("item-row").or(page.getByTestId("category-row")).first().waitFor({ timeout: 15_000 });
  return page;
}

const itemDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("item-form") });
const categoryDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("category-form") });
const itemRow = (page: Page, name: string) => page.getByTestId("item-row").filter({ has: page.getByTestId("item-name").getByText(name, { exact: true }) });
const categoryRow = (page: Page, name: string) => page.getByTestId("category-row").filter({ has: page.getByTestId("category-name").getByText(name, { exact: true }) });
const itemNames = (page: Page) => page.getByTestId("item-name").allTextContents();
const notice = (page: Page) => page.getByTestId("services-notice").textContent();
const errorToast = (page: Page) => page.getByTestId("services-error").textContent();
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function openItem(page: Page, name: string) {
  await itemRow(page, name).getByRole("button", { name: /^編輯/ }).click();
  const dialog = itemDialog(page);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  return dialog;
}

/** Drags the row at `from` by its handle onto the row at `to`, as a mouse would. */
async function dragRow(page: Page, from: number, to: number) {
  const handles = page.getByTestId("item-list").getByTestId("drag-handle");
  await handles.nth(from).scrollIntoViewIfNeeded();
  const start = (await handles.nth(from).boundingBox())!;
  const end = (await handles.nth(to).boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

describe("services screen: items", () => {
  it("lists the 12 seeded services in order, with their category, three features then 等 N 項, and active state", async () => {
    const stored = await listItems();
    expect(stored).toHaveLength(12);
    const page = await openScreen();
    expect(await page.title()).toBe("服務管理 | 後台管理系統");
    expect(await page.getByTestId("services-tab-items").getAttribute("aria-selected")).toBe("true");
    expect(await itemNames(page)).toEqual(stored.map((item) => item.name));
    const first = itemRow(page, "水塔清洗消毒");
    expect(await first.getByTestId("item-category").textContent()).toBe("深度清潔");
    expect(await first.getByTestId("item-features").textContent()).toBe("排水與沉積物清除、池壁刷洗與高壓沖洗、消毒與水質檢測 等 4 項");
    expect(await first.getByTestId("active-state").textContent()).toBe("啟用");
    // The seeded services have no price: no chip.
    expect(await page.getByTestId("item-price").count()).toBe(0);
    expect(await page.locator("main h2").first().textContent()).toBe("服務項目（12）");

    await page.getByTestId("services-tab-categories").click();
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe("?tab=categories");
    await expect.poll(() => page.getByTestId("category-row").count(), WAIT).toBe((await listCategories()).length);
    expect(await categoryRow(page, "深度清潔").getByTestId("category-count").textContent()).toBe("5 個服務項目");
    expect(await page.getByRole("button", { name: "新增服務類別" }).count()).toBe(1);
    // The address keeps the tab.
    await visit(page, "/admin/services?tab=categories");
    await expect.poll(() => page.getByTestId("services-tab-categories").getAttribute("aria-selected"), WAIT).toBe("true");
  });

  it("creates an item with category, features, 實績亮點 and a price; the gallery waits for the save, saying so", async () => {
    const page = await openScreen();
    await page.getByRole("button", { name: "新增服務項目" }).click();
    const dialog = itemDialog(page);
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    expect(await dialog.locator("h2").first().textContent()).toBe("新增服務項目");
    // Images only after the save (002 §4): nothing is said until adding one is tried, then what to do, in words.
    expect(await dialog.getByTestId("gallery-save-first-message").count()).toBe(0);
    expect(await dialog.getByTestId("service-gallery").count()).toBe(0);
    await dialog.getByTestId("gallery-save-first").getByRole("button", { name: "上傳圖片" }).click();
    const saveFirst = dialog.getByTestId("gallery-save-first").getByRole("alert");
    await expect.poll(() => saveFirst.textContent(), WAIT).toBe("請先保存服務項目再新增圖片按「儲存」後，在列表按這個服務項目的「編輯」，就能新增案例圖片。");
    expect(await saveFirst.textContent()).not.toContain("ID");
    expect(await dialog.getByLabel("價格單位").inputValue()).toBe("次");
    expect(await dialog.getByRole("switch", { name: "啟用" }).isChecked()).toBe(true);

    // Refused before sending: the cursor goes to the name, its message beside it.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/service-items")) posts.push(request.postData() ?? "");
    });
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => dialog.getByTestId("error-name").textContent(), WAIT).toBe("請輸入服務名稱");
    await expect.poll(() => focused(dialog.getByLabel(/^服務名稱/)), WAIT).toBe(true);
    expect(posts).toEqual([]);

    const name = unique("冷氣清洗");
    await dialog.getByLabel("服務類別").selectOption({ label: "景觀維護" });
    await dialog.getByLabel(/^服務名稱/).fill(name);
    await dialog.getByLabel("服務說明").fill("分離式冷氣拆洗");
    await dialog.getByLabel("服務特色").fill("拆洗濾網\n\n高壓清洗\n除菌除臭\n拆洗濾網\n排水管疏通\n");
    await dialog.getByLabel("實績亮點").fill("住家冷氣\n辦公室冷氣");
    await dialog.getByLabel(/^價格（新台幣）/).fill("1,500");
    expect(await dialog.getByTestId("price-preview").textContent()).toBe("網站上顯示：NT$ 1,500 / 次");
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("新增服務項目成功");
    expect(await itemDialog(page).count()).toBe(0);
    const row = itemRow(page, name);
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.getByTestId("item-price").textContent()).toBe("NT$ 1,500 / 次");
    expect(await row.getByTestId("item-category").textContent()).toBe("景觀維護");
    expect(await row.getByTestId("item-features").textContent()).toBe("拆洗濾網、高壓清洗、除菌除臭 等 4 項");
    const saved = (await listItems()).find((item) => item.name === name);
    expect(saved).toMatchObject({
      category_name: "景觀維護",
      description: "分離式冷氣拆洗",
      features: ["拆洗濾網", "高壓清洗", "除菌除臭", "排水管疏通"],
      references: ["住家冷氣", "辦公室冷氣"],
      price: 1500,
      price_unit: "次",
      is_active: 1,
      display_order: 0,
    });
  });

  it("edits an item in the form it opens filled in: a main image uploaded, no price, switched off", async () => {
    const name = unique("地毯清洗");
    const created = await createItem({ name, price: 800, price_unit: "坪", features: ["深層萃取"] });
    const page = await openScreen();
    expect(await itemRow(page, name).getByTestId("item-price").textContent()).toBe("NT$ 800 / 坪");
    const dialog = await openItem(page, name);
    expect(await dialog.locator("h2").first().textContent()).toBe("編輯服務項目");
    expect(await dialog.getByLabel(/^服務名稱/).inputValue()).toBe(name);
    expect(await dialog.getByLabel(/^價格（新台幣）/).inputValue()).toBe("800");
    expect(await dialog.getByLabel("服務特色").inputValue()).toBe("深層萃取");
    expect(await dialog.getByLabel("服務類別").inputValue()).toBe("");

    const field = dialog.getByTestId("field-main_image");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), field.getByRole("button", { name: "上傳圖片" }).click()]);
    await chooser.setFiles([{ name: "main.jpg", mimeType: "image/jpeg", buffer: await jpeg(3) }]);
    await expect.poll(() => field.getByTestId("main-image-preview").getAttribute("src"), WAIT).toMatch(/^\/uploads\/.+/);
    const path = (await field.getByTestId("main-image-preview").getAttribute("src"))!;

    const renamed = unique("地毯沙發清洗");
    await dialog.getByLabel(/^服務名稱/).fill(renamed);
    await dialog.getByLabel(/^價格（新台幣）/).fill("");
    expect(await dialog.getByTestId("price-preview").textContent()).toBe("網站上不顯示價格");
    await dialog.getByRole("switch", { name: "啟用" }).uncheck();
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("更新服務項目成功");
    const row = itemRow(page, renamed);
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.getByTestId("active-state").textContent()).toBe("停用");
    expect(await row.getByTestId("item-price").count()).toBe(0);
    expect(await row.getByTestId("item-thumbnail").getAttribute("src")).toBe(path);
    expect((await listItems()).find((item) => item.id === created.id)).toMatchObject({ name: renamed, price: null, price_unit: "坪", is_active: 0, main_image: path });

    // Removing the main image is saved too.
    const again = await openItem(page, renamed);
    await again.getByTestId("field-main_image").getByRole("button", { name: "移除圖片" }).click();
    await again.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("更新服務項目成功");
    await expect.poll(async () => (await listItems()).find((item) => item.id === created.id)?.main_image, WAIT).toBe("");
  });

  it("never throws typing away: Esc, the backdrop and 取消 ask first; a drag ending outside does not close; the toast keeps clear of the button it answers", async () => {
    const name = unique("外牆清洗");
    await createItem({ name });
    const page = await openScreen();
    const dialog = await openItem(page, name);
    const typed = `${name}（高樓）`;
    await dialog.getByLabel(/^服務名稱/).fill(typed);

    await page.keyboard.press("Escape");
    expect(await answerConfirm(page, "cancel")).toMatchObject({ title: "放棄變更", confirmLabel: "放棄變更" });
    expect(await dialog.getByLabel(/^服務名稱/).inputValue()).toBe(typed);
    // Pressed in the form, released on the backdrop (selecting text with the mouse): not a click outside.
    const box = (await dialog.getByLabel(/^服務名稱/).boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(4, 4, { steps: 4 });
    await page.mouse.up();
    expect(await confirmDialog(page).count()).toBe(0);
    await page.mouse.click(4, 4);
    await answerConfirm(page, "cancel");
    await dialog.getByRole("button", { name: "取消" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => itemDialog(page).count(), WAIT).toBe(0);
    expect((await listItems()).find((item) => item.name === name)).toBeDefined();

    const again = await openItem(page, name);
    await again.getByLabel(/^服務名稱/).fill(typed);
    await again.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("更新服務項目成功");
    const overlap = await page.evaluate(() => {
      const toast = document.querySelector("[data-testid='services-notice']")!.getBoundingClientRect();
      const answered = document.activeElement!.getBoundingClientRect();
      return toast.left < answered.right && answered.left < toast.right && toast.top < answered.bottom && answered.top < toast.bottom;
    });
    expect(overlap).toBe(false);
  });

  it("deletes an item only after our own confirmation, which names it", async () => {
    const name = unique("待刪除服務");
    await createItem({ name });
    const page = await openScreen();
    await itemRow(page, name).getByRole("button", { name: /^刪除/ }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "刪除服務項目", message: "確定要刪除此服務項目嗎？", items: [name], confirmLabel: "刪除" });
    expect((await listItems()).some((item) => item.name === name)).toBe(true);

    await itemRow(page, name).getByRole("button", { name: /^刪除/ }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("刪除服務項目成功");
    // A toast inside the window, wherever the page is scrolled.
    const box = (await page.getByTestId("services-notice").boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);
    await expect.poll(() => itemRow(page, name).count(), WAIT).toBe(0);
    expect((await listItems()).some((item) => item.name === name)).toBe(false);
  });

  it("adds case images to a saved item: two uploaded at once, one from the library; moves and deletes one", async () => {
    const name = unique("石材晶化");
    const created = await createItem({ name });
    const libraryName = `${unique("案例")}.jpg`;
    const library = await uploadMedia(e2e, libraryName, await jpeg(7), "image/jpeg");
    const page = await openScreen();
    const dialog = await openItem(page, name);
    const gallery = dialog.getByTestId("service-gallery");
    await expect.poll(() => gallery.getByTestId("gallery-empty").isVisible(), WAIT).toBe(true);
    expect(await dialog.getByTestId("gallery-save-first").count()).toBe(0);

    // Upload two at once, with a title: 上傳中... covers the gallery meanwhile.
    await gallery.getByLabel("圖片標題（選填）").fill("施工前");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin-api.php/media", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), gallery.getByRole("button", { name: "上傳圖片" }).click()]);
    await chooser.setFiles([
      { name: "before.jpg", mimeType: "image/jpeg", buffer: await jpeg(1) },
      { name: "after.jpg", mimeType: "image/jpeg", buffer: await jpeg(2) },
    ]);
    await expect.poll(() => gallery.getByTestId("busy-overlay").textContent(), WAIT).toContain("上傳中...");
    release();
    await expect.poll(() => notice(page), WAIT).toBe("成功上傳 2 張圖片");
    await expect.poll(() => gallery.getByTestId("gallery-image").count(), WAIT).toBe(2);
    expect(await gallery.getByTestId("busy-overlay").count()).toBe(0);
    // The title applied to this batch is cleared for the next one.
    expect(await gallery.getByLabel("圖片標題（選填）").inputValue()).toBe("");
    let stored = await listImages(created.id);
    expect(stored.map((image) => [image.title, image.display_order])).toEqual([
      ["施工前", 1],
      ["施工前", 2],
    ]);

    // One more from the media library.
    await gallery.getByRole("button", { name: "從媒體庫選擇" }).click();
    const picker = page.getByTestId("media-picker");
    await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
    await picker.getByRole("button", { name: `選擇 ${libraryName}` }).click();
    expect(await picker.getByTestId("picker-count").textContent()).toBe("已選擇 1 個檔案");
    await picker.getByRole("button", { name: "確定", exact: true }).click();
    await expect.poll(() => notice(page), WAIT).toBe("圖片已新增");
    await expect.poll(() => gallery.getByTestId("gallery-image").count(), WAIT).toBe(3);
    stored = await listImages(created.id);
    expect(stored[2]).toMatchObject({ image_path: library.file_path, title: "", display_order: 3 });
    expect(await gallery.getByTestId("gallery-image-title").allTextContents()).toEqual(["施工前", "施工前", "第 3 張圖片"]);

    // The library's image goes first: the whole order in one request.
    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(`${new URL(request.url()).pathname}${new URL(request.url()).search} ${request.postData()}`);
    });
    await gallery.getByTestId("gallery-image").nth(2).getByRole("button", { name: /^前移/ }).click();
    await expect.poll(() => gallery.getByTestId("gallery-image-title").allTextContents(), WAIT).toEqual(["施工前", "第 2 張圖片", "施工前"]);
    await gallery.getByTestId("gallery-image").nth(1).getByRole("button", { name: /^前移/ }).click();
    await expect.poll(() => gallery.getByTestId("gallery-image-title").allTextContents(), WAIT).toEqual(["第 1 張圖片", "施工前", "施工前"]);
    const order = [stored[2]!.id, stored[0]!.id, stored[1]!.id];
    await expect.poll(async () => (await listImages(created.id)).map((image) => image.id), WAIT).toEqual(order);
    expect(puts.at(-1)).toBe(`/admin-api.php/service-images/reorder?service_id=${created.id} {"ids":[${order.join(",")}]}`);

    // Delete the first, after our own confirmation naming it.
    await gallery.getByTestId("gallery-image").first().getByRole("button", { name: /^刪除/ }).click();
    expect(await answerConfirm(page, "confirm")).toEqual({ title: "刪除圖片", message: "確定要刪除此圖片嗎？", items: [`${name}：第 1 張圖片`], confirmLabel: "刪除" });
    await expect.poll(() => notice(page), WAIT).toBe("圖片已刪除");
    await expect.poll(() => gallery.getByTestId("gallery-image").count(), WAIT).toBe(2);
    expect((await listImages(created.id)).map((image) => image.id)).toEqual([stored[0]!.id, stored[1]!.id]);
  });

  it("says which files did not upload, and that all failed when none did", async () => {
    e2e.expectConsoleError(/status of 500/);
    const name = unique("高壓沖洗");
    const created = await createItem({ name });
    const page = await openScreen();
    const dialog = await openItem(page, name);
    const gallery = dialog.getByTestId("service-gallery");
    await gallery.getByTestId("gallery-empty").waitFor({ timeout: 15_000 });
    await page.route("**/admin-api.php/media", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "text/html", body: "<h1>oops</h1>" }) : route.continue(),
    );
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), gallery.getByRole("button", { name: "上傳圖片" }).click()]);
    await chooser.setFiles([{ name: "broken.jpg", mimeType: "image/jpeg", buffer: await jpeg(4) }]);
    await expect.poll(() => errorToast(page), WAIT).toBe("所有檔案上傳失敗，請檢查檔案格式和網路連線；上傳 broken.jpg 失敗: HTTP 500");
    expect(await listImages(created.id)).toEqual([]);
  });

  it("reorders items with the move buttons and by dragging; each move saves the whole order in one request", async () => {
    const page = await openScreen();
    const before = await listItems();
    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(`${new URL(request.url()).pathname} ${request.postData()}`);
    });

    await page.getByTestId("item-row").first().getByRole("button", { name: /^下移/ }).click();
    const moved = [before[1]!, before[0]!, ...before.slice(2)];
    await expect.poll(() => itemNames(page), WAIT).toEqual(moved.map((item) => item.name));
    await expect.poll(async () => (await listItems()).map((item) => item.id), WAIT).toEqual(moved.map((item) => item.id));
    expect(puts).toEqual([`/admin-api.php/service-items/reorder {"ids":[${moved.map((item) => item.id).join(",")}]}`]);
    // The first cannot go up: the button says so and does nothing.
    expect(await page.getByTestId("item-row").first().getByRole("button", { name: /^上移/ }).getAttribute("aria-disabled")).toBe("true");

    await dragRow(page, 2, 0);
    const dragged = [moved[2]!, moved[0]!, moved[1]!, ...moved.slice(3)];
    await expect.poll(() => itemNames(page), WAIT).toEqual(dragged.map((item) => item.name));
    await expect.poll(async () => (await listItems()).map((item) => item.id), WAIT).toEqual(dragged.map((item) => item.id));
    expect(puts).toHaveLength(2);
    await visit(page, "/admin/services");
    await expect.poll(() => itemNames(page), WAIT).toEqual(dragged.map((item) => item.name));
  });

  it("says the list did not load, and loads it again on request", async () => {
    e2e.expectConsoleError(/status of 500|載入服務項目失敗/);
    const { page } = await signedInPage(e2e, "/admin/login");
    let failing = true;
    await page.route("**/admin-api.php/service-items", (route) =>
      failing ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"資料庫忙碌中"}' }) : route.continue(),
    );
    await visit(page, "/admin/services");
    const error = page.getByTestId("items-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("載入服務項目失敗");
    failing = false;
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => page.getByTestId("item-row").count(), WAIT).toBe((await listItems()).length);
  });
});

describe("services screen: categories", () => {
  it("creates a category, renames it, and refuses a name already used beside the field", async () => {
    e2e.expectConsoleError(/status of 409/);
    const page = await openScreen("/admin/services?tab=categories");
    await page.getByRole("button", { name: "新增服務類別" }).click();
    const dialog = categoryDialog(page);
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => dialog.getByTestId("error-name").textContent(), WAIT).toBe("請輸入類別名稱");

    const name = unique("冷氣空調");
    await dialog.getByLabel(/^類別名稱/).fill(name);
    await dialog.getByLabel("類別說明").fill("冷氣清洗與保養");
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("新增服務類別成功");
    await expect.poll(() => categoryRow(page, name).count(), WAIT).toBe(1);
    expect(await categoryRow(page, name).getByTestId("category-count").textContent()).toBe("沒有服務項目");
    expect((await listCategories()).find((category) => category.name === name)).toMatchObject({ description: "冷氣清洗與保養", is_active: 1 });

    const renamed = unique("空調保養");
    await categoryRow(page, name).getByRole("button", { name: /^編輯/ }).click();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    expect(await dialog.getByLabel(/^類別名稱/).inputValue()).toBe(name);
    await dialog.getByLabel(/^類別名稱/).fill(renamed);
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("更新服務類別成功");
    await expect.poll(() => categoryRow(page, renamed).count(), WAIT).toBe(1);

    await categoryRow(page, renamed).getByRole("button", { name: /^編輯/ }).click();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByLabel(/^類別名稱/).fill("深度清潔");
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => dialog.getByTestId("error-name").textContent(), WAIT).toBe("已有名為「深度清潔」的服務類別");
    const field = dialog.getByLabel(/^類別名稱/);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => focused(field), WAIT).toBe(true);
    expect((await listCategories()).filter((category) => category.name === "深度清潔")).toHaveLength(1);
    expect((await listCategories()).some((category) => category.name === renamed)).toBe(true);
  });

  it("keeps a category that still holds items, saying how many; deletes an empty one after confirmation", async () => {
    e2e.expectConsoleError(/status of 409/);
    const [full, empty] = [unique("病媒防治"), unique("空類別")];
    const { id: fullId } = await createCategory(full);
    await createCategory(empty);
    await createItem({ name: unique("除蟑"), category_id: fullId });
    const page = await openScreen("/admin/services?tab=categories");
    expect(await categoryRow(page, full).getByTestId("category-count").textContent()).toBe("1 個服務項目");

    await categoryRow(page, full).getByRole("button", { name: /^刪除/ }).click();
    expect(await answerConfirm(page, "confirm")).toEqual({ title: "刪除服務類別", message: "確定要刪除此服務類別嗎？", items: [`${full}（目前有 1 個服務項目）`], confirmLabel: "刪除" });
    await expect.poll(() => errorToast(page), WAIT).toBe(`「${full}」還有 1 個服務項目，請先移到其他類別或刪除後再刪除這個類別`);
    expect((await listCategories()).some((category) => category.name === full)).toBe(true);
    expect(await categoryRow(page, full).count()).toBe(1);

    await categoryRow(page, empty).getByRole("button", { name: /^刪除/ }).click();
    expect((await answerConfirm(page, "confirm")).items).toEqual([empty]);
    await expect.poll(() => notice(page), WAIT).toBe("刪除服務類別成功");
    await expect.poll(() => categoryRow(page, empty).count(), WAIT).toBe(0);
    expect((await listCategories()).some((category) => category.name === empty)).toBe(false);
  });

  it("reorders categories with the move buttons, in one request", async () => {
    const page = await openScreen("/admin/services?tab=categories");
    const before = await listCategories();
    await categoryRow(page, before[1]!.name).getByRole("button", { name: /^上移/ }).click();
    const expected = [before[1]!, before[0]!, ...before.slice(2)].map((category) => category.id);
    await expect.poll(async () => (await listCategories()).map((category) => category.id), WAIT).toEqual(expected);
    await expect.poll(() => page.getByTestId("category-name").first().textContent(), WAIT).toBe(before[1]!.name);
  });
});

describe.each([
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
])("services screen accessibility at $name width", ({ name, viewport }) => {
  async function expectAccessible(page: Page, where: string) {
    expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
    if (viewport.width <= MOBILE.width) {
      expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
      expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
    }
  }

  it("both tabs, the item modal with its gallery, a new item's modal, the category modal and a confirmation", async () => {
    const itemName = unique("無障礙檢查");
    const created = await createItem({ name: itemName, price: 1200, features: ["一", "二", "三", "四"] });
    const file = await uploadMedia(e2e, `${unique("a11y")}.jpg`, await jpeg(9), "image/jpeg");
    await api("POST", "/admin-api.php/service-images", { service_id: created.id, image_path: file.file_path, title: "完工照" });
    const page = await openScreen("/admin/services", viewport);
    await expectAccessible(page, `the items tab (${name})`);

    const dialog = await openItem(page, itemName);
    await dialog.getByTestId("gallery-image").first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, `the item modal with its gallery (${name})`);
    await page.keyboard.press("Escape");
    await expect.poll(() => itemDialog(page).count(), WAIT).toBe(0);

    await page.getByRole("button", { name: "新增服務項目" }).click();
    await expect.poll(() => itemDialog(page).isVisible(), WAIT).toBe(true);
    await expectAccessible(page, `a new item's modal (${name})`);
    await page.keyboard.press("Escape");
    await expect.poll(() => itemDialog(page).count(), WAIT).toBe(0);

    await itemRow(page, itemName).getByRole("button", { name: /^刪除/ }).click();
    await page.getByTestId("confirm-dialog").waitFor({ state: "visible" });
    await expectAccessible(page, `the delete confirmation (${name})`);
    await answerConfirm(page, "cancel");

    await page.getByTestId("services-tab-categories").click();
    await page.getByTestId("category-row").first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, `the categories tab (${name})`);
    await page.getByRole("button", { name: "新增服務類別" }).click();
    await expect.poll(() => categoryDialog(page).isVisible(), WAIT).toBe(true);
    await expectAccessible(page, `the category modal (${name})`);
  });
});
