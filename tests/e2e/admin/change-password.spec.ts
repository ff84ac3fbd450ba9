// Change password (002 §2.11, §4, §5, §8; issue 22): the rules (all fields
// required, at least 12 characters, confirmed, unlike the current one) checked
// in the browser with the contract's messages, the server's refusal of a wrong
// current password and of a common password (beside the field), then success: message, cleared fields, sign-out after
// 3 seconds, the old token refused, the new password signing in.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAdmin } from "#tests/factories/admin.factory.ts";
import { SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { adminApi, expectPath, pathOf, signedInPage, submitLogin } from "../support/admin.ts";

const e2e = useE2E();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const alertText = (page: Page) => page.getByRole("alert").textContent();

async function fill(page: Page, current: string, next: string, confirm: string) {
  await field(page, "目前密碼").fill(current);
  await field(page, "新密碼").fill(next);
  await field(page, "確認新密碼").fill(confirm);
}

describe("change password screen", () => {
  it("has three fields with show/hide, tips, the re-login warning and a way back", async () => {
    const { page } = await signedInPage(e2e, "/admin/change-password");
    for (const label of ["目前密碼", "新密碼", "確認新密碼"]) expect(await field(page, label).getAttribute("type")).toBe("password");
    const toggles = page.locator("main").getByRole("button", { name: "顯示密碼" });
    expect(await toggles.count()).toBe(3);
    await toggles.nth(1).click();
    expect(await field(page, "新密碼").getAttribute("type")).toBe("text");
    expect(await field(page, "目前密碼").getAttribute("type")).toBe("password");
    expect(await page.locator("main").textContent()).toContain("重新登入");
    expect(await page.getByRole("heading", { name: "密碼建議" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "取消" }).click();
    await expectPath(page, "/admin/dashboard");
    await visit(page, "/admin/change-password");
    await page.getByRole("link", { name: "返回儀表板" }).click();
    await expectPath(page, "/admin/dashboard");
  });

  it("checks the rules before sending, with the spec's messages, and shows the server's refusal of a wrong current password", async () => {
    e2e.expectConsoleError(/status of 400/);
    const { page } = await signedInPage(e2e, "/admin/change-password");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/admin-api.php/change-password")) sent.push(request.postData() ?? "");
    });
    const submit = page.getByRole("button", { name: "變更密碼", exact: true });

    await submit.click();
    await expect.poll(() => alertText(page), SETTLE).toBe("所有欄位都是必填的");
    await fill(page, "whatever-1", "abcdefghijk", "abcdefghijk");
    await submit.click();
    await expect.poll(() => alertText(page), SETTLE).toBe("密碼至少需要 12 個字元");
    await fill(page, "whatever-1", "new-password-1", "new-password-2");
    await submit.click();
    await expect.poll(() => alertText(page), SETTLE).toBe("新密碼與確認密碼不符");
    await fill(page, "same-password-1", "same-password-1", "same-password-1");
    await submit.click();
    await expect.poll(() => alertText(page), SETTLE).toBe("新密碼不能與舊密碼相同");
    expect(sent).toEqual([]);

    await fill(page, "not-my-password", "new-password-1", "new-password-1");
    await submit.click();
    await expect.poll(() => alertText(page), SETTLE).toBe("目前密碼錯誤");
    expect(sent).toHaveLength(1);
    expect(pathOf(page)).toBe("/admin/change-password");
  });

  it("shows the server's refusal of a common password beside the new password field", async () => {
    e2e.expectConsoleError(/status of 400/);
    const { page, admin } = await signedInPage(e2e, "/admin/change-password");
    await fill(page, admin.password, "qwerty123456", "qwerty123456");
    await page.getByRole("button", { name: "變更密碼", exact: true }).click();
    const message = "這個密碼太常見，很容易被猜中，請改用其他密碼";
    await expect.poll(() => alertText(page), SETTLE).toBe(message);
    const newPassword = field(page, "新密碼");
    expect(await newPassword.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await newPassword.getAttribute("aria-describedby"))!.split(" ");
    const texts = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(texts).toContain(message);
  });

  it("says 連線錯誤 when the server cannot be reached", async () => {
    e2e.expectConsoleError(/ERR_FAILED|Failed to fetch/);
    const { page } = await signedInPage(e2e, "/admin/change-password");
    await page.route("**/admin-api.php/change-password", (route) => route.abort());
    await fill(page, "old-password-1", "new-password-1", "new-password-1");
    await page.getByRole("button", { name: "變更密碼", exact: true }).click();
    await expect.poll(() => alertText(page), SETTLE).toBe("連線錯誤，請稍後再試");
  });

  it("changes the password: 變更中..., the message, cleared fields, signed out after 3 s, old token refused, new password works", async () => {
    const admin = await createAdmin(e2e.server.app, { name: "密碼測試員", password: "old-password-123" });
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await submitLogin(page, admin.email, "old-password-123");
    await expectPath(page, "/admin/dashboard");
    const token = (await page.evaluate(() => localStorage.getItem("admin_token")))!;
    expect((await adminApi(e2e, token, "GET", "/admin-api.php/stats")).status).toBe(200);

    await page.locator("aside").getByRole("link", { name: "變更密碼" }).click();
    await expectPath(page, "/admin/change-password");
    await fill(page, "old-password-123", "new-password-456", "new-password-456");
    // Hold the answer back a moment to see the running state.
    await page.route("**/admin-api.php/change-password", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "變更密碼", exact: true }).click();
    await expect.poll(() => page.locator("main button[type='submit']").textContent(), SETTLE).toBe("變更中...");

    const success = page.locator("main form").first().getByRole("status");
    await expect.poll(() => success.textContent(), SETTLE).toContain("密碼已成功變更");
    const shownAt = Date.now();
    for (const label of ["目前密碼", "新密碼", "確認新密碼"]) expect(await field(page, label).inputValue()).toBe("");
    expect(pathOf(page)).toBe("/admin/change-password");

    await expectPath(page, "/admin/login");
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(2_500);
    expect(await page.evaluate(() => [localStorage.getItem("admin_token"), localStorage.getItem("admin_user"), sessionStorage.getItem("admin_token")])).toEqual([
      null,
      null,
      null,
    ]);

    expect((await adminApi(e2e, token, "GET", "/admin-api.php/stats")).status).toBe(401);

    await submitLogin(page, admin.email, "new-password-456");
    await expectPath(page, "/admin/dashboard");
    await expect.poll(() => page.locator("main h1").textContent(), SETTLE).toBe("歡迎回來，密碼測試員");
    const login = await fetch(`${e2e.server.baseUrl}/admin-login.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: "old-password-123" }),
    });
    expect(login.status).toBe(401);
  });
});
