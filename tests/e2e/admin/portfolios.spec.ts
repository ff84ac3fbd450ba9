// /admin/portfolios against the real server (001 §2, §3, §4, §5, §7, §8, §9):
// the empty list, then ten cases a page, newest first, with their picture,
// type, location, date, star and status; a case created through both tabs (a
// missing type refused on its tab, the cursor there; features by Enter and by
// 新增, trimmed, a repeat refused; two photo groups with before/after uploads,
// the comparison on while either picture remains); a saved case's groups
// moved and dragged (one request a move, kept), a new case's moved locally;
// a case edited from a row click (closing with changes asks first), deleted
// after our own confirmation; a legacy case opened as one group, half before,
// half after; files that are not images refused by name, failed uploads and
// saves said in the spec's words; the full-screen preview closed by Escape;
// the service types managed (add, duplicate refused beside the field,
// rename, delete refused while a case uses it, automatic ones locked); a
// failed load with its retry; and accessibility (axe, tap targets, names)
// of the table, both tabs, the service-type modal and the preview, at
// desktop and phone widths.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Portfolio, PortfolioInput } from "#contract/portfolios.ts";
import type { ServiceType } from "#contract/service-types.ts";
import { insertPortfolio } from "#tests/factories/content.factory.ts";
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
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const jpeg = (seed: number) => photo(480, 360, seed).jpeg({ quality: 75 }).toBuffer();

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} answered ${status}: ${answer.message}`);
  return answer.data as T;
}
const createCase = (fields: Partial<PortfolioInput> & { title: string }) => api<Portfolio>("POST", "/admin-api.php/portfolios", { category: "water_tank_service", ...fields });
const storedCase = (id: number) => api<Portfolio>("GET", `/admin-api.php/portfolios/${id}`);
const serviceTypes = () => api<ServiceType[]>("GET", "/admin-api.php/service-types");
async function allCases(): Promise<Portfolio[]> {
  return (await api<{ portfolios: Portfolio[] }>("GET", "/admin-api.php/portfolios?page=1&limit=50")).portfolios;
}
/** Pictures in the media library: the screen shows them, so they must exist. */
const libraryPicture = async (seed: number) => (await uploadMedia(e2e, `${unique("case")}.jpg`, await jpeg(seed), "image/jpeg")).file_path;

async function openScreen(viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await visit(page, "/admin/portfolios");
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("清潔案例");
  await expect.poll(() => page.getByTestId("case-row").or(page.getByTestId("cases-empty")).or(page.getByTestId("cases-load-error")).count(), WAIT).toBeGreaterThan(0);
  return page;
}

const caseDialog = (page: Page) => page.getByTestId("case-dialog");
const typesDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("service-type-manager") });
const preview = (page: Page) => page.getByTestId("image-preview");
const rows = (page: Page) => page.getByTestId("case-row");
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByTestId("case-title").getByText(title, { exact: true }) });
const titles = (page: Page) => page.getByTestId("case-title").allTextContents();
const notice = (page: Page) => page.getByTestId("case-notice").textContent();
const errorToast = (page: Page) => page.getByTestId("case-error").textContent();
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const tab = (page: Page, id: "basic" | "media") => caseDialog(page).getByTestId(`case-tab-${id}`);
const groups = (page: Page) => caseDialog(page).getByTestId("photo-group");
const groupNames = (page: Page) => caseDialog(page).getByTestId("group-name").allTextContents();
const indicator = (group: Locator) => group.getByTestId("comparison-indicator").getAttribute("data-on");

async function openNew(page: Page) {
  await page.getByRole("button", { name: "新增案例" }).click();
  await expect.poll(() => caseDialog(page).isVisible(), WAIT).toBe(true);
  return caseDialog(page);
}

/** Opens a case the way staff do: a click anywhere on its row. */
async function openByRow(page: Page, title: string) {
  await row(page, title).getByTestId("case-type").click();
  await expect.poll(() => caseDialog(page).isVisible(), WAIT).toBe(true);
  return caseDialog(page);
}

/** Chooses files in the file dialog the button opens, as a person would. */
async function chooseFiles(page: Page, button: Locator, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(files);
}

const uploadButton = (place: Locator) => place.getByRole("button", { name: /^上傳/ });
const slotImage = (place: Locator) => place.getByTestId("slot-image").getAttribute("src");

async function uploadTo(page: Page, place: Locator, name: string, seed: number) {
  await chooseFiles(page, uploadButton(place), [{ name, mimeType: "image/jpeg", buffer: await jpeg(seed) }]);
  await expect.poll(() => slotImage(place), WAIT).toMatch(/^\/uploads\/.+/);
  return (await slotImage(place))!;
}

/** Drags the group at `from` by its handle onto the group at `to`, as a mouse would. */
async function dragGroup(page: Page, from: number, to: number) {
  const handles = caseDialog(page).getByTestId("drag-handle");
  // The target at the top of the dialog's scrolling body: a group is tall, and both handles must be in view.
  await handles.nth(to).evaluate((handle) => handle.scrollIntoView({ block: "start" }));
  const end = (await handles.nth(to).boundingBox())!;
  const start = (await handles.nth(from).boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

/** Every request of one kind the page makes from now on, as "METHOD path body". */
function record(page: Page, method: string, fragment: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.pathname.includes(fragment)) seen.push(`${method} ${url.pathname} ${request.postData() ?? ""}`.trim());
  });
  return seen;
}

describe("cases list", () => {
  it("says there are none yet, then lists ten a page, newest first, each with picture, type, location, date, star and status", async () => {
    const empty = await openScreen();
    expect(await empty.title()).toBe("清潔案例 | 後台管理系統");
    expect(await empty.getByTestId("cases-empty").textContent()).toBe("尚無清潔案例，按「新增案例」建立第一個");

    const db = e2e.server.app.database.db;
    for (let n = 1; n <= 10; n += 1) await insertPortfolio(db, { title: `分頁案例 ${n}`, created_at: minutesAgo(100 + n) });
    const picture = await libraryPicture(1);
    const [label] = (await serviceTypes()).filter((type) => type.value === "water_tank_service").map((type) => type.label);
    await createCase({
      title: "最新的水塔案例",
      client: "基隆市中正區",
      completed_at: "2025-03-04",
      featured: true,
      status: "inactive",
      photo_groups: [{ title: "水塔", after_image: picture }],
    });

    const page = await openScreen();
    expect(await rows(page).count()).toBe(10);
    expect((await titles(page))[0]).toBe("最新的水塔案例");
    expect((await titles(page))[9]).toBe("分頁案例 9");
    const first = row(page, "最新的水塔案例");
    expect(await first.getByTestId("case-type").textContent()).toBe(label);
    expect(await first.getByTestId("case-location").textContent()).toBe("基隆市中正區");
    expect(await first.getByTestId("case-date").textContent()).toBe("2025/03/04");
    expect(await first.getByTestId("case-featured").textContent()).toBe("精選案例");
    expect(await first.getByTestId("case-status").textContent()).toBe("停用");
    expect(await first.getByTestId("case-thumbnail").getAttribute("src")).toBe(picture);
    const plain = row(page, "分頁案例 1");
    expect(await plain.getByTestId("case-date").textContent()).toBe("未填寫");
    expect(await plain.getByTestId("case-featured").count()).toBe(0);
    expect(await plain.getByTestId("case-status").textContent()).toBe("啟用");
    expect(await page.getByTestId("page-info").textContent()).toBe("共 11 筆，第 1 / 2 頁");

    await page.getByRole("navigation", { name: "分頁" }).getByRole("button", { name: "第 2 頁" }).click();
    await expect.poll(() => titles(page), WAIT).toEqual(["分頁案例 10"]);
    expect(await page.getByTestId("page-info").textContent()).toBe("共 11 筆，第 2 / 2 頁");

    // A search starts again from the first page, kept in the address, its words marked.
    await page.getByRole("searchbox", { name: "搜尋案例" }).fill("水塔");
    await expect.poll(() => titles(page), WAIT).toEqual(["最新的水塔案例"]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ search: "水塔" });
    expect(await first.getByTestId("case-title").locator("mark").allTextContents()).toEqual(["水塔"]);
    await page.getByRole("searchbox", { name: "搜尋案例" }).fill("沒有這種案例");
    await expect.poll(() => page.getByTestId("cases-empty").textContent(), WAIT).toBe("沒有符合搜尋的清潔案例");
  });

  it("says the list did not load, and loads it again on request", async () => {
    e2e.expectConsoleError(/status of 500/);
    const { page } = await signedInPage(e2e, "/admin/login");
    let failing = true;
    await page.route("**/admin-api.php/portfolios?*", (route) =>
      failing ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"資料庫忙碌中"}' }) : route.continue(),
    );
    await visit(page, "/admin/portfolios");
    const error = page.getByTestId("cases-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("載入清潔案例失敗");
    failing = false;
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(10);
  });
});

describe("case form", () => {
  it("creates a case through both tabs: the missing type refused on its tab, features, two photo groups with before and after", async () => {
    const page = await openScreen();
    const posts = record(page, "POST", "/admin-api.php/portfolios");
    const dialog = await openNew(page);
    expect(await dialog.locator("h2").first().textContent()).toBe("新增案例");
    expect(await tab(page, "basic").getAttribute("aria-selected")).toBe("true");

    const title = unique("大樓水塔清洗");
    await dialog.getByLabel(/^案例標題/).fill(title);
    // From the other tab: the refusal brings back the tab holding it, the cursor on the field.
    await tab(page, "media").click();
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => tab(page, "basic").getAttribute("aria-selected"), WAIT).toBe("true");
    expect(await dialog.getByTestId("error-category").textContent()).toBe("請選擇服務類型");
    const select = dialog.getByLabel(/^服務類型/);
    await expect.poll(() => focused(select), WAIT).toBe(true);
    expect(await select.getAttribute("aria-invalid")).toBe("true");
    expect(await tab(page, "basic").getByTestId("tab-error-count").textContent()).toBe("1 個欄位有錯誤");

    const [type] = await serviceTypes();
    await select.selectOption(type!.value);
    await dialog.getByLabel("地點").fill("  基隆市七堵區 ");
    await dialog.getByLabel("完成日期").fill("2025-11-24");
    await dialog.getByLabel("案例說明").fill("十二樓社區的水塔");

    // Features: Enter and 新增, trimmed; a repeat is said and not added; Enter never sends the form.
    const feature = dialog.getByRole("textbox", { name: "服務特色" });
    await feature.fill("  高壓沖洗 ");
    await feature.press("Enter");
    await feature.fill("消毒");
    await dialog.getByRole("button", { name: "新增", exact: true }).click();
    await feature.fill("高壓沖洗");
    await feature.press("Enter");
    expect(await dialog.getByTestId("feature-hint").textContent()).toBe("「高壓沖洗」已在服務特色中");
    expect(await dialog.getByTestId("feature-name").allTextContents()).toEqual(["高壓沖洗", "消毒"]);
    await feature.fill("多餘");
    await feature.press("Enter");
    await dialog.getByRole("button", { name: "移除服務特色：多餘" }).click();
    expect(await dialog.getByTestId("feature-name").allTextContents()).toEqual(["高壓沖洗", "消毒"]);
    expect(posts).toEqual([]);

    await tab(page, "media").click();
    await dialog.getByRole("button", { name: "新增照片組" }).click();
    await dialog.getByRole("button", { name: "新增照片組" }).click();
    expect(await groups(page).count()).toBe(2);
    expect(await groups(page).nth(1).getByLabel("照片組標題").inputValue()).toBe("照片組 2");
    const [one, two] = [groups(page).nth(0), groups(page).nth(1)];
    await one.getByLabel("照片組標題").fill("水塔內部");
    await one.getByLabel("照片組說明").fill("沉積物清除");
    expect(await indicator(one)).toBe("false");

    const before1 = await uploadTo(page, one.getByTestId("slot-before"), "before-1.jpg", 2);
    expect(await indicator(one)).toBe("true");
    const after1 = await uploadTo(page, one.getByTestId("slot-after"), "after-1.jpg", 3);
    expect(await indicator(one)).toBe("true");

    // Removing one of the two keeps the comparison on; removing both turns it off.
    const before2 = await uploadTo(page, two.getByTestId("slot-before"), "before-2.jpg", 4);
    const after2 = await uploadTo(page, two.getByTestId("slot-after"), "after-2.jpg", 5);
    await two.getByTestId("slot-before").getByRole("button", { name: /^移除/ }).click();
    expect(await two.getByTestId("slot-before").getByTestId("slot-empty").count()).toBe(1);
    expect(await indicator(two)).toBe("true");
    await two.getByTestId("slot-after").getByRole("button", { name: /^移除/ }).click();
    expect(await indicator(two)).toBe("false");
    expect(await two.getByTestId("comparison-indicator").textContent()).toBe("前後對比：未開啟");
    await uploadTo(page, two.getByTestId("slot-before"), "before-2b.jpg", 6);
    expect(await indicator(two)).toBe("true");
    const before2b = (await slotImage(two.getByTestId("slot-before")))!;
    expect([before2, after2]).not.toContain(before2b);

    await dialog.getByRole("switch", { name: "精選案例" }).check();
    await dialog.getByRole("radio", { name: "停用" }).check();
    await dialog.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => notice(page), WAIT).toBe("案例新增成功");
    expect(await caseDialog(page).count()).toBe(0);
    await expect.poll(() => row(page, title).count(), WAIT).toBe(1);
    expect(posts).toHaveLength(1);
    const saved = (await allCases()).find((entry) => entry.title === title)!;
    expect(saved).toMatchObject({
      category: type!.value,
      client: "基隆市七堵區",
      description: "十二樓社區的水塔",
      completed_at: "2025-11-24",
      technologies: ["高壓沖洗", "消毒"],
      featured: true,
      status: "inactive",
      images: [],
    });
    expect(saved.photo_groups.map(({ title: name, description, before_image, after_image, display_order, comparison_enabled }) => ({ name, description, before_image, after_image, display_order, comparison_enabled }))).toEqual([
      { name: "水塔內部", description: "沉積物清除", before_image: before1, after_image: after1, display_order: 1, comparison_enabled: true },
      { name: "照片組 2", description: "", before_image: before2b, after_image: "", display_order: 2, comparison_enabled: true },
    ]);
    expect(await row(page, title).getByTestId("case-thumbnail").getAttribute("src")).toBe(before1);
  });

  it("moves a saved case's photo groups with 上移 / 下移, by dragging and by keyboard, one request a move, kept; a new case's only on screen", async () => {
    const title = unique("排序案例");
    const created = await createCase({ title, photo_groups: [{ title: "客廳" }, { title: "廚房" }, { title: "浴室" }] });
    const ids = created.photo_groups.map((group) => group.id!);
    // Tall enough for two groups in the dialog at once: a drag goes from one handle to the other.
    const page = await openScreen({ width: 1280, height: 1600 });
    const puts = record(page, "PUT", "/photo-groups/reorder");
    await openByRow(page, title);
    await tab(page, "media").click();
    expect(await groupNames(page)).toEqual(["客廳", "廚房", "浴室"]);

    await groups(page).first().getByRole("button", { name: /^下移/ }).click();
    expect(await groupNames(page)).toEqual(["廚房", "客廳", "浴室"]);
    await expect.poll(async () => (await storedCase(created.id)).photo_groups.map((group) => group.title), WAIT).toEqual(["廚房", "客廳", "浴室"]);
    expect(puts).toEqual([`PUT /admin-api.php/portfolios/${created.id}/photo-groups/reorder {"ids":[${ids[1]},${ids[0]},${ids[2]}]}`]);
    await expect.poll(() => notice(page), WAIT).toBe("照片組順序已更新");

    await dragGroup(page, 2, 1);
    await expect.poll(() => groupNames(page), WAIT).toEqual(["廚房", "浴室", "客廳"]);
    await expect.poll(async () => (await storedCase(created.id)).photo_groups.map((group) => group.title), WAIT).toEqual(["廚房", "浴室", "客廳"]);
    expect(puts).toHaveLength(2);
    expect(puts[1]).toBe(`PUT /admin-api.php/portfolios/${created.id}/photo-groups/reorder {"ids":[${ids[1]},${ids[2]},${ids[0]}]}`);

    // By keyboard: the handle picked up with Space, moved with an arrow, put down with Space.
    // Each step waits for what a screen reader hears: the sensor listens for the next key only after that.
    const heard = page.locator("[id^='DndLiveRegion']");
    const handle = groups(page).first().getByTestId("drag-handle");
    await handle.focus();
    await page.keyboard.press("Space");
    // Picked up, over its own place.
    await expect.poll(() => heard.textContent(), WAIT).toBe("移到「廚房」的位置");
    // dnd-kit hears arrows only once its key listener is attached, a task after the pick-up: an arrow
    // pressed before that is lost, so press again (half a second apart: a heard one is announced sooner).
    await expect
      .poll(async () => {
        if ((await heard.textContent()) === "移到「廚房」的位置") await page.keyboard.press("ArrowDown");
        return heard.textContent();
      }, { ...WAIT, interval: 500 })
      .toBe("移到「浴室」的位置");
    await page.keyboard.press("Space");
    await expect.poll(() => groupNames(page), WAIT).toEqual(["浴室", "廚房", "客廳"]);
    await expect.poll(async () => (await storedCase(created.id)).photo_groups.map((group) => group.title), WAIT).toEqual(["浴室", "廚房", "客廳"]);
    expect(puts).toHaveLength(3);

    // The order is stored: closing asks nothing, reopening shows it.
    await caseDialog(page).getByRole("button", { name: "取消" }).click();
    await expect.poll(() => caseDialog(page).count(), WAIT).toBe(0);
    expect(await confirmDialog(page).count()).toBe(0);
    await openByRow(page, title);
    await tab(page, "media").click();
    expect(await groupNames(page)).toEqual(["浴室", "廚房", "客廳"]);
    await caseDialog(page).getByRole("button", { name: "取消" }).click();
    await expect.poll(() => caseDialog(page).count(), WAIT).toBe(0);

    // A new case: the order is only on screen until it is saved.
    await openNew(page);
    await tab(page, "media").click();
    await caseDialog(page).getByRole("button", { name: "新增照片組" }).click();
    await caseDialog(page).getByRole("button", { name: "新增照片組" }).click();
    await groups(page).nth(1).getByRole("button", { name: /^上移/ }).click();
    expect(await groupNames(page)).toEqual(["照片組 2", "照片組 1"]);
    expect(puts).toHaveLength(3);
  });

  it("edits a case opened by a row click; closing with changes asks first", async () => {
    const title = unique("辦公室清潔");
    const created = await createCase({ title, client: "台北市信義區", technologies: ["打蠟"], completed_at: "2024-12-01" });
    const page = await openScreen();
    const dialog = await openByRow(page, title);
    expect(await dialog.locator("h2").first().textContent()).toBe("編輯案例");
    expect(await dialog.getByLabel(/^案例標題/).inputValue()).toBe(title);
    expect(await dialog.getByLabel(/^服務類型/).inputValue()).toBe("water_tank_service");
    expect(await dialog.getByLabel("地點").inputValue()).toBe("台北市信義區");
    expect(await dialog.getByLabel("完成日期").inputValue()).toBe("2024-12-01");
    expect(await dialog.getByTestId("feature-name").allTextContents()).toEqual(["打蠟"]);

    const renamed = unique("辦公室地板打蠟");
    await dialog.getByLabel(/^案例標題/).fill(renamed);
    await dialog.getByLabel("完成日期").fill("");
    expect(await tab(page, "basic").textContent()).toContain("有未儲存的變更");
    await page.keyboard.press("Escape");
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "關閉案例", message: "案例有尚未儲存的變更，確定要關閉嗎？", items: [], confirmLabel: "放棄變更" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^案例標題/).inputValue()).toBe(renamed);

    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("案例更新成功");
    await expect.poll(() => row(page, renamed).count(), WAIT).toBe(1);
    expect(await storedCase(created.id)).toMatchObject({ title: renamed, completed_at: null, client: "台北市信義區", technologies: ["打蠟"] });

    // Changes thrown away after saying so.
    await openByRow(page, renamed);
    await caseDialog(page).getByLabel("地點").fill("新北市");
    await caseDialog(page).getByRole("button", { name: "關閉" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => caseDialog(page).count(), WAIT).toBe(0);
    expect((await storedCase(created.id)).client).toBe("台北市信義區");
  });

  it("says why a save failed: the server's words, else 操作失敗（status）", async () => {
    e2e.expectConsoleError(/status of (500|503)/);
    const page = await openScreen();
    const answers = [
      { status: 503, contentType: "application/json", body: '{"success":false,"message":"系統維護中，請稍後再試"}' },
      { status: 500, contentType: "text/html", body: "<h1>oops</h1>" },
    ];
    await page.route("**/admin-api.php/portfolios", (route) => (route.request().method() === "POST" ? route.fulfill(answers.shift()!) : route.continue()));
    const dialog = await openNew(page);
    await dialog.getByLabel(/^案例標題/).fill(unique("失敗案例"));
    await dialog.getByLabel(/^服務類型/).selectOption("water_tank_service");
    // Said beside 儲存, which stays in reach for another try.
    const said = dialog.getByTestId("case-form-error");
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => said.textContent(), WAIT).toBe("系統維護中，請稍後再試");
    await dialog.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => said.textContent(), WAIT).toBe("操作失敗（500）");
    expect(await dialog.isVisible()).toBe(true);
  });

  it("deletes a case only after our own confirmation, which names it", async () => {
    const title = unique("待刪除案例");
    const created = await createCase({ title });
    const page = await openScreen();
    await row(page, title).getByRole("button", { name: /^刪除/ }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({
      title: "刪除案例",
      message: "確定要刪除這個案例嗎？案例的照片組會一併刪除，此動作無法復原。",
      items: [title],
      confirmLabel: "刪除",
    });
    expect(await caseDialog(page).count()).toBe(0);
    expect((await allCases()).some((entry) => entry.id === created.id)).toBe(true);

    await row(page, title).getByRole("button", { name: /^刪除/ }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("案例刪除成功");
    await expect.poll(() => row(page, title).count(), WAIT).toBe(0);
    expect((await allCases()).some((entry) => entry.id === created.id)).toBe(false);
  });

  it("opens a legacy case (pictures only) as one group, half before and half after, and saves it as that group", async () => {
    const pictures = [await libraryPicture(11), await libraryPicture(12), await libraryPicture(13), await libraryPicture(14)];
    const title = unique("舊版案例");
    const id = await insertPortfolio(e2e.server.app.database.db, { title, images: pictures });
    const page = await openScreen();
    expect(await row(page, title).getByTestId("case-thumbnail").getAttribute("src")).toBe(pictures[0]);
    await openByRow(page, title);
    await tab(page, "media").click();
    expect(await groups(page).count()).toBe(1);
    const group = groups(page).first();
    expect(await group.getByLabel("照片組標題").inputValue()).toBe("照片組 1");
    expect(await slotImage(group.getByTestId("slot-before"))).toBe(pictures[0]);
    expect(await slotImage(group.getByTestId("slot-after"))).toBe(pictures[2]);
    expect(await group.getByTestId("extra-picture").locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")))).toEqual([pictures[1], pictures[3]]);
    expect(await indicator(group)).toBe("true");

    await caseDialog(page).getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("案例更新成功");
    const saved = await storedCase(id);
    expect(saved.images).toEqual([]);
    expect(saved.photo_groups).toHaveLength(1);
    expect(saved.photo_groups[0]).toMatchObject({ title: "照片組 1", before_image: pictures[0], after_image: pictures[2], single_images: [pictures[1], pictures[3]] });
    expect(saved.photo_groups[0]!.id).toBeGreaterThan(0);
  });

  it("refuses files that are not images, naming each; says an upload that failed in the spec's words", async () => {
    e2e.expectConsoleError(/status of 500/);
    const page = await openScreen();
    const dialog = await openNew(page);
    await tab(page, "media").click();
    await dialog.getByRole("button", { name: "新增照片組" }).click();
    const group = groups(page).first();

    const before = group.getByTestId("slot-before");
    await chooseFiles(page, uploadButton(before), [{ name: "報價單.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") }]);
    await expect.poll(() => before.getByTestId("picture-problems").textContent(), WAIT).toBe("報價單.pdf 不是有效的圖片檔案");
    expect(await before.getByTestId("slot-empty").count()).toBe(1);

    // Several at once: the pictures are added, each other file named.
    const extras = group.getByTestId("extra-pictures");
    await chooseFiles(page, uploadButton(extras), [
      { name: "現場1.jpg", mimeType: "image/jpeg", buffer: await jpeg(21) },
      { name: "說明.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
      { name: "現場2.jpg", mimeType: "image/jpeg", buffer: await jpeg(22) },
      { name: "影片.mp4", mimeType: "video/mp4", buffer: Buffer.from("not really") },
    ]);
    await expect.poll(() => extras.getByTestId("extra-picture").count(), WAIT).toBe(2);
    expect(await extras.getByTestId("picture-problems").locator("li").allTextContents()).toEqual(["說明.txt 不是有效的圖片檔案", "影片.mp4 不是有效的圖片檔案"]);

    const answers = [
      { status: 500, contentType: "application/json", body: '{"success":false,"message":"儲存空間已滿"}' },
      { status: 500, contentType: "text/html", body: "<h1>oops</h1>" },
    ];
    await page.route("**/admin-api.php/media", (route) => (route.request().method() === "POST" ? route.fulfill(answers.shift()!) : route.continue()));
    const after = group.getByTestId("slot-after");
    await chooseFiles(page, uploadButton(after), [{ name: "after.jpg", mimeType: "image/jpeg", buffer: await jpeg(23) }]);
    await expect.poll(() => after.getByTestId("picture-problems").textContent(), WAIT).toBe("after.jpg 上傳失敗：儲存空間已滿");
    await chooseFiles(page, uploadButton(after), [{ name: "after.jpg", mimeType: "image/jpeg", buffer: await jpeg(23) }]);
    await expect.poll(() => after.getByTestId("picture-problems").textContent(), WAIT).toBe("after.jpg 上傳失敗，請稍後再試");
    expect(await after.getByTestId("slot-empty").count()).toBe(1);
  });

  it("shows a picture at full screen; Escape closes it and the cursor goes back to the picture", async () => {
    const picture = await libraryPicture(31);
    const title = unique("預覽案例");
    await createCase({ title, photo_groups: [{ title: "陽台", before_image: picture }] });
    const page = await openScreen();
    await openByRow(page, title);
    await tab(page, "media").click();
    const thumbnail = groups(page).first().getByTestId("slot-before").getByTestId("slot-preview");
    await thumbnail.click();
    await expect.poll(() => preview(page).isVisible(), WAIT).toBe(true);
    expect(await preview(page).getByTestId("preview-image").getAttribute("src")).toBe(picture);
    expect(await preview(page).locator("figcaption").textContent()).toBe("陽台・施工前");
    await page.keyboard.press("Escape");
    await expect.poll(() => preview(page).count(), WAIT).toBe(0);
    expect(await caseDialog(page).isVisible()).toBe(true);
    await expect.poll(() => focused(thumbnail), WAIT).toBe(true);

    await thumbnail.click();
    await preview(page).getByRole("button", { name: "關閉預覽" }).click();
    await expect.poll(() => preview(page).count(), WAIT).toBe(0);
    expect(await caseDialog(page).isVisible()).toBe(true);
  });
});

describe("service types", () => {
  async function openTypes(page: Page) {
    await page.getByRole("button", { name: "服務類型管理" }).click();
    await expect.poll(() => typesDialog(page).isVisible(), WAIT).toBe(true);
    return typesDialog(page);
  }
  const typeRow = (dialog: Locator, label: string) =>
    dialog.getByTestId("service-type-row").filter({ has: dialog.page().getByTestId("service-type-label").getByText(label, { exact: true }) });

  it("lists automatic types first and locked, adds one, refuses a duplicate beside its field, renames it; the case form's dropdown follows", async () => {
    e2e.expectConsoleError(/status of 409/);
    const stored = await serviceTypes();
    const page = await openScreen();
    const dialog = await openTypes(page);
    const list = dialog.getByTestId("service-type-row");
    await expect.poll(() => list.count(), WAIT).toBe(stored.length);
    expect(await dialog.getByTestId("service-type-label").allTextContents()).toEqual(stored.map((type) => type.label));
    const automatic = list.filter({ has: page.getByTestId("service-type-auto") });
    expect(await automatic.count()).toBe(stored.filter((type) => type.is_auto).length);
    expect(await automatic.first().getByRole("button").count()).toBe(0);
    expect(await automatic.first().getByTestId("service-type-auto").textContent()).toBe("自動同步");
    expect(await dialog.textContent()).toContain("由「服務管理」的服務項目與服務項目頁面自動同步，無法在此修改或刪除");

    const add = dialog.getByTestId("service-type-add");
    await add.getByRole("button", { name: "新增" }).click();
    expect(await add.getByTestId("error-value").textContent()).toBe("請輸入服務類型代碼");
    expect(await add.getByTestId("error-label").textContent()).toBe("請輸入服務類型名稱");
    await expect.poll(() => focused(add.getByLabel(/^代碼/)), WAIT).toBe(true);

    const code = unique("aircon_");
    const name = unique("冷氣清洗");
    await add.getByLabel(/^代碼/).fill(` ${code} `);
    await add.getByLabel(/^名稱/).fill(name);
    await add.getByRole("button", { name: "新增" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("服務類型已新增");
    await expect.poll(() => typeRow(dialog, name).count(), WAIT).toBe(1);
    expect(await typeRow(dialog, name).textContent()).toContain(`代碼 ${code}`);
    expect(await add.getByLabel(/^代碼/).inputValue()).toBe("");

    // The same code, then the same name: refused beside the field, which takes the cursor.
    await add.getByLabel(/^代碼/).fill(code);
    await add.getByLabel(/^名稱/).fill(unique("別的名稱"));
    await add.getByRole("button", { name: "新增" }).click();
    await expect.poll(() => add.getByTestId("error-value").textContent(), WAIT).toBe("服務類型代碼或名稱已存在");
    await expect.poll(() => focused(add.getByLabel(/^代碼/)), WAIT).toBe(true);
    await add.getByLabel(/^代碼/).fill(unique("other_"));
    await add.getByLabel(/^名稱/).fill(name);
    await add.getByRole("button", { name: "新增" }).click();
    await expect.poll(() => add.getByTestId("error-label").textContent(), WAIT).toBe("服務類型代碼或名稱已存在");
    expect((await serviceTypes()).filter((type) => type.label === name)).toHaveLength(1);

    const renamed = unique("冷氣保養");
    await typeRow(dialog, name).getByRole("button", { name: /^改名/ }).click();
    const rename = dialog.getByTestId("service-type-rename");
    await rename.getByLabel(/^新名稱/).fill(" ");
    await rename.getByRole("button", { name: "儲存" }).click();
    expect(await rename.getByTestId("error-label").textContent()).toBe("請輸入服務類型名稱");
    await rename.getByLabel(/^新名稱/).fill(renamed);
    await rename.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("服務類型已更新");
    await expect.poll(() => typeRow(dialog, renamed).count(), WAIT).toBe(1);
    expect((await serviceTypes()).find((type) => type.value === code)?.label).toBe(renamed);

    // The refused entry is still typed in the add row: closing asks before throwing it away.
    await dialog.getByRole("button", { name: "關閉" }).first().click();
    expect((await answerConfirm(page, "confirm")).confirmLabel).toBe("放棄變更");
    await expect.poll(() => typesDialog(page).count(), WAIT).toBe(0);
    const form = await openNew(page);
    const options = await form.getByLabel(/^服務類型/).locator("option").allTextContents();
    expect(options).toContain(renamed);
    expect(options).not.toContain(name);

    // From the case form itself: a type added there can be chosen at once.
    await form.getByRole("button", { name: "管理服務類型" }).click();
    const onTop = typesDialog(page);
    await expect.poll(() => onTop.isVisible(), WAIT).toBe(true);
    const fresh = unique("消毒除蟲");
    await onTop.getByTestId("service-type-add").getByLabel(/^代碼/).fill(unique("pest_"));
    await onTop.getByTestId("service-type-add").getByLabel(/^名稱/).fill(fresh);
    await onTop.getByTestId("service-type-add").getByRole("button", { name: "新增" }).click();
    await expect.poll(() => typeRow(onTop, fresh).count(), WAIT).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => typesDialog(page).count(), WAIT).toBe(0);
    expect(await caseDialog(page).isVisible()).toBe(true);
    await form.getByLabel(/^服務類型/).selectOption({ label: fresh });
  });

  it("refuses to delete a type a case uses, saying so; deletes an unused one after confirmation", async () => {
    e2e.expectConsoleError(/status of 409/);
    const [used, unused] = [unique("窗戶清潔"), unique("外牆清洗")];
    const usedCode = unique("window_");
    await api("POST", "/admin-api.php/service-types", { value: usedCode, label: used });
    await api("POST", "/admin-api.php/service-types", { value: unique("wall_"), label: unused });
    await createCase({ title: unique("窗戶案例"), category: usedCode });
    const page = await openScreen();
    const dialog = await openTypes(page);
    await expect.poll(() => typeRow(dialog, used).count(), WAIT).toBe(1);
    expect(await typeRow(dialog, used).textContent()).toContain("1 個案例使用中");

    await typeRow(dialog, used).getByRole("button", { name: /^刪除/ }).click();
    expect(await answerConfirm(page, "confirm")).toEqual({ title: "刪除服務類型", message: "確定要刪除這個服務類型嗎？", items: [`${used}（1 個案例使用中）`], confirmLabel: "刪除" });
    await expect.poll(() => errorToast(page), WAIT).toBe("還有 1 個案例使用這個服務類型，請先把案例改為其他類型再刪除");
    expect(await typeRow(dialog, used).count()).toBe(1);
    expect((await serviceTypes()).some((type) => type.label === used)).toBe(true);

    await typeRow(dialog, unused).getByRole("button", { name: /^刪除/ }).click();
    expect((await answerConfirm(page, "confirm")).items).toEqual([unused]);
    await expect.poll(() => notice(page), WAIT).toBe("服務類型已刪除");
    await expect.poll(() => typeRow(dialog, unused).count(), WAIT).toBe(0);
    expect((await serviceTypes()).some((type) => type.label === unused)).toBe(false);
  });
});

describe.each([
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
])("cases screen accessibility at $name width", ({ name, viewport }) => {
  async function expectAccessible(page: Page, where: string) {
    expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
    if (viewport.width <= MOBILE.width) {
      expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
      expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
    }
  }

  it("the table, both tabs of a case, the service-type modal and the preview", async () => {
    const [before, after, extra] = [await libraryPicture(41), await libraryPicture(42), await libraryPicture(43)];
    const title = unique("無障礙案例");
    await createCase({
      title,
      client: "基隆市",
      featured: true,
      technologies: ["高壓沖洗", "消毒"],
      photo_groups: [{ title: "水塔", before_image: before, after_image: after, single_images: [extra] }, { title: "管線" }],
    });
    const page = await openScreen(viewport);
    await expectAccessible(page, `the cases list (${name})`);

    const dialog = await openByRow(page, title);
    await expectAccessible(page, `the basic tab (${name})`);
    await tab(page, "media").click();
    await dialog.getByTestId("photo-group").first().waitFor();
    await expectAccessible(page, `the media tab (${name})`);

    await groups(page).first().getByTestId("slot-after").getByTestId("slot-preview").click();
    await expect.poll(() => preview(page).isVisible(), WAIT).toBe(true);
    await expectAccessible(page, `the preview (${name})`);
    await page.keyboard.press("Escape");
    await expect.poll(() => preview(page).count(), WAIT).toBe(0);

    await tab(page, "basic").click();
    await dialog.getByRole("button", { name: "管理服務類型" }).click();
    await expect.poll(() => typesDialog(page).isVisible(), WAIT).toBe(true);
    await typesDialog(page).getByTestId("service-type-row").first().waitFor();
    await expectAccessible(page, `the service-type modal (${name})`);
  });
});
