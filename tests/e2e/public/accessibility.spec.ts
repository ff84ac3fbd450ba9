// Accessibility of every public route (routes.ts) at desktop and phone widths,
// the news with posts in it, a free page built with the page builder: axe-core (WCAG 2.1 A/AA and best practices) finds nothing, on the home page
// with and without banners, in both home layouts, on the 404 and maintenance
// pages, with the phone menu open, and on the case gallery with a shared case's detail and its
// picture preview open; on a 375 px phone every visible control is a tap target of at least
// 44×44 px and every button and link has a name. The floating LINE and phone
// buttons are switched on and waited for, so they are checked too. The news and the gallery's search
// forms are checked in each state, in each seeded theme, light and dark.
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import type { Portfolio } from "#contract/portfolios.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { builderContent, codeElement, container, imageElement, serviceCardElement, spacerElement, textElement, tree, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { adminApi, uploadMedia, uploadPlayableVideo } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { SEED_THEMES } from "#server/modules/seed/seed-themes.ts";

const e2e = useE2E();

/** A free page built with the page builder (issue 24), made in beforeAll: every element type a visitor sees. */
const BUILT_PAGE = "/spring-plans";
const ROUTES = ["/about", "/services", "/services/1", "/portfolio", "/blog", "/blog/spring-cleaning-tips", "/contact", BUILT_PAGE];
const NOT_FOUND = "/no-such-page";
const VIEWPORTS = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
];
const CORPORATE_THEME = 2;

/**
 * The news: a category with two posts, so that /blog has featured and listed cards, a
 * category and tags, and the article (spring-cleaning-tips, with its picture) a related post;
 * the built page: two containers holding every element type, one reversed on phones; and
 * a featured case with before/after pictures, which the gallery's checks open and its search finds.
 */
let shared: Portfolio;
beforeAll(async () => {
  const created = async (path: string, input: Record<string, unknown>) => {
    const { status, body } = await adminApi(e2e, e2e.server.token, "POST", path, input);
    if (!body.success) throw new Error(`POST ${path} answered ${status}: ${body.message}`);
    return body.data as Record<string, { id: number }>;
  };
  const picture = await uploadMedia(e2e, "news.jpg", await photo(1600, 900, 9).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
  const { category } = await created("/admin-api.php/blog/categories", { name: "清潔知識", slug: "tips" });
  const post = { status: "published", category_id: category!.id, tags: "大掃除, 居家", is_featured: 1 };
  await created("/admin-api.php/blog/posts", { ...post, title: "廚房油垢怎麼清", content: "<p>小蘇打加溫水，油垢輕鬆擦。</p>", published_at: new Date(Date.now() - 86_400_000).toISOString() });
  await created("/admin-api.php/blog/posts", {
    ...post,
    title: "春季大掃除的五個小技巧",
    slug: "spring-cleaning-tips",
    summary: "從高處到低處、從乾到濕，大掃除事半功倍。",
    content: "<h2>由上而下</h2><p>先清燈具與櫃頂，再擦桌面，最後拖地。</p><ul><li>先乾後濕</li><li>由內而外</li></ul><p>需要協助嗎？<a href=\"/contact\">預約到府清潔</a>，專人為您服務。</p>",
    featured_image: picture.file_path,
  });
  const built = tree(
    container("1-1", [[textElement("<h2>春季方案</h2><p>從廚房到浴室，<a href=\"/contact\">預約到府清潔</a>。</p>"), imageElement(picture.file_path, "整理好的廚房")], [serviceCardElement("居家清潔"), youtubeElement("水塔清洗過程")]], { order: "reverse" }),
    container("1", [[spacerElement(24), codeElement("<p>線上預約表單</p>")]]),
  );
  await created("/admin-api.php/pages", { page_key: BUILT_PAGE.slice(1), title: "春季清潔方案", content: builderContent(built), is_active: 1 });
  const [before, after] = await Promise.all(
    [1, 2].map(async (seed) => uploadMedia(e2e, `case-${seed}.jpg`, await photo(1200, 900, seed).jpeg({ quality: 80 }).toBuffer(), "image/jpeg")),
  );
  await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/service-types", { value: "a11y-tank", label: "水塔清洗工程" });
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/admin-api.php/portfolios", {
    title: "頂樓水塔清洗消毒",
    client: "基隆市信義區",
    category: "a11y-tank",
    technologies: ["高壓清洗", "消毒", "水質檢測", "防水塗層"],
    completed_at: "2026-03-02",
    featured: 1,
    photo_groups: [{ title: "一號水塔", before_image: before!.file_path, after_image: after!.file_path, single_images: [before!.file_path] }],
  });
  if (!body.success) throw new Error(`create answered ${status}: ${body.message}`);
  shared = body.data as Portfolio;
});

// Both floating buttons (the LINE one needs an address to go to); useE2E puts the settings back after each test.
beforeEach(() => e2e.server.updateSettings({ line_add_friend_url: "https://line.me/R/ti/p/@e2e-cleaning" }));

async function createBanner(fields: Partial<Banner> & { title: string }) {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/api.php/hero-banners", { media_type: "image", ...fields });
  if (!body.success) throw new Error(`create answered ${status}: ${body.message}`);
}

/** An image banner with a button, a dark-text video banner and a YouTube banner. */
async function threeBanners() {
  const image = await uploadMedia(e2e, "hero.jpg", await photo(1200, 600, 7).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
  const video = await uploadPlayableVideo(e2e);
  await createBanner({ title: "專業水塔清洗", subtitle: "基隆・台北・新北", image_url: image.file_path, button_text: "立即預約", button_link: "/contact" });
  await createBanner({ title: "大樓地板打蠟", media_type: "video", video_url: video.file_path, text_color: "dark" });
  await createBanner({ title: "作業實錄影片", media_type: "youtube", youtube_id: "https://youtu.be/dQw4w9WgXcQ" });
}

const thumbnail = photo(480, 360, 3).jpeg().toBuffer();

/**
 * A visitor's page with the floating buttons shown: the page's clock is moved
 * past their delay, then runs on as usual (axe waits on timers). YouTube
 * thumbnails are answered locally (the tests run offline).
 */
async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const image = await thumbnail;
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ contentType: "image/jpeg", body: image }));
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
  await visit(page, path);
  await page.clock.runFor(1_000);
  await page.clock.resume();
  await page.getByTestId("floating-buttons").waitFor({ state: "visible", timeout: 5_000 });
  return page;
}

/** Every check for the page as it is now; the phone checks only at phone width. */
async function expectAccessible(page: Page, where: string) {
  expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
  if (page.viewportSize()!.width <= MOBILE.width) {
    expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
    expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
  }
}

describe.each(VIEWPORTS)("public pages at $name width", ({ name, viewport }) => {
  it.each(ROUTES)(`%s`, async (path) => {
    // The page's clock is a script Playwright puts in every frame; the code element's sandboxed frame refuses it, and says so.
    if (path === BUILT_PAGE) e2e.expectConsoleError(/Blocked script execution in 'about:srcdoc'/);
    await expectAccessible(await open(path, viewport), `${path} (${name})`);
  });

  it("the 404 page", async () => {
    e2e.expectConsoleError(/status of 404/);
    await expectAccessible(await open(NOT_FOUND, viewport), `${NOT_FOUND} (${name})`);
  });

  it("the maintenance notice (503, without the site's frame)", async () => {
    await e2e.server.updateSettings({ maintenance_mode: "true" });
    e2e.expectConsoleError(/status of 503/);
    const page = await e2e.newPage(viewport);
    expect(await visit(page, "/about")).toBe(503);
    await expectAccessible(page, `the maintenance notice (${name})`);
  });
});

// The dark scheme (theme_mode, decision 028) recolours every page: each is checked in it too, at desktop
// width (the phone checks are about sizes, which the scheme does not change). Two tests of a few pages each.
describe("public pages in the dark scheme", () => {
  // With a searched news list: its marks take the dark scheme's colours.
  const pages = ["/", ...ROUTES, `/blog?search=${encodeURIComponent("大掃除")}`];
  const half = Math.ceil(pages.length / 2);
  it.each([pages.slice(0, half), pages.slice(half)])("%s …", async (...paths) => {
    await e2e.server.updateSettings({ theme_mode: "dark" });
    for (const path of paths) {
      if (path === BUILT_PAGE) e2e.expectConsoleError(/Blocked script execution in 'about:srcdoc'/);
      await expectAccessible(await open(path, DESKTOP), `${path} (dark scheme)`);
    }
  });
});

describe("the home page", () => {
  it.each(VIEWPORTS)("without banners (the fallback hero), in the service and the corporate layout, at $name width", async ({ name, viewport }) => {
    await expectAccessible(await open("/", viewport), `/ without banners (${name})`);
    await e2e.server.activateTheme(CORPORATE_THEME);
    await expectAccessible(await open("/", viewport), `/ corporate, without banners (${name})`);
  });

  describe("with image, video and YouTube banners", () => {
    beforeAll(threeBanners);

    it.each(VIEWPORTS)("in the service and the corporate layout, at $name width", async ({ name, viewport }) => {
      const page = await open("/", viewport);
      await expectAccessible(page, `/ with banners (${name})`);
      // The video slide, with its sound button and dark text.
      await page.getByRole("button", { name: "下一張" }).click();
      await page.getByTestId("hero-video").waitFor({ state: "attached" });
      await expectAccessible(page, `/ on the video slide (${name})`);
      await e2e.server.activateTheme(CORPORATE_THEME);
      await expectAccessible(await open("/", viewport), `/ corporate, with banners (${name})`);
    });
  });
});

describe("the phone menu", () => {
  it("open, over a page", async () => {
    const page = await open("/about", MOBILE);
    await page.getByTestId("mobile-menu").locator("summary").click();
    await page.locator("#mobile-menu").waitFor({ state: "visible" });
    await expectAccessible(page, "/about with the menu open (phone)");
  });
});

describe("the case gallery", () => {
  it.each(VIEWPORTS)("a shared case's detail over the list, then its picture preview, at $name width", async ({ name, viewport }) => {
    const page = await open(`/portfolio?case=${shared.id}`, viewport);
    const detail = page.getByTestId("case-detail");
    expect(await detail.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
    await expectAccessible(page, `/portfolio?case= (${name})`);
    await detail.getByRole("link", { name: "放大施工後照片" }).click();
    await page.getByTestId("picture-preview").waitFor({ state: "visible" });
    await expectAccessible(page, `/portfolio with the picture preview (${name})`);
  });
});

// The news and the case gallery's search forms (GET forms, static HTML) in each of their states: empty, a search
// that found something (its words marked in the results) and one that found nothing, in the light and the dark
// scheme (theme_mode auto: the browser's prefers-color-scheme picks it), at phone and desktop width. The other
// seeded themes change colours only, the same at every width: each is checked at phone width (where visitors
// are) with what it colours, the found results' marks (theme-css.test.ts holds every theme's ratios).
describe("the search forms in every state", () => {
  const found = [
    { path: `/blog?search=${encodeURIComponent("大掃除")}`, within: "main" },
    { path: `/portfolio?search=${encodeURIComponent("水塔")}`, within: "main" },
  ];
  const everyState = [
    { path: "/blog", within: "form[role=search]" },
    { path: `/blog?search=${encodeURIComponent("沒有這種文章")}`, within: "main" },
    { path: "/portfolio", within: "form[role=search]" },
    { path: `/portfolio?search=${encodeURIComponent("沒有這種案例")}`, within: "main" },
    ...found,
  ];
  const [active, ...others] = SEED_THEMES.map((theme) => theme.name);
  const cases = [
    { theme: active!, width: "phone", viewport: MOBILE, searches: everyState },
    { theme: active!, width: "desktop", viewport: DESKTOP, searches: everyState },
    ...others.map((theme) => ({ theme, width: "phone", viewport: MOBILE, searches: found })),
  ];

  it.each(cases)("$theme at $width width", async ({ theme: themeName, viewport, searches }) => {
    const theme = await e2e.server.app.database.db.selectFrom("themes").select("id").where("name", "=", themeName).executeTakeFirstOrThrow();
    await e2e.server.activateTheme(theme.id);
    await e2e.server.updateSettings({ theme_mode: "auto" });
    const page = await e2e.newPage(viewport);
    for (const { path, within } of searches) {
      await visit(page, path);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect.soft(await axeViolations(page, { within }), `axe: ${path}, ${colorScheme} scheme`).toEqual([]);
      }
    }
  });
});
