// The maths challenge (001 §2, §4; decision 007): it appears after
// the third failed attempt, asks a fresh question on 換一題 and after a wrong
// answer, and with the right answer and password the administrator gets in.
// A spec file of its own: the failures count against 127.0.0.1 for 15 minutes.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { expectPath, SEEDED_ADMIN, solveChallenge, submitLogin } from "../support/admin.ts";

const e2e = useE2E();

const challengeBox = (page: Page) => page.getByTestId("login-challenge");
const question = (page: Page) => challengeBox(page).locator("label").first().textContent();
const QUESTION = /^\d+ [+\-×] \d+ = \?$/;

describe("maths challenge", () => {
  it("appears after three wrong passwords, refreshes on 換一題 and on a wrong answer, and the right answer signs in", async () => {
    e2e.expectConsoleError(/status of (400|401)/);
    const page = await e2e.newPage();
    await visit(page, "/admin/login");
    const alert = page.getByRole("alert");

    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith("/admin-login.php"));
      await submitLogin(page, SEEDED_ADMIN.email, `wrong-${attempt}`);
      expect((await answered).status()).toBe(401);
      await expect.poll(() => alert.textContent(), SETTLE).toBe("電子郵件或密碼錯誤");
      expect(await challengeBox(page).count(), `after failure ${attempt}`).toBe(0);
    }

    // The third failure makes the challenge required: the box appears with a question from the server.
    const challenged = page.waitForResponse(async (response) => response.url().endsWith("/admin-login.php") && (await response.text()).includes("question"));
    await submitLogin(page, SEEDED_ADMIN.email, "wrong-3");
    await challenged;
    await challengeBox(page).waitFor({ state: "visible" });
    await expect.poll(() => question(page), SETTLE).toMatch(QUESTION);
    expect(await challengeBox(page).locator("input").getAttribute("inputmode")).toBe("numeric");

    // 換一題 asks the server for a new question (it may by chance read the same).
    const refreshed = page.waitForResponse(async (response) => response.url().endsWith("/admin-login.php") && (await response.text()).includes("question"));
    await challengeBox(page).getByRole("button", { name: "換一題" }).click();
    const fresh = ((await (await refreshed).json()) as { data: { question: string } }).data.question;
    await expect.poll(() => question(page), SETTLE).toBe(fresh);

    // The answer is required while the box shows; the browser does not let the form go without it.
    await page.getByLabel("密碼", { exact: true }).fill(SEEDED_ADMIN.password);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/admin-login.php") && request.postData()?.includes("password")) sent.push(request.postData() ?? "");
    });
    await page.getByRole("button", { name: "登入", exact: true }).click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);

    // A wrong answer: refused with a maths message, and a new question replaces the old one.
    const wrongAnswer = String(Number(solveChallenge(fresh)) + 1);
    const next = page.waitForResponse(async (response) => response.url().endsWith("/admin-login.php") && (await response.text()).includes("question"));
    await submitLogin(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, wrongAnswer);
    await expect.poll(() => alert.textContent(), SETTLE).toMatch(/數學驗證/);
    await next;
    await expect.poll(() => question(page), SETTLE).toMatch(QUESTION);
    expect(await challengeBox(page).locator("input").inputValue()).toBe("");
    expect(sent.at(-1)).toContain(`"math_answer":"${wrongAnswer}"`);

    // The right answer with the right password.
    const current = (await question(page))!;
    await submitLogin(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, solveChallenge(current));
    await expectPath(page, "/admin/dashboard");
    await expect.poll(() => page.locator("h1").textContent(), SETTLE).toBe(`歡迎回來，${SEEDED_ADMIN.name}`);
  });
});
