import { describe, expect, it } from "vitest";
import { bannerInputSchema, isSafeButtonLink, youtubeIdFrom } from "./banner.ts";

const ID = "dQw4w9WgXcQ";
const ID_WITH_SYMBOLS = "a-B_c1D2e3F";

describe("youtubeIdFrom", () => {
  it.each([
    [ID, ID],
    [`  ${ID}  `, ID],
    [ID_WITH_SYMBOLS, ID_WITH_SYMBOLS],
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`, ID],
    [`https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123&index=2`, ID],
    [`https://www.youtube.com/watch?v=${ID}#t=1m`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://music.youtube.com/watch?v=${ID}&si=abc`, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=Xyz123&t=10`, ID],
    [`youtu.be/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}?autoplay=1&mute=1`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`, ID],
    [`https://youtube-nocookie.com/embed/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://m.youtube.com/shorts/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}?si=q`, ID],
    [`https://www.youtube.com/v/${ID}`, ID],
    [`https://WWW.YouTube.com/watch?v=${ID}`, ID],
  ])("%s → %s", (input, expected) => {
    expect(youtubeIdFrom(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "dQw4w9WgXc", // 10 characters
    "dQw4w9WgXcQQ", // 12 characters
    "dQw4w9WgX!Q",
    "dQw4w9 WgXcQ",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?list=${ID}`,
    "https://www.youtube.com/embed/",
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/@${ID}`,
    "https://youtu.be/",
    `https://youtu.be/${ID}/more`,
    `https://vimeo.com/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://evil.example/embed/${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//${ID}`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    "not a url",
  ])("refuses %j", (input) => {
    expect(youtubeIdFrom(input)).toBeNull();
  });
});

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
