// Two-step sign-in in the browser (issue 22 item 5, decision 023): enrolment on
// the change-password screen (QR code, the secret as text, a wrong code
// refused beside the field, the recovery codes shown once with copy and
// download, then 已啟用), the sign-in screen asking for the code after the
// password (a wrong code refused, the right one or a recovery code signing
// in), the device cookie the browser keeps, and switching it off.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { expectPath, signedInPage, submitLogin } from "../support/admin.ts";
import { enrolledAdmin, totpCode } from "../support/two-factor.ts";

const e2e = useE2E();

const section = (page: Page) => page.getByTestId("two-factor-section");

describe("enrolment on the change-password screen", () => {
  it("QR code and secret, a wrong code refused, the right one shows 10 recovery codes once (copy, download), then 已啟用", async () => {
    e2e.expectConsoleError(/status of 400/);
    const { page } = await signedInPage(e2e, "/admin/change-password", { name: "啟用測試員" });
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("尚未啟用");
    await section(page).getByRole("button", { name: "啟用兩步驟驗證" }).click();

    const qr = section(page).getByRole("img", { name: "兩步驟驗證設定用的 QR Code" });
    await qr.waitFor({ state: "visible" });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), SETTLE).toBe(true);
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const codeField = section(page).getByLabel("輸入 App 顯示的 6 位數驗證碼，確認設定無誤：");
    const wrong = totpCode(secret) === "000000" ? "111111" : "000000";
    await codeField.fill(wrong);
    await section(page).getByRole("button", { name: "確認並啟用" }).click();
    await expect.poll(() => section(page).locator("[id$='-error']").textContent(), SETTLE).toMatch(/驗證碼錯誤/);
    expect(await codeField.getAttribute("aria-invalid")).toBe("true");

    await codeField.fill(totpCode(secret));
    await section(page).getByRole("button", { name: "確認並啟用" }).click();
    const list = page.getByRole("list", { name: "備用救援碼" });
    await list.waitFor({ state: "visible" });
    const codes = await list.getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    await section(page).getByRole("button", { name: "複製救援碼" }).click();
    await expect.poll(() => page.getByTestId("two-factor-success").textContent(), SETTLE).toBe("救援碼已複製到剪貼簿");
    const [download] = await Promise.all([page.waitForEvent("download"), section(page).getByRole("button", { name: "下載救援碼" }).click()]);
    expect(download.suggestedFilename()).toBe("備用救援碼.txt");
    const saved = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(saved).toString("utf8");
    for (const code of codes) expect(text).toContain(code);

    await section(page).getByRole("button", { name: "我已妥善保存" }).click();
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("已啟用");
    expect(await section(page).textContent()).toContain("剩餘 10 組備用救援碼");
    // Shown once: neither the codes nor the secret come back after a reload.
    await visit(page, "/admin/change-password");
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("已啟用");
    const html = await page.content();
    expect(html).not.toContain(secret);
    for (const code of codes) expect(html).not.toContain(code);
  });

  it("switching off with the current password", async () => {
    e2e.expectConsoleError(/status of 400/);
    const admin = await enrolledAdmin(e2e, "停用測試員");
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem("admin_token", token);
        localStorage.setItem("admin_user", user);
        sessionStorage.setItem("admin_token", token);
      },
      [admin.token, JSON.stringify({ id: admin.id, name: admin.name, email: admin.email, login_at: new Date().toISOString() })] as const,
    );
    await visit(page, "/admin/change-password");
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("已啟用");
    await section(page).getByLabel("目前密碼", { exact: true }).fill("not-the-password");
    await section(page).getByRole("button", { name: "停用兩步驟驗證" }).click();
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("密碼或驗證碼錯誤");
    await section(page).getByLabel("目前密碼", { exact: true }).fill(admin.password);
    await section(page).getByRole("button", { name: "停用兩步驟驗證" }).click();
    await expect.poll(() => section(page).textContent(), SETTLE).toContain("尚未啟用");
    await expect.poll(() => page.getByTestId("two-factor-success").textContent(), SETTLE).toBe("兩步驟驗證已停用");
  });
});

describe("signing in with two-step sign-in on", () => {
  it("the password, then the code: a wrong one refused, the right one opens the dashboard; the browser keeps the device cookie", async () => {
    e2e.expectConsoleError(/status of 401/);
    const admin = await enrolledAdmin(e2e);
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await submitLogin(page, admin.email, admin.password);
    const step = page.getByTestId("login-second-step");
    await step.waitFor({ state: "visible" });
    const codeField = page.getByLabel("驗證碼", { exact: true });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")), SETTLE).toBe("code");
    expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");

    const next = totpCode(admin.secret, 1);
    await codeField.fill(next === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "驗證並登入" }).click();
    await expect.poll(() => page.getByRole("alert").textContent(), SETTLE).toBe("驗證碼錯誤或已使用過，請重新輸入");
    expect(await codeField.getAttribute("aria-invalid")).toBe("true");

    await codeField.fill(next);
    await page.getByRole("button", { name: "驗證並登入" }).click();
    await expectPath(page, "/admin/dashboard");
    await expect.poll(() => page.locator("main h1").textContent(), SETTLE).toBe(`歡迎回來，${admin.name}`);

    const cookies = await page.context().cookies(e2e.server.baseUrl + "/admin-login.php");
    const device = cookies.find((cookie) => cookie.name === "admin_device");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/admin-login.php" });
    // Only sign-in sees it: no other request carries it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("admin_device");
  });

  it("a recovery code instead of the app's code; 返回重新輸入密碼 goes back", async () => {
    const admin = await enrolledAdmin(e2e, "救援碼測試員");
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await submitLogin(page, admin.email, admin.password);
    await page.getByTestId("login-second-step").waitFor({ state: "visible" });
    await page.getByRole("button", { name: "返回重新輸入密碼" }).click();
    await page.getByLabel("電子郵件").waitFor({ state: "visible" });
    await submitLogin(page, admin.email, admin.password);
    await page.getByLabel("驗證碼", { exact: true }).fill(admin.recoveryCodes[0]);
    await page.getByRole("button", { name: "驗證並登入" }).click();
    await expectPath(page, "/admin/dashboard");
  });
});
