// /admin/settings against the real server (001 §2, §3, §5, §7, §8; 000 §2):
// for each of the nine tabs a change made on the screen, saved
// with the one save button, then seen on the public site (header, footer,
// floating buttons, <head>, 503); the logo upload in the preview and the
// public header; the file checks before upload; the shared rules and the
// server's field errors beside their fields with their tab marked; and the
// live preview before saving. Every test puts back the settings it changed.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Settings } from "#contract/settings.ts";
import { SETTLE, visit } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";
import { adminApi, signedInPage } from "../support/admin.ts";
import { answerConfirm } from "../support/confirm.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

// The screen saves through the same API: put back whatever a test changed.
let before: Settings;
beforeEach(async () => {
  before = { ...(await e2e.server.services.settings.getAll()) };
});
afterEach(async () => {
  const now = await e2e.server.services.settings.getAll();
  const changed = Object.fromEntries(Object.entries(before).filter(([key, value]) => now[key as keyof Settings] !== value));
  if (Object.keys(changed).length === 0) return;
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/settings", changed);
  if (!body.success) throw new Error(`restoring settings answered ${status}: ${body.message}`);
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 38, b: 38 } } })
    .png()
    .toBuffer();

async function openScreen(path = "/admin/settings"): Promise<Page> {
  const { page } = await signedInPage(e2e, path);
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("網站設定");
  await page.getByTestId("settings-form").waitFor({ state: "visible", timeout: 15_000 });
  return page;
}

const form = (page: Page) => page.getByTestId("settings-form");
const preview = (page: Page) => page.getByTestId("settings-preview");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const settingsField = field;

async function chooseTab(page: Page, id: string) {
  await page.getByTestId(`settings-tab-${id}`).click();
  await page.getByTestId(`settings-panel-${id}`).waitFor({ state: "visible" });
}

async function save(page: Page) {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/admin-api.php/settings") && response.request().method() === "POST", { timeout: 15_000 }),
    form(page).getByRole("button", { name: "儲存設定" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect.poll(() => page.getByTestId("settings-dirty").textContent(), WAIT).toBe("所有變更皆已儲存");
  expect(await page.getByTestId("settings-notice").textContent()).toBe("設定已成功儲存");
}

/** A visitor's page on the public site, floating buttons let in. */
async function visitor(path = "/") {
  const page = await e2e.newPage();
  const status = await visit(page, path);
  return { page, status };
}

const rootVar = (page: Page, name: string) => page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), name);

describe("settings screen", () => {
  it("loads every tab with the saved values and the Traditional Chinese tab labels", async () => {
    const page = await openScreen();
    expect(await page.getByRole("tab").allTextContents()).toEqual(["基本設定", "Logo 設定", "聯絡資訊", "社群媒體", "樣式設定", "字型設定", "版面設定", "SEO 設定", "其他設定"]);
    expect(await field(page, "公司名稱").inputValue()).toBe(before.company_name);
    await chooseTab(page, "layout");
    expect(await field(page, "按鈕大小").inputValue()).toBe("56");
    await chooseTab(page, "typography");
    expect(await field(page, "字型").inputValue()).toBe(before.font_family);
    expect(await field(page, "行高").locator("option").allTextContents()).toEqual(["1.2", "1.4", "1.6", "1.8", "2.0"]);
  });

  it("basic: the company name and phone show in the preview before saving, then in the public header, footer and phone button", async () => {
    const page = await openScreen();
    await field(page, "公司名稱").fill("閃亮清潔有限公司");
    await field(page, "公司電話").fill("02-2999-1234");
    // Live preview, nothing saved yet.
    await expect.poll(() => preview(page).locator("header a[aria-label='閃亮清潔有限公司 首頁']").count(), WAIT).toBe(1);
    await expect.poll(() => preview(page).locator("footer").textContent(), WAIT).toContain("02-2999-1234");
    expect(await page.getByTestId("settings-dirty").textContent()).toBe("2 個欄位尚未儲存");
    expect((await e2e.server.services.settings.getAll()).company_name).toBe(before.company_name);

    await save(page);
    const { page: site } = await visitor();
    expect(await site.locator("header a[aria-label='閃亮清潔有限公司 首頁']").count()).toBe(1);
    expect(await site.locator("footer").textContent()).toContain("閃亮清潔有限公司 版權所有");
    expect(await site.locator("footer a[href='tel:0229991234']").textContent()).toContain("02-2999-1234");
    const phoneButton = site.locator("[data-testid='floating-buttons'] a[href^='tel:']");
    await phoneButton.waitFor({ state: "visible", timeout: 5_000 });
    expect(await phoneButton.getAttribute("href")).toBe("tel:0229991234");
  });

  it("logo: an uploaded PNG shows in the field, the preview and the public header at the chosen height, keeping its aspect ratio", async () => {
    const page = await openScreen();
    await chooseTab(page, "logo");
    await page.getByTestId("upload-header_logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(300, 100) });
    await expect.poll(() => page.getByTestId("upload-header_logo-uploaded").textContent().catch(() => ""), WAIT).toBe("上傳成功");
    const path = await field(page, "頁首 Logo").inputValue();
    expect(path).toMatch(/^\/uploads\/.+\.png$/);
    expect(await page.getByTestId("image-preview-header_logo").locator("img").getAttribute("src")).toBe(path);
    await field(page, "頁首 Logo 高度").fill("60");
    const previewLogo = preview(page).locator("header img");
    await expect.poll(() => previewLogo.getAttribute("src"), WAIT).toBe(path);
    expect(await previewLogo.evaluate((img) => (img as HTMLImageElement).style.height)).toBe("60px");
    // A path that does not load falls back in the preview, and a good one shows again.
    e2e.expectConsoleError(/404.*\/uploads\/missing\.png/);
    await field(page, "頁首 Logo").fill("/uploads/missing.png");
    await expect.poll(() => previewLogo.getAttribute("src"), WAIT).toBe("/default-logo.svg");
    await field(page, "頁首 Logo").fill(path);
    await expect.poll(() => previewLogo.getAttribute("src"), WAIT).toBe(path);

    await save(page);
    expect((await e2e.server.services.settings.getAll()).header_logo).toBe(path);
    const { page: site } = await visitor();
    const logo = site.locator("header img");
    expect(await logo.getAttribute("src")).toBe(path);
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), WAIT).toBe(300);
    const box = await logo.boundingBox();
    expect(box?.height).toBeCloseTo(60, 0);
    expect(box?.width).toBeCloseTo(180, 0);
  });

  it("logo: a file that is not an image or is over 5 MB is refused on the screen, before any upload", async () => {
    const page = await openScreen();
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/admin-api.php/upload")) uploads.push(request.url());
    });
    await chooseTab(page, "logo");
    const input = page.getByTestId("upload-company_logo-file");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect.poll(() => page.getByTestId("error-company_logo").textContent().catch(() => ""), WAIT).toBe("請選擇圖片檔案");
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await expect.poll(() => page.getByTestId("error-company_logo").textContent().catch(() => ""), WAIT).toBe("檔案大小不能超過 5MB");
    expect(uploads).toEqual([]);
    expect(await field(page, "公司 Logo").inputValue()).toBe(before.company_logo);
  });

  it("logo and floating icon: images chosen from the media library or uploaded reach the public favicon and LINE button", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await png(64, 64))], { type: "image/png" }), "icon-from-library.png");
    const response = await fetch(`${e2e.server.baseUrl}/admin-api.php/media`, { method: "POST", headers: { authorization: `Bearer ${e2e.server.token}` }, body: form });
    const library = ((await response.json()) as { data: { file_path: string; original_name: string } }).data;
    const page = await openScreen();
    await chooseTab(page, "logo");
    await page.getByTestId("field-favicon").getByRole("button", { name: "從媒體庫選擇" }).click();
    const picker = page.getByTestId("media-picker");
    await expect.poll(() => picker.isVisible(), WAIT).toBe(true);
    await picker.getByRole("button", { name: `選擇 ${library.original_name}` }).click();
    await picker.getByRole("button", { name: "確定", exact: true }).click();
    await expect.poll(() => picker.count(), WAIT).toBe(0);
    expect(await settingsField(page, "網站圖示").inputValue()).toBe(library.file_path);

    await chooseTab(page, "social");
    await settingsField(page, "LINE 加好友網址").fill("https://line.me/R/ti/p/@icon-test");
    await chooseTab(page, "layout");
    await page.getByTestId("upload-floating_line_icon-file").setInputFiles({ name: "line.png", mimeType: "image/png", buffer: await png(80, 80) });
    await expect.poll(() => page.getByTestId("upload-floating_line_icon-uploaded").textContent().catch(() => ""), WAIT).toBe("上傳成功");
    const previewIcon = preview(page).getByRole("link", { name: "加入 LINE 好友" }).locator("img");
    await expect.poll(() => previewIcon.getAttribute("src").catch(() => null), WAIT).toMatch(/^\/uploads\/.+\.png$/);
    const iconPath = (await previewIcon.getAttribute("src"))!;
    await save(page);

    const { page: site } = await visitor();
    expect(await site.locator("link[rel='icon']").getAttribute("href")).toBe(library.file_path);
    const line = site.locator("[data-testid='floating-buttons']").getByRole("link", { name: "加入 LINE 好友" });
    await line.waitFor({ state: "visible", timeout: 5_000 });
    expect(await line.locator("img").getAttribute("src")).toBe(iconPath);
  });

  it("contact and basic in one save: with the company phone blank, the phone button calls the contact phone", async () => {
    const page = await openScreen();
    await field(page, "公司電話").fill("");
    await chooseTab(page, "contact");
    await field(page, "聯絡電話").fill("0988-123-456");
    await field(page, "客服 Email").fill("help@example.com");
    await save(page);
    const stored = await e2e.server.services.settings.getAll();
    expect([stored.company_phone, stored.contact_phone, stored.service_email]).toEqual(["", "0988-123-456", "help@example.com"]);
    const { page: site } = await visitor();
    const phoneButton = site.locator("[data-testid='floating-buttons'] a[href^='tel:']");
    await phoneButton.waitFor({ state: "visible", timeout: 5_000 });
    expect(await phoneButton.getAttribute("href")).toBe("tel:0988123456");
  });

  it("social: the LINE add-friend link brings the LINE button to the preview and the public site", async () => {
    const page = await openScreen();
    await chooseTab(page, "social");
    expect(await preview(page).getByRole("link", { name: "加入 LINE 好友" }).count()).toBe(0);
    await field(page, "LINE 加好友網址").fill("https://line.me/R/ti/p/@shiny-clean");
    await field(page, "Facebook 網址").fill("https://www.facebook.com/shiny.clean");
    // The App ID says what it is for; the tag it makes is named only inside the help.
    expect(await field(page, "Facebook 應用程式編號（App ID）").count()).toBe(1);
    await expect.poll(() => preview(page).getByRole("link", { name: "加入 LINE 好友" }).getAttribute("href").catch(() => null), WAIT).toBe("https://line.me/R/ti/p/@shiny-clean");
    await save(page);
    expect((await e2e.server.services.settings.getAll()).facebook_url).toBe("https://www.facebook.com/shiny.clean");
    const { page: site } = await visitor();
    const line = site.locator("[data-testid='floating-buttons']").getByRole("link", { name: "加入 LINE 好友" });
    await line.waitFor({ state: "visible", timeout: 5_000 });
    expect(await line.getAttribute("href")).toBe("https://line.me/R/ti/p/@shiny-clean");
  });

  it("style: a blank colour says it follows the theme; a primary colour set here colours the preview and the public site", async () => {
    const page = await openScreen();
    await chooseTab(page, "style");
    expect(await field(page, "主要顏色").inputValue()).toBe("");
    expect(await form(page).getByTestId("field-primary_color").textContent()).toContain("跟隨主題");
    await field(page, "主要顏色").fill("#dc2626");
    await expect.poll(() => preview(page).evaluate((element) => getComputedStyle(element).getPropertyValue("--primary-500").trim()), WAIT).toBe("#dc2626");
    await field(page, "頁尾樣式").selectOption("light");
    await save(page);
    const { page: site } = await visitor();
    expect(await rootVar(site, "--primary-500")).toBe("#dc2626");
    expect(await rootVar(site, "--footer-bg")).toBe("#f8fafc");
  });

  it("typography: font, size and line height reach the preview at once and the public page after saving", async () => {
    const page = await openScreen();
    await chooseTab(page, "typography");
    await field(page, "字型").selectOption("Roboto");
    await field(page, "字體大小").fill("18");
    await field(page, "行高").selectOption("1.8");
    await expect.poll(() => preview(page).evaluate((element) => getComputedStyle(element).fontSize), WAIT).toBe("18px");
    await save(page);
    const { page: site } = await visitor();
    expect(await site.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("18px");
    expect(await rootVar(site, "--font-family")).toMatch(/^Roboto/);
    expect(await rootVar(site, "--line-height")).toBe("1.8");
  });

  it("layout: a menu switch hides the link, the footer text changes, and the phone button takes the size and preset icon", async () => {
    const page = await openScreen();
    await chooseTab(page, "layout");
    expect(await preview(page).locator("header nav[aria-label='主選單'] a[href='/blog']").count()).toBe(1);
    await form(page).getByRole("switch", { name: "顯示「最新消息」" }).uncheck();
    await expect.poll(() => preview(page).locator("header nav[aria-label='主選單'] a[href='/blog']").count(), WAIT).toBe(0);
    await field(page, "頁尾文字").fill("二十年經驗，值得信賴。");
    await field(page, "按鈕大小").fill("72");
    await form(page).getByTestId("icon-option-phone-headset").click();
    await save(page);
    const stored = await e2e.server.services.settings.getAll();
    expect([stored.menu_blog_enabled, stored.floating_button_size, stored.floating_phone_icon]).toEqual(["false", "72", "preset:phone-headset"]);

    const { page: site } = await visitor();
    expect(await site.locator("header nav[aria-label='主選單'] a[href='/blog']").count()).toBe(0);
    expect(await site.locator("header nav[aria-label='主選單'] a[href='/services']").count()).toBe(1);
    expect(await site.locator("footer").textContent()).toContain("二十年經驗，值得信賴。");
    const phoneButton = site.locator("[data-testid='floating-buttons'] a[href^='tel:']");
    await phoneButton.waitFor({ state: "visible", timeout: 5_000 });
    // offsetWidth is the layout size; a bounding box would catch the entrance animation's scale.
    expect(await phoneButton.evaluate((element: HTMLElement) => element.offsetWidth)).toBe(72);
    expect(await phoneButton.locator("svg").getAttribute("class")).toContain("lucide-headset");
  });

  it("seo: opened by its address, the meta description counts what Google shows in Chinese (80–100), robots in words, and lands in the public <head>", async () => {
    const page = await openScreen("/admin/settings?tab=seo");
    await page.getByTestId("settings-panel-seo").waitFor({ state: "visible" });
    expect(await field(page, "搜尋引擎收錄（索引）").locator("option").allTextContents()).toContain("讓搜尋引擎收錄，並追蹤頁面上的連結（建議）");
    expect(await form(page).getByTestId("field-og_image").textContent()).toContain("1200×630");
    // Each field says what it does for the company, the technical term after it.
    const labels = (await form(page).locator("label").allTextContents()).map((label) => label.trim());
    expect(labels).toEqual(expect.arrayContaining(["搜尋結果中的網站說明（Meta 描述）", "網站正式網址（標準網址）", "分享首頁時的標題（OG 標題）", "分享時的預覽圖片（OG 圖片）"]));
    expect(labels.filter((label) => /^(OG|Meta|GA4|fb:)/.test(label))).toEqual([]);
    expect(await form(page).getByText(/fb:app_id 標記|GA4 資源/).count()).toBe(0);
    const description = "基隆台北新北專業清潔團隊，".repeat(5);
    await field(page, "搜尋結果中的網站說明（Meta 描述）").fill(description);
    expect(await page.getByTestId("counter-meta_description").textContent()).toBe(`約 ${[...description].length} 個字・還可以再寫 ${80 - [...description].length} 個字（建議 80–100）`);
    await save(page);
    const { html } = await e2e.server.fetchPage("/");
    expect(tags(html, "meta").find((meta) => meta.name === "description")?.content).toBe(description);
  });

  it("others: maintenance mode sends visitors a 503 while the back office keeps working", async () => {
    const page = await openScreen();
    await chooseTab(page, "others");
    await form(page).getByRole("switch", { name: "維護模式" }).check();
    expect(await page.getByTestId("preview-maintenance").count()).toBe(1);
    // Said in words: what visitors and search engines get, not the status code.
    expect(await form(page).getByText("HTTP 503").count()).toBe(0);
    expect(await form(page).getByText(/搜尋引擎也會知道只是暫時維護/).count()).toBe(1);
    await save(page);
    const { status, html } = await e2e.server.fetchPage("/");
    expect(status).toBe(503);
    expect(html).toContain("網站維護中");
    // The back office still answers; the test's clean-up turns it off again through it.
    await visit(page, "/admin/settings");
    await page.getByTestId("settings-form").waitFor({ state: "visible", timeout: 15_000 });
  });

  it("checks the shared rules before sending: a bad email is shown beside its field and its tab is marked", async () => {
    const page = await openScreen();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin-api.php/settings")) posts.push(request.url());
    });
    await chooseTab(page, "contact");
    await field(page, "聯絡 Email").fill("not-an-email");
    await chooseTab(page, "seo");
    await form(page).getByRole("button", { name: "儲存設定" }).click();
    await expect.poll(() => page.getByTestId("error-contact_email").textContent().catch(() => ""), WAIT).toBe("聯絡 Email格式不正確");
    expect(await page.getByTestId("settings-tab-contact").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("settings-tab-contact").getAttribute("data-has-error")).toBe("true");
    expect(await field(page, "聯絡 Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("settings-error").textContent()).toContain("輸入資料有誤");
    expect(posts).toEqual([]);
    // The refused field is brought into view and takes the cursor.
    await expect.poll(() => field(page, "聯絡 Email").evaluate((input) => input === document.activeElement), WAIT).toBe(true);
    expect(await field(page, "聯絡 Email").evaluate((input) => {
      const box = input.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    // Fixing the value clears the error at once.
    await field(page, "聯絡 Email").fill("ok@example.com");
    await expect.poll(() => page.getByTestId("error-contact_email").count(), WAIT).toBe(0);
  });

  it("asks in our own dialog before discarding changes (naming the tabs they are on), resetting a tab, or leaving unsaved", async () => {
    const page = await openScreen();
    const name = field(page, "公司名稱");
    const saved = await name.inputValue();
    await name.fill("尚未儲存的名稱");
    await chooseTab(page, "seo");
    await field(page, "作者").fill("尚未儲存的作者");

    await form(page).getByRole("button", { name: "放棄變更" }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({ title: "放棄變更", message: "確定要放棄所有尚未儲存的變更嗎？", items: ["基本設定", "SEO 設定"], confirmLabel: "放棄變更" });
    expect(await field(page, "作者").inputValue()).toBe("尚未儲存的作者");
    await form(page).getByRole("button", { name: "放棄變更" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => page.getByTestId("settings-dirty").textContent(), WAIT).toBe("所有變更皆已儲存");
    await chooseTab(page, "basic");
    expect(await name.inputValue()).toBe(saved);

    await name.fill("另一個名稱");
    await form(page).getByRole("button", { name: "恢復此頁預設值" }).click();
    expect(await answerConfirm(page, "cancel")).toMatchObject({ title: "恢復預設值", message: "確定要將「基本設定」的欄位恢復為預設值嗎？（儲存後才會生效）" });
    expect(await name.inputValue()).toBe("另一個名稱");

    // Leaving for another screen with the change unsaved: stay when declined, go when confirmed.
    await page.getByRole("navigation").getByRole("link", { name: "媒體庫" }).click();
    expect(await answerConfirm(page, "cancel")).toMatchObject({ title: "離開此頁面", message: "您有尚未儲存的變更，確定要離開此頁面嗎？" });
    expect(new URL(page.url()).pathname).toBe("/admin/settings");
    await page.getByRole("navigation").getByRole("link", { name: "媒體庫" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/admin/media");
    expect((await e2e.server.services.settings.getAll()).company_name).toBe(before.company_name);
  });

  it("shows the server's field errors (400) beside the fields and switches to the tab that holds them", async () => {
    e2e.expectConsoleError(/status of 400/);
    const page = await openScreen();
    // The screen's own check would stop a bad value; the request is altered on the way to reach the server's.
    await page.route("**/admin-api.php/settings", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = { ...(request.postDataJSON() as Record<string, string>), company_email: "broken@", company_tax_id: "12" };
      return route.continue({ postData: JSON.stringify(body) });
    });
    await chooseTab(page, "seo");
    await field(page, "作者").fill("測試作者");
    await form(page).getByRole("button", { name: "儲存設定" }).click();
    await expect.poll(() => page.getByTestId("error-company_email").textContent().catch(() => ""), WAIT).toBe("公司 Email格式不正確");
    expect(await page.getByTestId("error-company_tax_id").textContent()).toBe("統一編號必須是 8 位數字");
    expect(await page.getByTestId("settings-tab-basic").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("settings-tab-basic").getByTestId("tab-error-count").textContent()).toContain("2");
    expect(await page.getByTestId("settings-error").textContent()).toContain("輸入資料有誤，請檢查標示的欄位");
    expect((await e2e.server.services.settings.getAll()).meta_author).toBe(before.meta_author);
    expect(await page.getByTestId("settings-dirty").textContent()).toBe("1 個欄位尚未儲存");
  });
});
