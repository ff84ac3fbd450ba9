// A visitor's words are never lost (issue 22 §1): on a slow phone the page is
// usable seconds before its islands' scripts arrive, and what a visitor types
// or chooses meanwhile must survive them and be what is used. The scripts are
// held back by intercepting their requests, the visitor types, the scripts are
// let through, and the values must still be there and be the ones sent.
import type { Page, Route } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { adminApi, signedInPage } from "../support/admin.ts";
import { SETTLE } from "../support/browser.ts";
import { TOUCH_EVENTS } from "#web/site/islands/island.tsx";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

/** Holds the matching scripts until released. */
async function holdScripts(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(pattern, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

const stored = () => e2e.server.app.database.db.selectFrom("contacts").selectAll().orderBy("id").execute();

beforeEach(async () => {
  await e2e.server.app.database.db.deleteFrom("contacts").execute();
  await e2e.server.app.database.db.deleteFrom("rate_counters").execute();
});

describe("the contact form (the lead path)", () => {
  it("runs no script before the visitor does something, and wakes at the first key (docs/decisions/047-light-to-parse.md)", async () => {
    const page = await e2e.newPage();
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/assets/islands/")) requested.push(new URL(request.url()).pathname);
    });
    // The first event that may wake an island, as the page saw it. The browser itself may send a
    // pointer event when it knows where the pointer rests (a hover); then that event, never the
    // page's load, is what woke the scripts.
    await page.addInitScript((types) => {
      const seen = window as unknown as { firstWake?: string };
      for (const type of types) addEventListener(type, () => (seen.firstWake ??= type), { capture: true, passive: true });
    }, [...TOUCH_EVENTS]);
    await page.goto("/contact", { waitUntil: "load" });
    // Past the time a page-load island takes to ask for its script.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 800)));
    const woken = await page.evaluate(() => (window as unknown as { firstWake?: string }).firstWake);
    if (woken === undefined) expect(requested).toEqual([]);

    await page.keyboard.press("Tab");
    await page.locator('[data-island="contact-form"][data-hydrated]').waitFor({ state: "attached" });
    expect(requested.some((path) => path.includes("contact-form.island"))).toBe(true);
  });

  it("keeps what was typed before its island arrived, sends it, and the message is in the back office inbox", async () => {
    const page = await e2e.newPage();
    const scripts = await holdScripts(page, /\/assets\/islands\/contact-form\.island-[^/]*\.js$/);
    await page.goto("/contact");
    const form = page.locator("#contact-form");
    await form.getByLabel("姓名", { exact: false }).first().fill("慢網路的王先生");
    await form.getByLabel("Email").fill("slow@example.com");
    await form.getByLabel("訊息內容").fill("手機訊號不好，想詢問水塔清洗");
    // The visitor is still in the message, the caret after 手機.
    await page.evaluate(() => (document.getElementById("contact-message") as HTMLTextAreaElement).setSelectionRange(2, 2));
    await expect.poll(() => scripts.held.length, SETTLE).toBeGreaterThan(0);
    expect(await page.locator('[data-island="contact-form"][data-hydrated]').count()).toBe(0);

    scripts.release();
    await page.locator('[data-island="contact-form"][data-hydrated]').waitFor({ state: "attached" });
    // Past the island's own first re-render (its effects), which used to write the server's empty values back.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await form.getByLabel("姓名", { exact: false }).first().inputValue()).toBe("慢網路的王先生");
    expect(await form.getByLabel("Email").inputValue()).toBe("slow@example.com");
    expect(await form.getByLabel("訊息內容").inputValue()).toBe("手機訊號不好，想詢問水塔清洗");
    expect(await page.evaluate(() => {
      const field = document.getElementById("contact-message") as HTMLTextAreaElement;
      return [document.activeElement === field, field.selectionStart, field.selectionEnd];
    })).toEqual([true, 2, 2]);

    // Sent by the island (JSON), quickly: a quick person is never refused.
    const [request] = await Promise.all([page.waitForRequest("**/api.php/contact"), form.getByRole("button", { name: "送出諮詢" }).click()]);
    expect(request.postDataJSON()).toMatchObject({ name: "慢網路的王先生", email: "slow@example.com", message: "手機訊號不好，想詢問水塔清洗" });
    await page.getByTestId("contact-thanks").waitFor();
    expect(await stored()).toEqual([expect.objectContaining({ name: "慢網路的王先生", email: "slow@example.com", message: "手機訊號不好，想詢問水塔清洗" })]);

    // The back office inbox has it.
    const { page: admin, token } = await signedInPage(e2e, "/admin/contacts");
    const listed = await adminApi(e2e, token, "GET", "/admin-api.php/contacts");
    expect((listed.body.data as { contacts: Array<{ name: string }> }).contacts.map((contact) => contact.name)).toContain("慢網路的王先生");
    await admin.getByText("慢網路的王先生").first().waitFor();
  });
});

describe("the case gallery", () => {
  const TYPE = { value: "e2e-early-type", label: "早選的服務類型" };

  it("a search typed and a service type chosen before its island arrived are applied when it does", async () => {
    await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-types", TYPE);
    await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/portfolios", { title: "早到的案例：大樓水塔", client: "基隆市", category: TYPE.value });
    const page = await e2e.newPage();
    const scripts = await holdScripts(page, /\/assets\/islands\/case-viewer\.island-[^/]*\.js$/);
    await page.goto("/portfolio");
    await page.getByLabel("關鍵字").fill("水塔");
    await page.getByLabel("服務類型").selectOption(TYPE.value);
    await expect.poll(() => scripts.held.length, SETTLE).toBeGreaterThan(0);
    // Nothing happened yet: the choice's change had no one to hear it.
    expect(new URL(page.url()).search).toBe("");

    scripts.release();
    await page.waitForURL(/category=/);
    const query = new URL(page.url()).searchParams;
    expect(query.get("category")).toBe(TYPE.value);
    expect(query.get("search")).toBe("水塔");
    expect(await page.getByLabel("關鍵字").inputValue()).toBe("水塔");
    expect(await page.getByLabel("服務類型").inputValue()).toBe(TYPE.value);
  });

  it("a search typed before the island arrived stays in the box and is what the search sends", async () => {
    const page = await e2e.newPage();
    const scripts = await holdScripts(page, /\/assets\/islands\/case-viewer\.island-[^/]*\.js$/);
    await page.goto("/portfolio");
    await page.getByLabel("關鍵字").fill("基隆");
    await expect.poll(() => scripts.held.length, SETTLE).toBeGreaterThan(0);
    scripts.release();
    await page.locator('[data-island="case-viewer"][data-hydrated]').waitFor({ state: "attached" });
    expect(await page.getByLabel("關鍵字").inputValue()).toBe("基隆");
    expect(new URL(page.url()).search).toBe("");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(new URL(page.url()).searchParams.get("search")).toBe("基隆");
  });
});

describe("the news search", () => {
  it("a search typed while the page's scripts are held is kept and used", async () => {
    const page = await e2e.newPage();
    const scripts = await holdScripts(page, /\/assets\//);
    await page.goto("/blog", { waitUntil: "domcontentloaded" });
    await page.getByLabel("關鍵字").fill("除霉");
    scripts.release();
    await page.waitForLoadState("load");
    expect(await page.getByLabel("關鍵字").inputValue()).toBe("除霉");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(new URL(page.url()).searchParams.get("search")).toBe("除霉");
    expect(await page.getByLabel("關鍵字").inputValue()).toBe("除霉");
  });
});
