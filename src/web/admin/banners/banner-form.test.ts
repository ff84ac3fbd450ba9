import { describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import { NO_VIDEO_PROCESSING } from "#contract/media.ts";
import { ApiError } from "#web/admin/shared/api-client.ts";
import {
  activeSlides,
  anyVideoProcessing,
  bannerErrorMessage,
  bannerPayload,
  bannerPicture,
  EMPTY_BANNER_FORM,
  formFromBanner,
  moveItem,
  nextSortOrder,
  recognisedYoutubeId,
  renumber,
  videoStatusText,
} from "./banner-form.ts";

const banner = (id: number, sort_order: number, extra: Partial<Banner> = {}): Banner => ({
  id,
  title: `橫幅 ${id}`,
  subtitle: "",
  description: "",
  media_type: "image",
  image_url: `/uploads/2026/11/b${id}.jpg`,
  video_url: "",
  youtube_id: "",
  button_text: "立即諮詢",
  button_link: "/contact",
  button_style: "primary",
  text_color: "white",
  overlay_opacity: 20,
  height: 400,
  is_active: true,
  sort_order,
  created_at: "",
  updated_at: "",
  video: NO_VIDEO_PROCESSING,
  ...extra,
});

describe("the form", () => {
  it("starts with the spec's defaults", () => {
    expect(EMPTY_BANNER_FORM).toMatchObject({ button_text: "立即諮詢", button_link: "/contact", overlay_opacity: 20, height: 400, is_active: true, media_type: "image", button_style: "primary", text_color: "white" });
  });
  it("sends only the chosen media and the given sort order", () => {
    const values = { ...EMPTY_BANNER_FORM, title: "T", media_type: "youtube" as const, image_url: "/uploads/a.jpg", youtube: " https://youtu.be/dQw4w9WgXcQ " };
    const body = bannerPayload(values, 3);
    expect(body).toMatchObject({ title: "T", image_url: "", video_url: "", youtube_id: "https://youtu.be/dQw4w9WgXcQ", sort_order: 3 });
    expect(body).not.toHaveProperty("youtube");
  });
  it("loads a banner back, its YouTube id as a link", () => {
    expect(formFromBanner(banner(1, 1, { media_type: "youtube", youtube_id: "dQw4w9WgXcQ" })).youtube).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });
  it("numbers a new banner after the others", () => {
    expect(nextSortOrder([banner(1, 1), banner(2, 5)])).toBe(3);
    expect(nextSortOrder([])).toBe(1);
  });
  it("recognises YouTube ids only in YouTube links", () => {
    expect(recognisedYoutubeId("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe("dQw4w9WgXcQ");
    expect(recognisedYoutubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(recognisedYoutubeId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(recognisedYoutubeId("  ")).toBeNull();
  });
});

describe("the preview", () => {
  it("shows the active banners in sort order", () => {
    const slides = activeSlides([banner(1, 3), banner(2, 1, { is_active: false }), banner(3, 2)]);
    expect(slides.map((slide) => slide.id)).toEqual([3, 1]);
  });
  it("pictures an image by itself, YouTube by its thumbnail, a video by nothing", () => {
    expect(bannerPicture(banner(1, 1))).toBe("/uploads/2026/11/b1.jpg");
    expect(bannerPicture({ media_type: "youtube", image_url: "", youtube_id: "dQw4w9WgXcQ", video: NO_VIDEO_PROCESSING })).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(bannerPicture({ media_type: "video", image_url: "/uploads/x.jpg", youtube_id: "", video: NO_VIDEO_PROCESSING })).toBeNull();
    const poster = "/uploads/2026/11/v-poster.webp";
    expect(bannerPicture({ media_type: "video", image_url: "", youtube_id: "", video: { ...NO_VIDEO_PROCESSING, status: "processing", poster_url: poster } })).toBe(poster);
  });
});

describe("a video being made playable", () => {
  const processing = { ...NO_VIDEO_PROCESSING, status: "processing" as const };
  it("says 處理中, with FFmpeg's progress when there is one, or the reason it failed", () => {
    expect(videoStatusText(processing)).toEqual({ tone: "busy", text: "處理中" });
    expect(videoStatusText({ ...processing, progress: 42 })).toEqual({ tone: "busy", text: "處理中 42%" });
    expect(videoStatusText({ ...NO_VIDEO_PROCESSING, status: "error", error: "這個影片檔無法讀取，請換一個檔案再上傳" })).toEqual({
      tone: "error",
      text: "這個影片檔無法讀取，請換一個檔案再上傳",
    });
    expect(videoStatusText({ ...NO_VIDEO_PROCESSING, status: "ready", play_url: "/uploads/2026/11/v-web.mp4" })).toBeNull();
  });

  it("asks the server again only while a video banner is processing", () => {
    expect(anyVideoProcessing([banner(1, 1), banner(2, 2, { media_type: "video", video: { ...NO_VIDEO_PROCESSING, status: "ready" } })])).toBe(false);
    expect(anyVideoProcessing([banner(1, 1), banner(2, 2, { media_type: "video", video: processing })])).toBe(true);
  });
});

describe("reordering", () => {
  it("moves an item and numbers the list 1..n in its new order", () => {
    const list = [banner(1, 1), banner(2, 2), banner(3, 3)];
    expect(moveItem(list, 2, 0).map((item) => item.id)).toEqual([3, 1, 2]);
    expect(moveItem(list, 5, 0).map((item) => item.id)).toEqual([1, 2, 3]);
    expect(renumber(moveItem(list, 2, 1)).map((item) => [item.id, item.sort_order])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
    ]);
  });

});

describe("messages", () => {
  it("uses the server's words, the failure fallback, or the exception wording", () => {
    expect(bannerErrorMessage(new ApiError(422, "請輸入標題"), "save")).toBe("請輸入標題");
    expect(bannerErrorMessage(new ApiError(500, ""), "remove")).toBe("刪除失敗");
    expect(bannerErrorMessage(new ApiError(0, "連線錯誤"), "toggle")).toBe("切換狀態時發生錯誤");
    expect(bannerErrorMessage(new TypeError("x"), "load")).toBe("載入橫幅時發生錯誤");
    expect(bannerErrorMessage(new ApiError(413, ""), "upload")).toBe("檔案上傳失敗");
  });
});
