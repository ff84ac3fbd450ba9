// Signing in and out of the back office: the route guard, the sign-in form
// with the seeded administrator, what it stores, the redirects once signed
// in, sign-out, and a session the server no longer knows.
import { describe, expect, it } from "vitest";
import { SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { adminApi, expectPath, pathOf, SEEDED_ADMIN, signedInPage, submitLogin } from "../support/admin.ts";

const e2e = useE2E();

describe("route guard", () => {
  it("sends every back-office path to /admin/login when no token is stored", async () => {
    const page = await e2e.newPage();
    for (const path of ["/admin/dashboard", "/admin", "/admin/change-password", "/admin/contacts", "/admin/no-such-screen"]) {
      await visit(page, path);
      await expectPath(page, "/admin/login");
      expect(await page.locator("h1").textContent(), path).toBe("後台管理系統");
      expect(await page.getByRole("button", { name: "登入", exact: true }).isVisible(), path).toBe(true);
    }
  });

  it("serves the back-office shell as a 200 document that is never cached", async () => {
    const { status, headers, html } = await e2e.server.fetchPage("/admin/dashboard");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(html).toMatch(/noindex/);
  });
});

describe("sign-in form", () => {
  it("signs the seeded administrator in, stores the session and greets them by name on the dashboard", async () => {
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    expect(await page.getByLabel("電子郵件").getAttribute("type")).toBe("email");
    expect(await page.getByLabel("電子郵件").getAttribute("required")).not.toBeNull();
    expect(await page.getByLabel("密碼", { exact: true }).getAttribute("required")).not.toBeNull();
    // No challenge before any failure.
    expect(await page.getByTestId("login-challenge").count()).toBe(0);

    await submitLogin(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expectPath(page, "/admin/dashboard");
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe(`歡迎回來，${SEEDED_ADMIN.name}`);

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("admin_token"),
      copy: sessionStorage.getItem("admin_token"),
      user: JSON.parse(localStorage.getItem("admin_user") ?? "null") as { id: number; name: string; email: string; login_at: string },
    }));
    expect(stored.token?.length ?? 0).toBeGreaterThan(20);
    expect(stored.copy).toBe(stored.token);
    expect(stored.user).toMatchObject({ name: SEEDED_ADMIN.name, email: SEEDED_ADMIN.email });
    expect(Math.abs(Date.now() - Date.parse(stored.user.login_at))).toBeLessThan(60_000);
    expect((await adminApi(e2e, stored.token!, "GET", "/admin-api.php/stats")).status).toBe(200);

    // The dashboard reads the real activity log: this sign-in is in it.
    await expect.poll(() => page.getByTestId("activity-list").textContent(), SETTLE).toContain(`${SEEDED_ADMIN.name} 登入後台`);
    expect(await page.getByTestId("login-time").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("shows the server's message for a wrong password and keeps the challenge hidden after one failure", async () => {
    e2e.expectConsoleError(/status of 401/);
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await submitLogin(page, SEEDED_ADMIN.email, "not-the-password");
    await expect.poll(() => page.getByRole("alert").textContent(), SETTLE).toBe("電子郵件或密碼錯誤");
    expect(pathOf(page)).toBe("/admin/login");
    expect(await page.getByTestId("login-challenge").count()).toBe(0);
    expect(await page.getByRole("button", { name: "登入", exact: true }).isEnabled()).toBe(true);
  });

  it("shows and hides the password", async () => {
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    const password = page.getByLabel("密碼", { exact: true });
    await password.fill("secret-123");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "顯示密碼" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "隱藏密碼" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });

  it("says 連線錯誤 when the server cannot be reached", async () => {
    e2e.expectConsoleError(/ERR_FAILED|Failed to fetch/);
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await page.route("**/admin-login.php", (route) => route.abort());
    await submitLogin(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expect.poll(() => page.getByRole("alert").textContent(), SETTLE).toBe("連線錯誤，請稍後再試");
  });
});

describe("signed in", () => {
  it("skips the sign-in screen and /admin goes to the dashboard", async () => {
    const { page } = await signedInPage(e2e, "/admin/login");
    await expectPath(page, "/admin/dashboard");
    await visit(page, "/admin");
    await expectPath(page, "/admin/dashboard");
  });

  it("signs out: the token is revoked, the session cleared, and the guard is back", async () => {
    const { page, token } = await signedInPage(e2e);
    await page.getByRole("button", { name: "登出" }).click();
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => [localStorage.getItem("admin_token"), localStorage.getItem("admin_user"), sessionStorage.getItem("admin_token")])).toEqual([
      null,
      null,
      null,
    ]);
    expect((await adminApi(e2e, token, "GET", "/admin-api.php/stats")).status).toBe(401);
    await visit(page, "/admin/dashboard");
    await expectPath(page, "/admin/login");
  });

  it("signs out even when the sign-out call fails", async () => {
    e2e.expectConsoleError(/ERR_FAILED|Failed to fetch/);
    const { page } = await signedInPage(e2e);
    await page.route("**/admin-api.php/logout", (route) => route.abort());
    await page.getByRole("button", { name: "登出" }).click();
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  });

  it("treats a token the server does not know as signed out: the first 401 clears it and shows the sign-in screen", async () => {
    e2e.expectConsoleError(/status of 401/);
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    await page.evaluate(() => {
      localStorage.setItem("admin_token", "forged-token-forged-token-forged-token");
      localStorage.setItem("admin_user", JSON.stringify({ id: 1, name: "冒名者", email: "x@example.com", login_at: new Date().toISOString() }));
    });
    await visit(page, "/admin/dashboard");
    await expectPath(page, "/admin/login");
    expect(await page.evaluate(() => [localStorage.getItem("admin_token"), localStorage.getItem("admin_user")])).toEqual([null, null]);
  });
});
