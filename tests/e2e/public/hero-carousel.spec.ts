// The home page's hero slider against the real server (000 §2, §4, §9;
// issue 5): the first slide's responsive image in the first HTML, previous /
// next / indicators only with several slides, autoplay on a clock the test
// moves, the 700 ms lock, keyboard arrows and space, mute only for video and
// YouTube slides, videos paused and rewound when left, YouTube only as a
// thumbnail until played, reduced motion, anchor links that scroll, and the
// banner carousel of the corporate home.
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import { photo } from "#tests/factories/media.factory.ts";
import { adminApi, computedRgb, luminance, uploadMedia, uploadPlayableVideo } from "../support/admin.ts";
import { MOBILE, SETTLE, waitForHydration } from "../support/browser.ts";
import { useE2E } from "../support/e2e.ts";
import { imageRequestsWhileOpening, uploadStem } from "../support/image-requests.ts";

const e2e = useE2E();
const YOUTUBE_ID = "dQw4w9WgXcQ";

async function createBanner(fields: Partial<Banner> & { title: string }): Promise<Banner> {
  const { status, body } = await adminApi(e2e, e2e.server.token, "POST", "/api.php/hero-banners", { media_type: "image", ...fields });
  if (!body.success) throw new Error(`create answered ${status}: ${body.message}`);
  return body.data as Banner;
}

afterEach(async () => {
  const { body } = await adminApi(e2e, e2e.server.token, "GET", "/api.php/hero-banners");
  for (const banner of body.data as Banner[]) await adminApi(e2e, e2e.server.token, "DELETE", `/api.php/hero-banners/${banner.id}`);
});

/** An image banner, a video banner and a YouTube banner, in that order. */
async function threeBanners() {
  const image = await uploadMedia(e2e, "hero.jpg", await photo(1800, 900, 7).jpeg({ quality: 80 }).toBuffer(), "image/jpeg");
  const video = await uploadPlayableVideo(e2e);
  const first = await createBanner({ title: "專業水塔清洗", subtitle: "基隆・台北・新北", image_url: image.file_path, button_text: "看看聯絡資訊", button_link: "/#contact-info-title" });
  const second = await createBanner({ title: "大樓地板打蠟", media_type: "video", video_url: video.file_path, text_color: "dark" });
  const third = await createBanner({ title: "作業實錄影片", media_type: "youtube", youtube_id: `https://youtu.be/${YOUTUBE_ID}` });
  return { image, banners: [first, second, third] };
}

/** The home page on a clock the test moves by hand; YouTube is answered locally (the tests run offline). */
async function openHome(options: { viewport?: { width: number; height: number }; reducedMotion?: boolean; path?: string } = {}): Promise<Page> {
  const page = await e2e.newPage(options.viewport);
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
  const thumbnail = await photo(480, 360, 3).jpeg().toBuffer();
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ contentType: "image/jpeg", body: thumbnail }));
  await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }));
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
  await page.goto(options.path ?? "/");
  await waitForHydration(page);
  return page;
}

const carousel = (page: Page) => page.getByTestId("hero-carousel");
const currentTitle = (page: Page) => carousel(page).locator("[data-current='true'] [data-testid='hero-title']").textContent();
const isPlaying = async (page: Page) => (await carousel(page).getAttribute("data-playing")) === "true";

describe("the first HTML", () => {
  it("holds the first slide as a responsive, high-priority image and no other slide's media", async () => {
    const { image } = await threeBanners();
    const { status, html } = await e2e.server.fetchPage("/");
    expect(status).toBe(200);

    const img = html.match(/<img[^>]*data-testid="hero-image"[^>]*>/)?.[0] ?? "";
    expect(img).toContain(`src="${image.file_path}"`);
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(img).toContain(`width="${image.width}"`);
    expect(img).toContain(`height="${image.height}"`);
    expect(img).not.toMatch(/loading="lazy"/);
    const webpWidths = [...(img.match(/srcset="([^"]+)"/i)?.[1] ?? "").matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));
    expect(webpWidths).toEqual(image.variants.filter((variant) => variant.format === "webp").map((variant) => variant.width).sort((a, b) => a - b));
    expect(html).toMatch(/<source type="image\/avif" srcset="[^"]+-320w\.avif 320w/i);
    // The first image a phone asks for is the first slide's, the logo after it.
    const asked = await imageRequestsWhileOpening(await e2e.newPage(MOBILE), "/");
    expect(asked[0]).toMatch(new RegExp(`^${uploadStem(image.file_path)}-\\d+w\\.avif$`));
    expect(asked.slice(1)).toContain("/default-logo.svg");

    // One h1 for the page; the slide titles are h2; later slides' media wait for the browser.
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain("專業水塔清洗</h2>");
    expect(html).not.toContain("<video");
    expect(html).not.toContain("i.ytimg.com");
    expect(html).not.toContain("<iframe");
  });

  it("is refreshed when a banner changes (the page cache is dropped)", async () => {
    await createBanner({ title: "第一版標題" });
    expect((await e2e.server.fetchPage("/")).html).toContain("第一版標題");
    const { body } = await adminApi(e2e, e2e.server.token, "GET", "/api.php/hero-banners");
    const [banner] = body.data as Banner[];
    await adminApi(e2e, e2e.server.token, "PUT", `/api.php/hero-banners/${banner!.id}`, { title: "第二版標題" });
    const { html } = await e2e.server.fetchPage("/");
    expect(html).toContain("第二版標題");
    expect(html).not.toContain("第一版標題");
  });
});

describe("when the banners cannot be read", () => {
  it("shows the fallback hero with 載入橫幅時發生錯誤, and the page is not kept in the cache", async () => {
    await createBanner({ title: "讀得到的橫幅" });
    const { db } = e2e.server.app.database;
    // The table disappears under the running server; a settings write drops its caches.
    await db.schema.alterTable("hero_banners").renameTo("hero_banners_away").execute();
    try {
      await e2e.server.updateSettings({ footer_text: "暫時讀不到橫幅" });
      const broken = await fetch(`${e2e.server.baseUrl}/`);
      expect(broken.status).toBe(200);
      expect(broken.headers.get("cache-control")).toBe("no-store");
      const html = await broken.text();
      expect(html).toContain('data-error="載入橫幅時發生錯誤"');
      expect(html).toContain("了解服務");
    } finally {
      await db.schema.alterTable("hero_banners_away").renameTo("hero_banners").execute();
    }
    // No write happened since; the next visitor still gets the banners.
    const { html } = await e2e.server.fetchPage("/");
    expect(html).toContain("讀得到的橫幅");
  });
});

describe("the hero slider", () => {
  it("has no arrows, indicators or play button with one image slide", async () => {
    await createBanner({ title: "唯一的橫幅" });
    const page = await openHome();
    expect(await currentTitle(page)).toBe("唯一的橫幅");
    expect(await page.getByRole("button", { name: "上一張" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "下一張" }).count()).toBe(0);
    expect(await page.getByTestId("hero-indicator").count()).toBe(0);
    expect(await carousel(page).getByRole("button", { name: "暫停輪播" }).count()).toBe(0);
    expect(await carousel(page).getByRole("button", { name: "開啟聲音" }).count()).toBe(0);
  });

  it("moves with the arrows and indicators, wraps at both ends and locks for 700 ms", async () => {
    await threeBanners();
    const page = await openHome();
    expect(await page.getByTestId("hero-indicator").count()).toBe(3);
    expect(await currentTitle(page)).toBe("專業水塔清洗");

    await page.getByRole("button", { name: "上一張" }).click();
    expect(await currentTitle(page)).toBe("作業實錄影片");
    // Inside the transition another press is ignored.
    await page.getByRole("button", { name: "下一張" }).click();
    expect(await currentTitle(page)).toBe("作業實錄影片");

    await page.clock.runFor(700);
    await page.getByRole("button", { name: "下一張" }).click();
    expect(await currentTitle(page)).toBe("專業水塔清洗");

    await page.clock.runFor(700);
    await page.getByRole("button", { name: "第 2 張：大樓地板打蠟" }).click();
    expect(await currentTitle(page)).toBe("大樓地板打蠟");
    expect(await page.getByRole("button", { name: "第 2 張：大樓地板打蠟" }).getAttribute("aria-current")).toBe("true");
    // The dark text colour of that slide.
    expect(luminance(await computedRgb(carousel(page).locator("[data-current='true'] [data-testid='hero-title']"), "color"))).toBeLessThan(0.2);
    await page.clock.runFor(700);
    await page.getByRole("button", { name: "上一張" }).click();
    expect(luminance(await computedRgb(carousel(page).locator("[data-current='true'] [data-testid='hero-title']"), "color"))).toBeCloseTo(1, 5);
  });

  it("plays every 5 s with a progress bar ticking every 100 ms, and pauses with the button", async () => {
    await threeBanners();
    const page = await openHome();
    expect(await isPlaying(page)).toBe(true);
    await page.clock.runFor(2_500);
    await expect.poll(() => page.getByTestId("hero-progress").evaluate((bar) => parseFloat((bar as HTMLElement).style.width)), SETTLE).toBeCloseTo(50, 0);
    expect(await currentTitle(page)).toBe("專業水塔清洗");
    await page.clock.runFor(2_600);
    await expect.poll(() => currentTitle(page), SETTLE).toBe("大樓地板打蠟");

    await carousel(page).getByRole("button", { name: "暫停輪播" }).click();
    expect(await isPlaying(page)).toBe(false);
    await page.clock.runFor(12_000);
    expect(await currentTitle(page)).toBe("大樓地板打蠟");
    await carousel(page).getByRole("button", { name: "播放輪播" }).click();
    await page.clock.runFor(5_100);
    await expect.poll(() => currentTitle(page), SETTLE).toBe("作業實錄影片");
  });

  it("answers the keyboard: arrows move, space on the carousel toggles autoplay", async () => {
    await threeBanners();
    const page = await openHome();
    await carousel(page).focus();
    await page.keyboard.press("ArrowRight");
    expect(await currentTitle(page)).toBe("大樓地板打蠟");
    await page.clock.runFor(700);
    await page.keyboard.press("ArrowLeft");
    expect(await currentTitle(page)).toBe("專業水塔清洗");
    await page.keyboard.press("Space");
    expect(await isPlaying(page)).toBe(false);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBe(0);
    await page.keyboard.press("Space");
    expect(await isPlaying(page)).toBe(true);
  });

  it("offers mute only on the video and YouTube slides, and pauses and rewinds a video it leaves", async () => {
    await threeBanners();
    const page = await openHome();
    const mute = () => carousel(page).getByRole("button", { name: "開啟聲音" });
    expect(await mute().count()).toBe(0);

    await page.getByRole("button", { name: "下一張" }).click();
    const video = carousel(page).getByTestId("hero-video");
    await expect.poll(() => video.count(), SETTLE).toBe(1);
    expect(await video.evaluate((element) => (element as HTMLVideoElement).muted)).toBe(true);
    expect(await mute().count()).toBe(1);
    await mute().click();
    expect(await carousel(page).getByRole("button", { name: "靜音" }).count()).toBe(1);
    expect(await video.evaluate((element) => (element as HTMLVideoElement).muted)).toBe(false);

    await page.clock.runFor(700);
    await video.evaluate((element) => {
      (element as HTMLVideoElement).currentTime = 0.5;
    });
    await page.getByRole("button", { name: "下一張" }).click();
    expect(await video.evaluate((element) => (element as HTMLVideoElement).paused)).toBe(true);
    expect(await video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBe(0);
    // The next slide starts muted again, whatever the last one was set to.
    expect(await mute().count()).toBe(1);
  });

  it("shows YouTube as a thumbnail and loads the player only when asked, pausing the rotation", async () => {
    await threeBanners();
    const page = await openHome();
    const players: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("youtube-nocookie.com")) players.push(request.url());
    });
    await page.getByRole("button", { name: "第 3 張：作業實錄影片" }).click();
    const slide = carousel(page).locator("[data-current='true']");
    await expect.poll(() => slide.locator("img").getAttribute("src"), SETTLE).toBe(`https://i.ytimg.com/vi/${YOUTUBE_ID}/hqdefault.jpg`);
    expect(await slide.locator("iframe").count()).toBe(0);
    expect(players).toEqual([]);

    await slide.getByRole("button", { name: "播放影片：作業實錄影片" }).click();
    const iframe = slide.getByTestId("hero-youtube-player");
    expect(await iframe.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&mute=0&playsinline=1&rel=0&enablejsapi=1`);
    await expect.poll(() => players.length, SETTLE).toBe(1);
    expect(await isPlaying(page)).toBe(false);

    // Leaving the slide puts the thumbnail back.
    await page.clock.runFor(700);
    await page.getByRole("button", { name: "上一張" }).click();
    expect(await carousel(page).locator("iframe").count()).toBe(0);
  });

  it("stays still for visitors who prefer reduced motion until they press play", async () => {
    await threeBanners();
    const page = await openHome({ reducedMotion: true });
    expect(await isPlaying(page)).toBe(false);
    await page.clock.runFor(11_000);
    expect(await currentTitle(page)).toBe("專業水塔清洗");
    await carousel(page).getByRole("button", { name: "播放輪播" }).click();
    await page.clock.runFor(5_100);
    await expect.poll(() => currentTitle(page), SETTLE).toBe("大樓地板打蠟");
  });

  it("scrolls to the element a /path#id button link names on this page", async () => {
    await threeBanners();
    const page = await openHome({ viewport: MOBILE });
    await carousel(page).getByRole("link", { name: "看看聯絡資訊" }).click();
    await page.clock.runFor(2_000);
    await expect.poll(() => page.locator("#contact-info-title").evaluate((title) => Math.round(title.getBoundingClientRect().top)), SETTLE).toBeLessThan(5);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("keeps the page from moving: the section is as tall as the tallest slide", async () => {
    await createBanner({ title: "矮的", height: 300 });
    await createBanner({ title: "高的", height: 600 });
    const page = await openHome();
    const height = () => carousel(page).evaluate((section) => section.getBoundingClientRect().height);
    expect(await height()).toBe(600);
    await page.getByRole("button", { name: "下一張" }).click();
    expect(await height()).toBe(600);
  });
});

describe("the corporate home's banner carousel", () => {
  it("is 500 px tall and changes every 6 s", async () => {
    await threeBanners();
    await e2e.server.activateTheme(2);
    const page = await openHome();
    expect(await carousel(page).evaluate((section) => section.getBoundingClientRect().height)).toBe(500);
    await page.clock.runFor(5_500);
    expect(await currentTitle(page)).toBe("專業水塔清洗");
    await page.clock.runFor(600);
    await expect.poll(() => currentTitle(page), SETTLE).toBe("大樓地板打蠟");
    // The corporate home keeps the staff's sections (decision 030).
    expect(await page.locator("main #contact-info-title").count()).toBe(1);
  });
});
