// Every setting of the settings screen that promises something on the public
// site does it (001 §3, 000 §4; issue 25; decision 028): each group is changed
// through the API and seen on the home page, from its HTML where that says it
// and in Chromium where only a browser can tell (computed styles, the dark
// scheme, axe, Google's tag loading). No request leaves the machine: Google's
// script is answered by the test.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SETTLE, visit } from "../support/browser.ts";
import { tags, useE2E } from "../support/e2e.ts";
import { axeViolations } from "../support/axe.ts";
import { signedInPage } from "../support/admin.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 15_000 };

const MEASUREMENT_ID = "G-TEST12345";
const GOOGLE_TAG = "https://www.googletagmanager.com/**";

function jsonLd(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error("no JSON-LD on the page");
  return JSON.parse(text) as Record<string, unknown>;
}

const themeStyle = (html: string) => /<style data-theme-variables="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
const policy = (headers: Headers) => headers.get("content-security-policy") ?? "";

/** Google's tag answered here: the requests Chromium made for it, and when. */
async function answerGoogleTag(page: Page): Promise<Array<{ url: string; at: number }>> {
  const asked: Array<{ url: string; at: number }> = [];
  await page.route(GOOGLE_TAG, (route) => {
    asked.push({ url: route.request().url(), at: Date.now() });
    return route.fulfill({ contentType: "text/javascript", body: "window.__googleTagRan = true;" });
  });
  return asked;
}

const rgbLuminance = (colour: string) => {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
};
const htmlBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

describe("settings on the public site", () => {
  it("social links: icon links with names in the footer and on the contact page, only those set, and sameAs in the JSON-LD", async () => {
    const plain = await e2e.server.fetchPage("/");
    expect(plain.html).not.toContain('data-testid="social-links"');
    expect(jsonLd(plain.html)).not.toHaveProperty("sameAs");

    await e2e.server.updateSettings({ facebook_url: "https://www.facebook.com/shiny.clean", youtube_url: "https://www.youtube.com/@shiny", line_add_friend_url: "https://line.me/R/ti/p/@shiny" });
    const { html } = await e2e.server.fetchPage("/");
    const footer = html.slice(html.indexOf("<footer"));
    const links = tags(footer, "a").filter((a) => a["aria-label"]?.endsWith("（另開新視窗）"));
    expect(links.map((a) => [a["aria-label"], a.href])).toEqual([
      ["Facebook 粉絲專頁（另開新視窗）", "https://www.facebook.com/shiny.clean"],
      ["YouTube 頻道（另開新視窗）", "https://www.youtube.com/@shiny"],
      ["LINE 加好友（另開新視窗）", "https://line.me/R/ti/p/@shiny"],
    ]);
    for (const link of links) expect([link.target, link.rel]).toEqual(["_blank", "noopener noreferrer"]);
    expect(jsonLd(html).sameAs).toEqual(["https://www.facebook.com/shiny.clean", "https://www.youtube.com/@shiny", "https://line.me/R/ti/p/@shiny"]);

    const contact = await e2e.server.fetchPage("/contact");
    const details = contact.html.slice(contact.html.indexOf('data-testid="contact-details"'), contact.html.indexOf('id="contact-form"'));
    expect(tags(details, "a").filter((a) => a.target === "_blank").map((a) => a["aria-label"])).toEqual(["Facebook 粉絲專頁（另開新視窗）", "YouTube 頻道（另開新視窗）", "LINE 加好友（另開新視窗）"]);

    // 44 px targets on a phone, where the footer is narrow.
    const page = await e2e.newPage({ width: 375, height: 812 });
    await visit(page, "/");
    const boxes = await page.locator("footer [data-testid='social-links'] a").evaluateAll((anchors) => anchors.map((a) => a.getBoundingClientRect()).map((r) => [r.width, r.height]));
    expect(boxes).toEqual([[44, 44], [44, 44], [44, 44]]);
  });

  it("google_analytics: Google's tag loads on public pages after load, allowed by the policy, never in the back office; empty loads nothing", async () => {
    const without = await e2e.server.fetchPage("/");
    expect(without.html).not.toContain("googletagmanager");
    expect(policy(without.headers)).not.toMatch(/googletagmanager|google-analytics/);

    await e2e.server.updateSettings({ google_analytics: MEASUREMENT_ID });
    const { html, headers } = await e2e.server.fetchPage("/");
    const loader = /<script nonce="[^"]+" data-google-tag="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain(JSON.stringify(MEASUREMENT_ID));
    expect(loader).toContain('addEventListener("load"');
    // Not a <script src>: the page's own resources come first.
    expect(html).not.toMatch(/<script[^>]+src="https:\/\/www\.googletagmanager/);
    expect(policy(headers)).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(policy(headers)).toMatch(/connect-src 'self' https:\/\/\*\.google-analytics\.com/);

    const admin = await e2e.server.fetchPage("/admin/login");
    expect(admin.html).not.toContain("data-google-tag");
    expect(policy(admin.headers)).not.toContain("googletagmanager");

    const page = await e2e.newPage();
    const asked = await answerGoogleTag(page);
    await visit(page, "/about");
    await expect.poll(() => asked.map((request) => request.url), WAIT).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
    // Asked for only once the page had loaded, and let run by the policy.
    const loaded = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd);
    expect(loaded).toBeGreaterThan(performance.timeOrigin);
    expect(asked[0]!.at).toBeGreaterThanOrEqual(Math.floor(loaded) - 5);
    await expect.poll(() => page.evaluate(() => (window as { __googleTagRan?: boolean }).__googleTagRan === true), WAIT).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.length)).toBeGreaterThanOrEqual(2);

    const { page: office } = await signedInPage(e2e, "/admin/dashboard");
    const officeAsked = await answerGoogleTag(office);
    await visit(office, "/admin/settings");
    await office.getByTestId("settings-form").waitFor({ state: "visible", timeout: 15_000 });
    await office.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    expect(officeAsked).toEqual([]);
    expect(await office.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  it("shadow, button, navbar, card and footer styles, header and footer colours, line height and radius reach the home page and the preview", async () => {
    await e2e.server.updateSettings({
      shadow_style: "strong",
      button_style: "pill",
      navbar_style: "solid",
      card_style: "bordered",
      footer_style: "light",
      header_background: "#1e3a8a",
      footer_background: "#fef3c7",
      line_height: "2.0",
      border_radius: "0",
    });
    const { html } = await e2e.server.fetchPage("/");
    const vars = themeStyle(html);
    for (const expected of ["--header-bg:#1e3a8a", "--footer-bg:#fef3c7", "--line-height:2.0", "--radius:0px", "--radius-button:9999px", "--elevation-1:0 8px 18px"]) expect(vars).toContain(expected);
    expect(html).toMatch(/<div class="site-frame cards-bordered /);
    expect(html).toMatch(/<header class="navbar-solid /);
    expect(html).toMatch(/<footer class="[^"]*\bfooter-light /);

    const page = await e2e.newPage();
    await visit(page, "/");
    const looks = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      const card = document.querySelector(".site-frame .bg-card.ring-1.shadow-sm")!;
      const button = document.querySelector("main a.rounded-theme[class*='bg-primary']") ?? document.querySelector("main a.rounded-theme")!;
      return {
        header: style("header").backgroundColor,
        headerText: style("header nav a").color,
        footer: style("footer").backgroundColor,
        lineHeight: style("html").lineHeight,
        fontSize: style("html").fontSize,
        card: getComputedStyle(card).boxShadow,
        cardRadius: getComputedStyle(card).borderRadius,
        button: getComputedStyle(button).borderRadius,
      };
    });
    expect(looks.header).toBe("rgb(30, 58, 138)");
    expect(looks.headerText).toBe("rgb(255, 255, 255)");
    expect(looks.footer).toBe("rgb(254, 243, 199)");
    expect(Number.parseFloat(looks.lineHeight)).toBe(2 * Number.parseFloat(looks.fontSize));
    expect(looks.card).toMatch(/0px 0px 0px 1px$/);
    expect(looks.cardRadius).toBe("0px");
    expect(looks.button).toBe("9999px");

    // The preview shows them before anything is saved.
    const { page: office } = await signedInPage(e2e, "/admin/settings");
    await office.getByTestId("settings-form").waitFor({ state: "visible", timeout: 15_000 });
    await office.getByTestId("settings-tab-style").click();
    const preview = office.getByTestId("settings-preview");
    await office.getByTestId("settings-form").getByLabel("卡片樣式", { exact: true }).selectOption("flat");
    await office.getByTestId("settings-form").getByLabel("導覽列樣式", { exact: true }).selectOption("transparent");
    await office.getByTestId("settings-form").getByLabel("陰影樣式", { exact: true }).selectOption("none");
    await expect.poll(() => preview.getAttribute("class"), WAIT).toMatch(/\bcards-flat\b/);
    expect(await preview.locator("header").getAttribute("class")).toMatch(/\bnavbar-transparent\b/);
    expect(await preview.getByTestId("preview-card").evaluate((card) => getComputedStyle(card).boxShadow)).toBe("none");
    const button = await preview.getByTestId("preview-primary-button").evaluate((button) => [getComputedStyle(button).borderRadius, getComputedStyle(button).boxShadow]);
    expect(button[0]).toBe("9999px");
    // No shadow left: every layer of the box shadow is transparent.
    expect(button[1]).not.toMatch(/rgba\(0, 0, 0, 0\.\d+\)/);
  });

  it("theme_mode: dark is the theme adapted for dark with axe at 0; auto follows the visitor's system from the first paint", async () => {
    expect((await e2e.server.fetchPage("/")).html).not.toContain("site-colour-scheme");

    await e2e.server.updateSettings({ theme_mode: "dark" });
    const dark = await e2e.server.fetchPage("/");
    const head = dark.html.slice(0, dark.html.indexOf("</head>"));
    // In the <head>, so the first paint is already dark: no script decides it.
    expect(head).toMatch(/<style data-precedence="theme" data-href="site-colour-scheme">html:root\{--bg-primary:#/);
    // The default logo's wordmark in a light colour on the dark header and footer.
    expect(tags(dark.html, "img").filter((img) => img.src === "/default-logo-light.svg")).toHaveLength(2);
    const page = await e2e.newPage();
    await visit(page, "/");
    expect(rgbLuminance(await htmlBackground(page))).toBeLessThan(0.1);
    expect(rgbLuminance(await page.locator("main").evaluate((main) => getComputedStyle(main).color))).toBeGreaterThan(0.8);
    expect(await axeViolations(page)).toEqual([]);

    await e2e.server.updateSettings({ theme_mode: "auto" });
    const auto = await e2e.server.fetchPage("/");
    expect(auto.html).toContain("@media (prefers-color-scheme:dark){html:root{");
    expect(auto.html).toMatch(/<source media="\(prefers-color-scheme: dark\)" srcSet="\/default-logo-light.svg"/);
    const night = await e2e.newPage();
    await night.emulateMedia({ colorScheme: "dark" });
    await visit(night, "/");
    expect(rgbLuminance(await htmlBackground(night))).toBeLessThan(0.1);
    expect(await axeViolations(night)).toEqual([]);
    const day = await e2e.newPage();
    await day.emulateMedia({ colorScheme: "light" });
    await visit(day, "/");
    expect(await htmlBackground(day)).toBe("rgb(255, 255, 255)");
  });

  it("footer and head texts keep working, and the footer logo keeps its colours unless staff choose one colour", async () => {
    const colourful = await e2e.server.fetchPage("/");
    const footerLogo = (html: string) => tags(html.slice(html.indexOf("<footer")), "img")[0]!;
    expect(footerLogo(colourful.html).class).not.toMatch(/brightness-0|grayscale/);

    await e2e.server.updateSettings({
      footer_text: "二十年專業清潔經驗",
      copyright_text: "© 閃亮清潔 保留所有權利",
      meta_author: "閃亮清潔編輯部",
      facebook_app_id: "1234567890",
      canonical_url: "https://www.shiny-clean.example",
      company_fax: "02-2420-1111",
      footer_logo_no_grayscale: "false",
    });
    const { html } = await e2e.server.fetchPage("/about");
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer).toContain("二十年專業清潔經驗");
    expect(footer).toContain("© 閃亮清潔 保留所有權利");
    expect(footer).toContain("傳真：<!-- -->02-2420-1111");
    expect(tags(html, "meta").find((meta) => meta.name === "author")?.content).toBe("閃亮清潔編輯部");
    expect(tags(html, "meta").find((meta) => meta.property === "fb:app_id")?.content).toBe("1234567890");
    expect(tags(html, "link").find((link) => link.rel === "canonical")?.href).toBe("https://www.shiny-clean.example/about");
    expect(footerLogo(html).class).toMatch(/brightness-0 invert/);
  });
});
