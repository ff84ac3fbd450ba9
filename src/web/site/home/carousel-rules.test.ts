import { describe, expect, it } from "vitest";
import {
  BANNER_CAROUSEL,
  hasSound,
  HOME_SLIDER,
  isSitePath,
  progressStep,
  scrollTargetOf,
  sectionHeight,
  wrapIndex,
  youtubeEmbedUrl,
} from "./carousel-rules.ts";

describe("wrapIndex", () => {
  it.each([
    [0, 3, 0],
    [3, 3, 0],
    [-1, 3, 2],
    [4, 3, 1],
    [-4, 3, 2],
    [5, 0, 0],
  ])("%i of %i slides is %i", (index, count, expected) => {
    expect(wrapIndex(index, count)).toBe(expected);
  });
});

describe("timing", () => {
  it("ticks 2 % every 100 ms at 5 s a slide and 1.67 % at 6 s", () => {
    expect(progressStep(HOME_SLIDER.autoplayMs)).toBe(2);
    expect(progressStep(BANNER_CAROUSEL.autoplayMs)).toBeCloseTo(1.667, 3);
  });

  it("sizes the home slider by its tallest slide and the banner carousel at 500 px", () => {
    const slides = [{ height: 300 }, { height: 650 }, { height: 400 }];
    expect(sectionHeight(slides, HOME_SLIDER)).toBe(650);
    expect(sectionHeight(slides, BANNER_CAROUSEL)).toBe(500);
  });
});

describe("slide media", () => {
  it("offers sound only for a video with a file or a YouTube slide with an id", () => {
    expect(hasSound({ media_type: "video", video_url: "/uploads/a.mp4", youtube_id: "" })).toBe(true);
    expect(hasSound({ media_type: "video", video_url: "", youtube_id: "" })).toBe(false);
    expect(hasSound({ media_type: "youtube", video_url: "", youtube_id: "dQw4w9WgXcQ" })).toBe(true);
    expect(hasSound({ media_type: "image", video_url: "/uploads/a.mp4", youtube_id: "dQw4w9WgXcQ" })).toBe(false);
  });

  it("embeds YouTube without cookies, playing, with sound as the toggle says", () => {
    expect(youtubeEmbedUrl("dQw4w9WgXcQ", true)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1&rel=0&enablejsapi=1");
    expect(youtubeEmbedUrl("dQw4w9WgXcQ", false)).toContain("mute=0");
  });
});

describe("button links", () => {
  it.each([
    ["#services", "/", "services"],
    ["/#contact-info-title", "/", "contact-info-title"],
    ["/about#team", "/about", "team"],
    ["#%E8%81%AF%E7%B5%A1", "/", "聯絡"],
    ["#%E8", "/", "%E8"],
  ])("%s on %s scrolls to #%s", (link, path, target) => {
    expect(scrollTargetOf(link, path)).toBe(target);
  });

  it.each([
    ["/about#team", "/"],
    ["/contact", "/"],
    ["#", "/"],
    ["https://example.com/#x", "/"],
  ])("%s on %s navigates instead", (link, path) => {
    expect(scrollTargetOf(link, path)).toBeNull();
  });

  it("follows site paths inside the app and everything else as a plain link", () => {
    expect(isSitePath("/contact")).toBe(true);
    expect(isSitePath("//evil.example")).toBe(false);
    expect(isSitePath("https://line.me/x")).toBe(false);
    expect(isSitePath("#x")).toBe(false);
  });
});
