// /admin/themes and /admin/test (002 §2, §2.4, §4, §7, §8; issue 5) in
// Chromium against the real server: the cards with the active one marked,
// activation (message, reload, the public page's colours in its first HTML),
// the in-place edit with its success and the server's field messages, and the
// theme check screen. Every test leaves theme 1 active.
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import type { ThemeListItem } from "#contract/theme.ts";
import { SETTLE, visit, waitForHydration } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { adminApi, signedInPage } from "../support/admin.ts";
import { axeViolations } from "../support/axe.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

// Seeded themes: 1 清新潔淨 (service), 2 預設企業藍 (corporate, #3b82f6), 3 活力橘, 4 沉穩墨綠.
const card = (page: Page, id: number) => page.locator(`[data-testid='theme-card'][data-theme-id='${id}']`);
const activeIds = (page: Page) =>
  page.locator("[data-testid='theme-card'][data-active='true']").evaluateAll((cards) => cards.map((element) => element.getAttribute("data-theme-id")));

async function openThemes() {
  const signedIn = await signedInPage(e2e, "/admin/themes");
  await expect.poll(() => signedIn.page.locator("main h1").textContent(), WAIT).toBe("網站風格");
  await expect.poll(() => signedIn.page.getByTestId("theme-card").count(), WAIT).toBeGreaterThanOrEqual(4);
  return signedIn;
}

async function listThemes(): Promise<ThemeListItem[]> {
  const { body } = await adminApi(e2e, e2e.server.token, "GET", "/api.php/themes");
  return body.data as ThemeListItem[];
}

afterEach(async () => {
  // The screen activates themes itself; put theme 1 back for the other tests and specs.
  const { status } = await adminApi(e2e, e2e.server.token, "POST", "/api.php/themes/1/activate");
  expect(status).toBe(200);
});

describe("/admin/themes", () => {
  it("shows a card per theme with its colours and layout type, theme 1 marked 使用中", async () => {
    const { page } = await openThemes();
    expect(await page.title()).toBe("網站風格 | 後台管理系統");
    expect(await activeIds(page)).toEqual(["1"]);
    expect(await card(page, 1).getByTestId("theme-active").textContent()).toBe("使用中");
    // The active theme has no activate button; the others do.
    expect(await card(page, 1).getByRole("button", { name: "套用此風格" }).count()).toBe(0);
    expect(await card(page, 2).getByRole("button", { name: "套用此風格" }).count()).toBe(1);

    expect(await card(page, 1).getByTestId("theme-name").textContent()).toBe("清新潔淨");
    expect(await card(page, 1).getByTestId("theme-layout").textContent()).toBe("服務型");
    expect(await card(page, 2).getByTestId("theme-layout").textContent()).toBe("企業型");
    expect(await card(page, 3).getByTestId("theme-layout").textContent()).toBe("電商型");
    expect(await card(page, 2).getByTestId("swatch-hex").allTextContents()).toEqual(["#3b82f6", "#2563eb", "#64748b", "#f59e0b"]);
    expect(await card(page, 1).textContent()).toContain("清潔服務");
  });

  it("套用此風格 previews theme 2 (the real home page in a frame, desktop and phone), then confirms saying what changes; only then the site changes", async () => {
    const { page } = await openThemes();
    // The theme's own variables, not the stylesheet's built-in defaults.
    const primaryOf = (html: string) => /--primary-500:(#[0-9a-f]{6})/.exec(/<style data-theme-variables="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "")?.[1];
    const activePrimary = primaryOf((await e2e.server.fetchPage("/")).html);
    expect(activePrimary).toBeDefined();
    expect(activePrimary).not.toBe("#3b82f6");

    await card(page, 2).getByRole("button", { name: "套用此風格" }).click();
    const frame = page.getByTestId("theme-preview-frame");
    await expect.poll(() => frame.getAttribute("src"), WAIT).toMatch(/^\/\?theme_preview=/);
    const src = (await frame.getAttribute("src"))!;
    // The frame shows the home page with theme 2's colour and the staff's sections; nothing is stored for anyone else.
    const home = page.frameLocator("[data-testid='theme-preview-frame']");
    await expect.poll(() => home.locator("[data-testid='contact-info-band']").count(), WAIT).toBe(1);
    expect(await home.locator("style[data-theme-variables]").textContent()).toContain("--primary-500:#3b82f6");
    const previewed = await e2e.server.fetchPage(src);
    expect(previewed.headers.get("cache-control")).toContain("no-store");
    // Without a staff member's ticket the address is the ordinary page: a visitor sees the active theme, and so does everyone after the preview.
    expect(primaryOf((await e2e.server.fetchPage(src.replace(/\.[\w-]{43}$/, `.${"A".repeat(43)}`))).html)).toBe(activePrimary);
    expect(primaryOf((await e2e.server.fetchPage("/?theme_preview=2")).html)).toBe(activePrimary);
    expect(primaryOf((await e2e.server.fetchPage("/")).html)).toBe(activePrimary);

    await page.getByRole("button", { name: "手機" }).click();
    await expect.poll(() => frame.evaluate((element) => element.getBoundingClientRect().width), WAIT).toBe(375);
    await page.getByRole("button", { name: "電腦" }).click();
    await expect.poll(() => frame.evaluate((element) => element.getBoundingClientRect().width), WAIT).toBeGreaterThan(700);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId("theme-preview-apply").click();
    const items = page.getByTestId("confirm-dialog").getByTestId("confirm-items");
    await expect.poll(() => items.locator("li").allTextContents(), WAIT).toEqual(
      expect.arrayContaining([expect.stringMatching(/^主要顏色：\S+色（#[0-9a-f]{6}） → 藍色（#3b82f6）$/), "版面：服務型 → 企業型（內容寬度 1200 → 1280 px）", expect.stringMatching(/^首頁區塊不變：主視覺輪播、核心服務、聯絡資訊/)]),
    );
    expect((await listThemes()).find((theme) => theme.is_active)?.id).toBe(1);

    const reloaded = page.waitForEvent("load", { timeout: 15_000 });
    await page.getByRole("button", { name: "確定套用" }).click();
    await expect.poll(() => page.getByTestId("theme-notice").textContent(), WAIT).toBe("風格已成功切換");
    await reloaded;
    await waitForHydration(page);
    await expect.poll(() => activeIds(page), WAIT).toEqual(["2"]);
    expect((await listThemes()).filter((theme) => theme.is_active).map((theme) => theme.id)).toEqual([2]);
    expect(primaryOf((await e2e.server.fetchPage("/")).html)).toBe("#3b82f6");
  });

  it("says 切換風格失敗 when the activation fails", async () => {
    const { page } = await openThemes();
    e2e.expectConsoleError(/status of 500/);
    await page.route("**/api.php/themes/3/activate", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"boom"}' }));
    await card(page, 3).getByRole("button", { name: "套用此風格" }).click();
    await page.getByTestId("theme-preview-apply").click();
    await page.getByRole("button", { name: "確定套用" }).click();
    await expect.poll(() => page.getByTestId("theme-error").textContent(), WAIT).toBe("切換風格失敗");
    expect(await activeIds(page)).toEqual(["1"]);
  });

  it("edits a theme's name and primary colour in place: 主題已成功更新, and the card shows the new values", async () => {
    const { page } = await openThemes();
    const requests: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") requests.push(request.postDataJSON());
    });
    const theme4 = card(page, 4);
    await theme4.getByRole("button", { name: /編輯/ }).click();
    const form = theme4.getByTestId("theme-edit-form");
    await form.getByLabel("主題名稱").fill("深林綠");
    await form.getByLabel("主要顏色", { exact: true }).fill("#123456");
    // The picker follows the hex box.
    expect(await form.getByLabel("主要顏色（色盤）").inputValue()).toBe("#123456");
    await form.getByRole("button", { name: "儲存" }).click();

    await expect.poll(() => page.getByTestId("theme-notice").textContent(), WAIT).toBe("主題已成功更新");
    await expect.poll(() => theme4.getByTestId("theme-name").textContent(), WAIT).toBe("深林綠");
    expect((await theme4.getByTestId("swatch-hex").allTextContents())[0]).toBe("#123456");
    expect(await theme4.getByTestId("theme-edit-form").count()).toBe(0);
    expect(requests).toEqual([
      expect.objectContaining({
        name: "深林綠",
        primary_color: "#123456",
        bg_primary: "#ffffff",
        bg_secondary: "#f8fafc",
        text_primary: "#1f2937",
        text_secondary: "#4b5563",
        text_light: "#9ca3af",
        border_color: "#e5e7eb",
        font_family: "Inter",
      }),
    ]);
    const saved = (await listThemes()).find((theme) => theme.id === 4);
    expect(saved).toMatchObject({ name: "深林綠", primary_color: "#123456", is_active: false });
    // The success message clears after 3 s.
    await expect.poll(() => page.getByTestId("theme-notice").count(), { ...SETTLE, timeout: 6_000 }).toBe(0);
  });

  it("shows the server's messages for an empty name and keeps the form open", async () => {
    const { page } = await openThemes();
    e2e.expectConsoleError(/status of 400/);
    const theme3 = card(page, 3);
    await theme3.getByRole("button", { name: /編輯/ }).click();
    const form = theme3.getByTestId("theme-edit-form");
    await form.getByLabel("主題名稱").fill("");
    await form.getByRole("button", { name: "儲存" }).click();
    await expect.poll(() => form.getByTestId("theme-save-error").textContent(), WAIT).toBe("主題更新失敗：輸入資料有誤，請檢查標示的欄位");
    expect(await form.getByTestId("theme-error-name").textContent()).toBe("請輸入主題名稱");
    expect(await form.getByLabel("主題名稱").getAttribute("aria-invalid")).toBe("true");
    expect((await listThemes()).find((theme) => theme.id === 3)?.name).toBe("活力橘");
  });
});

describe("/admin/test", () => {
  it("shows the active theme, its layout width, colours and the typography settings", async () => {
    const { page } = await signedInPage(e2e, "/admin/test");
    await expect.poll(() => page.getByTestId("test-theme-name").textContent(), WAIT).toBe("清新潔淨");
    expect(await page.getByTestId("test-theme-id").textContent()).toBe("1");
    expect(await page.getByTestId("test-theme-width").textContent()).toBe("1200px");
    expect(await page.getByTestId("test-theme-layout").textContent()).toContain("服務型");
    expect(await page.getByTestId("swatch-hex").first().textContent()).toBe("#0891b2");
    expect(await page.getByTestId("test-font-size").textContent()).toMatch(/^\d+px$/);
    expect(await page.getByTestId("test-line-height").textContent()).toMatch(/^\d/);
    // A route only: the sidebar does not list it.
    expect(await page.locator("nav[aria-label='後台選單'] a[href='/admin/test']").count()).toBe(0);

    // After switching to the corporate theme the screen says so (1280 px).
    await e2e.server.activateTheme(2);
    await visit(page, "/admin/test");
    await expect.poll(() => page.getByTestId("test-theme-name").textContent(), WAIT).toBe("預設企業藍");
    expect(await page.getByTestId("test-theme-width").textContent()).toBe("1280px");
  });
});
