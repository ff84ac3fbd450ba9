// Each public page inlines only the stylesheet rules it can use (decision 048).
// The proof that nothing a visitor sees lost a rule: every element's computed
// style (and its ::before and ::after) is the same with the page's own rules
// as with the whole stylesheet, on each page type, in the light and dark
// schemes, and after the islands have drawn what only they draw (the contact
// form's messages, the case viewer, the carousel's controls).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { insertBanner, insertBlogPost, insertPortfolio } from "#tests/factories/content.factory.ts";
import { DESKTOP, MOBILE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

/** The whole stylesheet, as the build the server runs compiled it (entry.server.tsx exports it). */
let siteStylesheet: string;

beforeAll(async () => {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { entry: { module: { siteStylesheet: string } } };
  siteStylesheet = build.entry.module.siteStylesheet;
  const db = e2e.server.app.database.db;
  await insertBanner(db, { title: "專業居家清潔" });
  await insertBanner(db, { title: "冷氣清洗保養" });
  await insertBlogPost(db, { title: "春季大掃除的五個重點" });
  await insertPortfolio(db, { title: "頂樓水塔清洗消毒", client: "基隆市信義區", technologies: ["高壓清洗", "消毒"], featured: true });
});

/**
 * Where the page's computed styles differ once its stylesheet is the whole one: each
 * difference as the element (tag, classes), the pseudo-element and the property, at most 10.
 */
function differencesFromWholeStylesheet(page: Page): Promise<string[]> {
  return page.evaluate((whole) => {
    const pseudos = [null, "::before", "::after"] as const;
    const snapshot = () =>
      [...document.querySelectorAll("body, body *")].map((element) =>
        pseudos.map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          const values: Record<string, string> = {};
          for (let i = 0; i < style.length; i++) values[style[i]!] = style.getPropertyValue(style[i]!);
          return values;
        }),
      );
    const own = snapshot();
    const sheet = document.querySelector("style[data-site-stylesheet]");
    if (!sheet) return ["the page has no site stylesheet"];
    const pageRules = sheet.textContent!;
    sheet.textContent = whole;
    const full = snapshot();
    sheet.textContent = pageRules;
    const elements = [...document.querySelectorAll("body, body *")];
    const found: string[] = [];
    if (pageRules.length >= whole.length) found.push(`the page kept the whole stylesheet (${pageRules.length} characters)`);
    for (let e = 0; e < elements.length && found.length < 10; e++) {
      for (let p = 0; p < pseudos.length; p++) {
        for (const [property, value] of Object.entries(full[e]![p]!)) {
          if (own[e]![p]![property] !== value && found.length < 10) {
            found.push(`<${elements[e]!.tagName.toLowerCase()} class="${elements[e]!.getAttribute("class") ?? ""}">${pseudos[p] ?? ""} ${property}: ${own[e]![p]![property]} instead of ${value}`);
          }
        }
      }
    }
    return found;
  }, siteStylesheet);
}

describe("a page's own stylesheet", () => {
  it.each(["/", "/about", "/services", "/services/1", "/portfolio", "/blog", "/contact", "/no-such-page"])("styles %s exactly as the whole stylesheet does, on a phone and a computer", async (path) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await e2e.newPage(viewport);
      if (path === "/no-such-page") e2e.expectConsoleError(/404/);
      await visit(page, path);
      expect(await differencesFromWholeStylesheet(page), `${path} at ${viewport.width} px`).toEqual([]);
      await page.close();
    }
  });

  it("styles the home page in the dark scheme exactly as the whole stylesheet does", async () => {
    const page = await e2e.newPage(MOBILE);
    await page.emulateMedia({ colorScheme: "dark" });
    await visit(page, "/");
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);
  });

  it("keeps what only the islands draw: the contact form's messages and the case viewer", async () => {
    const page = await e2e.newPage(MOBILE);
    // The empty form is refused by the server too (400), which the browser logs.
    e2e.expectConsoleError(/400/);
    await visit(page, "/contact");
    await page.getByRole("button", { name: "送出諮詢" }).click();
    await page.locator("[aria-invalid=true]").first().waitFor();
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);

    await visit(page, "/portfolio");
    await page.getByTestId("case-card").first().locator("a").first().click();
    await page.getByRole("dialog").waitFor();
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);
  });
});
