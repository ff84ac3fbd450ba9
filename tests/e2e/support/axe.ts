// Accessibility checks for the e2e specs: axe-core (WCAG 2.1 A/AA and axe's
// best practices) run inside the page, plus two checks axe leaves to people on
// a phone: tap targets of at least 44×44 CSS px (WCAG 2.5.5) and a name on
// every button and link. Each answers a list of readable strings, empty when
// all is well, so `expect(list).toEqual([])` fails by saying what to fix.
import axe from "axe-core";
import type { Page } from "playwright-core";
import { waitForHydration } from "./browser.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The smallest tap target, in CSS pixels, on each side (WCAG 2.5.5, Apple's and Google's guides). */
export const MIN_TARGET = 44;

/**
 * Waits until the page is hydrated and still: web fonts loaded and every
 * finite CSS animation or transition (a dialog fading in, a drawer sliding,
 * the floating buttons popping up) finished. Endless ones (spinners, pulses)
 * are left running.
 */
export async function settle(page: Page) {
  await waitForHydration(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let round = 0; round < 5; round += 1) {
      const running = document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        return animation.playState === "running" && typeof end === "number" && Number.isFinite(end);
      });
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

async function injectAxe(page: Page) {
  const present = await page.evaluate(() => "axe" in window);
  // Through the DevTools protocol: the public pages' Content-Security-Policy would refuse a <script> tag.
  if (!present) await page.evaluate(axe.source);
}

/**
 * axe-core's violations on the page as it is now, one string per element:
 * rule, impact, what the rule asks, where (CSS selector) and why it failed.
 * `within` (a CSS selector) checks that part of the page only (its colours still
 * measured against what lies behind it): the part that changed since the whole
 * page was checked, e.g. a form in each of its states.
 */
export async function axeViolations(page: Page, { within }: { within?: string } = {}): Promise<string[]> {
  await settle(page);
  await injectAxe(page);
  // Sections the browser has not laid out yet (content-visibility: auto, the home page's below-the-fold
  // sections) have no colours for axe to check: every one is laid out first, so nothing goes unchecked.
  // Through the CSSOM: the page's Content-Security-Policy would refuse a <style> element.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
  });
  const violations = await page.evaluate(async ({ tags, within }) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const context = within ? { include: [within] } : document;
    const results = await axe.run(context, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(" >>> "), summary: node.failureSummary ?? "" })),
    }));
  }, { tags: TAGS, within });
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n    at ${node.target}\n    ${node.summary.replace(/\n\s*/g, "\n    ")}`,
    ),
  );
}

/**
 * Visible interactive elements smaller than 44×44 CSS px, each as
 * "selector «text» width×height". The target is the element's own box
 * (padding included), or for a form control one of its <label>s, which take
 * the same taps. Exempt, as WCAG 2.5.5/2.5.8 allow: links inline in a
 * sentence (an inline link whose block holds other text too). With a modal
 * dialog open only its controls count: the rest of the page is inert.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  await settle(page);
  return page.evaluate((min) => {
    const SELECTOR = "a[href], button, input:not([type=hidden]), select, textarea, [role=button], summary";
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const testId = element.getAttribute("data-testid");
      const label = element.getAttribute("aria-label");
      const text = (label ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      const path: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && path.length < 3; node = node.parentElement) {
        path.unshift(node.tagName.toLowerCase() + (node === element ? id : ""));
      }
      return `${path.join(" > ")}${testId ? `[data-testid=${testId}]` : ""}${text ? ` «${text}»` : ""}`;
    };
    // An open modal dialog makes the rest of the page inert: only its own controls can be tapped.
    // The one on top holds the focus, innermost when one sits inside another as on the public gallery (the back office's dialogs
    // sit at the end of the page in the order they were made, not opened: decision 039).
    const modals = [...document.querySelectorAll("dialog")].filter((dialog) => dialog.matches(":modal"));
    const topLayer = () => modals.filter((dialog) => dialog.contains(document.activeElement)).pop() ?? modals.pop() ?? document.body;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      // The .sr-only pattern (1×1 px, clipped) is for screen readers, not for fingers; inert
      // content (a carousel's hidden slides) takes no taps.
      return box.width > 1 && box.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest("[inert]");
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      if (!block) return false;
      const own = (element.textContent ?? "").replace(/\s+/g, "");
      const all = (block.textContent ?? "").replace(/\s+/g, "");
      return all.length > own.length;
    };
    // Half a pixel of slack for sub-pixel layout (rem sizes, borders).
    const big = (box: DOMRect) => box.width >= min - 0.5 && box.height >= min - 0.5;
    const size = (box: DOMRect) => `${Math.round(box.width)}×${Math.round(box.height)}`;
    const small: string[] = [];
    for (const element of topLayer().querySelectorAll(SELECTOR)) {
      if (!visible(element) || inSentence(element)) continue;
      const box = element.getBoundingClientRect();
      if (big(box)) continue;
      // A form control's <label> takes the same taps: a big enough label is an equivalent target (WCAG 2.5.5).
      const labels = [...((element as HTMLInputElement).labels ?? [])].filter(visible).map((label) => label.getBoundingClientRect());
      if (labels.some(big)) continue;
      small.push(`${describe(element)} ${size(box)}${labels.map((label) => ` (label ${size(label)})`).join("")}`);
    }
    return small;
  }, MIN_TARGET);
}

/** Visible buttons and links without an accessible name (computed by axe, as a screen reader would). */
export async function unnamedControls(page: Page): Promise<string[]> {
  await settle(page);
  await injectAxe(page);
  return page.evaluate(() => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    axe.setup(document);
    try {
      // The modal on top holds the focus (see smallTapTargets).
      const modals = [...document.querySelectorAll("dialog")].filter((dialog) => dialog.matches(":modal"));
      const modal = modals.filter((dialog) => dialog.contains(document.activeElement)).pop() ?? modals.pop();
      const controls = (modal ?? document).querySelectorAll("a[href], button, [role=button], [role=link], input[type=button], input[type=submit], input[type=reset], summary");
      const unnamed: string[] = [];
      for (const element of controls) {
        const box = element.getBoundingClientRect();
        const hidden = !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || element.closest("[inert], [aria-hidden=true]");
        if (box.width === 0 || box.height === 0 || hidden) continue;
        if (axe.commons.text.accessibleText(element).trim() === "") unnamed.push(element.outerHTML.slice(0, 160));
      }
      return unnamed;
    } finally {
      axe.teardown();
    }
  });
}
