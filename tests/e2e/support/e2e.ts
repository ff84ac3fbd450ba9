// One spec file = one server on a fresh database + one Chromium. useE2E()
// registers the hooks: start both before the file, close both after it, and
// after each test close its pages, put back the settings it changed and fail
// it when a page logged an error.
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, openPage, type BrowserKind, type OpenedPage, type PageOptions } from "./browser.ts";
import { startServer, type E2EServer } from "./server.ts";

export interface E2E {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** A fresh browser context and page pointed at the server. */
  newPage(viewport?: { width: number; height: number }, options?: PageOptions): Promise<Page>;
  /**
   * Accepts console errors matching `pattern` for the current test only.
   * For the errors a browser must log, e.g. "Failed to load resource: … 404"
   * when the document itself is a 404 or when an image is deliberately broken.
   */
  expectConsoleError(pattern: RegExp): void;
}

export function useE2E(options: { browser?: BrowserKind } = {}): E2E {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser(options.browser)]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    const pages = opened;
    const accepted = allowed;
    opened = [];
    allowed = [];
    await Promise.all(pages.map(({ context }) => context.close()));
    await server?.restoreSettings();
    const unexpected = pages.flatMap(({ errors }) => errors).filter((error) => !accepted.some((pattern) => pattern.test(error)));
    if (unexpected.length > 0) {
      throw new Error(`The page logged ${unexpected.length} console error(s):\n  ${unexpected.join("\n  ")}`);
    }
  });

  const e2e: E2E = {
    get server() {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the browser starts in beforeAll");
      return browser;
    },
    async newPage(viewport = DESKTOP, options = {}) {
      const handle = await openPage(e2e.browser, e2e.server.baseUrl, viewport, options);
      opened.push(handle);
      return handle.page;
    },
    expectConsoleError(pattern) {
      allowed.push(pattern);
    },
  };
  return e2e;
}

/** The HTML tags of one kind as attribute maps, e.g. tags(html, "meta"). */
export function tags(html: string, name: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attributes: Record<string, string> = {};
    for (const attribute of match[1].matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[attribute[1].toLowerCase()] = decodeEntities(attribute[2]);
    found.push(attributes);
  }
  return found;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
