// /portfolio, the case gallery, as a visitor uses it (000 §2, §4, §5, §8, §9):
// at most three featured cases, nine a page with page links, the keyword
// search and the service-type dropdown (with and without JavaScript), active
// cases only, a card's three features then '+N'; a case's detail opened in
// place (its own address, closed by Escape, the backdrop or Back, the focus
// back on its card), the before/after slider by mouse and keyboard, the full
// picture preview (Escape closes it before the detail), the texts for a case
// without pictures and for no match; without JavaScript a card's link opens
// the detail from the server. Accessibility of the list, the detail and the
// preview at desktop and phone widths.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { PORTFOLIO_MESSAGES, type Portfolio, type PortfolioInput } from "#contract/portfolios.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, uploadMedia } from "../support/admin.ts";
import { axeViolations, settle, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { imageRequestsWhileOpening, uploadStem } from "../support/image-requests.ts";
import { renderedBesidePlain } from "../support/rendered-text.ts";

const e2e = useE2E();

const TANK = { value: "e2e-tank", label: "水塔清洗工程" };
const FLOOR = { value: "e2e-floor", label: "地板養護工程" };
const FEATURES = ["高壓清洗", "消毒", "水質檢測", "防水塗層", "安全繩索"];

interface Seeded {
  /** Featured, newest: a group with before, after and two more pictures; five features. */
  withPhotos: Portfolio;
  /** Featured, without a single picture. */
  withoutPhotos: Portfolio;
  /** Featured, but the fourth: not among the three shown. */
  fourthFeatured: Portfolio;
  inactive: Portfolio;
  /** Oldest first. */
  plain: Portfolio[];
}

let seeded: Seeded;

async function post<T>(path: string, body: unknown): Promise<T> {
  const { status, body: answer } = await adminApi(e2e, e2e.server.token, "POST", path, body);
  if (!answer.success) throw new Error(`POST ${path} answered ${status}: ${answer.message}`);
  return answer.data as T;
}

const createCase = (input: PortfolioInput) => post<Portfolio>("/admin-api.php/portfolios", input);

const upload = async (name: string, seed: number): Promise<MediaFile> => uploadMedia(e2e, name, await photo(1200, 900, seed).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");

beforeAll(async () => {
  await post("/admin-api.php/service-types", TANK);
  await post("/admin-api.php/service-types", FLOOR);
  const [before, after, first, second] = await Promise.all([upload("before.jpg", 1), upload("after.jpg", 2), upload("detail-1.jpg", 3), upload("detail-2.jpg", 4)]);
  // Created oldest first: the gallery lists the newest first.
  const plain: Portfolio[] = [];
  for (let number = 1; number <= 7; number += 1) {
    plain.push(await createCase({ title: `社區大樓定期清潔 ${number}`, client: "台北市中山區", category: TANK.value, photo_groups: [{ after_image: after.file_path }] }));
  }
  const inactive = await createCase({ title: "已停用的案例", category: TANK.value, featured: 1, status: "inactive", photo_groups: [{ after_image: after.file_path }] });
  const fourthFeatured = await createCase({ title: "大廳石材晶化", client: "新北市板橋區", category: FLOOR.value, featured: 1 });
  const withoutPhotos = await createCase({ title: "辦公室地板打蠟", client: "台北市信義區", category: FLOOR.value, featured: 1, technologies: ["剝除舊蠟"] });
  await createCase({ title: "商場地板清潔", client: "基隆市仁愛區", category: FLOOR.value, featured: 1 });
  const withPhotos = await createCase({
    title: "頂樓水塔清洗消毒",
    description: "住宅大樓兩座頂樓水塔，清洗後送驗水質。",
    client: "基隆市信義區",
    category: TANK.value,
    technologies: FEATURES,
    completed_at: "2026-03-02",
    featured: 1,
    photo_groups: [{ title: "一號水塔", description: "沉積物清除", before_image: before.file_path, after_image: after.file_path, single_images: [first.file_path, second.file_path] }],
  });
  seeded = { withPhotos, withoutPhotos, fourthFeatured, inactive, plain };
});

const featuredCards = (page: Page) => page.getByTestId("featured-cases").getByTestId("case-card");
const listCards = (page: Page) => page.getByTestId("all-cases").getByTestId("case-card");
const titlesOf = (cards: ReturnType<typeof listCards>) => cards.locator("h3").allTextContents();
const detail = (page: Page) => page.getByTestId("case-detail");
const preview = (page: Page) => page.getByTestId("picture-preview");
const isModal = (page: Page) => detail(page).evaluate((dialog) => dialog.matches(":modal"));
const focusedCase = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-case-link") ?? null);
const queryOf = (page: Page) => new URL(page.url()).searchParams;

async function openCase(page: Page, portfolio: Portfolio) {
  await listCards(page).getByRole("link", { name: portfolio.title, exact: true }).click();
  await detail(page).waitFor({ state: "visible" });
}

describe("the case list", () => {
  it("asks for the first featured case's picture before any other image, the logo included", async () => {
    const page = await e2e.newPage(MOBILE);
    const asked = await imageRequestsWhileOpening(page, "/portfolio");
    const after = seeded.withPhotos.photo_groups[0]!.after_image!;
    expect(asked[0]).toMatch(new RegExp(`^${uploadStem(after)}-\\d+w\\.avif$`));
    expect(asked.slice(1)).toContain("/default-logo.svg");
  });

  it("shows at most three featured cases, nine a page with page links, and never an inactive case", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    expect(await titlesOf(featuredCards(page))).toEqual(["頂樓水塔清洗消毒", "商場地板清潔", "辦公室地板打蠟"]);
    expect(await listCards(page).count()).toBe(9);
    expect(await page.getByTestId("all-cases").textContent()).toContain("共 11 個案例");
    const pages = page.getByRole("navigation", { name: "案例分頁" });
    expect(await pages.getByRole("link", { name: "第 1 頁" }).getAttribute("aria-current")).toBe("page");
    // The fonts in: one arriving between Playwright finding the link and the click moves it, and the
    // click lands beside it (once on a loaded CI machine: no navigation for 30 s).
    await settle(page);
    await pages.getByRole("link", { name: "下一頁" }).click();
    // The new page as soon as its HTML is in: "load" also waits for every eager picture, slow on a loaded machine.
    await page.waitForURL(/page=2/, { waitUntil: "domcontentloaded" });
    expect(await titlesOf(listCards(page))).toEqual(["社區大樓定期清潔 2", "社區大樓定期清潔 1"]);
    // The featured cases open the first page only.
    expect(await featuredCards(page).count()).toBe(0);
    expect(await pages.getByRole("link", { name: "第 2 頁" }).getAttribute("aria-current")).toBe("page");
    expect(await page.content()).not.toContain(seeded.inactive.title);
    await visit(page, "/portfolio");
    expect(await page.content()).not.toContain(seeded.inactive.title);
    expect(await titlesOf(listCards(page))).toContain(seeded.fourthFeatured.title);
  });

  it("a card shows its after picture, service type, location, completion date, three features and +N", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    const card = listCards(page).filter({ hasText: seeded.withPhotos.title });
    expect(await card.locator("img").getAttribute("src")).toBe(seeded.withPhotos.photo_groups[0]!.after_image);
    const text = await card.textContent();
    for (const shown of [TANK.label, "基隆市信義區", "2026/03/02"]) expect(text).toContain(shown);
    expect(await card.getByRole("list", { name: "服務特色" }).locator("li").allTextContents()).toEqual([...FEATURES.slice(0, 3), "+2還有 2 項"]);
    expect(await card.getByTestId("more-tags").locator("[aria-hidden]").textContent()).toBe("+2");
    const href = new URL((await card.getByRole("link").getAttribute("href"))!, e2e.server.baseUrl);
    expect(`${href.pathname}${href.search}`).toBe(`/portfolio?case=${seeded.withPhotos.id}`);
  });

  it("finds cases by keyword, and says 目前沒有符合條件的清潔案例 when none match", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    await page.getByLabel("關鍵字").fill("水塔");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=/);
    expect(queryOf(page).get("search")).toBe("水塔");
    expect(await titlesOf(listCards(page))).toEqual([seeded.withPhotos.title]);
    expect(await listCards(page).locator("mark").allTextContents()).toEqual(["水塔"]);
    expect(await page.getByRole("heading", { name: "搜尋結果" }).count()).toBe(1);
    // By location too.
    await visit(page, `/portfolio?search=${encodeURIComponent("板橋")}`);
    expect(await titlesOf(listCards(page))).toEqual([seeded.fourthFeatured.title]);
    expect(await listCards(page).locator("dd mark").allTextContents()).toEqual(["板橋"]);
    await visit(page, `/portfolio?search=${encodeURIComponent("沒有這種案例")}`);
    expect(await page.getByTestId("no-cases").textContent()).toBe(PORTFOLIO_MESSAGES.noneFound);
    expect(await listCards(page).count()).toBe(0);
    expect(await page.getByLabel("關鍵字").inputValue()).toBe("沒有這種案例");
  });

  it("marks the words found in a title and a location without changing how they read: the same spaces and lines on a phone", async () => {
    const found = await createCase({ title: "石材保養 實例：大理石 與 花崗岩 大廳地板 的 晶化、打蠟 與 拋光 工程", client: "新北市 大理石 街", category: FLOOR.value });
    try {
      const page = await e2e.newPage(MOBILE);
      await visit(page, `/portfolio?search=${encodeURIComponent("大理石")}`);
      const card = listCards(page).filter({ hasText: "石材保養" });
      for (const { part, plain, wraps } of [
        { part: card.locator("h3 a"), plain: found.title, wraps: true },
        { part: card.locator("dd").first(), plain: found.client, wraps: false },
      ]) {
        expect(await part.locator("mark").allTextContents()).toEqual(["大理石"]);
        const { marked, plain: unmarked } = await renderedBesidePlain(part, plain);
        expect(marked.text).toBe(plain);
        // The title is long enough to wrap on a phone: the marked one breaks where the plain one does.
        if (wraps) expect(unmarked.lines.length).toBeGreaterThan(1);
        expect(marked).toEqual(unmarked);
      }
    } finally {
      await adminApi(e2e, e2e.server.token, "DELETE", `/admin-api.php/portfolios/${found.id}`);
    }
  });

  it("the service-type dropdown shows that type's cases as soon as one is chosen, and the list's pages keep it", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    const options = await page.getByLabel("服務類型").locator("option").allTextContents();
    expect(options[0]).toBe("全部服務類型");
    expect(options).toEqual(expect.arrayContaining([TANK.label, FLOOR.label]));
    await page.getByLabel("服務類型").selectOption(FLOOR.value);
    await page.waitForURL(/category=/);
    // Only what is set is in the address.
    expect([...queryOf(page).keys()]).toEqual(["category"]);
    expect(await titlesOf(listCards(page))).toEqual(["商場地板清潔", "辦公室地板打蠟", "大廳石材晶化"]);
    expect(await page.getByLabel("服務類型").inputValue()).toBe(FLOOR.value);
    expect(await featuredCards(page).count()).toBe(0);
    // A card keeps the filter in its address.
    expect(await listCards(page).first().getByRole("link").getAttribute("href")).toMatch(/^\/portfolio\?category=e2e-floor&case=\d+$/);
    await page.getByRole("link", { name: "清除搜尋條件" }).click();
    await page.waitForURL((url) => url.search === "");
    expect(await listCards(page).count()).toBe(9);
  });
});

describe("a case's detail", () => {
  it("opens in place with its own address; Escape and a click beside it (not a drag from inside) close it, the focus back on its card", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio?page=1");
    // Set on this document: still there after the detail opened and closed, so the page never reloaded.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => "sameDocument" in window);
    await openCase(page, seeded.withPhotos);
    expect(await isModal(page)).toBe(true);
    expect(queryOf(page).get("case")).toBe(String(seeded.withPhotos.id));
    const text = await detail(page).textContent();
    for (const shown of [seeded.withPhotos.title, TANK.label, "基隆市信義區", "2026/03/02", "住宅大樓兩座頂樓水塔", "一號水塔", "沉積物清除", ...FEATURES]) expect(text).toContain(shown);
    expect(await page.getByRole("dialog", { name: seeded.withPhotos.title }).count()).toBe(1);

    await page.keyboard.press("Escape");
    await detail(page).waitFor({ state: "detached" });
    await expect.poll(() => queryOf(page).get("case"), SETTLE).toBeNull();
    expect(await focusedCase(page)).toBe(String(seeded.withPhotos.id));

    await openCase(page, seeded.withPhotos);
    // Selecting the title's text with a drag that ends beside the detail is no click beside it: it stays open.
    const heading = (await detail(page).locator("h2").boundingBox())!;
    await page.mouse.move(heading.x + 2, heading.y + heading.height / 2);
    await page.mouse.down();
    await page.mouse.move(20, DESKTOP.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await detail(page).isVisible()).toBe(true);
    await page.mouse.click(20, DESKTOP.height / 2);
    await detail(page).waitFor({ state: "detached" });
    expect(await focusedCase(page)).toBe(String(seeded.withPhotos.id));

    // The close button, and Back, close it too.
    await openCase(page, seeded.withoutPhotos);
    await detail(page).getByRole("link", { name: "關閉案例詳情" }).click();
    await detail(page).waitFor({ state: "detached" });
    await openCase(page, seeded.withPhotos);
    await page.goBack();
    await detail(page).waitFor({ state: "detached" });
    expect(queryOf(page).get("case")).toBeNull();
    expect(await focusedCase(page)).toBe(String(seeded.withPhotos.id));
    expect(await sameDocument()).toBe(true);
  });

  it("compares before and after with a slider the mouse drags and the arrow keys move", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    await openCase(page, seeded.withPhotos);
    const slider = detail(page).getByRole("slider", { name: `施工前後對比：${seeded.withPhotos.title}・一號水塔` });
    await slider.scrollIntoViewIfNeeded();
    expect(await slider.getAttribute("aria-valuenow")).toBe("50");
    const area = (await detail(page).getByTestId("comparison").boundingBox())!;
    const knob = (await slider.boundingBox())!;
    await page.mouse.move(knob.x + knob.width / 2, knob.y + knob.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.25, knob.y + knob.height / 2, { steps: 6 });
    await page.mouse.up();
    expect(Math.abs(Number(await slider.getAttribute("aria-valuenow")) - 25)).toBeLessThanOrEqual(1);
    // The before picture shows up to the divider.
    const cut = await detail(page).getByTestId("comparison").locator("div[style*='clip-path']").evaluate((layer) => (layer as HTMLElement).style.clipPath);
    expect(cut).toMatch(/^inset\(0(px)? 7[4-6]% 0(px)? 0(px)?\)$/);

    await slider.focus();
    await page.keyboard.press("Home");
    expect(await slider.getAttribute("aria-valuenow")).toBe("0");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await slider.getAttribute("aria-valuenow")).toBe("10");
    await page.keyboard.press("ArrowLeft");
    expect(await slider.getAttribute("aria-valuenow")).toBe("5");
    await page.keyboard.press("End");
    expect(await slider.getAttribute("aria-valuetext")).toBe("施工前 100%、施工後 0%");
    // The arrows moved the slider, not the detail: it is still open.
    expect(await isModal(page)).toBe(true);
  });

  it("shows a picture in full; the arrows step through the case's pictures; Escape closes the preview first, then the detail", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    await openCase(page, seeded.withPhotos);
    await detail(page).getByRole("link", { name: "放大施工後照片" }).click();
    await preview(page).waitFor({ state: "visible" });
    expect(await preview(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
    expect(await preview(page).textContent()).toContain("一號水塔・施工後2 / 4");
    const image = preview(page).locator("img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SETTLE).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await preview(page).textContent()).toContain("一號水塔・照片 13 / 4");
    await preview(page).getByRole("button", { name: "下一張" }).click();
    await preview(page).getByRole("button", { name: "下一張" }).click();
    expect(await preview(page).textContent()).toContain("一號水塔・施工前1 / 4");

    await page.keyboard.press("Escape");
    await preview(page).waitFor({ state: "detached" });
    expect(await isModal(page)).toBe(true);
    await page.keyboard.press("Escape");
    await detail(page).waitFor({ state: "detached" });

    // A picture of the group opens at its place.
    await openCase(page, seeded.withPhotos);
    await detail(page).getByRole("link", { name: `${seeded.withPhotos.title}・一號水塔・照片 2` }).click();
    expect(await preview(page).textContent()).toContain("一號水塔・照片 24 / 4");
    await preview(page).getByRole("button", { name: "關閉大圖" }).click();
    await preview(page).waitFor({ state: "detached" });
    expect(await isModal(page)).toBe(true);
  });

  it("says 此案例尚未新增照片 for a case without pictures", async () => {
    const page = await e2e.newPage();
    await visit(page, "/portfolio");
    await openCase(page, seeded.withoutPhotos);
    expect(await detail(page).getByTestId("no-photos").textContent()).toBe(PORTFOLIO_MESSAGES.noPhotos);
    expect(await detail(page).getByRole("slider").count()).toBe(0);
  });

  it("opens from a shared address, named in the page's title; closing leaves the list's address; an inactive case does not open", async () => {
    const page = await e2e.newPage();
    await visit(page, `/portfolio?page=2&case=${seeded.withPhotos.id}`);
    expect(await isModal(page)).toBe(true);
    expect(await page.title()).toContain(seeded.withPhotos.title);
    await page.keyboard.press("Escape");
    await detail(page).waitFor({ state: "detached" });
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe("/portfolio?page=2");

    await visit(page, `/portfolio?case=${seeded.inactive.id}`);
    expect(await detail(page).count()).toBe(0);
    expect(await page.content()).not.toContain(seeded.inactive.title);
  });
});

describe("without JavaScript", () => {
  it("a card's link opens the detail from the server, and its close link goes back to the card", async () => {
    const page = await e2e.newPage(DESKTOP, { javaScript: false });
    await page.goto("/portfolio?page=1");
    await listCards(page).getByRole("link", { name: seeded.withPhotos.title, exact: true }).click();
    await page.waitForURL(/case=/);
    expect(queryOf(page).get("page")).toBeNull();
    expect(queryOf(page).get("case")).toBe(String(seeded.withPhotos.id));
    await detail(page).waitFor({ state: "visible" });
    expect(await detail(page).locator("h2").textContent()).toBe(seeded.withPhotos.title);
    // Every picture is a link to its file.
    expect(await detail(page).getByRole("link", { name: "放大施工前照片" }).getAttribute("href")).toBe(seeded.withPhotos.photo_groups[0]!.before_image);
    await detail(page).getByRole("link", { name: "關閉案例詳情" }).click();
    await page.waitForURL((url) => url.search === "" && url.hash === `#case-${seeded.withPhotos.id}`);
    expect(await detail(page).count()).toBe(0);
  });

  it("the search form filters by service type and keyword, with page links that keep them", async () => {
    const page = await e2e.newPage(DESKTOP, { javaScript: false });
    await page.goto("/portfolio");
    await page.getByLabel("服務類型").selectOption(TANK.value);
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/category=/);
    expect(await listCards(page).count()).toBe(8);
    await page.getByLabel("關鍵字").fill("中山區");
    await page.getByRole("button", { name: "搜尋" }).click();
    await page.waitForURL(/search=%E4%B8%AD/);
    expect(await listCards(page).count()).toBe(7);
    expect(await page.getByRole("navigation", { name: "案例分頁" }).count()).toBe(0);
  });
});

const VIEWPORTS = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
];

async function expectAccessible(page: Page, where: string) {
  expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
  if (page.viewportSize()!.width <= MOBILE.width) {
    expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
    expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
  }
}

describe.each(VIEWPORTS)("accessibility at $name width", ({ name, viewport }) => {
  it("the list, a case's detail and its picture preview", async () => {
    const page = await e2e.newPage(viewport);
    await visit(page, "/portfolio");
    await expectAccessible(page, `the list (${name})`);
    // Nothing wider than the screen (a card's reserved size once made a phone's page 528 px wide).
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scrolling (${name})`).toBe(true);
    await openCase(page, seeded.withPhotos);
    await expectAccessible(page, `the detail (${name})`);
    await detail(page).getByRole("link", { name: "放大施工前照片" }).click();
    await preview(page).waitFor({ state: "visible" });
    await expectAccessible(page, `the preview (${name})`);
  });
});
