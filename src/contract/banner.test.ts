import { describe, expect, it } from "vitest";
import { bannerInputSchema, isSafeButtonLink } from "./banner.ts";

const ID = "dQw4w9WgXcQ";

describe("isSafeButtonLink", () => {
  it.each(["/contact", "/services/1", "/contact#map", "#services", "https://line.me/R/ti/p/@abc", "http://example.com/a?b=c"])("accepts %s", (link) => {
    expect(isSafeButtonLink(link)).toBe(true);
  });
  it.each(["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,hi", "//evil.example", "#", "contact", "mailto:x@y.z", "/a b", "/\\evil"])(
    "refuses %j",
    (link) => {
      expect(isSafeButtonLink(link)).toBe(false);
    },
  );
});

describe("bannerInputSchema", () => {
  it("fills the spec's defaults", () => {
    expect(bannerInputSchema.parse({ title: "標題" })).toEqual({
      title: "標題",
      subtitle: "",
      description: "",
      media_type: "image",
      image_url: "",
      video_url: "",
      youtube_id: "",
      button_text: "立即諮詢",
      button_link: "/contact",
      button_style: "primary",
      text_color: "white",
      overlay_opacity: 20,
      height: 400,
      is_active: true,
      sort_order: undefined,
    });
  });

  it("stores the id parsed from a YouTube link, from youtube_id or youtube_url", () => {
    expect(bannerInputSchema.parse({ title: "t", media_type: "youtube", youtube_id: `https://youtu.be/${ID}?t=3` }).youtube_id).toBe(ID);
    expect(bannerInputSchema.parse({ title: "t", media_type: "youtube", youtube_url: `https://www.youtube.com/shorts/${ID}` }).youtube_id).toBe(ID);
  });

  it("needs a recognisable YouTube link for a YouTube banner", () => {
    const missing = bannerInputSchema.safeParse({ title: "t", media_type: "youtube" });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({ path: ["youtube_id"], message: "請輸入 YouTube 影片網址" });
    const wrong = bannerInputSchema.safeParse({ title: "t", media_type: "youtube", youtube_id: "https://vimeo.com/123" });
    expect(wrong.error!.issues[0]).toMatchObject({ path: ["youtube_id"], message: "無法辨識 YouTube 影片網址或 ID" });
  });

  it("takes numbers and switches as the form sends them", () => {
    const parsed = bannerInputSchema.parse({ title: "t", overlay_opacity: "35", height: "650", is_active: "false", sort_order: "3" });
    expect(parsed).toMatchObject({ overlay_opacity: 35, height: 650, is_active: false, sort_order: 3 });
  });
});
