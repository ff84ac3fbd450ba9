// Chromium (system build, driven by playwright-core) and the pages tests open
// in it. Every page's console errors and uncaught exceptions are collected; a
// test that leaves any behind fails (see useE2E in e2e.ts). There is no blanket
// exemption for favicon 404s: the root links /favicon.ico, which the build
// serves, so a 404 there would be a real defect. Errors a test provokes on
// purpose (a 404 document, a broken logo) are accepted by that test alone.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "#tests/setup/e2e-global.ts";

/** "shell" (the default) is the headless shell; "full" is the whole browser, for what only it has (the PDF viewer). */
export type BrowserKind = "shell" | "full";

export function launchBrowser(kind: BrowserKind = "shell"): Promise<Browser> {
  return chromium.launch({
    executablePath: kind === "full" ? CHROMIUM_PATH : HEADLESS_SHELL_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** For expect.poll: vitest's one-second default is short for a page on a busy 2-core machine. */
export const SETTLE = { timeout: 5_000, interval: 25 };

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, each as "text (url)". */
  errors: string[];
}

export interface PageOptions {
  /** false: a visitor whose browser runs no scripts (public pages must still read and work). */
  javaScript?: boolean;
  /** What the site's localStorage holds before the first page loads (a signed-in session, as the sign-in screen leaves it). */
  localStorage?: Record<string, string>;
}

export async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP, options: PageOptions = {}): Promise<OpenedPage> {
  const storageState = options.localStorage
    ? { cookies: [], origins: [{ origin: baseURL, localStorage: Object.entries(options.localStorage).map(([name, value]) => ({ name, value })) }] }
    : undefined;
  const context = await browser.newContext({ baseURL, viewport, locale: "zh-TW", javaScriptEnabled: options.javaScript ?? true, storageState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    errors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  // Staff get our own dialogs, never the browser's alert/confirm/prompt; only
  // the leave-page warning (beforeunload) can only be the browser's.
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") return;
    errors.push(`the browser's ${dialog.type()}() was used: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, context, errors };
}

/**
 * Waits until the page is ready for a person: a public page is static HTML,
 * ready once each island on it has hydrated (it says data-hydrated; an island that
 * wakes at a visitor's first touch is woken as a person's pointer would); the back
 * office is React Router's app, ready once React has hydrated the document
 * (before that a click on a <Link> is a full page load). React attaches its
 * props to every DOM node it hydrates; the last link in the document is among
 * the last hydrated (links in HTML set by hand, inert previews or a rich-text
 * area, are not React's and never get its props). The effects run just after, in tasks of React's
 * scheduler, which a few MessageChannel round trips let through. (Not
 * setTimeout: some specs pause the page's clock.)
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.readyState !== "loading", undefined, { polling: 20, timeout: 15_000 });
  await page.evaluate(() => {
    if (document.querySelector("[data-island][data-wake=touch]:not([data-hydrated])")) document.body.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  });
  await page.waitForFunction(
    () => {
      if (document.readyState === "loading") return false;
      if (document.querySelector("[data-island]:not([data-hydrated])")) return false;
      if (!("__reactRouterContext" in window)) return true;
      // HTML put in by hand (an editor's inert previews, a rich-text area) is not React's to hydrate.
      const links = [...document.querySelectorAll("body a[href]")].filter((link) => !link.closest("[inert], [contenteditable]"));
      const last = links[links.length - 1];
      return "__reactRouterDataRouter" in window && last !== undefined && Object.keys(last).some((key) => key.startsWith("__reactProps$"));
    },
    undefined,
    { polling: 20, timeout: 15_000 },
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let round = 0;
        channel.port1.onmessage = () => (++round >= 10 ? resolve() : channel.port2.postMessage(null));
        channel.port2.postMessage(null);
      }),
  );
}

/** page.goto that also waits for hydration; returns the document's status. */
export async function visit(page: Page, pathname: string): Promise<number> {
  const response = await page.goto(pathname);
  if (!response) throw new Error(`no response for ${pathname}`);
  await waitForHydration(page);
  return response.status();
}
